/* Internal interfaces of the verifier: the strict JSON reader, base64url lengths, claims. */
#ifndef LK_INTERNAL_H
#define LK_INTERNAL_H

#include "latchkey_verifier.h"

/* A value inside a JSON buffer: bytes [start, end) of buf. */
typedef struct {
  const uint8_t *buf;
  size_t start, end;
} lk_span;

typedef enum { LK_J_NONE, LK_J_STRING, LK_J_ESCAPED, LK_J_INT, LK_J_NUMBER, LK_J_OBJECT, LK_J_ARRAY, LK_J_LITERAL } lk_jkind;

/* Checks that buf is one JSON value (RFC 8259) by the reader's rules: UTF-8, depth, no escaped member
 * names. Returns LK_ACCEPTED, LK_MALFORMED or LK_TOO_LARGE. The functions below assume a checked buffer. */
lk_reason lk_json_check(const uint8_t *buf, size_t len);
/* The whole buffer as a span (without surrounding whitespace). */
lk_span lk_json_root(const uint8_t *buf, size_t len);
lk_jkind lk_json_kind(lk_span v);
/* In object o: how many members are named `name` (0, 1 or more); *value is the first one's value. */
int lk_json_member(lk_span o, const char *name, lk_span *value);
/* Iterates object o: *pos starts at 0; returns 0 when there are no more members. */
int lk_json_next_member(lk_span o, size_t *pos, lk_span *name, lk_span *value);
/* Iterates array a the same way. */
int lk_json_next_element(lk_span a, size_t *pos, lk_span *value);
size_t lk_json_count(lk_span a);
/* A plain integer 0..2^53-1 (LK_J_INT): its value. */
int64_t lk_json_int(lk_span v);
/* Is v exactly the string `text` (unescaped)? */
int lk_json_string_is(lk_span v, const char *text);

/* How many bytes n base64url characters decode to, or -1 when no string that long is valid. */
long lk_base64url_decoded_length(size_t n);
int lk_base64url_char(uint8_t c);

int lk_uuid_span(lk_span v, uint8_t out[16]);

/* Header and claims, read in the specification's order. */
typedef struct {
  uint8_t jti[16];
  uint8_t lock[16];
  int64_t iat, nbf, exp;
  lk_span tz;
  size_t window_count; /* 0: no `win` */
  uint8_t jkt[32];
} lk_claims;

lk_reason lk_header_read(const uint8_t *json, size_t len, lk_span *kid);
/* The claims; the carried revocation list goes to *rev. */
lk_reason lk_claims_read(const uint8_t *json, size_t len, lk_window *windows, lk_revocation *rev, lk_claims *out);
lk_reason lk_windows_span(lk_span win, lk_window *out, size_t *count);

#endif
