#!/usr/bin/env python3
"""Rewrites an object's first .BTF.ext func_info record to name BTF type 1
(no function), a func_info every kernel refuses: stands for a kernel that
does not take the object's func_info (too old for it)."""
import struct
import sys

data = bytearray(open(sys.argv[1], "rb").read())
shoff, = struct.unpack_from("<Q", data, 0x28)
shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
def section(i):
    name, _type, _flags, _addr, off, size = struct.unpack_from("<IIQQQQ", data, shoff + i * shentsize)
    return name, off, size
_, stroff, _ = section(shstrndx)
for i in range(shnum):
    name, off, size = section(i)
    if data[stroff + name:].split(b"\0", 1)[0] == b".BTF.ext":
        hdr_len, func_off, func_len = struct.unpack_from("<III", data, off + 4)
        table = off + hdr_len + func_off
        # rec_size, then sec_name_off, num_info, then the first record (insn_off, type_id).
        struct.pack_into("<I", data, table + 4 + 8 + 4, 1)
        open(sys.argv[2], "wb").write(data)
        sys.exit(0)
sys.exit("no .BTF.ext in " + sys.argv[1])
