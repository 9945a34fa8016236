/*
 * latchkey_verifier: checks a Latchkey offline credential at a door, in C99 on mbedTLS.
 *
 * The specification is docs/credentials.md; verifier/typescript is the same check in TypeScript,
 * and both run every vector of vectors/credentials.txt in CI. This code allocates nothing: every
 * buffer is in the structures below, with the limits as their sizes. mbedTLS's bignum code uses
 * mbedtls_calloc during the two ECDSA verifications (see docs/credentials.md for the peak).
 */
#ifndef LATCHKEY_VERIFIER_H
#define LATCHKEY_VERIFIER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Limits shared with verifier/typescript/src/limits.ts (a test keeps them equal). */
#define LK_MAX_CREDENTIAL 8192 /* bytes of the compact JWS */
#define LK_MAX_HEADER 256      /* bytes of the decoded protected header */
#define LK_MAX_KID 64          /* bytes of a kid */
#define LK_MAX_JSON_DEPTH 8    /* nesting of arrays and objects */
#define LK_MAX_WINDOWS 28      /* weekly windows in `win` */
#define LK_MAX_REVOKED 64      /* ids in a revocation list */
#define LK_MAX_TZ 64           /* bytes of the time zone name */
#define LK_NONCE_MIN 16        /* bytes of the lock's nonce */
#define LK_NONCE_MAX 64
/* What a lock stores; a lock maker may lower these two to save RAM (bundles beyond them do not load). */
#ifndef LK_MAX_ISSUER_KEYS
#define LK_MAX_ISSUER_KEYS 8
#endif
#ifndef LK_MAX_OFFSET_PERIODS
#define LK_MAX_OFFSET_PERIODS 128
#endif
/* The largest payload a credential of LK_MAX_CREDENTIAL bytes can carry, decoded. */
#define LK_MAX_PAYLOAD 6144

/* The outcome of a check. The order is the order of the checks (and verifier/typescript's REASONS). */
typedef enum {
  LK_ACCEPTED = 0,
  LK_MALFORMED,
  LK_TOO_LARGE,
  LK_ALG_NOT_ALLOWED,
  LK_BAD_HEADER,
  LK_UNKNOWN_KID,
  LK_BAD_SIGNATURE,
  LK_WRONG_LOCK,
  LK_REVOKED,
  LK_NOT_YET_VALID,
  LK_EXPIRED,
  LK_TIME_ZONE_MISMATCH,
  LK_NO_OFFSET_RULE,
  LK_OUTSIDE_WINDOW,
  LK_WRONG_DEVICE,
  LK_BAD_NONCE_SIGNATURE,
  LK_REASON_COUNT
} lk_reason;

/* "accepted", "malformed", ...: the reason codes of the specification. */
const char *lk_reason_name(lk_reason reason);

/* A revocation list { v, keys, before }: the lock keeps the one with the highest v. */
typedef struct {
  uint64_t v;
  int64_t before; /* credentials issued (iat) before this Unix time are revoked; 0: none */
  size_t count;
  uint8_t keys[LK_MAX_REVOKED][16]; /* the revoked key ids (UUID bytes) */
} lk_revocation;

typedef struct {
  uint8_t kid[LK_MAX_KID];
  size_t kid_len;
  uint8_t point[65]; /* the public key, uncompressed: 0x04 || X || Y */
} lk_issuer_key;

typedef struct {
  int64_t from;      /* Unix seconds */
  int32_t minutes;   /* local time minus UTC */
} lk_offset_period;

/* What the lock stores: its provisioning bundle, with the newest revocation list seen. */
typedef struct {
  uint8_t lock_id[16];
  char timezone[LK_MAX_TZ];
  size_t timezone_len;
  size_t key_count;
  lk_issuer_key keys[LK_MAX_ISSUER_KEYS];
  int64_t offsets_until;
  size_t period_count;
  lk_offset_period periods[LK_MAX_OFFSET_PERIODS]; /* ascending by from */
  lk_revocation revocation;
} lk_lock_state;

/* The lock's challenge and the phone's answer. */
typedef struct {
  int64_t now; /* the lock's clock, Unix seconds */
  const uint8_t *nonce;
  size_t nonce_len;
  const char *credential; /* the compact JWS, not NUL-terminated */
  size_t credential_len;
  const uint8_t *device_key; /* 65 bytes: 0x04 || X || Y */
  size_t device_key_len;
  const uint8_t *signature; /* 64 bytes: r || s */
  size_t signature_len;
} lk_presentation;

typedef struct {
  uint8_t days; /* bit d: weekday d (0 = Sunday) */
  uint16_t from; /* minutes 0..1439 */
  uint16_t to;   /* minutes 0..1440; less than from: past midnight */
} lk_window;

/* Scratch memory for one check. Keep it static (about 7 KB), not on a small task's stack. */
typedef struct {
  uint8_t header[LK_MAX_HEADER];
  uint8_t payload[LK_MAX_PAYLOAD];
  lk_window windows[LK_MAX_WINDOWS];
} lk_workspace;

typedef struct {
  lk_reason reason;
  int has_claims; /* the signature verified and the claims are in form: the fields below hold them */
  uint8_t key_id[16]; /* jti */
  int64_t iat, nbf, exp;
  int has_new_revocation; /* the credential carried a newer list: store `revocation` in the lock state */
  lk_revocation revocation;
} lk_result;

/* Decides whether the lock opens. Returns result->reason. Nothing is written but *ws and *result. */
lk_reason lk_verify(const lk_lock_state *lock, const lk_presentation *p, lk_workspace *ws, lk_result *result);

/* Helpers for loading a provisioning bundle (and for the tests). Each returns 0 on success. */
int lk_uuid_parse(const char *text, size_t len, uint8_t out[16]);
int lk_base64url_decode(const char *in, size_t in_len, uint8_t *out, size_t out_cap, size_t *out_len);
int lk_issuer_key_set(lk_issuer_key *key, const char *kid, size_t kid_len, const char *x, size_t x_len,
                      const char *y, size_t y_len);

/* The pieces of the time checks, exposed for the window vectors. */
lk_reason lk_windows_read(const uint8_t *json, size_t len, lk_window *out, size_t *count);
int lk_utc_offset_at(const lk_lock_state *lock, int64_t now, int32_t *minutes);
int lk_inside_windows(const lk_window *windows, size_t count, int64_t local_seconds);

#ifdef __cplusplus
}
#endif
#endif
