#!/usr/bin/env python3
"""Make a Debian-style split header tree whose top-level Makefile is ours.

usage: dialect-tree.py HEADERS OUT MAKEFILE [CONFIG_LINE...]

HEADERS is a linux-headers-ABI-FLAVOUR folder (its -common sibling is the
source tree). OUT/flavour is a copy of it whose Makefile includes
OUT/common/Makefile, and whose .config has the CONFIG_LINEs added;
OUT/common links every entry of the real -common tree but its Makefile,
which is the file MAKEFILE. bpf-xcc --kernel OUT/flavour then reads the
dialect flags from MAKEFILE alone.
"""
import os
import shutil
import sys


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    headers, out, makefile, config_lines = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    headers = os.path.abspath(headers)
    name = os.path.basename(headers)
    common = os.path.join(os.path.dirname(headers), name.rsplit("-", 1)[0] + "-common")
    out = os.path.abspath(out)
    shutil.rmtree(out, ignore_errors=True)
    flavour_out, common_out = os.path.join(out, "flavour"), os.path.join(out, "common")
    shutil.copytree(headers, flavour_out, symlinks=True)
    with open(os.path.join(flavour_out, "Makefile"), "w") as f:
        f.write("include %s/Makefile\n" % common_out)
    with open(os.path.join(flavour_out, ".config"), "a") as f:
        for line in config_lines:
            f.write(line + "\n")
    os.makedirs(common_out)
    for entry in os.listdir(common):
        if entry != "Makefile":
            os.symlink(os.path.join(common, entry), os.path.join(common_out, entry))
    shutil.copy(makefile, os.path.join(common_out, "Makefile"))


if __name__ == "__main__":
    main()
