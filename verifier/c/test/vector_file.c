/* Reads vectors/credentials.txt: locks first, then vectors and window cases. */
#include "vector_file.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static int fail(vf_file *vf, const char *what) {
  fprintf(stderr, "vectors line %d: %s\n", vf->line_no, what);
  return -1;
}

/* The next line without its newline; its keyword in *key and the rest in *rest. */
static int read_line(vf_file *vf, char **key, char **rest) {
  for (;;) {
    if (!fgets(vf->line, sizeof vf->line, vf->f)) return 0;
    vf->line_no++;
    size_t n = strlen(vf->line);
    if (n && vf->line[n - 1] == '\n') vf->line[--n] = 0;
    if (n == 0 || vf->line[0] == '#') continue;
    *key = vf->line;
    char *sp = strchr(vf->line, ' ');
    if (sp) {
      *sp = 0;
      *rest = sp + 1;
    } else {
      *rest = vf->line + n;
    }
    return 1;
  }
}

static int hex(const char *s, uint8_t *out, size_t cap, size_t *len) {
  if (strcmp(s, "-") == 0) {
    *len = 0;
    return 0;
  }
  size_t n = strlen(s);
  if (n % 2 || n / 2 > cap) return -1;
  for (size_t i = 0; i < n / 2; i++) {
    unsigned v;
    if (sscanf(s + 2 * i, "%2x", &v) != 1) return -1;
    out[i] = (uint8_t)v;
  }
  *len = n / 2;
  return 0;
}

lk_reason vf_reason(const char *name) {
  for (int r = 0; r < LK_REASON_COUNT; r++)
    if (strcmp(lk_reason_name((lk_reason)r), name) == 0) return (lk_reason)r;
  return LK_REASON_COUNT;
}

static const vf_lock *find_lock(vf_file *vf, const char *name) {
  for (size_t i = 0; i < vf->lock_count; i++)
    if (strcmp(vf->locks[i].name, name) == 0) return &vf->locks[i];
  return NULL;
}

static int read_lock(vf_file *vf, vf_lock *l) {
  char *key, *rest;
  lk_lock_state *s = &l->state;
  memset(s, 0, sizeof *s);
  while (read_line(vf, &key, &rest)) {
    if (strcmp(key, "end-lock") == 0) return 0;
    if (strcmp(key, "lock-id") == 0) {
      if (lk_uuid_parse(rest, strlen(rest), s->lock_id)) return fail(vf, "bad lock id");
    } else if (strcmp(key, "timezone") == 0) {
      s->timezone_len = strlen(rest);
      if (s->timezone_len > LK_MAX_TZ) return fail(vf, "time zone too long");
      memcpy(s->timezone, rest, s->timezone_len);
    } else if (strcmp(key, "issuer-key") == 0) {
      char *x = strchr(rest, ' '), *y = x ? strchr(x + 1, ' ') : NULL;
      if (!y || s->key_count == LK_MAX_ISSUER_KEYS) return fail(vf, "bad issuer key");
      if (lk_issuer_key_set(&s->keys[s->key_count++], rest, (size_t)(x - rest), x + 1, (size_t)(y - x - 1), y + 1,
                            strlen(y + 1)))
        return fail(vf, "issuer key not on P-256");
    } else if (strcmp(key, "offsets-until") == 0) {
      s->offsets_until = strtoll(rest, NULL, 10);
    } else if (strcmp(key, "offset") == 0) {
      if (s->period_count == LK_MAX_OFFSET_PERIODS) return fail(vf, "too many offset periods");
      lk_offset_period *p = &s->periods[s->period_count++];
      if (sscanf(rest, "%" SCNd64 " %" SCNd32, &p->from, &p->minutes) != 2) return fail(vf, "bad offset");
    } else if (strcmp(key, "revocation") == 0) {
      if (sscanf(rest, "%" SCNu64 " %" SCNd64, &s->revocation.v, &s->revocation.before) != 2)
        return fail(vf, "bad revocation");
    } else if (strcmp(key, "revoked") == 0) {
      if (s->revocation.count == LK_MAX_REVOKED ||
          lk_uuid_parse(rest, strlen(rest), s->revocation.keys[s->revocation.count++]))
        return fail(vf, "bad revoked id");
    } else {
      return fail(vf, "unknown lock field");
    }
  }
  return fail(vf, "lock without end-lock");
}

