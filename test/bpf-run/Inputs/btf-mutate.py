#!/usr/bin/env python3
"""Rewrites one BTF type of a BPF object, for crafted-object tests.

  btf-mutate.py IN.o OUT.o array-self N   the first ARRAY of N elements
                                          becomes its own element type (a loop)
  btf-mutate.py IN.o OUT.o array-huge N   the first ARRAY of N elements holds
                                          2^32-1 of them (sizes overflow)
  btf-mutate.py IN.o OUT.o ptr-self       the first `void *` PTR points to
                                          itself (a loop)

Reads the ELF section headers and the .BTF header (little- or big-endian,
from the ELF's EI_DATA) and walks the type section by each kind's size.
"""
import struct
import sys

KIND_EXTRA = {1: 4, 2: 0, 3: 12, 4: None, 5: None, 6: None, 7: 0, 8: 0, 9: 0,
              10: 0, 11: 0, 12: 0, 13: None, 14: 4, 15: None, 16: 0, 17: 4,
              18: 0, 19: None}


def main():
    src, dst, mode = sys.argv[1:4]
    nelems = int(sys.argv[4]) if len(sys.argv) > 4 else None
    data = bytearray(open(src, "rb").read())
    end = "<" if data[5] == 1 else ">"
    shoff, = struct.unpack_from(end + "Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from(end + "HHH", data, 0x3A)

    def section(i):
        name, _, _, _, off, size = struct.unpack_from(end + "IIQQQQ", data, shoff + i * shentsize)
        return name, off, size

    _, stroff, _ = section(shstrndx)
    btf = None
    for i in range(shnum):
        name, off, size = section(i)
        n = data[stroff + name:data.index(b"\0", stroff + name)].decode()
        if n == ".BTF":
            btf = off
    if btf is None:
        sys.exit("no .BTF section in " + src)
    hdr_len, type_off, type_len = struct.unpack_from(end + "III", data, btf + 4)
    pos = btf + hdr_len + type_off
    stop = pos + type_len
    tid = 1
    while pos < stop:
        _, info, _ = struct.unpack_from(end + "III", data, pos)
        kind, vlen = (info >> 24) & 0x1F, info & 0xFFFF
        extra = KIND_EXTRA.get(kind)
        if extra is None:
            extra = {4: 12, 5: 12, 6: 8, 13: 8, 15: 12, 19: 12}[kind] * vlen
        is_array = kind == 3 and (nelems is None or
                                  struct.unpack_from(end + "I", data, pos + 20)[0] == nelems)
        if mode == "array-self" and is_array:
            struct.pack_into(end + "I", data, pos + 12, tid)
            break
        if mode == "array-huge" and is_array:
            struct.pack_into(end + "I", data, pos + 20, 0xFFFFFFFF)
            break
        if mode == "ptr-self" and kind == 2 and \
                struct.unpack_from(end + "I", data, pos + 8)[0] == 0:
            struct.pack_into(end + "I", data, pos + 8, tid)
            break
        pos += 12 + extra
        tid += 1
    else:
        sys.exit("no type for %s in %s" % (mode, src))
    open(dst, "wb").write(data)


main()
