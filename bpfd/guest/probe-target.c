/*
 * probe-target: a guest program whose functions user-space probes attach to.
 * Built twice per architecture: static with its symbol table
 * (probe-target), and dynamically linked against the C library
 * (probe-target-dyn, with the library files beside it in lib/).
 *
 *   probe-target [-w PATH] COUNT
 *       Waits (up to 60 s) for PATH to exist, if given, then calls
 *       probe_target_hit(i) for i = 1..COUNT, each of which calls getppid()
 *       in the C library once, and prints "probe-target: COUNT calls, sum S"
 *       (S: the sum of the return values, i * 2 each).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The probed function: not inlined, an exported symbol. */
__attribute__((noinline, used)) int probe_target_hit(int i) {
  (void)getppid();
  __asm__ volatile("" ::: "memory");
  return i * 2;
}

int main(int argc, char **argv) {
  const char *wait_path = NULL;
  int arg = 1;
  if (argc > 2 && strcmp(argv[1], "-w") == 0) {
    wait_path = argv[2];
    arg = 3;
  }
  if (argc != arg + 1 || atoi(argv[arg]) < 0) {
    fputs("usage: probe-target [-w PATH] COUNT\n", stderr);
    return 2;
  }
  int count = atoi(argv[arg]);
  if (wait_path) {
    struct timespec tick = {0, 20 * 1000000L};
    int waited = 0;
    while (access(wait_path, F_OK) != 0) {
      if (waited++ > 3000) {
        fprintf(stderr, "probe-target: %s did not appear within 60 s\n", wait_path);
        return 1;
      }
      nanosleep(&tick, NULL);
    }
  }
  long sum = 0;
  for (int i = 1; i <= count; ++i)
    sum += probe_target_hit(i);
  printf("probe-target: %d calls, sum %ld\n", count, sum);
  return 0;
}
