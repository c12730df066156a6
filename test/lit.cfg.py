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
# BPFD_KERNEL_SUITE=SUITE (or --param kernel_suite=SUITE) runs the suites
# against another Debian suite's kernel (below); such a run keeps its outputs
# and facts in test-kernel-SUITE beside test, so it can run beside others.
kernel_suite = lit_config.params.get("kernel_suite") or os.environ.get("BPFD_KERNEL_SUITE", "")
kernel_suite = {"unstable": "sid", "bookworm": ""}.get(kernel_suite, kernel_suite)
config.test_exec_root = os.path.join(config.bpfd_binary_dir,
                                     "test-kernel-" + kernel_suite if kernel_suite else "test")

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

# Another cache folder (BPFD_CACHE_DIR, as the harnesses read it) moves the
# kernels the substitutions below describe (%bpfd_cache and %kernel_* alike)
# together with the guests' kernels.
config.bpfd_cache_dir = os.environ.get("BPFD_CACHE_DIR") or config.bpfd_cache_dir

# Substitutions shared by the suites.
config.substitutions.append(("%bpfd_src", config.bpfd_source_dir))
config.substitutions.append(("%bpfd_build", config.bpfd_binary_dir))
config.substitutions.append(("%bpfd_cache", config.bpfd_cache_dir))
config.substitutions.append(("%bin", config.bpfd_tools_dir))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%lit", getattr(config, "bpfd_lit", "lit")))

# What a test may REQUIRE. Each feature this machine lacks is recorded with
# the reason, in missing-features.json beside the results: scripts/run-lit.py
# names it for every test it skipped, and under CI=true (or --strict) a
# skipped test fails the run. No test is skipped silently.
missing_features = {}
def _feature(name, present, reason):
    if present:
        config.available_features.add(name)
    else:
        missing_features[name] = reason

# Debian kernels fetched by the fetch-kernels target (scripts/fetch-kernel.sh):
#   %kernel_arm64   the unpacked package root (boot/, lib/modules/, usr/src/)
#   %headers_arm64  its linux-headers-ABI-arm64 tree (the -common tree is its sibling)
# and what the fetched kernel is, so that no test names Debian's kernel ABI,
# which moves with every security upload:
#   %kernel_release_arm64       uname -r of the guest: ABI-FLAVOUR, read from boot/config-*
#   %kernel_abi_arm64           the package ABI: the release without its flavour
#   %kernel_version_code_arm64  LINUX_VERSION_CODE of the headers' generated version.h
#   %kernel_version_le32_arm64  the same as llvm-readelf -x prints a little-endian word
#   %kernel_release_code_le32_arm64  the release's first three numbers as a version
#                               code (libbpf's LINUX_KERNEL_VERSION: 6.1.0-57 is 6.1.0,
#                               not the headers' 6.1.192), as a little-endian word's hex
# and what the fetched kernel can do, read from its boot/config-*, as features
# (a test chooses its expectation with %if FEATURE %{...%} %else %{...%}):
#   bpf-trampoline-arm64        fentry/fexit attach at kernel functions
#                               (CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS: arm64 from 6.4)
#   kprobe-multi-arm64          kprobe.multi links (CONFIG_FPROBE)
#   virtio-console-module-arm64 virtio_console is a module (=m), not built in
#   kallsyms-all-arm64          kallsyms lists data symbols too (CONFIG_KALLSYMS_ALL)
# (likewise _x86_64, _arm, _s390x, _ppc64le, _riscv64; riscv64's kernel is Debian 13's). FileCheck takes them with -DNAME=%kernel_release_arm64.
# With a kernel suite (above) these substitutions, the qemu-ARCH features and
# the guests the tests boot (the qemu remote reads the same variable) all take
# kernels/ARCH/SUITE instead of kernels/ARCH/current (scripts/fetch-kernel.sh
# --suite SUITE ARCH; scripts/test-kernels.sh).
import glob
import json
import re
if kernel_suite:
    config.environment["BPFD_KERNEL_SUITE"] = kernel_suite
kernel_link = kernel_suite or "current"
kernel_abis = {}
ARCH_FLAVOURS = (("arm64", "arm64"), ("x86_64", "amd64"), ("arm", "armmp"),
                 ("s390x", "s390x"), ("ppc64le", "powerpc64le"), ("riscv64", "riscv64"))

# What a kernel can do, from its configuration: feature -> (option, value).
KERNEL_CONFIG_FEATURES = {
    "bpf-trampoline": ("CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS", "y"),
    "kprobe-multi": ("CONFIG_FPROBE", "y"),
    "virtio-console-module": ("CONFIG_VIRTIO_CONSOLE", "m"),
    "kallsyms-all": ("CONFIG_KALLSYMS_ALL", "y"),
    "kernel-btf": ("CONFIG_DEBUG_INFO_BTF", "y"),
}

