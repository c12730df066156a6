"""Syscall numbers and names, read from the kernel UAPI header of the
target's architecture (asm/unistd.h); used by tools only to print names."""
import os
import re

from ._recorder import facts

_HEADERS = {
    "x86_64": ["/usr/include/x86_64-linux-gnu/asm/unistd_64.h"],
    "arm64": ["/usr/include/asm-generic/unistd.h"],
}


def _load():
    table = {}
    try:
        arch = facts().arch
    except RuntimeError:
        arch = "x86_64"
    for path in _HEADERS.get(arch, []):
        if not os.path.exists(path):
            continue
        with open(path) as f:
            for line in f:
                m = re.match(r"#define __NR3?2?_(\w+)\s+(\d+)\s*$", line)
                if m:
                    table.setdefault(int(m.group(2)), m.group(1).encode())
    return table


syscalls = _load()


def syscall_name(syscall_num):
    return syscalls.get(syscall_num, b"[unknown: %d]" % syscall_num)
