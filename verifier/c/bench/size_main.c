/* The smallest program that uses the verifier (make size). */
#include <string.h>

#include "latchkey_verifier.h"

#ifdef WITH_VERIFIER
static lk_lock_state lock;
static lk_workspace ws;
static lk_result result;
#endif

int main(int argc, char **argv) {
  (void)argc;
  (void)argv;
#ifdef WITH_VERIFIER
  lk_presentation p;
  memset(&p, 0, sizeof p);
  p.credential = argv[0];
  p.credential_len = strlen(argv[0]);
  return (int)lk_verify(&lock, &p, &ws, &result);
#else
  return 0;
#endif
}
