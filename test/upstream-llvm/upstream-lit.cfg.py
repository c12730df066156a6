# lit configuration for upstream LLVM's own BPF tests (llvm/test/MC/BPF and
# llvm/test/CodeGen/BPF of the Debian source the series is applied to), run
# against our patched tools as a regression gate: the series must not break
# one of them.
#
# The tests come from the patched source tree in the build folder, so a patch
# that changes or adds an upstream test is gated by its own version. The
# suite is listed in <build>/test/extra-suites.txt; scripts/run-lit.py runs
# it after our own suites. (This file is not named lit.cfg.py so that the
# project's suite in test/ does not pick it up as a nested suite.)
import os
import platform
import sys

import lit.formats

config.name = "upstream-llvm-BPF"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".s", ".mir", ".test", ".txt", ".yaml"]
config.test_source_root = config.upstream_test_dir
config.test_exec_root = config.upstream_exec_dir

# Only the BPF folders are run; anything else a tree may hold is excluded.
GATED = {"MC": "BPF", "CodeGen": "BPF"}
excludes = {"Inputs", "CMakeLists.txt", "README.txt", "LICENSE.txt", "lit.local.cfg"}
root = config.upstream_test_dir
for name in os.listdir(root):
    if name not in GATED:
        excludes.add(name)
    elif os.path.isdir(os.path.join(root, name)):
        excludes |= {n for n in os.listdir(os.path.join(root, name)) if n != GATED[name]}
config.excludes = sorted(excludes - set(GATED.values()) - set(GATED))

# Upstream's lit.local.cfg files test `config.root.targets`: the build
# registers exactly one target.
config.targets = frozenset(["BPF"])
config.available_features.add("bpf-registered-target")
# Upstream's meaning of x86_64-linux: the host (and default triple) is
# x86_64 Linux, e.g. for tests that assume a little-endian host.
if sys.platform.startswith("linux") and platform.machine() == "x86_64":
    config.available_features.add("x86_64-linux")
if sys.byteorder == "little":
    config.available_features.add("host-byteorder-little-endian")
else:
    config.available_features.add("host-byteorder-big-endian")

# PATH: a folder of links to exactly our patched tools (a stub that fails
# where one is not built: never a fall-through to Debian's), then Debian's
# LLVM 19 for FileCheck, not, count, llvm-dis, llvm-readelf, ...
PATCHED = ["llc", "llvm-mc", "llvm-objdump", "opt"]
link_dir = os.path.join(config.test_exec_root, "tools")
os.makedirs(link_dir, exist_ok=True)
for tool in PATCHED:
    path = os.path.join(link_dir, tool)
    target = os.path.join(config.bpfd_tools_dir, tool)
    if os.path.lexists(path):
        os.remove(path)
    if os.path.exists(target):
        os.symlink(target, path)
    else:
        with open(path, "w") as stub:
            stub.write("#!/bin/sh\necho '%s: not built (expected at %s)' >&2\nexit 127\n"
                       % (tool, target))
        os.chmod(path, 0o755)
config.environment["PATH"] = os.pathsep.join(
    [link_dir, os.path.join(config.llvm_prefix, "bin"), os.environ.get("PATH", "")])

config.substitutions.append(("%llc_dwarf", "llc"))
config.substitutions.append(("%python", '"%s"' % sys.executable))
