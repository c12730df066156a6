#!/usr/bin/env python3
"""Writes what a kernel with CONFIG_IKHEADERS carries as
/sys/kernel/kheaders.tar.xz, from Debian's split headers of that kernel:
include/ and arch/KARCH/include/ of the -common tree, then of the -FLAVOUR
tree (its generated headers: autoconf.h, utsrelease.h, version.h), *.h files
only, as the kernel's gen_kheaders.sh does.

  make-kheaders.py HEADERS_FLAVOUR_TREE KARCH OUT.tar.xz
"""
import io
import lzma
import os
import sys
import tarfile


def main():
    tree, karch, out = sys.argv[1:4]
    base = os.path.basename(tree.rstrip("/"))
    common = os.path.join(os.path.dirname(tree.rstrip("/")), base[:base.rfind("-")] + "-common")
    members = {}
    for root in (common, tree):
        for top in ("include", os.path.join("arch", karch, "include")):
            for d, _, files in os.walk(os.path.join(root, top)):
                for f in files:
                    if f.endswith(".h"):
                        path = os.path.join(d, f)
                        members[os.path.relpath(path, root)] = path
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.GNU_FORMAT) as tar:
        for rel in sorted(members):
            tar.add(members[rel], arcname="./" + rel, recursive=False)
    with open(out, "wb") as f:
        f.write(lzma.compress(raw.getvalue(), preset=1))


if __name__ == "__main__":
    main()
