#!/usr/bin/env python3
# Writes test/MC/BPF/isa-*.s: usage: gen-isa-tests.py test/MC/BPF
# The expected bytes come from an encoder of RFC 9669's instruction layout
# written here, independently of LLVM; llvm-mc must agree with it.
"""Write test/MC/BPF/isa-*.s: expected encodings computed from RFC 9669's
layout (independently of LLVM), checked against llvm-mc, then round-tripped."""
import sys, os
OUT = sys.argv[1]

def enc(op, dst=0, src=0, off=0, imm=0, endian='el', imm64=None):
    def le(v, n): return [(v >> (8*i)) & 0xff for i in range(n)]
    def be(v, n): return list(reversed(le(v, n)))
    pack = le if endian == 'el' else be
    regs = (src << 4) | dst if endian == 'el' else (dst << 4) | src
    if imm64 is not None:
        lo, hi = imm64 & 0xffffffff, (imm64 >> 32) & 0xffffffff
        b = [op, regs] + pack(off & 0xffff, 2) + pack(lo, 4)
        b += [0, 0, 0, 0] + pack(hi, 4)
        return b
    return [op, regs] + pack(off & 0xffff, 2) + pack(imm & 0xffffffff, 4)

def fmt(b): return "[" + ",".join("0x%02x" % x for x in b) + "]"

HEADER = """# {title}
# Every encoding is checked as bytes, little- and big-endian, against
# RFC 9669's layout; then the object is disassembled with llvm-objdump and
# re-assembled, which must give the same bytes.
# RUN: llvm-mc -triple bpfel -mcpu=v4 -show-encoding %s | FileCheck %s --check-prefix=EL
# RUN: llvm-mc -triple bpfeb -mcpu=v4 -show-encoding %s | FileCheck %s --check-prefix=EB
"""
RT = """# RUN: llvm-mc -triple bpf{e} -mcpu=v4 -filetype=obj %s -o %t.{e}.o
# RUN: llvm-objdump -d --mcpu=v4 --no-show-raw-insn --no-leading-addr %t.{e}.o \\
# RUN:   | sed -n -e 's/ <[^ >]*>$//' -e 's/^\\t//p' > %t.{e}.s
# RUN: llvm-mc -triple bpf{e} -mcpu=v4 -filetype=obj %t.{e}.s -o %t.{e}.re.o
# RUN: llvm-objcopy -O binary --only-section=.text %t.{e}.o %t.{e}.bin
# RUN: llvm-objcopy -O binary --only-section=.text %t.{e}.re.o %t.{e}.re.bin
# RUN: cmp %t.{e}.bin %t.{e}.re.bin
"""

def write(name, title, insns, xfail=None):
    lines = [HEADER.format(title=title)]
    if xfail: lines.append("# XFAIL: stock-tools\n")
    lines.append(RT.format(e="el") + RT.format(e="eb") + "\n")
    for ins in insns:
        asm, kw = ins[0], ins[1]
        printed = kw.pop('printed', asm)
        el = enc(endian='el', **kw); eb = enc(endian='eb', **kw)
        lines.append("# EL: %s # encoding: %s\n# EB: %s # encoding: %s\n  %s\n"
                     % (printed, fmt(el), printed, fmt(eb), asm))
    open(os.path.join(OUT, name), "w").write("".join(lines))

ALU_OPS = [("+=", 0x00), ("-=", 0x10), ("*=", 0x20), ("/=", 0x30), ("|=", 0x40),
           ("&=", 0x50), ("<<=", 0x60), (">>=", 0x70), ("%=", 0x90), ("^=", 0xa0),
           ("s>>=", 0xc0)]
IMMS = [1, -4, 0x7fffffff, -2147483648, 63, 0, 255, 5, 7, 100, 31]

