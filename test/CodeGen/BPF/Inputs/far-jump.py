#!/usr/bin/env python3
"""Print an LLVM IR function with a jump longer than a 16-bit BPF offset.

  far-jump.py stores N   a conditional jump over N volatile stores of
                         constants (two instructions each before v4)
  far-jump.py asm N      a `goto` over an inline asm block of N instructions
                         (`.rept N`), which codegen cannot count
"""
import sys


def stores(n):
    print("define void @far_stores(ptr %p, i64 %c) {")
    print("entry:")
    print("  %t = icmp eq i64 %c, 0")
    print("  br i1 %t, label %out, label %body")
    # Blocks of 64 stores: instruction selection and scheduling stay linear
    # (one block of tens of thousands of stores takes minutes).
    print("body:")
    for i in range(n):
        if i and i % 64 == 0:
            print("  br label %%b%d" % i)
            print("b%d:" % i)
        print("  store volatile i64 %d, ptr %%p" % (i & 0x7fff))
    print("  br label %out")
    print("out:")
    print("  ret void")
    print("}")


def inline_asm(n):
    print("define void @far_asm(ptr %p, i64 %c) {")
    print("entry:")
    print("  %t = icmp eq i64 %c, 0")
    print("  br i1 %t, label %short, label %long")
    print("short:")
    print("  store volatile i64 1, ptr %p")
    print("  br label %out")
    print("long:")
    print('  call void asm sideeffect ".rept %d\\0Ar0 = 0\\0A.endr", ""()' % n)
    print("  br label %out")
    print("out:")
    print("  ret void")
    print("}")


def main(argv):
    if len(argv) != 3 or argv[1] not in ("stores", "asm") or not argv[2].isdigit():
        sys.stderr.write("usage: far-jump.py stores|asm N\n")
        return 2
    (stores if argv[1] == "stores" else inline_asm)(int(argv[2]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
