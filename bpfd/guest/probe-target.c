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
 *       (S: the sum of the return values, i * 2 each). After each call, the
 *       USDT probe bpfd_guest:loop (argument: i) is passed, and
 *       bpfd_guest:guarded (argument: i) too while its semaphore is set
 *       (a tracer enabled it: the kernel's uprobe ref_ctr_offset, or BCC's
 *       write into the process).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* A USDT probe point with one int argument, as <sys/sdt.h> writes one (SystemTap SDT note,
 * version 3): a nop where the probe is, and a .note.stapsdt entry naming its provider, its
 * name, its address, the .stapsdt.base address the note was linked against (prelinking moves
 * it), no semaphore, and where the argument is ("-4@REG": a signed 4-byte register). */
#if defined(__aarch64__)
#define SDT_ARG "-4@%w0"
#else
#define SDT_ARG "-4@%0"
#endif
/* Addresses in the note are pointer-sized: 8 bytes, 4 on 32-bit arm. */
#if __SIZEOF_POINTER__ == 4
#define SDT_ADDR ".4byte "
#else
#define SDT_ADDR ".8byte "
#endif
#define USDT1(provider, name, arg) USDT1_SEM(provider, name, 0, arg)
/* The same with a semaphore: the note holds its address (SEM: a symbol, or 0). */
#define USDT1_SEM(provider, name, sem, arg)                                            \
  __asm__ __volatile__("990: nop\n"                                                    \
                       ".pushsection .note.stapsdt,\"?\",\"note\"\n"                    \
                       ".balign 4\n"                                                   \
                       ".4byte 992f-991f, 994f-993f, 3\n"                              \
                       "991: .asciz \"stapsdt\"\n"                                     \
                       "992: .balign 4\n"                                              \
                       "993: " SDT_ADDR "990b\n"                                            \
                       SDT_ADDR "_.stapsdt.base\n"                                       \
                       SDT_ADDR #sem "\n"                                             \
                       ".asciz \"" #provider "\"\n"                                    \
                       ".asciz \"" #name "\"\n"                                        \
                       ".asciz \"" SDT_ARG "\"\n"                                      \
                       "994: .balign 4\n"                                              \
                       ".popsection\n"                                                 \
                       ".ifndef _.stapsdt.base\n"                                      \
                       ".pushsection .stapsdt.base,\"aG\",\"progbits\",.stapsdt.base,comdat\n" \
                       ".weak _.stapsdt.base\n"                                        \
                       ".hidden _.stapsdt.base\n"                                      \
                       "_.stapsdt.base: .space 1\n"                                    \
                       ".size _.stapsdt.base, 1\n"                                     \
                       ".popsection\n"                                                 \
                       ".endif\n" ::"r"(arg))

/* bpfd_guest:guarded's semaphore, in .probes as <sys/sdt.h> puts them: a
 * tracer adds 1 while the probe is enabled. */
__attribute__((section(".probes"), used)) volatile unsigned short bpfd_guest_guarded_semaphore;

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
  for (int i = 1; i <= count; ++i) {
    sum += probe_target_hit(i);
    USDT1(bpfd_guest, loop, i);
    if (bpfd_guest_guarded_semaphore)
      USDT1_SEM(bpfd_guest, guarded, bpfd_guest_guarded_semaphore, i);
  }
  printf("probe-target: %d calls, sum %ld\n", count, sum);
  return 0;
}
