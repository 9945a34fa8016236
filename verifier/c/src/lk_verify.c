/*
 * The check a lock runs on a phone's answer, step by step in the order of docs/credentials.md (and
 * of verifier/typescript/src/verify.ts): the form of the answer, the JWS header, the issuer's
 * ES256 signature before any claim is read, the claims, the lock, revocation, time, windows, and
 * last the device key's proof over the lock's nonce. mbedTLS does SHA-256 and ECDSA.
 */
#include <string.h>

#include <mbedtls/bignum.h>
#include <mbedtls/ecdsa.h>
#include <mbedtls/ecp.h>
#include <mbedtls/sha256.h>

#include "lk_internal.h"

static const char *const NAMES[LK_REASON_COUNT] = {
    "accepted",    "malformed",     "too_large",          "alg_not_allowed", "bad_header",     "unknown_kid",
    "bad_signature", "wrong_lock",  "revoked",            "not_yet_valid",   "expired",        "time_zone_mismatch",
    "no_offset_rule", "outside_window", "wrong_device",   "bad_nonce_signature",
};

const char *lk_reason_name(lk_reason reason) {
  return (unsigned)reason < LK_REASON_COUNT ? NAMES[reason] : "unknown";
}

/* The purpose and version at the start of the bytes a device key signs (24 bytes). */
static const char CONTEXT[] = "latchkey-presentation-v1";

