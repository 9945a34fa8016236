/*
 * The credential's header and claims, read in the order of the specification (and of
 * verifier/typescript/src/claims.ts), so that one input gives one reason. Claims the verifier does
 * not use are ignored; a member it uses that appears twice is refused.
 */
#include <string.h>

#include "lk_internal.h"

static int hex_value(uint8_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1; /* capitals are not canonical */
}

int lk_uuid_parse(const char *text, size_t len, uint8_t out[16]) {
  if (len != 36) return -1;
  size_t o = 0;
  for (size_t i = 0; i < 36; i++) {
    if (i == 8 || i == 13 || i == 18 || i == 23) {
      if (text[i] != '-') return -1;
      continue;
    }
    int hi = hex_value((uint8_t)text[i]), lo = hex_value((uint8_t)text[i + 1]);
    if (hi < 0 || lo < 0) return -1;
    out[o++] = (uint8_t)(hi << 4 | lo);
    i++;
  }
  return 0;
}

/* A canonical lowercase UUID string (unescaped). */
int lk_uuid_span(lk_span v, uint8_t out[16]) {
  if (lk_json_kind(v) != LK_J_STRING) return -1;
  return lk_uuid_parse((const char *)v.buf + v.start + 1, v.end - v.start - 2, out);
}

lk_reason lk_header_read(const uint8_t *json, size_t len, lk_span *kid) {
  lk_reason e = lk_json_check(json, len);
  if (e != LK_ACCEPTED) return e;
  lk_span h = lk_json_root(json, len), v, name;
  if (lk_json_kind(h) != LK_J_OBJECT) return LK_MALFORMED;
  if (lk_json_member(h, "alg", &v) != 1 || !lk_json_string_is(v, "ES256")) return LK_ALG_NOT_ALLOWED;
  size_t pos = 0;
  while (lk_json_next_member(h, &pos, &name, &v))
    if (!lk_json_string_is(name, "alg") && !lk_json_string_is(name, "typ") && !lk_json_string_is(name, "kid"))
      return LK_BAD_HEADER;
  if (lk_json_member(h, "typ", &v) != 1 || !lk_json_string_is(v, "latchkey-credential+jwt")) return LK_BAD_HEADER;
  if (lk_json_member(h, "kid", kid) != 1 || lk_json_kind(*kid) != LK_J_STRING) return LK_MALFORMED;
  kid->start++; /* the kid's bytes, without quotes */
  kid->end--;
  if (kid->end - kid->start > LK_MAX_KID) return LK_TOO_LARGE;
  return LK_ACCEPTED;
}

static const char *const DAYS[7] = {"sun", "mon", "tue", "wed", "thu", "fri", "sat"};

/* "HH:MM" from 00:00 (to 24:00 when `to`): minutes, or -1. */
static int clock_minutes(lk_span v, int to) {
  if (lk_json_kind(v) != LK_J_STRING || v.end - v.start != 7) return -1;
  const uint8_t *s = v.buf + v.start + 1;
  if (s[2] != ':') return -1;
  for (int i = 0; i < 5; i++)
    if (i != 2 && (s[i] < '0' || s[i] > '9')) return -1;
  int h = (s[0] - '0') * 10 + (s[1] - '0'), m = (s[3] - '0') * 10 + (s[4] - '0');
  if (to && h == 24 && m == 0) return 1440;
  return h < 24 && m < 60 ? h * 60 + m : -1;
}

lk_reason lk_windows_span(lk_span win, lk_window *out, size_t *count) {
  if (lk_json_kind(win) != LK_J_ARRAY) return LK_MALFORMED;
  size_t n = lk_json_count(win), pos = 0;
  if (n == 0) return LK_MALFORMED;
  if (n > LK_MAX_WINDOWS) return LK_TOO_LARGE;
  lk_span w, v, d;
  for (size_t i = 0; lk_json_next_element(win, &pos, &w); i++) {
    if (lk_json_kind(w) != LK_J_OBJECT) return LK_MALFORMED;
    if (lk_json_member(w, "days", &v) != 1 || lk_json_kind(v) != LK_J_ARRAY) return LK_MALFORMED;
    size_t dn = lk_json_count(v), dpos = 0;
    if (dn == 0 || dn > 7) return LK_MALFORMED;
    uint8_t mask = 0;
    while (lk_json_next_element(v, &dpos, &d)) {
      int day = -1;
      for (int k = 0; k < 7; k++)
        if (lk_json_string_is(d, DAYS[k])) day = k;
      if (day < 0 || (mask & (1u << day))) return LK_MALFORMED;
      mask |= (uint8_t)(1u << day);
    }
    lk_span from, to;
    if (lk_json_member(w, "from", &from) != 1 || lk_json_member(w, "to", &to) != 1) return LK_MALFORMED;
    int f = clock_minutes(from, 0), t = clock_minutes(to, 1);
    if (f < 0 || t < 0 || f == t) return LK_MALFORMED;
    out[i].days = mask;
    out[i].from = (uint16_t)f;
    out[i].to = (uint16_t)t;
  }
  *count = n;
  return LK_ACCEPTED;
}