def _kernel_config(path):
    """The options a kernel's config file sets: {"CONFIG_X": "y"|"m"|...}."""
    options = {}
    try:
        with open(path, errors="replace") as f:
            for line in f:
                name, eq, value = line.strip().partition("=")
                if eq and name.startswith("CONFIG_"):
                    options[name] = value
    except OSError:
        pass
    return options

def _kernel_tree(tag, arch, flavour, root):
    """Substitutions %kernel_TAGARCH, %headers_TAGARCH, %kernel_release_TAGARCH,
    %kernel_abi_TAGARCH, %kernel_version_code_TAGARCH and
    %kernel_version_le32_TAGARCH, %kernel_release_code_le32_TAGARCH and the
    features of KERNEL_CONFIG_FEATURES (FEATURE-ARCH, or FEATURE-ARCH-SUITE for
    a suite's tag) for the unpacked kernel at root; returns (its header trees,
    its ABI or None)."""
    config.substitutions.append(("%%kernel_%s%s" % (tag, arch), root))
    trees = sorted(glob.glob(os.path.join(root, "usr", "src", "linux-headers-*-" + flavour)))
    config.substitutions.append(("%%headers_%s%s" % (tag, arch),
                                 trees[0] if trees else os.path.join(root, "missing-headers")))
    configs = sorted(glob.glob(os.path.join(root, "boot", "config-*-" + flavour)))
    release = os.path.basename(configs[0])[len("config-"):] if configs else "unknown-" + flavour
    abi = release[:-len("-" + flavour)] if configs else "unknown"
    code = 0
    if trees:
        try:
            with open(os.path.join(trees[0], "include", "generated", "uapi", "linux",
                                   "version.h")) as f:
                m = re.search(r"#define LINUX_VERSION_CODE (\d+)", f.read())
                code = int(m.group(1)) if m else 0
        except OSError:
            pass
    config.substitutions.append(("%%kernel_release_%s%s" % (tag, arch), release))
    config.substitutions.append(("%%kernel_abi_%s%s" % (tag, arch), abi))
    config.substitutions.append(("%%kernel_version_code_%s%s" % (tag, arch), str(code)))
    config.substitutions.append(("%%kernel_version_le32_%s%s" % (tag, arch),
                                 code.to_bytes(4, "little").hex()))
    m = re.match(r"(\d+)\.(\d+)\.(\d+)", release)
    libbpf_code = (int(m.group(1)) << 16) + (int(m.group(2)) << 8) + min(int(m.group(3)), 255) if m else 0
    config.substitutions.append(("%%kernel_release_code_le32_%s%s" % (tag, arch),
                                 libbpf_code.to_bytes(4, "little").hex()))
    options = _kernel_config(configs[0]) if configs else {}
    suffix = arch + ("-" + tag.rstrip("_") if tag else "")
    for feature, (option, value) in KERNEL_CONFIG_FEATURES.items():
        if options.get(option) == value:
            config.available_features.add("%s-%s" % (feature, suffix))
    return trees, (abi if configs else None)

for arch, flavour in ARCH_FLAVOURS:
    root = os.path.join(config.bpfd_cache_dir, "kernels", arch, kernel_link)
    trees, abi = _kernel_tree("", arch, flavour, root)
    _feature("kernel-" + arch, trees,
             "no Debian %s kernel headers under %s (the fetch-kernels target fetches them)"
             % (arch, root))
    if abi:
        kernel_abis[arch + (" " + kernel_suite if kernel_suite else "")] = abi

# qemu-ARCH: a guest of that architecture can run: QEMU, the fetched kernel
# and the built daemon (every suite gates on the same three things).
QEMU_SYSTEM = {"arm64": "qemu-system-aarch64", "x86_64": "qemu-system-x86_64",
               "arm": "qemu-system-arm", "s390x": "qemu-system-s390x",
               "ppc64le": "qemu-system-ppc64", "riscv64": "qemu-system-riscv64"}
suite_abis = {}
for arch, qemu in QEMU_SYSTEM.items():
    kernel = os.path.join(config.bpfd_cache_dir, "kernels", arch, kernel_link, "boot")
    daemon = os.path.join(config.bpfd_tools_dir, "bpfd-" + arch)
    if not shutil.which(qemu):
        _feature("qemu-" + arch, False, "%s is not installed (scripts/setup.sh)" % qemu)
    elif not os.path.isdir(kernel):
        _feature("qemu-" + arch, False, "no guest kernel at %s (fetch-kernels target)" % kernel)
    else:
        _feature("qemu-" + arch, os.path.exists(daemon), "%s is not built" % daemon)
    _feature("bpfd-" + arch, os.path.exists(daemon), "%s is not built" % daemon)
