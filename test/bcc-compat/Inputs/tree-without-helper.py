#!/usr/bin/env python3
"""Copy a configured tree whose source declares fewer BPF helpers.

usage: tree-without-helper.py BUILD_DIR OUT HELPER...

Makes OUT/build, a copy of the configured (build) folder BUILD_DIR (Debian's
linux-headers-ABI-FLAVOUR), whose `source` link points at OUT/source: a
shadow of BUILD_DIR's source tree (linked file by file) in which
include/uapi/linux/bpf.h lacks the FN(HELPER...) entries, as in a kernel
older than the helpers (bpf_probe_read_kernel/_user came with 5.5).
"""
import os
import re
import shutil
import sys


def shadow(src, dst, keep_path):
    """Link every entry of src into dst, recursing only along keep_path."""
    os.makedirs(dst, exist_ok=True)
    head, rest = keep_path[0], keep_path[1:]
    for name in os.listdir(src):
        if name == head and rest:
            shadow(os.path.join(src, name), os.path.join(dst, name), rest)
        elif name != head:
            os.symlink(os.path.join(src, name), os.path.join(dst, name))


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    build, out, helpers = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3:]
    base = os.path.basename(build)
    src = os.path.join(os.path.dirname(build), base.rsplit("-", 1)[0] + "-common")
    if os.path.exists(os.path.join(build, "include", "linux", "kconfig.h")):
        src = build
    shutil.rmtree(out, ignore_errors=True)
    path = ["include", "uapi", "linux", "bpf.h"]
    shadow(src, os.path.join(out, "source"), path)
    text = open(os.path.join(src, *path)).read()
    pattern = r"^.*\bFN\((%s)\b.*\n" % "|".join(map(re.escape, helpers))
    text, n = re.subn(pattern, "", text, flags=re.M)
    if n == 0:
        sys.exit("tree-without-helper.py: no FN(%s) entry in %s" % (helpers, src))
    with open(os.path.join(out, "source", *path), "w") as f:
        f.write(text)
    shutil.copytree(build, os.path.join(out, "build"), symlinks=True)
    os.symlink(os.path.abspath(os.path.join(out, "source")),
               os.path.join(out, "build", "source"))


if __name__ == "__main__":
    main()
