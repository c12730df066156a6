/* A probe whose argument is a global that GCC for arm64 addresses as
   [xN, #:lo12:symbol], a form BCC's parser does not read. */
#include <sys/sdt.h>
int g = 7;
int main(int argc, char **argv) {
  long x = argc;
  DTRACE_PROBE3(sdtglobal, p1, argc, x, g);
  return 0;
}
