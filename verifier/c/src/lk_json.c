/*
 * A strict JSON reader over a bounded buffer, deciding exactly as verifier/typescript/src/json.ts:
 * the bytes are UTF-8 (well-formed as in the Unicode standard, table 3-7: no overlong forms, no
 * surrogates, nothing above U+10FFFF); containers nest at most LK_MAX_JSON_DEPTH deep (deeper is
 * LK_TOO_LARGE); a member name with a backslash escape is malformed; escapes in values are checked
 * for form only (a verifier never decodes them: a value it reads that is escaped is refused).
 * lk_json_check walks the buffer once, left to right, so the first fault found is the one that
 * counts, as in the TypeScript reader. The other functions walk an already checked buffer.
 */
#include <string.h>

#include "lk_internal.h"

static int utf8_ok(const uint8_t *s, size_t n) {
  size_t i = 0;
  while (i < n) {
    uint8_t c = s[i];
    size_t need;
    uint8_t lo = 0x80, hi = 0xbf;
    if (c < 0x80) { i++; continue; }
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c == 0xe0) lo = 0xa0;
      if (c == 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c == 0xf0) lo = 0x90;
      if (c == 0xf4) hi = 0x8f;
    } else return 0;
    if (n - i - 1 < need) return 0;
    if (s[i + 1] < lo || s[i + 1] > hi) return 0;
    for (size_t k = 2; k <= need; k++)
      if (s[i + k] < 0x80 || s[i + k] > 0xbf) return 0;
    i += need + 1;
  }
  return 1;
}

typedef struct {
  const uint8_t *s;
  size_t n, at;
} reader;

static void space(reader *r) {
  while (r->at < r->n) {
    uint8_t c = r->s[r->at];
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return;
    r->at++;
  }
}

