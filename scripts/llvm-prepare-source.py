#!/usr/bin/env python3
"""Prepare the patched LLVM BPF source subset that llvm-patches/ builds.

Steps (each prints a progress line):
  1. check that the installed llvm-19 is the Debian version the series is
     written against (the patched BPF target links against its static libs);
  2. download Debian's llvm-toolchain-19 source of that version into
     <cache>/llvm-src with `apt-get source --download-only` (files already
     there are reused after their SHA-256 is checked against the .dsc);
  3. extract only the subset the build needs from the orig tarball: the BPF
     target, the sources of llc/llvm-mc/llvm-objdump/opt, upstream's BPF
     tests, and every directory a patch of the series touches;
  4. apply Debian's own quilt patches, restricted to that subset;
  5. apply llvm-patches/series in order with `git apply -p1` at the
     monorepo root; a patch that does not apply stops the build, named.

The result is keyed on the content of everything that goes into it (version,
Debian patches, series, each patch, this script): an unchanged key means no
work. A changed key re-extracts into a scratch folder and then updates the
output tree file by file, so files whose content did not change keep their
time stamps and the build recompiles only what a patch changed.

Also written: <out>/bpfd-source.cmake, read by llvm-patches/CMakeLists.txt
(the LLVM library folders, besides lib/Target/BPF, that the series patches).
"""
import argparse
import filecmp
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# What the build always needs, relative to the monorepo root.
BASE_SUBSET = [
    "llvm/lib/Target/BPF",
    "llvm/tools/llc",
    "llvm/tools/llvm-mc",
    "llvm/tools/llvm-objdump",
    "llvm/tools/opt",
    "llvm/test/MC/BPF",
    "llvm/test/CodeGen/BPF",
]
STAMP_NAME = ".bpfd-source-stamp"


class PrepareError(Exception):
    pass


def progress(msg):
    print("llvm-source: " + msg, flush=True)


def run(cmd, cwd=None, env=None, what=None):
    proc = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    if proc.returncode != 0:
        raise PrepareError("%s failed (exit %d): %s\n%s" % (
            what or cmd[0], proc.returncode, " ".join(cmd), proc.stdout.rstrip()))
    return proc.stdout


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


# --- 1. version check ------------------------------------------------------

def check_installed_version(package, version):
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    except FileNotFoundError:
        raise PrepareError("dpkg-query not found: this build needs Debian's %s" % package)
    installed = out.stdout.strip()
    if out.returncode != 0 or not installed:
        raise PrepareError("%s is not installed (dpkg-query: %s); run scripts/setup.sh"
                           % (package, out.stderr.strip()))
    if installed != version:
        raise PrepareError(
            "installed %s is version %s, but llvm-patches/ is built from the source of %s: "
            "the patched BPF target must match the static LLVM libraries it links with. "
            "Install %s=%s or rebase the series and change BPFD_LLVM_DEBIAN_VERSION."
            % (package, installed, version, package, version))


# --- 2. download -----------------------------------------------------------

def dsc_files(dsc_path):
    """{file name: sha256} from the Checksums-Sha256 field of a .dsc."""
    files, in_field = {}, False
    with open(dsc_path, errors="replace") as f:
        for line in f:
            if line.startswith("Checksums-Sha256:"):
                in_field = True
                continue
            if in_field:
                if not line.startswith(" "):
                    break
                parts = line.split()
                if len(parts) == 3:
                    files[parts[2]] = parts[0]
    if not files:
        raise PrepareError("%s: no Checksums-Sha256 field" % dsc_path)
    return files


