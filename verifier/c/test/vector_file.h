/* Reads vectors/credentials.txt (its format is described at the top of that file). */
#ifndef VECTOR_FILE_H
#define VECTOR_FILE_H

#include <stdio.h>

#include "latchkey_verifier.h"

#define VF_MAX_LOCKS 16
#define VF_MAX_STEPS 8
#define VF_MAX_LINE 65536

typedef struct {
  char name[64];
  lk_lock_state state;
} vf_lock;

typedef struct {
  int64_t now;
  uint8_t nonce[128];
  size_t nonce_len;
  char credential[LK_MAX_CREDENTIAL + 64];
  size_t credential_len;
  uint8_t device[128];
  size_t device_len;
  uint8_t signature[128];
  size_t signature_len;
  lk_reason expect;
  int expect_new_revocation;
  lk_revocation expect_revocation;
} vf_step;

typedef struct {
  char name[96];
  const vf_lock *lock;
  size_t step_count;
  vf_step steps[VF_MAX_STEPS];
} vf_vector;

typedef struct {
  const vf_lock *lock;
  int64_t now;
  int inside;
  const char *win; /* the window JSON (points into the line buffer) */
  size_t win_len;
} vf_window;

typedef struct {
  FILE *f;
  int line_no;
  char line[VF_MAX_LINE];
  size_t lock_count;
  vf_lock locks[VF_MAX_LOCKS];
} vf_file;

/* Opens the file and reads its locks. Returns 0, or -1 with a message on stderr. */
int vf_open(vf_file *vf, const char *path);
/* The next vector (1), window case (2), end of file (0) or an error (-1). */
int vf_next(vf_file *vf, vf_vector *vector, vf_window *window);
void vf_close(vf_file *vf);
lk_reason vf_reason(const char *name);

#endif
