/* USDT notes with operand strings written by hand, for the forms GCC
   writes seldom and for malformed operands (which a binary may carry: the
   parser must name them, not stop). One probe per line of OPERANDS, in a
   .note.stapsdt note of the layout <sys/sdt.h> gives: address, base,
   semaphore, provider, name, operands. Assembled for 32-bit arm, s390x,
   powerpc64le or riscv64. */
#if __SIZEOF_POINTER__ == 8
#define ADDR .8byte
#else
#define ADDR .4byte
#endif
#if defined __arm__
#define NOTE_TYPE %note
#else
#define NOTE_TYPE @note
#endif

#define PROBE(name, operands)                                                 \
  name: nop;                                                                  \
  .pushsection .note.stapsdt, "", NOTE_TYPE;                                  \
  .balign 4;                                                                  \
  .4byte 992f - 991f, 994f - 993f, 3;                                         \
  991: .asciz "stapsdt";                                                      \
  992: .balign 4;                                                             \
  993: ADDR name;                                                             \
  ADDR 0;                                                                     \
  ADDR 0;                                                                     \
  .asciz "hand";                                                              \
  .asciz #name;                                                               \
  .asciz operands;                                                            \
  994: .balign 4;                                                             \
  .popsection

  .text
#if defined __arm__
PROBE(named, "4@sb 4@sl 4@fp 4@ip 4@sp 4@lr 4@pc -4@r12")
PROBE(memory, "-2@[sp, -r3] 4@[r1, r2] 8@[r1, r2, lsl #3] -4@[fp, #-0x10] 1@[r0, #0]")
PROBE(pairs, "-8@r0 8@r11 -8@r12")
PROBE(constants, "-4@#-5 8@#0x7fffffff")
PROBE(bad, "-4@r16 8@[fp, #-8]! 4@[r1, r2, asr #2] 4@r01 3@r0 4@[r1, #x] 4@%r1 4@[r1, lsl #2] 4@[r1, #4294967296] 2@[r1")
#elif defined __s390x__
PROBE(memory, "-8@(%r15) 4@(,%r15) 2@-8(%r3,%r15) 8@4095(%r14)")
PROBE(constants, "-4@-5 8@2147483647 4@010 8@0x10")
PROBE(bad, "-4@%r16 4@0(%r0) 4@8(%r0,%r3) 8@%f0 4@(%r1 4@r1 8@8(,) 4@8")
#elif defined __powerpc64__
PROBE(registers, "8@0 8@%r31 -4@%r1 4@31")
PROBE(memory, "-8@-16(1) 4@8(%r31) -2@%r9,%r10 1@3,0")
PROBE(constants, "-4@i-5 8@i2147483647 4@i010 8@i0x10")
PROBE(bad, "-4@32 4@8(0) 4@0,3 4@%f1 -8@-16(1 4@i 4@i5x 4@r3")
#elif defined __riscv
PROBE(registers, "8@x10 8@fp -4@s11 4@t6 8@ra 8@gp 8@tp 8@x31")
PROBE(memory, "-8@(sp) 4@0x10(a0) -2@-2048(x8) 1@2047(t0)")
PROBE(constants, "-4@-5 8@2147483647 4@010 8@0x10")
PROBE(bad, "-4@x32 4@zero 4@8(x0) 4@%a0 4@ft0 -8@-16(a0 8@8() 3@a0 4@a01")
#endif
