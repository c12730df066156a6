"""Kernel modules for a QEMU guest beyond the harness's own virtio ones.

A real device has its file systems loaded; the guest that captures a target's
facts must too, or tools that look for a file system's symbols in kallsyms
(ext4dist, btrfsslower, ...) refuse the target. The cached kernel keeps only
the virtio modules (scripts/fetch-kernel.sh), so the modules asked for and
their dependencies (the `depends=` field of each module's .modinfo) are taken
from the same Debian kernel package, downloaded with apt-get (a kernel of
another suite, as scripts/fetch-kernel.sh --suite fetched it: through
scripts/debian_archive.py, from linux-image-RELEASE or 7.x's
linux-modules-RELEASE; their .ko.xz/.ko.zst decompressed), into

    CACHE/guest-modules/ARCH/RELEASE/NAME.ko + load-order (+ requested)

and handed to the guest with bpfd-remote --guest-file as
/lib/modules/extra/NN-NAME.ko, which the guest init loads in name order.
Nothing is ever loaded on this host.
"""
import glob
import lzma
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

# Folders of the module tree the file systems and their dependencies live in.
TREES = ("fs", "lib", "crypto", "arch")
DEB_ARCH = {"arm64": "arm64", "x86_64": "amd64", "arm": "armhf", "s390x": "s390x",
            "ppc64le": "ppc64el", "riscv64": "riscv64"}
SUITES = ("trixie", "forky", "sid")


def progress(msg):
    print("guest-modules: " + msg, file=sys.stderr, flush=True)


def modinfo(path):
    """(depends, soft pre-dependencies, aliases) from a .ko's .modinfo."""
    with open(path, "rb") as f:
        data = f.read()
    depends, pre, aliases = [], [], []
    for field in data.split(b"\0"):
        text = field.decode("utf-8", "replace")
        if text.startswith("depends="):
            depends = [d for d in text[8:].split(",") if d]
        elif text.startswith("softdep="):  # "pre: a b post: c"
            part = None
            for word in text[8:].split():
                if word in ("pre:", "post:"):
                    part = word
                elif part == "pre:":
                    pre.append(word)
        elif text.startswith("alias="):
            aliases.append(text[6:])
    return depends, pre, aliases


def load_order(wanted, available):
    """Dependencies first, each module once (names with '_', as the kernel
    writes them in depends=). Soft pre-dependencies (libcrc32c's crc32c, a
    crypto alias its init asks for; the guest has no modprobe) are loaded too
    when some module provides them."""
    order, seen = [], set()
    info = {n: modinfo(p) for n, p in available.items()}
    alias = {}  # a crypto alias -> its provider, the portable *_generic first
    for n in sorted(info, key=lambda n: (not n.endswith("_generic"), n)):
        for a in info[n][2]:
            alias.setdefault(a, n)

    def visit(name, chain):
        name = name.replace("-", "_")
        if name in seen:
            return
        if name not in available:
            raise RuntimeError("module %s (needed by %s) is not in the kernel package"
                               % (name, " <- ".join(chain) or "the request"))
        seen.add(name)
        depends, pre, _ = info[name]
        for soft in pre:
            provider = soft.replace("-", "_") if soft.replace("-", "_") in available else \
                alias.get(soft) or alias.get("crypto-" + soft)
            if provider:
                visit(provider, [name] + chain)
        for dep in depends:
            visit(dep, [name] + chain)
        order.append(name)

    for name in wanted:
        visit(name, [])
    return order


def kernel_release(kernel_root):
    found = sorted(glob.glob(os.path.join(kernel_root, "lib", "modules", "*")))
    if not found:
        raise RuntimeError("%s: no lib/modules/RELEASE" % kernel_root)
    return os.path.basename(found[0])


def builtin(kernel_root, release, name):
    """Whether the kernel has NAME built in: its modules.builtin, else (7.x ships none) its
    config's CONFIG_ option for the module, when the module's Kconfig name is its own
    upper-cased (EXT4_FS, BTRFS_FS, XFS_FS, F2FS_FS, NFS_FS...)."""
    path = os.path.join(kernel_root, "lib", "modules", release, "modules.builtin")
    try:
        with open(path) as f:
            return any(os.path.basename(l.strip()) == name + ".ko" for l in f)
    except OSError:
        pass
    config = os.path.join(kernel_root, "boot", "config-" + release)
    try:
        text = open(config).read()
    except OSError:
        return False
    opt = name.upper().replace("-", "_")
    return re.search(r"^CONFIG_(%s|%s_FS)=y$" % (opt, opt), text, re.M) is not None