# The newer suites' kernels, whichever suite the run is for: %kernel_SUITE_ARCH,
# %headers_SUITE_ARCH, %kernel_release_SUITE_ARCH... (as above), and the
# features kernel-ARCH-SUITE (its headers) and qemu-ARCH-SUITE (a guest of it
# can boot), e.g. qemu-arm64-trixie, kernel-x86_64-sid. The fetch-kernels
# target fetches trixie and sid for arm64 and x86_64.
for suite in ("trixie", "forky", "sid"):
    for arch, flavour in ARCH_FLAVOURS:
        root = os.path.join(config.bpfd_cache_dir, "kernels", arch, suite)
        trees, abi = _kernel_tree(suite + "_", arch, flavour, root)
        fetch = "scripts/fetch-kernel.sh --suite %s %s" % (suite, arch)
        _feature("kernel-%s-%s" % (arch, suite), trees,
                 "no %s kernel headers of %s under %s (%s)" % (arch, suite, root, fetch))
        qemu = QEMU_SYSTEM[arch]
        daemon = os.path.join(config.bpfd_tools_dir, "bpfd-" + arch)
        if not shutil.which(qemu):
            _feature("qemu-%s-%s" % (arch, suite), False, "%s is not installed (scripts/setup.sh)" % qemu)
        elif not os.path.isdir(os.path.join(root, "boot")):
            _feature("qemu-%s-%s" % (arch, suite), False,
                     "no %s guest kernel of %s at %s (%s)" % (arch, suite, root, fetch))
        else:
            _feature("qemu-%s-%s" % (arch, suite), os.path.exists(daemon), "%s is not built" % daemon)
        if abi:
            suite_abis["%s %s" % (arch, suite)] = abi
_feature("bpf-xcc", os.path.isfile(os.path.join(config.bpfd_tools_dir, "bpf-xcc")),
         "bpf-xcc is not built")
# BCC releases of Debian's suites fetched by the fetch-bcc-releases target
# (scripts/fetch-bcc.sh): %bcc_SUITE is the unpacked release (a link to its
# VERSION folder), %bcc_version_SUITE its version (no test names one).
for suite in ("bookworm", "trixie", "forky", "sid"):
    root = os.path.join(config.bpfd_cache_dir, "bcc", suite)
    config.substitutions.append(("%%bcc_version_%s" % suite, os.path.basename(os.path.realpath(root))))
    config.substitutions.append(("%%bcc_%s" % suite, root))
    _feature("bcc-" + suite, os.path.isfile(os.path.join(root, ".release")),
             "BCC of %s not fetched into %s (the fetch-bcc-releases target)" % (suite, root))
# BCC's examples as Debian's bpfcc-tools ships them (packet programs).
bcc_examples = "/usr/share/doc/bpfcc-tools/examples/networking"
config.substitutions.append(("%bcc_examples", bcc_examples))
_feature("bcc-examples", os.path.isdir(bcc_examples),
         "%s is missing: Debian's bpfcc-tools is not installed (scripts/setup.sh)" % bcc_examples)
# root: the launcher's sandbox (mount namespace, FUSE) and ldconfig -r chroot.
_feature("root", os.geteuid() == 0, "the tests run as uid %d, not root" % os.geteuid())
# chromium: the flame graph's browser test (test/flamegraph/browser.test).
_feature("chromium", shutil.which("chromium"), "chromium is not installed (scripts/setup.sh)")

# The ABIs the measured floors (corpus, smoke) and the newer suites' pass
# counts (docs/architectures.md) were taken on; run-lit.py reports a fetched
# kernel that has moved on (it is not a failure).
lock = {}
with open(os.path.join(config.bpfd_source_dir, "test", "kernel-abi.lock")) as f:
    for line in f:
        fields = line.split("#")[0].split()
        if len(fields) == 2:  # ARCH ABI: bookworm's (riscv64: trixie's)
            lock[fields[0]] = fields[1]
        elif len(fields) == 3:  # ARCH SUITE ABI
            lock[fields[0] + " " + fields[1]] = fields[2]
with open(os.path.join(config.test_exec_root, "lit-facts-%s.json" % tools_mode), "w") as f:
    json.dump({"missing_features": missing_features,
               "kernel_abis": dict(suite_abis, **kernel_abis),
               "measured_abis": lock, "kernel_suite": kernel_suite or "bookworm"}, f, indent=1)

# Pass through what the harnesses need.
for var in ("HOME", "TMPDIR", "BPFD_CACHE_DIR", "BPFD_QEMU_TIMEOUT", "CI", "BPFD_SMOKE_FULL"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
config.environment.setdefault("BPFD_CACHE_DIR", config.bpfd_cache_dir)
