/* A USDT probe target whose notes take the operand forms GCC writes for
   32-bit arm, s390x and powerpc64le: registers, constants, stack slots (a
   base register and an offset) and array elements (a base and an index
   register), each argument a value the test knows. Narrow signed values sit
   in memory, where reading the wrong bytes of a big-endian word shows.

   Run with an argument, it first waits until that file exists (bpfd pins a
   map there once the probes are attached), then passes each probe once. */
#include <sys/sdt.h>
#include <unistd.h>

int itable[4] = {11, -100000, 33, 44};
long long ltable[4] = {1, 2, 0x0102030405060708LL, 4};
short stable[4] = {5, -2, 7, 8};
signed char ctable[4] = {9, 10, -3, 12};

/* At -O0 GCC keeps the locals in the stack frame: memory operands. */
__attribute__((noinline, optimize("O0"))) int frame(int a, long long b) {
  int local = a * 3;
  long long wide = b;
  DTRACE_PROBE2(sdtops, frame, local, wide);
  return local;
}

/* An 8-byte argument in a register: on 32-bit arm a register pair, which
   the note names by its first register ("-8@r0": r0 low, r1 high). */
__attribute__((noinline)) long long wide(long long v) {
  DTRACE_PROBE1(sdtops, wide, v);
  return v + 1;
}

/* Array elements at a variable index: a base and an index register
   ([r2, r0, lsl #2], 0(%r5,%r4), 8,10). */
__attribute__((noinline)) void indexed(int i, int j) {
  DTRACE_PROBE4(sdtops, indexed, itable[i], ltable[j], stable[i], ctable[j]);
}

/* One probe at two locations, a register at one and a constant at the
   other: a reader tells them apart by the address of the hit (PT_REGS_IP,
   which each arch's uprobe must leave at the probe). */
__attribute__((noinline)) int twice(int a) {
  if (a > 0)
    DTRACE_PROBE1(sdtops, twice, a * 5);
  else
    DTRACE_PROBE1(sdtops, twice, 77);
  return a;
}

/* Pointers to strings: 4-byte arguments on 32-bit arm, which a program reads
   with bpf_usdt_readarg_p into a u64. */
static const char greeting[] = "sdtops";
const char *names[2] = {"usdt", "readarg"};

int main(int argc, char **argv) {
  if (argc > 1)
    while (access(argv[1], F_OK) != 0)
      usleep(10000);
  int n = argc - 1; /* 1 with the file named, 0 without */
  long x = n * -7L;
  DTRACE_PROBE3(sdtops, regs, n * -7, x, 42);
  frame(n * -41152, -(0x0102030405060708LL + n));
  wide(n * 0x1122334455667788LL);
  DTRACE_PROBE2(sdtops, text, greeting, names[n & 1]);
  twice(n);
  twice(-n);
  indexed(n, n + 1);
  return 0;
}
