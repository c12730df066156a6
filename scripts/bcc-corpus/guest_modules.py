"""Kernel modules for a QEMU guest beyond the harness's own virtio ones.

A real device has its file systems loaded; the guest that captures a target's
facts must too, or tools that look for a file system's symbols in kallsyms
(ext4dist, btrfsslower, ...) refuse the target. The cached kernel keeps only
the virtio modules (scripts/fetch-kernel.sh), so the modules asked for and
their dependencies (the `depends=` field of each module's .modinfo) are taken
from the same Debian kernel package, downloaded with apt-get, into

    CACHE/guest-modules/ARCH/RELEASE/NAME.ko + load-order (+ requested)

and handed to the guest with bpfd-remote --guest-file as
/lib/modules/extra/NN-NAME.ko, which the guest init loads in name order.
Nothing is ever loaded on this host.
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile

# Folders of the module tree the file systems and their dependencies live in.
TREES = ("fs", "lib", "crypto", "arch")
DEB_ARCH = {"arm64": "arm64", "x86_64": "amd64", "arm": "armhf", "s390x": "s390x",
            "ppc64le": "ppc64el"}


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
    path = os.path.join(kernel_root, "lib", "modules", release, "modules.builtin")
    try:
        with open(path) as f:
            return any(os.path.basename(l.strip()) == name + ".ko" for l in f)
    except OSError:
        return False


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


def fetch(arch, release, names, dest):
    pkg = "linux-image-%s:%s" % (release, DEB_ARCH[arch])
    work = tempfile.mkdtemp(prefix="guest-modules-")
    try:
        progress("downloading %s for the modules %s" % (pkg, ", ".join(names)))
        subprocess.run(["apt-get", "download", "-q", pkg], cwd=work, check=True,
                       stdout=subprocess.DEVNULL)
        deb = glob.glob(os.path.join(work, "*.deb"))[0]
        tree = os.path.join(work, "root")
        os.makedirs(tree)
        patterns = ["./lib/modules/%s/kernel/%s/*" % (release, t) for t in TREES]
        tar = subprocess.Popen(["dpkg", "--fsys-tarfile", deb], stdout=subprocess.PIPE)
        subprocess.run(["tar", "-x", "-C", tree, "--wildcards"] + patterns, stdin=tar.stdout,
                       check=True)
        tar.stdout.close()
        if tar.wait() != 0:
            raise RuntimeError("dpkg --fsys-tarfile %s failed" % deb)
        available = {}
        for ko in glob.glob(os.path.join(tree, "lib", "modules", release, "kernel", "**", "*.ko"),
                            recursive=True):
            available[os.path.basename(ko)[:-3].replace("-", "_")] = ko
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