def alu(cls, r, reg_hi):
    out = []
    for i, (sym, code) in enumerate(ALU_OPS):
        d, s = i % 11, (i + 3) % 11
        out.append(("%s%d %s %s%d" % (r, d, sym, r, s), dict(op=cls | code | 0x08, dst=d, src=s)))
        imm = IMMS[i]
        out.append(("%s%d %s %d" % (r, s, sym, imm), dict(op=cls | code, dst=s, imm=imm)))
    out.append(("%s2 = -%s2" % (r, r), dict(op=cls | 0x80, dst=2)))
    out.append(("%s10 = -%s10" % (r, r), dict(op=cls | 0x80, dst=10)))
    out.append(("%s9 = %s10" % (r, r), dict(op=cls | 0xb0 | 0x08, dst=9, src=10)))
    out.append(("%s0 = %s1" % (r, r), dict(op=cls | 0xb0 | 0x08, dst=0, src=1)))
    out.append(("%s9 = 1" % r, dict(op=cls | 0xb0, dst=9, imm=1)))
    out.append(("%s1 = -1" % r, dict(op=cls | 0xb0, dst=1, imm=-1)))
    out.append(("%s3 = 2147483647" % r, dict(op=cls | 0xb0, dst=3, imm=0x7fffffff)))
    return out

write("isa-alu64.s", "BPF_ALU64 (class 0x07): add, sub, mul, div, or, and, lsh, rsh, mod, xor,\n# arsh with register and immediate sources, neg and mov.", alu(0x07, "r", True))
write("isa-alu32.s", "BPF_ALU (class 0x04) on w registers: add, sub, mul, div, or, and, lsh,\n# rsh, mod, xor, arsh with register and immediate sources, neg and mov.", alu(0x04, "w", True))

JMP_OPS = [("==", 0x10), (">", 0x20), (">=", 0x30), ("&", 0x40), ("!=", 0x50), ("s>", 0x60),
           ("s>=", 0x70), ("<", 0xa0), ("<=", 0xb0), ("s<", 0xc0), ("s<=", 0xd0)]
OFFS = [1, -1, 32767, -32768, 0, 2, -3, 100, -100, 7, 11]
def jmp(cls, r):
    out = []
    if cls == 0x05:
        out.append(("goto +1", dict(op=0x05, off=1)))
        out.append(("goto -1", dict(op=0x05, off=-1)))
        out.append(("goto +32767", dict(op=0x05, off=32767)))
        out.append(("goto -32768", dict(op=0x05, off=-32768)))
    for i, (sym, code) in enumerate(JMP_OPS):
        d, s, off = i % 11, (i + 5) % 11, OFFS[i]
        o = ("+%d" % off) if off >= 0 else ("%d" % off)
        out.append(("if %s%d %s %s%d goto %s" % (r, d, sym, r, s, o), dict(op=cls | code | 0x08, dst=d, src=s, off=off)))
        imm = IMMS[i]
        out.append(("if %s%d %s %d goto %s" % (r, s, sym, imm, o), dict(op=cls | code, dst=s, off=off, imm=imm)))
    return out
write("isa-jmp.s", "BPF_JMP (class 0x05): ja and the conditional jumps with register and\n# immediate operands (jlt/jle/jslt/jsle included).", jmp(0x05, "r"))
write("isa-jmp32.s", "BPF_JMP32 (class 0x06): the conditional jumps on w registers with register\n# and immediate operands.", jmp(0x06, "w"))

SIZES = [("u32", 0x00), ("u16", 0x08), ("u8", 0x10), ("u64", 0x18)]
ls = []
for i, (t, sz) in enumerate(SIZES):
    off = [0, 8, -30, 32767][i]
    o = "+ %d" % off if off >= 0 else "- %d" % -off
    ls.append(("r%d = *(%s *)(r%d %s)" % (i + 5, t, i, o), dict(op=0x61 | sz, dst=i + 5, src=i, off=off)))
    ls.append(("*(%s *)(r%d %s) = r%d" % (t, i + 1, o, i + 7), dict(op=0x63 | sz, dst=i + 1, src=i + 7, off=off)))
    ls.append(("*(%s *)(r10 %s) = %d" % (t, o, [5, -1, 0x7fff, -2][i]), dict(op=0x62 | sz, dst=10, off=off, imm=[5, -1, 0x7fff, -2][i])))