static const char ALPHABET[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/* base64url of 32 bytes: 43 characters. */
static void encode32(const uint8_t *in, char *out) {
  size_t o = 0;
  for (size_t i = 0; i < 30; i += 3) {
    uint32_t n = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8 | in[i + 2];
    out[o++] = ALPHABET[n >> 18];
    out[o++] = ALPHABET[(n >> 12) & 63];
    out[o++] = ALPHABET[(n >> 6) & 63];
    out[o++] = ALPHABET[n & 63];
  }
  uint32_t n = (uint32_t)in[30] << 16 | (uint32_t)in[31] << 8;
  out[o++] = ALPHABET[n >> 18];
  out[o++] = ALPHABET[(n >> 12) & 63];
  out[o] = ALPHABET[(n >> 6) & 63];
}

/* RFC 7638 thumbprint of the point: SHA-256 of {"crv":"P-256","kty":"EC","x":"..","y":".."}. */
static void thumbprint(const uint8_t point[65], uint8_t out[32]) {
  static const char A[] = "{\"crv\":\"P-256\",\"kty\":\"EC\",\"x\":\"", B[] = "\",\"y\":\"", C[] = "\"}";
  char json[sizeof A - 1 + 43 + sizeof B - 1 + 43 + sizeof C - 1];
  size_t o = 0;
  memcpy(json, A, sizeof A - 1);
  o += sizeof A - 1;
  encode32(point + 1, json + o);
  o += 43;
  memcpy(json + o, B, sizeof B - 1);
  o += sizeof B - 1;
  encode32(point + 33, json + o);
  o += 43;
  memcpy(json + o, C, sizeof C - 1);
  o += sizeof C - 1;
  mbedtls_sha256_ret((const unsigned char *)json, o, out, 0);
}

/* ECDSA P-256 over a SHA-256 hash, the signature as r || s. */
static int es256_ok(mbedtls_ecp_group *grp, const mbedtls_ecp_point *q, const uint8_t hash[32], const uint8_t sig[64]) {
  mbedtls_mpi r, s;
  mbedtls_mpi_init(&r);
  mbedtls_mpi_init(&s);
  int ok = mbedtls_mpi_read_binary(&r, sig, 32) == 0 && mbedtls_mpi_read_binary(&s, sig + 32, 32) == 0 &&
           mbedtls_ecdsa_verify(grp, hash, 32, q, &r, &s) == 0;
  mbedtls_mpi_free(&r);
  mbedtls_mpi_free(&s);
  return ok;
}

/* A P-256 point in uncompressed form, on the curve. */
static int point_load(mbedtls_ecp_group *grp, mbedtls_ecp_point *q, const uint8_t *bytes, size_t len) {
  return len == 65 && bytes[0] == 0x04 && mbedtls_ecp_point_read_binary(grp, q, bytes, 65) == 0 &&
         mbedtls_ecp_check_pubkey(grp, q) == 0;
}

int lk_issuer_key_set(lk_issuer_key *key, const char *kid, size_t kid_len, const char *x, size_t x_len,
                      const char *y, size_t y_len) {
  size_t n;
  if (kid_len > LK_MAX_KID || x_len != 43 || y_len != 43) return -1;
  key->point[0] = 0x04;
  if (lk_base64url_decode(x, x_len, key->point + 1, 32, &n) != 0 || n != 32) return -1;
  if (lk_base64url_decode(y, y_len, key->point + 33, 32, &n) != 0 || n != 32) return -1;
  mbedtls_ecp_group grp;
  mbedtls_ecp_point q;
  mbedtls_ecp_group_init(&grp);
  mbedtls_ecp_point_init(&q);
  int ok = mbedtls_ecp_group_load(&grp, MBEDTLS_ECP_DP_SECP256R1) == 0 && point_load(&grp, &q, key->point, 65);
  mbedtls_ecp_point_free(&q);
  mbedtls_ecp_group_free(&grp);
  if (!ok) return -1;
  memcpy(key->kid, kid, kid_len);
  key->kid_len = kid_len;
  return 0;
}

static int revoked(const lk_revocation *list, const uint8_t jti[16], int64_t iat) {
  if (iat < list->before) return 1;
  for (size_t i = 0; i < list->count; i++)
    if (memcmp(list->keys[i], jti, 16) == 0) return 1;
  return 0;
}

static lk_reason decide(const lk_lock_state *lock, const lk_presentation *p, lk_workspace *ws, lk_result *res,
                        mbedtls_ecp_group *grp, mbedtls_ecp_point *device, mbedtls_ecp_point *issuer) {
  const char *cred = p->credential;
  size_t len = p->credential_len;

  /* 1. Sizes and the form of the answer. */
  if (len > LK_MAX_CREDENTIAL) return LK_TOO_LARGE;
  if (p->nonce_len < LK_NONCE_MIN || p->nonce_len > LK_NONCE_MAX) return LK_MALFORMED;
  if (!point_load(grp, device, p->device_key, p->device_key_len) || p->signature_len != 64) return LK_MALFORMED;

  /* 2. Three base64url segments; a small header. */
  size_t dots[2], ndots = 0;
  for (size_t i = 0; i < len; i++) {
    if (cred[i] == '.') {
      if (ndots == 2) return LK_MALFORMED;
      dots[ndots++] = i;
    } else if (lk_base64url_char((uint8_t)cred[i]) < 0) {
      return LK_MALFORMED;
    }
  }
  if (ndots != 2) return LK_MALFORMED;
  size_t h_len = dots[0], p_start = dots[0] + 1, p_len = dots[1] - p_start, s_start = dots[1] + 1;
  if (lk_base64url_decoded_length(h_len) > LK_MAX_HEADER) return LK_TOO_LARGE;
  size_t header_len, payload_len, sig_len;
  if (lk_base64url_decode(cred, h_len, ws->header, sizeof ws->header, &header_len) != 0) return LK_MALFORMED;
  if (lk_base64url_decode(cred + p_start, p_len, ws->payload, sizeof ws->payload, &payload_len) != 0)
    return LK_MALFORMED;

  /* 3. The header: ES256, our typ, nothing else, a kid of the issuer key set. */
  lk_span kid;
  lk_reason e = lk_header_read(ws->header, header_len, &kid);
  if (e != LK_ACCEPTED) return e;
  const lk_issuer_key *key = NULL;
  for (size_t i = 0; i < lock->key_count && !key; i++)
    if (lock->keys[i].kid_len == kid.end - kid.start && memcmp(lock->keys[i].kid, kid.buf + kid.start, lock->keys[i].kid_len) == 0)
      key = &lock->keys[i];
  if (!key) return LK_UNKNOWN_KID;

  /* 4. The signature, before any claim is trusted. */
  uint8_t sig[64], hash[32];
  if (lk_base64url_decoded_length(len - s_start) != 64 ||
      lk_base64url_decode(cred + s_start, len - s_start, sig, sizeof sig, &sig_len) != 0)
    return LK_BAD_SIGNATURE;
  mbedtls_sha256_ret((const unsigned char *)cred, dots[1], hash, 0);
  if (mbedtls_ecp_point_read_binary(grp, issuer, key->point, 65) != 0 || !es256_ok(grp, issuer, hash, sig))
    return LK_BAD_SIGNATURE;

  /* 5. The claims, then 6. the lock. */
  lk_claims c;
  e = lk_claims_read(ws->payload, payload_len, ws->windows, &res->revocation, &c);
  if (e != LK_ACCEPTED) return e;
  res->has_claims = 1;
  memcpy(res->key_id, c.jti, 16);
  res->iat = c.iat;
  res->nbf = c.nbf;
  res->exp = c.exp;
  if (memcmp(c.lock, lock->lock_id, 16) != 0) return LK_WRONG_LOCK;

  /* 7. Revocation: the newest list wins, whatever this presentation's outcome. */
  res->has_new_revocation = res->revocation.v > lock->revocation.v;
  if (revoked(res->has_new_revocation ? &res->revocation : &lock->revocation, c.jti, c.iat)) return LK_REVOKED;

  /* 8. Time: nbf inclusive, exp exclusive; 9. the weekly windows on the lock's wall clock. */
  if (p->now < c.nbf) return LK_NOT_YET_VALID;
  if (p->now >= c.exp) return LK_EXPIRED;
  if (c.window_count) {
    int32_t minutes;
    if (c.tz.end - c.tz.start != lock->timezone_len || memcmp(c.tz.buf + c.tz.start, lock->timezone, lock->timezone_len) != 0)
      return LK_TIME_ZONE_MISMATCH;
    if (lk_utc_offset_at(lock, p->now, &minutes) != 0) return LK_NO_OFFSET_RULE;
    if (!lk_inside_windows(ws->windows, c.window_count, p->now + (int64_t)minutes * 60)) return LK_OUTSIDE_WINDOW;
  }

  /* 10. The device: the key presented is the one the credential names, and it signed this challenge. */
  uint8_t jkt[32];
  thumbprint(p->device_key, jkt);
  if (memcmp(jkt, c.jkt, 32) != 0) return LK_WRONG_DEVICE;
  uint8_t bytes[24 + 16 + 32 + 1 + LK_NONCE_MAX];
  memcpy(bytes, CONTEXT, 24);
  memcpy(bytes + 24, lock->lock_id, 16);
  mbedtls_sha256_ret((const unsigned char *)cred, len, bytes + 40, 0);
  bytes[72] = (uint8_t)p->nonce_len;
  memcpy(bytes + 73, p->nonce, p->nonce_len);
  mbedtls_sha256_ret(bytes, 73 + p->nonce_len, hash, 0);
  if (!es256_ok(grp, device, hash, p->signature)) return LK_BAD_NONCE_SIGNATURE;
  return LK_ACCEPTED;
}

lk_reason lk_verify(const lk_lock_state *lock, const lk_presentation *p, lk_workspace *ws, lk_result *result) {
  mbedtls_ecp_group grp;
  mbedtls_ecp_point device, issuer;
  memset(result, 0, sizeof *result);
  mbedtls_ecp_group_init(&grp);
  mbedtls_ecp_point_init(&device);
  mbedtls_ecp_point_init(&issuer);
  result->reason = mbedtls_ecp_group_load(&grp, MBEDTLS_ECP_DP_SECP256R1) == 0
                       ? decide(lock, p, ws, result, &grp, &device, &issuer)
                       : LK_MALFORMED;
  if (!result->has_new_revocation) memset(&result->revocation, 0, sizeof result->revocation);
  mbedtls_ecp_point_free(&issuer);
  mbedtls_ecp_point_free(&device);
  mbedtls_ecp_group_free(&grp);
  return result->reason;
}