static int read_step(vf_file *vf, vf_step *st) {
  char *key, *rest;
  memset(st, 0, sizeof *st);
  st->expect = LK_REASON_COUNT;
  while (read_line(vf, &key, &rest)) {
    if (strcmp(key, "end-step") == 0) return st->expect == LK_REASON_COUNT ? fail(vf, "step without expect") : 0;
    int bad = 0;
    if (strcmp(key, "now") == 0) st->now = strtoll(rest, NULL, 10);
    else if (strcmp(key, "nonce") == 0) bad = hex(rest, st->nonce, sizeof st->nonce, &st->nonce_len);
    else if (strcmp(key, "device") == 0) bad = hex(rest, st->device, sizeof st->device, &st->device_len);
    else if (strcmp(key, "signature") == 0) bad = hex(rest, st->signature, sizeof st->signature, &st->signature_len);
    else if (strcmp(key, "credential") == 0) {
      st->credential_len = strlen(rest);
      if (st->credential_len > sizeof st->credential) return fail(vf, "credential too long for the runner");
      memcpy(st->credential, rest, st->credential_len);
    } else if (strcmp(key, "credential-hex") == 0)
      bad = hex(rest, (uint8_t *)st->credential, sizeof st->credential, &st->credential_len);
    else if (strcmp(key, "expect") == 0) {
      st->expect = vf_reason(rest);
      bad = st->expect == LK_REASON_COUNT;
    } else if (strcmp(key, "expect-revocation") == 0) {
      st->expect_new_revocation = 1;
      bad = sscanf(rest, "%" SCNu64 " %" SCNd64, &st->expect_revocation.v, &st->expect_revocation.before) != 2;
    } else if (strcmp(key, "expect-revoked") == 0) {
      lk_revocation *r = &st->expect_revocation;
      bad = r->count == LK_MAX_REVOKED || lk_uuid_parse(rest, strlen(rest), r->keys[r->count++]);
    } else return fail(vf, "unknown step field");
    if (bad) return fail(vf, "bad step value");
  }
  return fail(vf, "step without end-step");
}

int vf_open(vf_file *vf, const char *path) {
  memset(vf, 0, sizeof *vf);
  vf->f = fopen(path, "r");
  if (!vf->f) {
    perror(path);
    return -1;
  }
  /* Locks come first: read them, then rewind to the first vector. */
  char *key, *rest;
  long at = ftell(vf->f);
  int line_no = 0;
  while (read_line(vf, &key, &rest)) {
    if (strcmp(key, "lock") != 0) break;
    if (vf->lock_count == VF_MAX_LOCKS) return fail(vf, "too many locks");
    vf_lock *l = &vf->locks[vf->lock_count++];
    snprintf(l->name, sizeof l->name, "%s", rest);
    if (read_lock(vf, l)) return -1;
    at = ftell(vf->f);
    line_no = vf->line_no;
  }
  fseek(vf->f, at, SEEK_SET);
  vf->line_no = line_no;
  return 0;
}

int vf_next(vf_file *vf, vf_vector *v, vf_window *w) {
  char *key, *rest;
  if (!read_line(vf, &key, &rest)) return 0;
  if (strcmp(key, "window") == 0) {
    char lock[64];
    int used = 0;
    if (sscanf(rest, "%63s %" SCNd64 " %d %n", lock, &w->now, &w->inside, &used) != 3 || !used)
      return fail(vf, "bad window case");
    w->lock = find_lock(vf, lock);
    w->win = rest + used;
    w->win_len = strlen(rest + used);
    return w->lock ? 2 : fail(vf, "unknown lock");
  }
  if (strcmp(key, "vector") != 0) return fail(vf, "expected vector or window");
  memset(v, 0, sizeof *v);
  snprintf(v->name, sizeof v->name, "%s", rest);
  while (read_line(vf, &key, &rest)) {
    if (strcmp(key, "end-vector") == 0) return v->lock ? 1 : fail(vf, "vector without lock");
    if (strcmp(key, "lock") == 0) {
      if (!(v->lock = find_lock(vf, rest))) return fail(vf, "unknown lock");
    } else if (strcmp(key, "step") == 0) {
      if (v->step_count == VF_MAX_STEPS) return fail(vf, "too many steps");
      if (read_step(vf, &v->steps[v->step_count++])) return -1;
    } else {
      return fail(vf, "unknown vector field");
    }
  }
  return fail(vf, "vector without end-vector");
}

void vf_close(vf_file *vf) {
  if (vf->f) fclose(vf->f);
}