lk_reason lk_windows_read(const uint8_t *json, size_t len, lk_window *out, size_t *count) {
  lk_reason e = lk_json_check(json, len);
  if (e != LK_ACCEPTED) return e;
  return lk_windows_span(lk_json_root(json, len), out, count);
}

static lk_reason revocation_read(lk_span r, lk_revocation *out) {
  lk_span v, keys, k;
  if (lk_json_kind(r) != LK_J_OBJECT) return LK_MALFORMED;
  if (lk_json_member(r, "v", &v) != 1 || lk_json_kind(v) != LK_J_INT) return LK_MALFORMED;
  out->v = (uint64_t)lk_json_int(v);
  if (lk_json_member(r, "keys", &keys) != 1 || lk_json_kind(keys) != LK_J_ARRAY) return LK_MALFORMED;
  size_t n = lk_json_count(keys), pos = 0;
  if (n > LK_MAX_REVOKED) return LK_TOO_LARGE;
  for (size_t i = 0; lk_json_next_element(keys, &pos, &k); i++)
    if (lk_uuid_span(k, out->keys[i]) != 0) return LK_MALFORMED;
  out->count = n;
  out->before = 0;
  int before = lk_json_member(r, "before", &v);
  if (before > 1 || (before == 1 && lk_json_kind(v) != LK_J_INT)) return LK_MALFORMED;
  if (before == 1) out->before = lk_json_int(v);
  return LK_ACCEPTED;
}

static int integer(lk_span p, const char *name, int64_t *out) {
  lk_span v;
  if (lk_json_member(p, name, &v) != 1 || lk_json_kind(v) != LK_J_INT) return 0;
  *out = lk_json_int(v);
  return 1;
}

lk_reason lk_claims_read(const uint8_t *json, size_t len, lk_window *windows, lk_revocation *rev, lk_claims *c) {
  lk_reason e = lk_json_check(json, len);
  if (e != LK_ACCEPTED) return e;
  lk_span p = lk_json_root(json, len), v;
  if (lk_json_kind(p) != LK_J_OBJECT) return LK_MALFORMED;
  if (lk_json_member(p, "jti", &v) != 1 || lk_uuid_span(v, c->jti) != 0) return LK_MALFORMED;
  if (lk_json_member(p, "lock", &v) != 1 || lk_uuid_span(v, c->lock) != 0) return LK_MALFORMED;
  if (!integer(p, "iat", &c->iat) || !integer(p, "nbf", &c->nbf) || !integer(p, "exp", &c->exp)) return LK_MALFORMED;
  if (lk_json_member(p, "tz", &c->tz) != 1 || lk_json_kind(c->tz) != LK_J_STRING) return LK_MALFORMED;
  c->tz.start++; /* the name's bytes, without quotes */
  c->tz.end--;
  if (c->tz.end == c->tz.start) return LK_MALFORMED;
  if (c->tz.end - c->tz.start > LK_MAX_TZ) return LK_TOO_LARGE;
  c->window_count = 0;
  int win = lk_json_member(p, "win", &v);
  if (win > 1) return LK_MALFORMED;
  if (win == 1 && (e = lk_windows_span(v, windows, &c->window_count)) != LK_ACCEPTED) return e;
  lk_span cnf, jkt;
  if (lk_json_member(p, "cnf", &cnf) != 1 || lk_json_kind(cnf) != LK_J_OBJECT) return LK_MALFORMED;
  if (lk_json_member(cnf, "jkt", &jkt) != 1 || lk_json_kind(jkt) != LK_J_STRING || jkt.end - jkt.start != 45)
    return LK_MALFORMED;
  size_t jkt_len;
  if (lk_base64url_decode((const char *)jkt.buf + jkt.start + 1, 43, c->jkt, 32, &jkt_len) != 0) return LK_MALFORMED;
  if (lk_json_member(p, "rev", &v) != 1) return LK_MALFORMED;
  return revocation_read(v, rev);
}
