# lit configuration for the BPFd toolkit's own suites.
#
# Tools under test come from the build (build/bin). With `--param tools=stock`
# the LLVM tools the patch series changes (llc, llvm-mc, llvm-objdump, opt) are
# Debian's stock LLVM 19 instead, and the feature `stock-tools` is set: every
# test of a patch says `XFAIL: stock-tools`, so this run proves that the test
# catches the bug it was written for.
import os
import shutil
import sys

import lit.formats
import lit.util

config.name = "bpfd-toolkit"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".s", ".ll", ".c", ".test", ".txt"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py", "CMakeLists.txt", "README.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.bpfd_binary_dir, "test")

PATCHED_LLVM_TOOLS = ["llc", "llvm-mc", "llvm-objdump", "opt"]
STOCK_LLVM_TOOLS = ["FileCheck", "not", "count", "split-file", "llvm-readelf",
                    "llvm-readobj", "llvm-objcopy", "llvm-strip", "llvm-nm",
                    "llvm-dwarfdump", "yaml2obj", "obj2yaml", "llvm-ar"]

tools_mode = lit_config.params.get("tools", "ours")
if tools_mode not in ("ours", "stock"):
    lit_config.fatal("--param tools= takes 'ours' or 'stock', not %r" % tools_mode)
llvm_bin = os.path.join(config.llvm_prefix, "bin")

# A folder of links that holds exactly the tools a RUN line may call by name,
# so that a tool missing from the build can never fall back to a stock one.
link_dir = os.path.join(config.test_exec_root, "lit-tools-" + tools_mode)
os.makedirs(link_dir, exist_ok=True)
def _link(name, target):
    """Put `name` in link_dir: a link to target, or, where target is not
    built, a stub that fails loudly (never a fall-through to another PATH
    entry such as Debian's /usr/bin/llvm-mc of LLVM 14)."""
    path = os.path.join(link_dir, name)
    if os.path.islink(path) or os.path.exists(path):
        os.remove(path)
    if os.path.exists(target):
        os.symlink(target, path)
        return
    with open(path, "w") as stub:
        stub.write("#!/bin/sh\necho '%s: not built (expected at %s)' >&2\nexit 127\n"
                   % (name, target))
    os.chmod(path, 0o755)

for tool in PATCHED_LLVM_TOOLS:
    base = config.bpfd_tools_dir if tools_mode == "ours" else llvm_bin
    _link(tool, os.path.join(base, tool))
for tool in STOCK_LLVM_TOOLS:
    _link(tool, os.path.join(llvm_bin, tool))
_link("clang", os.path.join(llvm_bin, "clang"))

if tools_mode == "stock":
    config.available_features.add("stock-tools")
else:
    config.available_features.add("our-tools")

path = [link_dir, config.bpfd_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))]
config.environment["PATH"] = os.pathsep.join(path)

# Substitutions shared by the suites.
config.substitutions.append(("%bpfd_src", config.bpfd_source_dir))
config.substitutions.append(("%bpfd_build", config.bpfd_binary_dir))
config.substitutions.append(("%bpfd_cache", config.bpfd_cache_dir))
config.substitutions.append(("%bin", config.bpfd_tools_dir))
config.substitutions.append(("%python", sys.executable))

# Debian kernels fetched by the fetch-kernels target:
#   %kernel_arm64   the unpacked package root (boot/, lib/modules/, usr/src/)
#   %headers_arm64  its linux-headers-ABI-arm64 tree (the -common tree is its sibling)
import glob
for arch, flavour in (("arm64", "arm64"), ("x86_64", "amd64")):
    root = os.path.join(config.bpfd_cache_dir, "kernels", arch, "current")
    config.substitutions.append(("%%kernel_%s" % arch, root))
    trees = sorted(glob.glob(os.path.join(root, "usr", "src", "linux-headers-*-" + flavour)))
    config.substitutions.append(("%%headers_%s" % arch,
                                 trees[0] if trees else os.path.join(root, "missing-headers")))
    if trees:
        config.available_features.add("kernel-" + arch)

# Features describing what this machine can run.
for qemu, feature in (("qemu-system-aarch64", "qemu-arm64"), ("qemu-system-x86_64", "qemu-x86_64")):
    if shutil.which(qemu):
        config.available_features.add(feature)

# chromium: the flame graph's browser test (test/flamegraph/browser.test).
# Under CI=true the feature is set whether chromium is installed or not, so a
# missing browser fails that test instead of skipping it: no silent skips in CI.
if shutil.which("chromium") or os.environ.get("CI", "").lower() == "true":
    config.available_features.add("chromium")

# Pass through what the harnesses need.
for var in ("HOME", "TMPDIR", "BPFD_CACHE_DIR", "BPFD_QEMU_TIMEOUT", "CI", "BPFD_SMOKE_FULL"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
config.environment.setdefault("BPFD_CACHE_DIR", config.bpfd_cache_dir)