def ensure_download(src_dir, source_pkg, version):
    upstream = version.split(":", 1)[-1]
    dsc = os.path.join(src_dir, "%s_%s.dsc" % (source_pkg, upstream))
    os.makedirs(src_dir, exist_ok=True)

    def complete():
        if not os.path.exists(dsc):
            return False
        for name, digest in dsc_files(dsc).items():
            path = os.path.join(src_dir, name)
            if not os.path.exists(path) or sha256_file(path) != digest:
                return False
        return True

    if complete():
        progress("reusing %s source in %s" % (source_pkg, src_dir))
    else:
        progress("downloading %s=%s into %s (apt-get source)" % (source_pkg, version, src_dir))
        t0 = time.time()
        run(["apt-get", "source", "--download-only", "%s=%s" % (source_pkg, version)],
            cwd=src_dir, what="apt-get source (is the deb-src entry of scripts/setup.sh there?)")
        progress("downloaded in %.1f s" % (time.time() - t0))
        if not complete():
            raise PrepareError("%s: download incomplete or checksums do not match the .dsc" % dsc)
    files = dsc_files(dsc)
    orig = [n for n in files if ".orig.tar." in n and "orig-" not in n]
    debian = [n for n in files if ".debian.tar." in n]
    if len(orig) != 1 or len(debian) != 1:
        raise PrepareError("%s: expected one orig and one debian tarball, found %s"
                           % (dsc, sorted(files)))
    return os.path.join(src_dir, orig[0]), os.path.join(src_dir, debian[0])


# --- patches ---------------------------------------------------------------

def patch_files(text, strip=1):
    """[(path, is_new)] of the files a unified/git diff touches, after
    stripping `strip` leading components."""
    out, new_file = [], False
    for line in text.splitlines():
        if line.startswith("diff --git "):
            new_file = False
        elif line.startswith("new file mode"):
            new_file = True
        elif line.startswith("+++ "):
            path = line[4:].split("\t")[0].strip()
            if path == "/dev/null":
                continue
            parts = path.split("/")
            out.append(("/".join(parts[strip:]), new_file))
            new_file = False
    return out


