/*
 * What one check costs on this machine, and the memory it needs (make bench):
 *   - CPU time per check for an accepted presentation (both ECDSA verifications, windows), one
 *     refused at its signature, and one refused at its header (no cryptography);
 *   - the stack high-water of lk_verify, mbedTLS included: lk_verify runs on a thread whose stack
 *     was painted, and the untouched part is counted afterwards (minus an empty thread's use);
 *   - the heap mbedTLS takes during the check (its bignums: mbedtls_calloc), counted through
 *     --wrap=calloc/free on the statically linked library;
 *   - the sizes of the structures a lock keeps.
 *   lk_bench FILE [--json]
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mbedtls/version.h>

#include "vector_file.h"

/* ---- heap accounting: every mbedTLS allocation goes through these ---- */
void *__real_calloc(size_t n, size_t size);
void __real_free(void *p);
static size_t heap_now, heap_peak, heap_calls;
typedef union { /* keeps what follows aligned for any type (C99 has no max_align_t) */
  size_t size;
  long double ld;
  long long ll;
  void *p;
} heap_header;

void *__wrap_calloc(size_t n, size_t size) {
  if (size && n > (SIZE_MAX - sizeof(heap_header)) / size) return NULL;
  heap_header *h = __real_calloc(1, sizeof *h + n * size);
  if (!h) return NULL;
  h->size = n * size;
  heap_now += h->size;
  heap_calls++;
  if (heap_now > heap_peak) heap_peak = heap_now;
  return h + 1;
}

void __wrap_free(void *p) {
  if (!p) return;
  heap_header *h = (heap_header *)p - 1;
  heap_now -= h->size;
  __real_free(h);
}

static vf_file vf;
static vf_vector vectors[3];
static const char *const NAMES[3] = {"valid-weekday-window", "tampered-signature-bit", "alg-none-empty-signature"};
static const char *const LABELS[3] = {"accepted (2 ECDSA verifications, windows)", "refused: bad_signature (1 ECDSA)",
                                      "refused: alg_not_allowed (no crypto)"};
static lk_workspace ws;
static lk_result result;

static lk_reason check(const vf_vector *v) {
  const vf_step *s = &v->steps[0];
  lk_presentation p = {s->now,    s->nonce,      s->nonce_len,  s->credential,   s->credential_len,
                       s->device, s->device_len, s->signature, s->signature_len};
  return lk_verify(&v->lock->state, &p, &ws, &result);
}

/* CPU time of this process: what a check costs, whatever else the (shared) machine runs. */
static double seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* CPU microseconds per check: the best of 5 rounds of ~0.2 s of CPU. */
static double per_check(const vf_vector *v) {
  double best = 1e30;
  for (int round = 0; round < 5; round++) {
    long n = 0;
    double start = seconds(), t;
    do {
      check(v);
      n++;
    } while ((t = seconds()) - start < 0.2);
    double us = (t - start) / (double)n * 1e6;
    if (us < best) best = us;
  }
  return best;
}

#define STACK_BYTES (256 * 1024)
static unsigned char stack_area[STACK_BYTES] __attribute__((aligned(64)));

static void *run_check(void *arg) {
  check((const vf_vector *)arg);
  return NULL;
}
static void *run_nothing(void *arg) { return arg; }

/* Bytes of a painted thread stack that a function touched. */
static size_t stack_used(void *(*fn)(void *), void *arg) {
  memset(stack_area, 0xA5, sizeof stack_area);
  pthread_attr_t attr;
  pthread_t t;
  pthread_attr_init(&attr);
  pthread_attr_setstack(&attr, stack_area, sizeof stack_area);
  if (pthread_create(&t, &attr, fn, arg) != 0) return 0;
  pthread_join(t, NULL);
  pthread_attr_destroy(&attr);
  size_t i = 0;
  while (i < sizeof stack_area && stack_area[i] == 0xA5) i++;
  return sizeof stack_area - i;
}

int main(int argc, char **argv) {
  int json = argc == 3 && strcmp(argv[2], "--json") == 0;
  if (argc < 2 || vf_open(&vf, argv[1])) {
    fprintf(stderr, "usage: %s vectors/credentials.txt [--json]\n", argv[0]);
    return 2;
  }
  vf_vector v;
  vf_window w;
  int kind, found = 0;
  while ((kind = vf_next(&vf, &v, &w)) > 0)
    for (int i = 0; i < 3; i++)
      if (kind == 1 && strcmp(v.name, NAMES[i]) == 0) {
        vectors[i] = v;
        found++;
      }
  if (found != 3) {
    fprintf(stderr, "the vector file lacks the benchmark's vectors\n");
    return 2;
  }
  if (check(&vectors[0]) != LK_ACCEPTED) {
    fprintf(stderr, "the accepted vector was refused: %s\n", lk_reason_name(result.reason));
    return 1;
  }
  heap_now = heap_peak = heap_calls = 0;
  check(&vectors[0]);
  size_t heap = heap_peak, calls = heap_calls;
  size_t stack = stack_used(run_check, &vectors[0]) - stack_used(run_nothing, NULL);
  double us[3];
  for (int i = 0; i < 3; i++) us[i] = per_check(&vectors[i]);
  if (json) {
    printf("{\"acceptedUs\":%.1f,\"badSignatureUs\":%.1f,\"algNotAllowedUs\":%.2f,\"stackBytes\":%zu,"
           "\"heapPeakBytes\":%zu,\"heapAllocations\":%zu,\"workspaceBytes\":%zu,\"lockStateBytes\":%zu,"
           "\"resultBytes\":%zu,\"mbedtls\":\"%s\"}\n",
           us[0], us[1], us[2], stack, heap, calls, sizeof(lk_workspace), sizeof(lk_lock_state), sizeof(lk_result),
           MBEDTLS_VERSION_STRING);
    return 0;
  }
  printf("C verifier on mbedTLS %s (CPU time, best of 5 rounds)\n", MBEDTLS_VERSION_STRING);
  for (int i = 0; i < 3; i++) printf("  %-45s %9.1f us/check\n", LABELS[i], us[i]);
  printf("memory of an accepted check:\n");
  printf("  stack high-water (lk_verify and mbedTLS)     %9zu bytes\n", stack);
  printf("  heap peak (mbedTLS bignums, %zu allocations) %6zu bytes\n", calls, heap);
  printf("  lk_workspace (static)                        %9zu bytes\n", sizeof(lk_workspace));
  printf("  lk_lock_state (the stored bundle)            %9zu bytes\n", sizeof(lk_lock_state));
  printf("  lk_result (with a revocation list)           %9zu bytes\n", sizeof(lk_result));
  return 0;
}
