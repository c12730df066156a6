#!/usr/bin/env bash
# Install everything the BPFd toolkit needs on a Debian 12 (bookworm) machine.
# Idempotent: run it as often as you like; it only adds what is missing.
# Usage: sudo scripts/setup.sh
set -euo pipefail

if [ "$(id -u)" -ne 0 ]; then
  echo "setup.sh: must run as root (it installs Debian packages)" >&2
  exit 1
fi

. /etc/os-release
if [ "${VERSION_CODENAME:-}" != bookworm ]; then
  echo "setup.sh: warning: written for Debian 12 (bookworm), this is ${PRETTY_NAME:-unknown}" >&2
fi

export DEBIAN_FRONTEND=noninteractive

# Source entries for bookworm main: `apt-get source llvm-toolchain-19` needs
# them. They point at the mirror apt already uses for bookworm's packages.
src_list=/etc/apt/sources.list.d/bpfd-toolkit-src.sources
if ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ \
   && ! grep -qs '^deb-src ' /etc/apt/sources.list; then
  bookworm_mirror() {
    apt-get indextargets --format '$(REPO_URI) $(RELEASE) $(COMPONENT)' \
        'Identifier: Packages' 2> /dev/null |
      awk '$2 == "bookworm" && $3 == "main" {print $1; exit}'
  }
  mirror=$(bookworm_mirror)
  if [ -z "$mirror" ]; then  # apt lists targets once it has fetched them
    apt-get update -qq
    mirror=$(bookworm_mirror)
  fi
  if [ -z "$mirror" ]; then
    echo "setup.sh: apt has no bookworm main source to add deb-src entries for" >&2
    exit 1
  fi
  cat > "$src_list" <<SRC
Types: deb-src
URIs: ${mirror%/}
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
fi

# Foreign architectures: their kernels are downloaded (never installed) for
# the guests, and their musl is installed for bpfd (docs/architectures.md).
for foreign in arm64 armhf s390x ppc64el; do
  if ! dpkg --print-foreign-architectures | grep -qx "$foreign"; then
    dpkg --add-architecture "$foreign"
    rm -f /var/lib/apt/lists/.bpfd-toolkit-updated  # its package lists are still to fetch
  fi
done

packages=(
  # compiler side
  llvm-19-dev llvm-19-tools llvm-19 clang-19 libclang-19-dev libpolly-19-dev lld-19
  libzstd-dev libcurl4-openssl-dev zlib1g-dev libelf-dev libedit-dev libxml2-dev libffi-dev
  # build
  cmake ninja-build g++ dpkg-dev xz-utils python3
  liblzma-dev  # bpf-xcc: a kernel's kheaders.tar.xz unpacked (docs/kheaders.md)
  zstd  # kernel modules packaged as .ko.zst: the guest harness and fetch-kernel.sh decompress them
  # device side
  qemu-system-arm qemu-system-x86 gcc-aarch64-linux-gnu g++-aarch64-linux-gnu cpio
  # 32-bit arm, s390x (big-endian) and ppc64le guests (qemu-system-misc has s390x)
  qemu-system-misc qemu-system-ppc
  g++-arm-linux-gnueabihf g++-s390x-linux-gnu g++-powerpc64le-linux-gnu
  # riscv64 (qemu-system-misc, whose firmware is qemu's OpenSBI): bpfd's musl
  # comes from Debian 13 into the cache (scripts/fetch-musl.sh)
  g++-riscv64-linux-gnu
  # bpfd links statically against musl (glibc's static floor alone is > 500 KB)
  musl-dev musl-dev:arm64 musl-dev:armhf musl-dev:s390x musl-dev:ppc64el musl-tools
  # fuzzing (libFuzzer runtime for clang-19)
  libclang-rt-19-dev
  # test corpus (BCC tool programs) and host remotes
  bpfcc-tools adb openssh-client
  python3-pyelftools  # newer BCC releases' bashreadline (bpfd-bcc --bcc) imports elftools
  time bc  # bench/: CPU seconds and ratios
  debootstrap  # bench/bcc-vs-bpfd.sh: the Debian 12 root file system with BCC for its guest
  chromium  # test/flamegraph/browser.test: the flame-graph SVG in a headless browser
  systemtap-sdt-dev  # test/usdt: <sys/sdt.h> for the USDT probe targets
  # bpfd-exporter: its YAML configuration and HTTP server; test/exporter scrapes it
  # with Debian's Prometheus
  libyaml-cpp-dev libcpp-httplib-dev prometheus
  # libbpf-peer: the static loader built for the guests from Debian's libbpf
  # (libbpf.a and its libelf, zlib and zstd, for x86_64 and arm64), and the
  # <bpf/*.h> headers of test/libbpf-peer's libbpf-style objects
  libbpf-dev libbpf-dev:arm64 libelf-dev:arm64 zlib1g-dev:arm64 libzstd-dev:arm64
)

missing=()
for p in "${packages[@]}"; do
  case "$p" in \#*) continue ;; esac
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ] || [ ! -f /var/lib/apt/lists/.bpfd-toolkit-updated ]; then
  echo "setup.sh: apt-get update"
  apt-get update -qq
  touch /var/lib/apt/lists/.bpfd-toolkit-updated
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup.sh: installing ${missing[*]}"
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
echo "setup.sh: all packages present"
