#!/usr/bin/env python3
"""Make a minimal configured O= build folder for another architecture.

usage: configured-tree.py SRCTREE KERNEL_ARCH OUT CONFIG_NAME[=VALUE]...
       configured-tree.py SRCTREE PRESET OUT     (PRESET: %s)

SRCTREE is a kernel source tree, or Debian's linux-headers-ABI-FLAVOUR folder
(its sibling linux-headers-ABI-common is the source tree then).

The Debian kernels the tests use exist only for arm64 and amd64, but the
-common source tree holds every architecture's headers. This writes what
`make O=OUT ARCH=KERNEL_ARCH olddefconfig prepare` leaves that the headers
need: .config and include/generated/autoconf.h with the given CONFIG_ names
set to y (or to VALUE), version.h (LINUX_VERSION_CODE of the source tree's Makefile),
utsrelease.h, and the generic-y / mandatory-y wrappers of asm/ and uapi/asm/
the Kbuild files ask for, plus the `source` link to SRCTREE.
"""
import os
import re
import sys


# The smallest configurations under which the 6.1 headers a BCC program
# includes parse for each architecture (each arch's own Kconfig selects).
PRESETS = {
    "arm": ("arm", ["ARM", "MMU", "AEABI", "CPU_32v7", "BPF_SYSCALL"]),
    "riscv64": ("riscv", ["RISCV", "64BIT", "MMU", "BPF_SYSCALL"]),
    "s390x": ("s390", ["S390", "64BIT", "MMU", "ARCH_HAS_SYSCALL_WRAPPER",
                       "BPF_SYSCALL", "COMMAND_LINE_SIZE=4096"]),
    "ppc64le": ("powerpc", ["PPC", "PPC64", "PPC_BOOK3S", "PPC_BOOK3S_64",
                            "CPU_LITTLE_ENDIAN", "64BIT", "MMU",
                            "ARCH_HAS_SYSCALL_WRAPPER", "BPF_SYSCALL",
                            "PPC_PAGE_SHIFT=16", "KERNEL_START=0xc000000000000000",
                            "PAGE_OFFSET=0xc000000000000000", "PHYSICAL_START=0x0",
                            "THREAD_SHIFT=14", "THREAD_INFO_IN_TASK", "CC_IS_CLANG"]),
}


def kbuild_list(path, var):
    if not os.path.exists(path):
        return []
    text = open(path).read().replace("\\\n", " ")
    names = []
    for m in re.finditer(r"^%s\s*\+?=\s*(.*)$" % var, text, re.M):
        names += m.group(1).split()
    return names


def wrappers(src, arch, out, sub):
    """asm wrappers for `sub` ("" or "uapi/"), as scripts/Makefile.asm-generic."""
    arch_dir = os.path.join(src, "arch", arch, "include", sub + "asm")
    gen_dir = os.path.join(out, "arch", arch, "include", "generated", sub + "asm")
    os.makedirs(gen_dir, exist_ok=True)
    names = kbuild_list(os.path.join(src, "include", sub + "asm-generic", "Kbuild"), "mandatory-y")
    names += kbuild_list(os.path.join(arch_dir, "Kbuild"), "generic-y")
    for name in names:
        if os.path.exists(os.path.join(arch_dir, name)):
            continue
        with open(os.path.join(gen_dir, name), "w") as f:
            f.write("#include <asm-generic/%s>\n" % name)


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__ % ", ".join(PRESETS))
    src, arch, out, configs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    if not configs and arch in PRESETS:
        arch, configs = PRESETS[arch]
    if not os.path.exists(os.path.join(src, "include", "linux", "kconfig.h")):
        src = os.path.join(os.path.dirname(os.path.abspath(src)),
                           os.path.basename(os.path.abspath(src)).rsplit("-", 1)[0] + "-common")
    if not os.path.isdir(os.path.join(src, "arch", arch, "include")):
        sys.exit("configured-tree.py: %s has no arch/%s/include" % (src, arch))
    os.makedirs(os.path.join(out, "include", "generated", "uapi", "linux"), exist_ok=True)
    link = os.path.join(out, "source")
    if os.path.islink(link):
        os.remove(link)
    os.symlink(os.path.abspath(src), link)
    with open(os.path.join(out, ".config"), "w") as cfg, \
         open(os.path.join(out, "include", "generated", "autoconf.h"), "w") as h:
        for item in configs:
            name, _, value = item.partition("=")
            cfg.write("CONFIG_%s=%s\n" % (name, value or "y"))
            h.write("#define CONFIG_%s %s\n" % (name, value or "1"))
    mk = open(os.path.join(src, "Makefile")).read()
    ver = [int(re.search(r"^%s = (\d+)" % k, mk, re.M).group(1))
           for k in ("VERSION", "PATCHLEVEL", "SUBLEVEL")]
    code = (ver[0] << 16) + (ver[1] << 8) + min(ver[2], 255)
    with open(os.path.join(out, "include", "generated", "uapi", "linux", "version.h"), "w") as f:
        f.write("#define LINUX_VERSION_CODE %d\n" % code)
        f.write("#define KERNEL_VERSION(a,b,c) (((a) << 16) + ((b) << 8) + ((c) > 255 ? 255 : (c)))\n")
    with open(os.path.join(out, "include", "generated", "utsrelease.h"), "w") as f:
        f.write('#define UTS_RELEASE "%d.%d.%d-%s"\n' % (ver[0], ver[1], ver[2], arch))
    wrappers(src, arch, out, "")
    wrappers(src, arch, out, "uapi/")


if __name__ == "__main__":
    main()