def ensure(kernel_root, arch, names, cache=None):
    """[(host .ko path, module name)] in load order, fetching them once."""
    root = os.path.realpath(kernel_root)
    release = kernel_release(root)
    names = [n.replace("-", "_") for n in names if not builtin(root, release, n)]
    if not names:
        return []
    if cache is None:  # CACHE/kernels/ARCH/ABI -> CACHE
        cache = os.path.dirname(os.path.dirname(os.path.dirname(root)))
    dest = os.path.join(cache, "guest-modules", arch, release)
    order_file = os.path.join(dest, "load-order")
    requested = os.path.join(dest, "requested")
    key = ",".join(sorted(names)) + "\n"
    if not os.path.exists(order_file) or not os.path.exists(requested) or \
            open(requested).read() != key:
        fetch(arch, release, names, dest)
        with open(requested, "w") as f:
            f.write(key)
    with open(order_file) as f:
        order = [l.strip() for l in f if l.strip()]
    return [(os.path.join(dest, n + ".ko"), n) for n in order]


def download(arch, release, work):
    """The .deb holding RELEASE's modules: bookworm's through apt, another suite's through
    debian_archive.py (linux-image-RELEASE, or 7.x's linux-modules-RELEASE)."""
    pkg = "linux-image-%s:%s" % (release, DEB_ARCH[arch])
    progress("downloading the package of %s's modules" % release)
    if subprocess.run(["apt-get", "download", "-q", pkg], cwd=work, stdout=subprocess.DEVNULL,
                      stderr=subprocess.DEVNULL).returncode == 0:
        return glob.glob(os.path.join(work, "*.deb"))[0]
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    import debian_archive
    for suite in SUITES:
        try:
            s = debian_archive.Suite(suite)
        except debian_archive.ArchiveError:
            continue
        for name in ("linux-modules-" + release, "linux-image-" + release):
            entries = s.packages(DEB_ARCH[arch], re.compile(re.escape(name)))
            if name in entries and entries[name].get("Installed-Size", "1") != "0":
                try:
                    return s.download(DEB_ARCH[arch], name, work)
                except debian_archive.ArchiveError as e:
                    raise RuntimeError(str(e))
    raise RuntimeError("no suite serves the modules of %s (%s)" % (release, pkg))


def extract(deb, release, tree):
    """The modules of TREES from the package's lib/modules or usr/lib/modules, decompressed:
    {module name: path}."""
    want = re.compile(r"^\./(?:usr/)?lib/modules/%s/kernel/(?:%s)/.*\.ko(\.xz|\.zst)?$" %
                      (re.escape(release), "|".join(TREES)))
    available = {}
    dpkg = subprocess.Popen(["dpkg", "--fsys-tarfile", deb], stdout=subprocess.PIPE)
    with tarfile.open(fileobj=dpkg.stdout, mode="r|") as tar:
        for m in tar:
            match = want.match(m.name)
            if not m.isfile() or not match:
                continue
            data = tar.extractfile(m).read()
            if match.group(1) == ".xz":
                data = lzma.decompress(data)
            elif match.group(1) == ".zst":
                data = subprocess.run(["zstd", "-dc"], input=data, stdout=subprocess.PIPE,
                                      check=True).stdout
            base = os.path.basename(m.name)
            base = base[:base.index(".ko")]
            out = os.path.join(tree, base + ".ko")
            with open(out, "wb") as f:
                f.write(data)
            available[base.replace("-", "_")] = out
    dpkg.stdout.close()
    if dpkg.wait() != 0:
        raise RuntimeError("dpkg --fsys-tarfile %s failed" % deb)
    return available


def fetch(arch, release, names, dest):
    work = tempfile.mkdtemp(prefix="guest-modules-")
    try:
        deb = download(arch, release, work)
        progress("taking the modules %s from %s" % (", ".join(names), os.path.basename(deb)))
        tree = os.path.join(work, "root")
        os.makedirs(tree)
        available = extract(deb, release, tree)
        order = load_order(names, available)
        shutil.rmtree(dest, ignore_errors=True)
        os.makedirs(dest)
        for n in order:
            shutil.copyfile(available[n], os.path.join(dest, n + ".ko"))
        with open(os.path.join(dest, "load-order.tmp"), "w") as f:
            f.write("\n".join(order) + "\n")
        os.replace(os.path.join(dest, "load-order.tmp"), os.path.join(dest, "load-order"))
        progress("%d modules in %s: %s" % (len(order), dest, " ".join(order)))
    finally:
        shutil.rmtree(work, ignore_errors=True)


def guest_file_args(modules):
    """bpfd-remote --guest-file arguments that load the modules in order."""
    args = []
    for i, (path, name) in enumerate(modules):
        args += ["--guest-file", "%s=/lib/modules/extra/%02d-%s.ko" % (path, i + 1, name)]
    return args
