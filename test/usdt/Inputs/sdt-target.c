/* A small USDT probe target: <sys/sdt.h> probes whose operands take the
   forms GCC writes for x86_64 and arm64 (registers, constants, memory at a
   register plus offset, memory with an index register, a global), a probe at
   two locations, and a probe that runs only while its semaphore is set. */
#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>

/* With _SDT_HAS_SEMAPHORES every probe has one; only `guarded` tests it. */
#define SEMAPHORE(name) unsigned short sdttest_##name##_semaphore __attribute__((section(".probes")))
SEMAPHORE(frame);
SEMAPHORE(twice);
SEMAPHORE(regs);
SEMAPHORE(mixed);
SEMAPHORE(guarded);

int counter = 7;
long table[4] = {10, 20, 30, 40};

/* At -O0 GCC keeps the locals in the stack frame: memory operands. */
__attribute__((noinline, optimize("O0"))) int frame(int a, long b) {
  int local = a + 1;
  long wide = b * 2;
  DTRACE_PROBE2(sdttest, frame, local, wide);
  return local;
}

__attribute__((noinline)) int twice(int a) {
  if (a > 3)
    DTRACE_PROBE1(sdttest, twice, a);
  else
    DTRACE_PROBE1(sdttest, twice, a * 3);
  return a;
}

int main(int argc, char **argv) {
  long x = argc;
  DTRACE_PROBE3(sdttest, regs, argc, x, counter);
  DTRACE_PROBE3(sdttest, mixed, argv[0], 5, table[argc & 3]);
  if (sdttest_guarded_semaphore)
    DTRACE_PROBE1(sdttest, guarded, argc);
  return frame(argc, x) + twice(argc);
}
