#!/usr/bin/env python3
"""Packages of any Debian suite from the archive this machine's apt sources name.

The machine's own apt sources stay Debian 12's; other suites (trixie, forky,
sid) are read from the same archive without adding them: the suite's
InRelease is checked with gpgv against Debian's archive keyring, the
Packages index by the SHA256 InRelease gives, and each .deb by the SHA256
its Packages entry gives. The archive's address comes from apt itself
(`apt-get indextargets`), never from this file.

Cache: $BPFD_CACHE_DIR/debian/SUITE/{InRelease,Packages-ARCH}; an InRelease
older than six hours is fetched again (--refresh: always), so "newest" means
newest at fetch time.

  debian_archive.py show SUITE ARCH PACKAGE [FIELD...]   an entry's fields
  debian_archive.py list SUITE ARCH REGEX                 PACKAGE VERSION lines
  debian_archive.py download SUITE ARCH DEST PACKAGE...   .debs into DEST, paths on stdout
  debian_archive.py served SUITE ARCH PACKAGE...          exit 0 if the archive serves every
                                                          package's file, 1 (naming it) if not

ARCH is Debian's (amd64, arm64, armhf, s390x, ppc64el, riscv64, all). Errors
are one line on stderr naming the suite, the package and what failed; exit 1.
"""
import hashlib
import lzma
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request

KEYRING = "/usr/share/keyrings/debian-archive-keyring.gpg"
SUITE_ALIASES = {"unstable": "sid", "testing": "forky", "stable": "trixie",
                 "oldstable": "bookworm", "12": "bookworm", "13": "trixie",
                 "14": "forky"}
MAX_AGE_S = 6 * 3600


class ArchiveError(Exception):
    pass


def cache_root():
    base = os.environ.get("BPFD_CACHE_DIR")
    if not base:
        base = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build", "cache")
    return os.path.join(os.path.abspath(base), "debian")


def suite_name(suite):
    return SUITE_ALIASES.get(suite, suite)


