/*
 * Strict base64url without padding (RFC 4648 section 5, RFC 7515 section 2): only the alphabet, a
 * length that is not 4k + 1, and zero bits in the unused tail of the last character, so a byte
 * string has exactly one encoding (as verifier/typescript/src/base64url.ts).
 */
#include "lk_internal.h"

int lk_base64url_char(uint8_t c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '-') return 62;
  if (c == '_') return 63;
  return -1;
}

long lk_base64url_decoded_length(size_t n) {
  size_t rest = n % 4;
  if (rest == 1) return -1;
  return (long)((n - rest) / 4 * 3 + (rest ? rest - 1 : 0));
}

int lk_base64url_decode(const char *in, size_t in_len, uint8_t *out, size_t out_cap, size_t *out_len) {
  long length = lk_base64url_decoded_length(in_len);
  if (length < 0 || (size_t)length > out_cap) return -1;
  uint32_t acc = 0;
  int bits = 0;
  size_t o = 0;
  for (size_t i = 0; i < in_len; i++) {
    int v = lk_base64url_char((uint8_t)in[i]);
    if (v < 0) return -1;
    acc = (acc << 6 | (uint32_t)v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (uint8_t)(acc >> bits);
    }
  }
  if (bits > 0 && (acc & ((1u << bits) - 1)) != 0) return -1;
  *out_len = o;
  return 0;
}
