/*
 * Runs every vector of vectors/credentials.txt through lk_verify, and every window case through
 * the window reader and the offset table. Prints a summary; exits 1 when any outcome differs.
 *   lk_vectors FILE         run the vectors
 *   lk_vectors --decide FILE  print each step's outcome (name, step, reason, newer list's v or -),
 *                           ignoring the expectations (the differential test compares them with TypeScript)
 *   lk_vectors --reasons    print the reason codes in order (a test compares them with TypeScript's)
 *   lk_vectors --limits     print the limits (the same)
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vector_file.h"

static vf_file vf; /* large: static, not on the stack */
static vf_vector vector;
static lk_workspace ws;
static lk_result result;
static lk_lock_state state;

static int same_revocation(const lk_revocation *a, const lk_revocation *b) {
  return a->v == b->v && a->before == b->before && a->count == b->count &&
         memcmp(a->keys, b->keys, a->count * 16) == 0;
}

static int decide_only;

static int run_vector(const vf_vector *v) {
  state = v->lock->state;
  for (size_t i = 0; i < v->step_count; i++) {
    const vf_step *s = &v->steps[i];
    lk_presentation p = {s->now,    s->nonce,  s->nonce_len,  s->credential,   s->credential_len,
                         s->device, s->device_len, s->signature, s->signature_len};
    lk_reason got = lk_verify(&state, &p, &ws, &result);
    if (decide_only) {
      if (result.has_new_revocation) printf("%s %zu %s %" PRIu64 "\n", v->name, i + 1, lk_reason_name(got), result.revocation.v);
      else printf("%s %zu %s -\n", v->name, i + 1, lk_reason_name(got));
      if (result.has_new_revocation) state.revocation = result.revocation;
      continue;
    }
    int revocation_ok = result.has_new_revocation == s->expect_new_revocation &&
                        (!s->expect_new_revocation || same_revocation(&result.revocation, &s->expect_revocation));
    if (got != s->expect || !revocation_ok) {
      printf("FAIL %s step %zu: %s, expected %s%s\n", v->name, i + 1, lk_reason_name(got), lk_reason_name(s->expect),
             revocation_ok ? "" : " (revocation list differs)");
      return 1;
    }
    if (result.has_new_revocation) state.revocation = result.revocation;
  }
  return 0;
}

static int run_window(const vf_window *w) {
  lk_window windows[LK_MAX_WINDOWS];
  size_t count;
  int32_t minutes;
  if (lk_windows_read((const uint8_t *)w->win, w->win_len, windows, &count) != LK_ACCEPTED ||
      lk_utc_offset_at(&w->lock->state, w->now, &minutes) != 0) {
    printf("FAIL window %s %" PRId64 ": not readable\n", w->lock->name, w->now);
    return 1;
  }
  int inside = lk_inside_windows(windows, count, w->now + (int64_t)minutes * 60);
  if (inside != w->inside) {
    printf("FAIL window %s %" PRId64 " %.*s: %d, expected %d\n", w->lock->name, w->now, (int)w->win_len, w->win,
           inside, w->inside);
    return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--reasons") == 0) {
    for (int r = 0; r < LK_REASON_COUNT; r++) printf("%s\n", lk_reason_name((lk_reason)r));
    return 0;
  }
  if (argc == 2 && strcmp(argv[1], "--limits") == 0) {
    printf("credentialBytes %d\nheaderBytes %d\nkidBytes %d\njsonDepth %d\nwindows %d\nrevokedKeys %d\n"
           "timeZoneBytes %d\nissuerKeys %d\noffsetPeriods %d\nnonceMinBytes %d\nnonceMaxBytes %d\n",
           LK_MAX_CREDENTIAL, LK_MAX_HEADER, LK_MAX_KID, LK_MAX_JSON_DEPTH, LK_MAX_WINDOWS, LK_MAX_REVOKED, LK_MAX_TZ,
           LK_MAX_ISSUER_KEYS, LK_MAX_OFFSET_PERIODS, LK_NONCE_MIN, LK_NONCE_MAX);
    return 0;
  }
  if (argc == 3 && strcmp(argv[1], "--decide") == 0) {
    decide_only = 1;
    argv++;
    argc--;
  }
  if (argc != 2) {
    fprintf(stderr, "usage: %s [--decide] vectors/credentials.txt | --reasons | --limits\n", argv[0]);
    return 2;
  }
  if (vf_open(&vf, argv[1])) return 2;
  size_t vectors = 0, steps = 0, windows = 0, failed = 0;
  vf_window w;
  int kind;
  while ((kind = vf_next(&vf, &vector, &w)) > 0) {
    if (kind == 1) {
      vectors++;
      steps += vector.step_count;
      failed += (size_t)run_vector(&vector);
    } else {
      windows++;
      failed += (size_t)run_window(&w);
    }
  }
  vf_close(&vf);
  if (kind < 0) return 2;
  if (decide_only) return 0;
  printf("%zu vectors (%zu steps), %zu window cases, %zu failed\n", vectors, steps, windows, failed);
  return failed ? 1 : 0;
}