def archive_uri():
    """The URI of the archive that serves Debian's main suites to apt here."""
    try:
        out = subprocess.run(
            ["apt-get", "indextargets", "--format", "$(REPO_URI) $(RELEASE) $(COMPONENT)"],
            capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        raise ArchiveError("cannot ask apt for its archive (apt-get indextargets): %s" % e)
    for line in out.splitlines():
        words = line.split()
        if len(words) == 3 and words[2] == "main" and re.fullmatch(r"[a-z]+", words[1]):
            return words[0].rstrip("/") + "/"
    raise ArchiveError("apt names no archive with a main component "
                       "(run apt-get update, or scripts/setup.sh)")


def fetch(url, what):
    try:
        with urllib.request.urlopen(url, timeout=120) as r:
            return r.read()
    except (urllib.error.URLError, OSError) as e:
        raise ArchiveError("cannot download %s: %s" % (what, e))


def write_atomic(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = "%s.part-%d" % (path, os.getpid())
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


class Suite:
    def __init__(self, suite, refresh=False):
        self.name = suite_name(suite)
        if not re.fullmatch(r"[a-z][a-z0-9-]*", self.name):
            raise ArchiveError("'%s' is not a Debian suite name (bookworm, trixie, forky, sid)" % suite)
        self._uri = None
        self.dir = os.path.join(cache_root(), self.name)
        self.release = self._release(refresh)
        self._texts = {}

    @property
    def uri(self):
        """The archive's URI, asked of apt only when something is downloaded
        (apt-get indextargets takes seconds)."""
        if self._uri is None:
            self._uri = archive_uri()
        return self._uri

    def _release(self, refresh):
        path = os.path.join(self.dir, "InRelease")
        fresh = (os.path.exists(path) and not refresh
                 and time.time() - os.path.getmtime(path) < MAX_AGE_S)
        if not fresh:
            data = fetch("%sdists/%s/InRelease" % (self.uri, self.name),
                         "the %s suite's InRelease" % self.name)
            write_atomic(path, data)
        r = subprocess.run(["gpgv", "--keyring", KEYRING, path], capture_output=True, text=True)
        if r.returncode != 0:
            os.unlink(path)
            raise ArchiveError("the %s suite's InRelease has no good signature of Debian's "
                               "archive keyring (%s)" % (self.name, KEYRING))
        sums = {}
        with open(path, encoding="utf-8", errors="replace") as f:
            in_sha = False
            for line in f:
                if line.startswith("SHA256:"):
                    in_sha = True
                    continue
                if in_sha:
                    if not line.startswith(" "):
                        in_sha = False
                        continue
                    digest, size, name = line.split()
                    sums[name] = (digest, int(size))
        return sums

    def _index(self, arch):
        """The text of main/binary-ARCH's Packages index, checked against InRelease."""
        if arch in self._texts:
            return self._texts[arch]
        rel = "main/binary-%s/Packages.xz" % arch
        if rel not in self.release:
            raise ArchiveError("the %s suite serves no %s packages (no %s in its InRelease)"
                               % (self.name, arch, rel))
        digest, _ = self.release[rel]
        path = os.path.join(self.dir, "Packages-%s.xz" % arch)
        data = None
        if os.path.exists(path):
            with open(path, "rb") as f:
                data = f.read()
            if hashlib.sha256(data).hexdigest() != digest:
                data = None
        if data is None:
            # By hash first, as apt does: a mirror between two syncs may
            # serve an index newer than the InRelease it served.
            by_hash = "%s/by-hash/SHA256/%s" % (os.path.dirname(rel), digest)
            try:
                data = fetch("%sdists/%s/%s" % (self.uri, self.name, by_hash), by_hash)
            except ArchiveError:
                data = fetch("%sdists/%s/%s" % (self.uri, self.name, rel),
                             "the %s suite's %s index" % (self.name, arch))
            if hashlib.sha256(data).hexdigest() != digest:
                raise ArchiveError("the %s suite's %s index does not match its InRelease" % (self.name, rel))
            write_atomic(path, data)
        text = "\n" + lzma.decompress(data).decode("utf-8", "replace")
        self._texts[arch] = text
        return text

    def packages(self, arch, match=None):
        """The Packages entries of main/binary-ARCH whose name MATCH (a compiled
        regex; default: every one) matches in full, as dicts by name (the newest
        version kept). Only the stanzas of matching names are parsed."""
        text = self._index(arch)
        entries = {}
        for m in re.finditer(r"\nPackage: (\S+)\n", text):
            name = m.group(1)
            if match is not None and not match.fullmatch(name):
                continue
            end = text.find("\n\n", m.start() + 1)
            fields = parse_stanza(text[m.start() + 1:end if end >= 0 else len(text)])
            old = entries.get(name)
            if old is None or version_newer(fields.get("Version", ""), old.get("Version", "")):
                entries[name] = fields
        return entries

    def entry(self, arch, package):
        exact = re.compile(re.escape(package))
        entries = self.packages(arch, exact)
        if package not in entries and arch != "all":
            # Architecture: all packages are listed in binary-ARCH too, but
            # look in binary-all as well.
            try:
                entries = self.packages("all", exact)
            except ArchiveError:
                pass
        if package not in entries:
            raise ArchiveError("the %s suite serves no package %s for %s" % (self.name, package, arch))
        return entries[package]

    def served(self, arch, package):
        """Whether the archive serves PACKAGE's file. An index may list a
        package whose file a mirror does not hold (seen: trixie's s390x and
        ppc64el kernels of the newest upload): a HEAD request asks, and only a
        404 says no; any other failure is an error."""
        e = self.entry(arch, package)
        filename = e.get("Filename")
        if not filename:
            raise ArchiveError("%s's entry in %s has no Filename" % (package, self.name))
        try:
            req = urllib.request.Request(self.uri + filename, method="HEAD")
            with urllib.request.urlopen(req, timeout=60):
                return True
        except (urllib.error.URLError, OSError) as err:
            if isinstance(err, urllib.error.HTTPError) and err.code == 404:
                return False
            raise ArchiveError("cannot ask for %s %s from %s: %s" % (package, e.get("Version"), self.name, err))

    def download(self, arch, package, dest):
        e = self.entry(arch, package)
        filename = e.get("Filename")
        digest = e.get("SHA256")
        if not filename or not digest:
            raise ArchiveError("%s's entry in %s has no Filename or SHA256" % (package, self.name))
        os.makedirs(dest, exist_ok=True)
        out = os.path.join(dest, os.path.basename(filename))
        if os.path.exists(out):
            with open(out, "rb") as f:
                if hashlib.sha256(f.read()).hexdigest() == digest:
                    return out
        data = fetch(self.uri + filename, "%s %s from %s" % (package, e.get("Version"), self.name))
        if hashlib.sha256(data).hexdigest() != digest:
            raise ArchiveError("%s %s from %s does not match its SHA256" % (package, e.get("Version"), self.name))
        write_atomic(out, data)
        return out


def parse_stanza(stanza):
    """One Packages stanza as a dict of its fields (continuation lines joined)."""
    fields = {}
    key = None
    for line in stanza.splitlines():
        if line.startswith((" ", "\t")) and key:
            fields[key] += "\n" + line.strip()
        elif ":" in line:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    return fields


def version_newer(a, b):
    """Whether Debian version a is newer than b (dpkg's own comparison)."""
    if not b:
        return True
    return subprocess.run(["dpkg", "--compare-versions", a, "gt", b]).returncode == 0


def main(argv):
    refresh = "--refresh" in argv
    argv = [a for a in argv if a != "--refresh"]
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(argv) >= 2 else 2
    cmd, args = argv[1], argv[2:]
    try:
        if cmd == "show" and len(args) >= 3:
            e = Suite(args[0], refresh).entry(args[1], args[2])
            for field in args[3:] or ["Package", "Version", "Filename"]:
                print(e.get(field, ""))
        elif cmd == "list" and len(args) == 3:
            entries = Suite(args[0], refresh).packages(args[1], re.compile(args[2]))
            for name in sorted(entries):
                print(name, entries[name].get("Version", ""))
        elif cmd == "served" and len(args) >= 3:
            s = Suite(args[0], refresh)
            for p in args[2:]:
                if not s.served(args[1], p):
                    print("debian-archive: the %s suite lists %s for %s, but the archive does not "
                          "serve its file" % (s.name, p, args[1]), file=sys.stderr)
                    return 1
        elif cmd == "download" and len(args) >= 4:
            s = Suite(args[0], refresh)
            for p in args[3:]:
                print(s.download(args[1], p, args[2]))
        else:
            print("usage: debian_archive.py show|list|download ... (--help)", file=sys.stderr)
            return 2
    except ArchiveError as e:
        print("debian-archive: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