for i, (t, sz) in enumerate(SIZES[:3]):
    ls.append(("w%d = *(%s *)(r%d - 4)" % (i + 1, t, i + 6), dict(op=0x61 | sz, dst=i + 1, src=i + 6, off=-4)))
    ls.append(("*(%s *)(r%d + 4) = w%d" % (t, i + 6, i + 1), dict(op=0x63 | sz, dst=i + 6, src=i + 1, off=4)))
write("isa-load-store.s", "BPF_LDX, BPF_ST, BPF_STX with BPF_MEM (classes 0x01-0x03): loads and\n# stores of 1, 2, 4 and 8 bytes, on r and (ALU32) w registers.", ls)

at = []
for name, code, in [("+", 0x00), ("|", 0x40), ("&", 0x50), ("^", 0xa0)]:
    at.append(("lock *(u64 *)(r1 + 8) %s= r2" % name, dict(op=0xdb, dst=1, src=2, off=8, imm=code)))
    at.append(("lock *(u32 *)(r3 - 8) %s= w4" % name, dict(op=0xc3, dst=3, src=4, off=-8, imm=code)))
for name, code in [("add", 0x01), ("and", 0x51), ("or", 0x41), ("xor", 0xa1)]:
    at.append(("r5 = atomic_fetch_%s((u64 *)(r6 + 16), r5)" % name, dict(op=0xdb, dst=6, src=5, off=16, imm=code)))
    at.append(("w7 = atomic_fetch_%s((u32 *)(r8 + 0), w7)" % name, dict(op=0xc3, dst=8, src=7, off=0, imm=code)))
at.append(("r2 = xchg_64(r1 + 8, r2)", dict(op=0xdb, dst=1, src=2, off=8, imm=0xe1)))
at.append(("w2 = xchg32_32(r1 + 8, w2)", dict(op=0xc3, dst=1, src=2, off=8, imm=0xe1)))
at.append(("r0 = cmpxchg_64(r1 + 8, r0, r2)", dict(op=0xdb, dst=1, src=2, off=8, imm=0xf1)))
at.append(("w0 = cmpxchg32_32(r1 + 8, w0, w2)", dict(op=0xc3, dst=1, src=2, off=8, imm=0xf1)))
write("isa-atomic.s", "BPF_STX | BPF_ATOMIC (0xc3, 0xdb): add, or, and, xor with and without\n# fetch, xchg and cmpxchg, 32- and 64-bit.", at)

li = [("r1 = 4294967298 ll", dict(op=0x18, dst=1, imm64=0x100000002)),
      ("r9 = -1 ll", dict(op=0x18, dst=9, imm64=(1 << 64) - 1)),
      ("r0 = 0 ll", dict(op=0x18, dst=0, imm64=0)),
      ("r5 = -9223372036854775808 ll", dict(op=0x18, dst=5, imm64=1 << 63)),
      ("r2 = 4294967295 ll", dict(op=0x18, dst=2, imm64=0xffffffff))]
for src in (1, 2, 3, 4, 5, 6):
    li.append(("ld_pseudo\tr%d, %d, %d" % (src, src, 3 + src), dict(op=0x18, dst=src, src=src, imm64=3 + src, printed="ld_pseudo r%d, %d, %d" % (src, src, 3 + src))))
write("isa-ld-imm64.s", "BPF_LD | BPF_IMM | BPF_DW (0x18): the 64-bit immediate load and its\n# source-register forms (RFC 9669 src 1-6) with a 32-bit immediate; the\n# second immediate of src 2/6 is covered by ld-pseudo-imm64.s.", li)

