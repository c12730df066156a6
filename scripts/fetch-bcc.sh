#!/usr/bin/env bash
# Download one BCC release's tools and Python (Debian's bpfcc-tools and
# python3-bpfcc, both Architecture: all) from a Debian suite, and unpack them
# (never install them) under the cache:
#   $CACHE/bcc/VERSION/                 e.g. 0.31.0
#       usr/sbin/*-bpfcc                the release's tools
#       usr/share/bcc/...               its man pages, examples
#       usr/lib/python3/dist-packages/bcc   its Python (bcc/version.py)
#       .release                        "VERSION DEBIAN-VERSION SUITE"
#   $CACHE/bcc/SUITE -> VERSION         which release the suite served when fetched
# The suite's newest version is resolved at fetch time (scripts/debian_archive.py
# reads the archive apt already names) and written to $CACHE/bcc/releases.lock.
# Prints the unpacked folder on stdout.
#
# Usage: scripts/fetch-bcc.sh SUITE|VERSION [CACHE_DIR]
#   SUITE:   bookworm (0.26), trixie, forky, sid (or unstable, testing, stable)
#   VERSION: an upstream release such as 0.31 or 0.37.0: the suite that serves it
#   --list:  the releases each suite serves today, fetched or not
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
want=${1:?usage: fetch-bcc.sh SUITE|VERSION [CACHE_DIR]  (--list: what each suite serves)}
cache=$(realpath -m "${2:-${BPFD_CACHE_DIR:-$here/../build/cache}}")
export BPFD_CACHE_DIR=$cache
archive="$here/debian_archive.py"
suites="bookworm trixie forky sid"
log() { echo "fetch-bcc: $*" >&2; }

# The upstream release of a Debian version: 0.31.0+ds-7 -> 0.31.0.
upstream() { local v=${1#*:}; v=${v%%[+~-]*}; echo "$v"; }
# Architecture: all packages are listed in every binary-ARCH index too: the
# host's (amd64) is the one apt already reads for bookworm.
idx=amd64
served() { "$archive" show "$1" $idx python3-bpfcc Version; }

if [ "$want" = --list ]; then
  for s in $suites; do
    v=$(served "$s") || exit 1
    state="not fetched"
    [ -f "$cache/bcc/$(upstream "$v")/.release" ] && state="fetched: $cache/bcc/$(upstream "$v")"
    printf '%-9s %-8s %-16s %s\n' "$s" "$(upstream "$v")" "$v" "$state"
  done
  exit 0
fi

case "$want" in
  [0-9]*)
    # A release: the first suite whose python3-bpfcc is that release.
    suite=
    for s in $suites; do
      v=$(served "$s") || exit 1
      case "$(upstream "$v")." in "$want".*) suite=$s; break ;; esac
    done
    if [ -z "$suite" ]; then
      log "no suite serves BCC $want today; 'scripts/fetch-bcc.sh --list' shows what each serves"
      exit 1
    fi ;;
  unstable) suite=sid ;;
  testing) suite=forky ;;
  stable) suite=trixie ;;
  oldstable) suite=bookworm ;;
  *) suite=$want ;;
esac

debver=$(served "$suite") || exit 1
tools_ver=$("$archive" show "$suite" $idx bpfcc-tools Version) || exit 1
if [ "$tools_ver" != "$debver" ]; then
  log "the $suite suite serves python3-bpfcc $debver but bpfcc-tools $tools_ver: not one release"
  exit 1
fi
version=$(upstream "$debver")
dest="$cache/bcc/$version"
record="$version $debver $suite"
if [ -f "$dest/.release" ] && [ "$(cat "$dest/.release")" = "$record" ]; then
  ln -sfn "$version" "$cache/bcc/$suite"
  echo "$dest"
  exit 0
fi

log "downloading BCC $version ($debver) from $suite"
work="$cache/bcc/.download-$version"
rm -rf "$work" "$dest"
mkdir -p "$work" "$dest"
debs=$("$archive" download "$suite" $idx "$work" python3-bpfcc bpfcc-tools) || exit 1
for deb in $debs; do
  log "unpacking $(basename "$deb")"
  dpkg -x "$deb" "$dest"
done
if [ ! -f "$dest/usr/lib/python3/dist-packages/bcc/version.py" ]; then
  log "$suite's python3-bpfcc $debver has no bcc/version.py"
  exit 1
fi
rm -rf "$work"
echo "$record" > "$dest/.release"
ln -sfn "$version" "$cache/bcc/$suite"
# The lock: which release each suite served when it was fetched.
lock="$cache/bcc/releases.lock"
{ [ -f "$lock" ] && grep -v "^$suite " "$lock" || true; echo "$suite $version $debver"; } |
  sort > "$lock.tmp"
mv "$lock.tmp" "$lock"
log "ready in $dest"
echo "$dest"