static int is_digit(uint8_t c) { return c >= '0' && c <= '9'; }
static int is_hex(uint8_t c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

/* A string at r->at (the opening quote). *escaped is set when it holds a backslash. */
static lk_reason string(reader *r, int *escaped) {
  *escaped = 0;
  r->at++;
  for (;;) {
    if (r->at >= r->n) return LK_MALFORMED;
    uint8_t c = r->s[r->at];
    if (c == '"') break;
    if (c < 0x20) return LK_MALFORMED;
    if (c == '\\') {
      if (r->at + 1 >= r->n) return LK_MALFORMED;
      uint8_t e = r->s[r->at + 1];
      if (e == 'u') {
        if (r->n - r->at < 6) return LK_MALFORMED;
        for (size_t k = 2; k < 6; k++)
          if (!is_hex(r->s[r->at + k])) return LK_MALFORMED;
        r->at += 6;
      } else if (strchr("\"\\/bfnrt", e) && e != 0) {
        r->at += 2;
      } else {
        return LK_MALFORMED;
      }
      *escaped = 1;
      continue;
    }
    r->at++;
  }
  r->at++;
  return LK_ACCEPTED;
}

/* -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? */
static lk_reason number(reader *r) {
  if (r->at < r->n && r->s[r->at] == '-') r->at++;
  if (r->at >= r->n || !is_digit(r->s[r->at])) return LK_MALFORMED;
  if (r->s[r->at] == '0') r->at++;
  else while (r->at < r->n && is_digit(r->s[r->at])) r->at++;
  if (r->at + 1 < r->n && r->s[r->at] == '.' && is_digit(r->s[r->at + 1])) {
    r->at++;
    while (r->at < r->n && is_digit(r->s[r->at])) r->at++;
  }
  if (r->at < r->n && (r->s[r->at] == 'e' || r->s[r->at] == 'E')) {
    size_t k = r->at + 1;
    if (k < r->n && (r->s[k] == '+' || r->s[k] == '-')) k++;
    if (k < r->n && is_digit(r->s[k])) {
      r->at = k;
      while (r->at < r->n && is_digit(r->s[r->at])) r->at++;
    }
  }
  return LK_ACCEPTED;
}

static lk_reason value(reader *r, int depth);

static lk_reason container(reader *r, int depth, int object) {
  uint8_t close = object ? '}' : ']';
  r->at++;
  space(r);
  if (r->at < r->n && r->s[r->at] == close) {
    r->at++;
    return LK_ACCEPTED;
  }
  for (;;) {
    lk_reason e;
    if (object) {
      int escaped;
      if (r->at >= r->n || r->s[r->at] != '"') return LK_MALFORMED;
      if ((e = string(r, &escaped)) != LK_ACCEPTED) return e;
      if (escaped) return LK_MALFORMED;
      space(r);
      if (r->at >= r->n || r->s[r->at] != ':') return LK_MALFORMED;
      r->at++;
      space(r);
    }
    if ((e = value(r, depth + 1)) != LK_ACCEPTED) return e;
    space(r);
    if (r->at >= r->n) return LK_MALFORMED;
    uint8_t c = r->s[r->at++];
    if (c == close) return LK_ACCEPTED;
    if (c != ',') return LK_MALFORMED;
    space(r);
  }
}

static lk_reason value(reader *r, int depth) {
  static const char *const words[] = {"true", "false", "null"};
  if (r->at >= r->n) return LK_MALFORMED;
  uint8_t c = r->s[r->at];
  if (c == '{' || c == '[') {
    if (depth > LK_MAX_JSON_DEPTH) return LK_TOO_LARGE;
    return container(r, depth, c == '{');
  }
  if (c == '"') {
    int escaped;
    return string(r, &escaped);
  }
  if (c == '-' || is_digit(c)) return number(r);
  for (size_t i = 0; i < 3; i++) {
    size_t len = strlen(words[i]);
    if (r->n - r->at >= len && memcmp(r->s + r->at, words[i], len) == 0) {
      r->at += len;
      return LK_ACCEPTED;
    }
  }
  return LK_MALFORMED;
}

lk_reason lk_json_check(const uint8_t *buf, size_t len) {
  if (!utf8_ok(buf, len)) return LK_MALFORMED;
  reader r = {buf, len, 0};
  space(&r);
  lk_reason e = value(&r, 1);
  if (e != LK_ACCEPTED) return e;
  space(&r);
  return r.at < len ? LK_MALFORMED : LK_ACCEPTED;
}

/* ---- walking a checked buffer ---- */

/* The end of the value starting at i (in a checked buffer). */
static size_t skip(const uint8_t *s, size_t n, size_t i) {
  int escaped;
  reader r = {s, n, i};
  switch (s[i]) {
  case '"':
    string(&r, &escaped);
    return r.at;
  case '{':
  case '[': {
    int level = 0;
    do {
      uint8_t c = s[r.at];
      if (c == '"') {
        string(&r, &escaped);
        continue;
      }
      if (c == '{' || c == '[') level++;
      else if (c == '}' || c == ']') level--;
      r.at++;
    } while (level > 0);
    return r.at;
  }
  case 't':
  case 'n':
    return i + 4;
  case 'f':
    return i + 5;
  default:
    number(&r);
    return r.at;
  }
}

lk_span lk_json_root(const uint8_t *buf, size_t len) {
  reader r = {buf, len, 0};
  space(&r);
  lk_span v = {buf, r.at, skip(buf, len, r.at)};
  return v;
}

lk_jkind lk_json_kind(lk_span v) {
  if (v.end <= v.start) return LK_J_NONE;
  const uint8_t *s = v.buf + v.start;
  size_t n = v.end - v.start;
  switch (s[0]) {
  case '"':
    return memchr(s, '\\', n) ? LK_J_ESCAPED : LK_J_STRING;
  case '{':
    return LK_J_OBJECT;
  case '[':
    return LK_J_ARRAY;
  case 't':
  case 'f':
  case 'n':
    return LK_J_LITERAL;
  default:
    break;
  }
  /* A plain integer: 0 or [1-9][0-9]{0,15}, at most 2^53 - 1. */
  if (n > 16 || (n > 1 && s[0] == '0')) return LK_J_NUMBER;
  for (size_t i = 0; i < n; i++)
    if (!is_digit(s[i])) return LK_J_NUMBER;
  return lk_json_int(v) <= 9007199254740991LL ? LK_J_INT : LK_J_NUMBER;
}

int64_t lk_json_int(lk_span v) {
  int64_t x = 0;
  for (size_t i = v.start; i < v.end; i++) x = x * 10 + (v.buf[i] - '0');
  return x;
}

int lk_json_string_is(lk_span v, const char *text) {
  size_t n = strlen(text);
  return lk_json_kind(v) == LK_J_STRING && v.end - v.start == n + 2 &&
         memcmp(v.buf + v.start + 1, text, n) == 0;
}

/* After the opening bracket or a value: the next element, if any. */
static int next(lk_span c, size_t *pos, int object, lk_span *name, lk_span *val) {
  reader r = {c.buf, c.end, *pos ? *pos : c.start + 1};
  space(&r);
  if (r.s[r.at] == ',') {
    r.at++;
    space(&r);
  }
  if (r.s[r.at] == '}' || r.s[r.at] == ']') return 0;
  if (object) {
    name->buf = c.buf;
    name->start = r.at;
    name->end = skip(c.buf, c.end, r.at);
    r.at = name->end;
    space(&r);
    r.at++; /* : */
    space(&r);
  }
  val->buf = c.buf;
  val->start = r.at;
  val->end = skip(c.buf, c.end, r.at);
  *pos = val->end;
  return 1;
}

int lk_json_next_member(lk_span o, size_t *pos, lk_span *name, lk_span *value) {
  return next(o, pos, 1, name, value);
}

int lk_json_next_element(lk_span a, size_t *pos, lk_span *value) { return next(a, pos, 0, NULL, value); }

size_t lk_json_count(lk_span a) {
  size_t pos = 0, n = 0;
  lk_span v;
  while (lk_json_next_element(a, &pos, &v)) n++;
  return n;
}

int lk_json_member(lk_span o, const char *name, lk_span *value) {
  size_t pos = 0;
  int found = 0;
  lk_span n, v;
  while (lk_json_next_member(o, &pos, &n, &v)) {
    if (lk_json_string_is(n, name)) {
      if (!found) *value = v;
      found++;
    }
  }
  return found;
}