def read_series(series_path):
    """Patch names (and quilt options) from a series file, in order."""
    entries = []
    with open(series_path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                fields = line.split()
                entries.append((fields[0], fields[1:]))
    return entries


def under(path, prefixes):
    return any(path == p or path.startswith(p + "/") for p in prefixes)


def filter_patch(text, prefixes, strip):
    """Keep only the file sections of a quilt patch whose target lies in the
    subset (quilt patches may touch files we never extract)."""
    sections, current = [], None
    for line in text.splitlines(keepends=True):
        if line.startswith(("--- ", "diff ", "Index: ")) and (current is None or current[1]):
            # a new file section starts (after one that had its +++ line)
            if current is not None:
                sections.append(current)
            current = [[], False, None]
        if current is None:
            continue
        current[0].append(line)
        if line.startswith("+++ "):
            current[1] = True
            path = line[4:].split("\t")[0].strip()
            current[2] = "/".join(path.split("/")[strip:])
    if current is not None:
        sections.append(current)
    kept = [s for s in sections if s[2] and under(s[2], prefixes)]
    return "".join("".join(s[0]) for s in kept), [s[2] for s in kept]


# --- 3-5. extract and patch ------------------------------------------------

def extract(orig, top, subset, dest):
    members = ["%s/%s" % (top, p) for p in subset]
    progress("extracting %d folders from %s" % (len(members), os.path.basename(orig)))
    t0 = time.time()
    # Debian's orig.tar.xz is multi-block: xz decompresses it on 2 threads.
    decompress = ["-I", "xz -d -T2"] if orig.endswith(".xz") and shutil.which("xz") else []
    run(["tar", "-x"] + decompress + ["-f", orig, "-C", dest, "--strip-components=1"] + members,
        what="tar (extracting the LLVM subset)")
    progress("extracted in %.1f s" % (time.time() - t0))


def apply_debian_patches(debian_tar, subset, dest, scratch):
    run(["tar", "-xJf", debian_tar, "-C", scratch, "debian/patches"],
        what="tar (Debian patches)")
    pdir = os.path.join(scratch, "debian", "patches")
    applied = []
    for name, opts in read_series(os.path.join(pdir, "series")):
        strip = 1
        for o in opts:
            if o.startswith("-p"):
                strip = int(o[2:])
        path = os.path.join(pdir, name)
        if not os.path.exists(path):
            raise PrepareError("Debian patch %s is listed in debian/patches/series but missing" % name)
        with open(path, errors="surrogateescape") as f:
            text = f.read()
        kept, files = filter_patch(text, subset, strip)
        if not files:
            continue
        tmp = os.path.join(scratch, "filtered.patch")
        with open(tmp, "w", errors="surrogateescape") as f:
            f.write(kept)
        run(["patch", "-p%d" % strip, "-s", "-N", "-i", tmp], cwd=dest,
            what="Debian patch %s" % name)
        applied.append(name)
    progress("Debian patches on the subset: %s" % (", ".join(applied) or "none"))
    return applied


def apply_series(series_dir, entries, dest):
    env = dict(os.environ)
    # dest may lie inside another git work tree (a build folder in a clone):
    # stop git from finding it, or `git apply` would silently skip paths.
    env["GIT_CEILING_DIRECTORIES"] = os.path.dirname(os.path.abspath(dest))
    for i, (name, _opts) in enumerate(entries, 1):
        path = os.path.join(series_dir, name)
        run(["git", "apply", "-p1", "--whitespace=nowarn", path], cwd=dest, env=env,
            what="llvm-patches/%s does not apply onto Debian's LLVM %s source; patch" %
                 (name, "19.1.7"))
    progress("applied %d patches of llvm-patches/series" % len(entries))


def sync_tree(src, dst):
    """Make dst equal to src; files whose content is unchanged keep their
    time stamps. Returns the number of files written."""
    written = 0
    for root, dirs, files in os.walk(src):
        rel = os.path.relpath(root, src)
        droot = os.path.join(dst, rel)
        os.makedirs(droot, exist_ok=True)
        for name in files:
            s, d = os.path.join(root, name), os.path.join(droot, name)
            if os.path.isfile(d) and not os.path.islink(d) and filecmp.cmp(s, d, shallow=False):
                continue
            if os.path.lexists(d):
                os.remove(d)
            shutil.copy2(s, d)
            os.utime(d)  # a changed file must look newer than its objects
            written += 1
    for root, dirs, files in os.walk(dst, topdown=False):
        rel = os.path.relpath(root, dst)
        sroot = os.path.join(src, rel)
        for name in files:
            if name != STAMP_NAME and not os.path.lexists(os.path.join(sroot, name)):
                os.remove(os.path.join(root, name))
        if not os.path.isdir(sroot) and root != dst:
            os.rmdir(root)
    return written


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--version", required=True, help="Debian version, e.g. 1:19.1.7-3~deb12u1")
    ap.add_argument("--binary-package", default="llvm-19")
    ap.add_argument("--source-package", default="llvm-toolchain-19")
    ap.add_argument("--cache-dir", required=True, help="BPFD_CACHE_DIR")
    ap.add_argument("--series-dir", required=True, help="llvm-patches/")
    ap.add_argument("--out", required=True, help="the patched source root (monorepo layout)")
    ap.add_argument("--extra-path", action="append", default=[],
                    help="another monorepo path to extract")
    args = ap.parse_args()
    args.series_dir = os.path.abspath(args.series_dir)
    args.out = os.path.abspath(args.out)

    try:
        check_installed_version(args.binary_package, args.version)
        series = read_series(os.path.join(args.series_dir, "series"))
        touched = []
        for name, _ in series:
            path = os.path.join(args.series_dir, name)
            if not os.path.exists(path):
                raise PrepareError("llvm-patches/series names %s, which does not exist" % name)
            with open(path, errors="surrogateescape") as f:
                touched += patch_files(f.read())
        # Existing folders a patch touches are extracted whole; folders a
        # patch creates are not in the tarball.
        dirs_existing = {os.path.dirname(p) for p, new in touched if not new}
        subset = sorted(set(BASE_SUBSET + args.extra_path) |
                        {d for d in dirs_existing if not under(d, BASE_SUBSET)})
        # LLVM libraries besides the BPF target that the series changes.
        lib_dirs = sorted({os.path.dirname(p) for p, _ in touched
                           if p.startswith("llvm/lib/") and not p.startswith("llvm/lib/Target/BPF/")
                           and p.endswith((".cpp", ".h", ".td", ".def", ".inc"))})

        key = hashlib.sha256()
        key.update(("%s\n%s\n" % (args.version, "\n".join(subset))).encode())
        with open(os.path.abspath(__file__), "rb") as f:
            key.update(f.read())
        with open(os.path.join(args.series_dir, "series"), "rb") as f:
            key.update(f.read())
        for name, _ in series:
            with open(os.path.join(args.series_dir, name), "rb") as f:
                key.update(f.read())
        key = key.hexdigest()
        stamp = os.path.join(args.out, STAMP_NAME)
        if os.path.exists(stamp) and open(stamp).read().strip() == key:
            progress("source up to date in %s (%d patches)" % (args.out, len(series)))
            return 0

        orig, debian_tar = ensure_download(os.path.join(args.cache_dir, "llvm-src"),
                                           args.source_package, args.version)
        # The folder inside the tarball, e.g. llvm-toolchain-19_19.1.7.
        top = os.path.basename(orig).split(".orig.tar.")[0]
        parent = os.path.dirname(args.out)
        os.makedirs(parent, exist_ok=True)
        # The unpatched subset (Debian's orig + Debian's patches) is kept next
        # to the output, keyed on its own inputs: a new patch in the series
        # re-applies the series onto it without decompressing 164 MB again.
        pristine = args.out + "-pristine"
        pkey = hashlib.sha256(("%s\n%s\n%s\n" % (
            os.path.basename(orig), os.path.basename(debian_tar), "\n".join(subset))).encode())
        pkey = pkey.hexdigest()
        pstamp = os.path.join(pristine, STAMP_NAME)
        if not (os.path.exists(pstamp) and open(pstamp).read().strip() == pkey):
            shutil.rmtree(pristine, ignore_errors=True)
            with tempfile.TemporaryDirectory(prefix="llvm-src.", dir=parent) as scratch:
                tree = os.path.join(scratch, "tree")
                os.makedirs(tree)
                extract(orig, top, subset, tree)
                apply_debian_patches(debian_tar, subset, tree, scratch)
                os.rename(tree, pristine)
            with open(pstamp, "w") as f:
                f.write(pkey + "\n")
        else:
            progress("reusing the unpatched subset in %s" % pristine)
        with tempfile.TemporaryDirectory(prefix="llvm-src.", dir=parent) as scratch:
            tree = os.path.join(scratch, "tree")
            shutil.copytree(pristine, tree, symlinks=True,
                            ignore=shutil.ignore_patterns(STAMP_NAME))
            apply_series(args.series_dir, series, tree)
            with open(os.path.join(tree, "bpfd-source.cmake"), "w") as f:
                f.write("# Written by scripts/llvm-prepare-source.py; do not edit.\n")
                f.write("set(BPFD_LLVM_PATCHED_LIB_DIRS %s)\n" % " ".join(lib_dirs))
                f.write("set(BPFD_LLVM_SERIES_LENGTH %d)\n" % len(series))
            os.makedirs(args.out, exist_ok=True)
            if os.path.exists(stamp):
                os.remove(stamp)
            written = sync_tree(tree, args.out)
        with open(stamp, "w") as f:
            f.write(key + "\n")
        progress("source ready in %s (%d files changed)" % (args.out, written))
        return 0
    except PrepareError as e:
        print("llvm-source: error: %s" % e, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