bs = []
for n in (16, 32, 64):
    bs.append(("r%d = be%d r%d" % (n // 16, n, n // 16), dict(op=0xdc, dst=n // 16, imm=n)))
    bs.append(("r%d = le%d r%d" % (n // 8, n, n // 8), dict(op=0xd4, dst=n // 8, imm=n)))
    bs.append(("r%d = bswap%d r%d" % (n // 32 + 6, n, n // 32 + 6), dict(op=0xd7, dst=n // 32 + 6, imm=n)))
write("isa-byteswap.s", "Byte swaps: BPF_ALU | BPF_END to big (0xdc) and little (0xd4) endian,\n# and the v4 unconditional BPF_ALU64 | BPF_END (0xd7) bswap16/32/64.", bs)

sd = []
for sym, code in (("s/=", 0x30), ("s%=", 0x90)):
    sd.append(("r1 %s r2" % sym, dict(op=0x07 | code | 0x08, dst=1, src=2, off=1)))
    sd.append(("r3 %s -7" % sym, dict(op=0x07 | code, dst=3, off=1, imm=-7)))
    sd.append(("w4 %s w5" % sym, dict(op=0x04 | code | 0x08, dst=4, src=5, off=1)))
    sd.append(("w6 %s 9" % sym, dict(op=0x04 | code, dst=6, off=1, imm=9)))
write("isa-sdiv-smod.s", "v4 signed division and modulo: BPF_DIV/BPF_MOD with offset 1, 64- and\n# 32-bit, register and immediate.", sd)

mv = []
for n in (8, 16, 32):
    mv.append(("r%d = (s%d)r%d" % (n // 8, n, n // 8 + 1), dict(op=0xbf, dst=n // 8, src=n // 8 + 1, off=n)))
for n in (8, 16):
    mv.append(("w%d = (s%d)w%d" % (n // 8 + 5, n, n // 8 + 6), dict(op=0xbc, dst=n // 8 + 5, src=n // 8 + 6, off=n)))
write("isa-movsx.s", "v4 sign-extending moves: BPF_MOV with offset 8, 16, 32 (BPF_ALU64) and\n# 8, 16 (BPF_ALU).", mv)

lx = [("r1 = *(s8 *)(r2 + 1)", dict(op=0x91, dst=1, src=2, off=1)),
      ("r3 = *(s16 *)(r4 - 2)", dict(op=0x89, dst=3, src=4, off=-2)),
      ("r5 = *(s32 *)(r10 - 32768)", dict(op=0x81, dst=5, src=10, off=-32768))]
write("isa-ldsx.s", "v4 sign-extending loads: BPF_LDX | BPF_MEMSX (0x81, 0x89, 0x91).", lx)

gl = [("gotol +1", dict(op=0x06, imm=1)), ("gotol -1", dict(op=0x06, imm=-1)),
      ("gotol +40000", dict(op=0x06, imm=40000)), ("gotol -2147483648", dict(op=0x06, imm=-2147483648)),
      ("gotol +2147483647", dict(op=0x06, imm=2147483647))]
write("isa-gotol.s", "v4 long jump: BPF_JMP32 | BPF_JA (0x06) with a 32-bit offset in imm.\n# Stock llvm-mc 19 limits the offset to 16 bits (fixed by 0002).", gl, xfail=True)

ce = [("call 1", dict(op=0x85, imm=1)), ("call 212", dict(op=0x85, imm=212)),
      ("call -1", dict(op=0x85, imm=-1)), ("exit", dict(op=0x95))]
write("isa-call-exit.s", "BPF_JMP | BPF_CALL (0x85, helper call by id) and BPF_JMP | BPF_EXIT\n# (0x95). Calls with src 1/2 are covered by call-src-ld-ind-offset.s.", ce)

la = []
for i, (t, sz) in enumerate(SIZES[:3]):
    la.append(("r0 = *(%s *)skb[%d]" % (t, [4, 2, 0][i]), dict(op=0x20 | sz, imm=[4, 2, 0][i])))
    la.append(("r0 = *(%s *)skb[r%d]" % (t, i + 1), dict(op=0x40 | sz, src=i + 1)))
write("isa-ld-abs-ind.s", "Legacy packet access: BPF_LD | BPF_ABS (0x20, 0x28, 0x30) and\n# BPF_LD | BPF_IND (0x40, 0x48, 0x50). A non-zero BPF_IND immediate is covered\n# by call-src-ld-ind-offset.s.", la)
