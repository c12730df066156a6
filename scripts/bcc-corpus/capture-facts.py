#!/usr/bin/env python3
"""Capture a target kernel's facts for the BCC corpus extraction.

One bpfd session (through bpfd-remote, e.g. `qemu:arm64`) answers
GET_TARGET_PROFILE tp=all kfuncs=all and GET_KALLSYMS; the struct members come
from the BTF inside the same kernel's image (a vmlinux ELF's .BTF section, or
the raw BTF blob inside an arm64 Image). Writes OUT/{facts.json, profile,
kallsyms, structs.json}. Nothing is read from the host's kernel.

A real device has its file systems loaded: with a qemu remote and
--kernel-root, the guest first loads the --modules (default ext4 and btrfs,
with their dependencies, from the same Debian kernel package; see
guest_modules.py), so that their functions and symbols are in the facts.

  capture-facts.py --remote qemu:arm64 --bpfd-remote build/bin/bpfd-remote \
      --kernel-root CACHE/kernels/arm64/current --out DIR [--modules ext4,btrfs]
"""
import argparse
import json
import os
import struct
import subprocess
import sys
import time

import corpus_facts
import guest_modules

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import bpfd_client  # noqa: E402

BTF_MAGIC = 0xEB9F


def progress(msg):
    print("capture-facts: " + msg, file=sys.stderr, flush=True)


# --- BTF ---------------------------------------------------------------------
def find_btf(data):
    """Offset of the kernel's BTF blob in an image: the largest blob whose
    header is consistent (ELF .BTF section or a raw Image both work)."""
    best = None
    pos = 0
    magic = struct.pack("<HBB", BTF_MAGIC, 1, 0)
    while True:
        pos = data.find(magic, pos)
        if pos < 0:
            break
        if pos + 24 <= len(data):
            hdr_len, type_off, type_len, str_off, str_len = struct.unpack_from("<IIIII", data, pos + 4)
            end = pos + hdr_len + max(type_off + type_len, str_off + str_len)
            if hdr_len == 24 and end <= len(data) and type_len > 0 and str_len > 0:
                if best is None or type_len > best[1]:
                    best = (pos, type_len)
        pos += 1
    return None if best is None else best[0]


def btf_struct_members(data, pos):
    """{struct or union name: [member names]} from the BTF blob at pos."""
    hdr_len, type_off, type_len, str_off, str_len = struct.unpack_from("<IIIII", data, pos + 4)
    types = pos + hdr_len + type_off
    strings = pos + hdr_len + str_off

    def name_at(off):
        end = data.index(b"\0", strings + off)
        return data[strings + off:end].decode("ascii", "replace")

    # Extra bytes that follow each kind's 12-byte common header.
    fixed = {1: 4, 3: 12, 14: 4, 17: 4}
    per_member = {4: 12, 5: 12, 6: 8, 13: 8, 15: 12, 19: 12}
    out = {}
    off, end = types, types + type_len
    while off < end:
        name_off, info, _size = struct.unpack_from("<III", data, off)
        kind = (info >> 24) & 0x1F
        vlen = info & 0xFFFF
        off += 12
        if kind in (4, 5):
            name = name_at(name_off)
            members = [name_at(struct.unpack_from("<I", data, off + 12 * i)[0])
                       for i in range(vlen)]
            if name and name not in out:
                out[name] = members
        off += fixed.get(kind, 0) + per_member.get(kind, 0) * vlen
    return out


# --- bpfd session ------------------------------------------------------------
def run_session(bpfd_remote, remote, timeout, extra_args):
    """(greeting, target profile lines, kallsyms lines) of one bpfd session."""
    s = bpfd_client.Coprocess([bpfd_remote, "--timeout", str(timeout)] + extra_args + [remote],
                              timeout * 4, capture_stderr=True)
    try:
        replies = [s.command("GET_TARGET_PROFILE tp=all kfuncs=all"), s.command("GET_KALLSYMS")]
    finally:
        status = s.close()
    if status != 0:
        raise RuntimeError("%s: bpfd-remote exited %d: %s" % (remote, status, s.stderr_tail(2000)))
    if not all(r.ok for r in replies):
        raise RuntimeError("%s: unexpected replies: %s" % (remote, [r.line for r in replies]))
    return s.greeting, replies[0].payload, replies[1].payload


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--remote", required=True, help="bpfd-remote SPEC, e.g. qemu:arm64")
    ap.add_argument("--bpfd-remote", required=True, help="path of bpfd-remote")
    ap.add_argument("--image", help="the target kernel image (for its BTF)")
    ap.add_argument("--kernel-root", help="an unpacked kernel package: its boot/vmlinux-* "
                    "(else boot/vmlinuz-*) is the image")
    ap.add_argument("--out", required=True, help="facts folder to write")
    ap.add_argument("--timeout", type=int, default=180, help="seconds per bpfd step")
    ap.add_argument("--cpus", type=int, default=2, help="CPU count tools are told (default 2)")
    ap.add_argument("--modules", default="ext4,btrfs",
                    help="qemu: kernel modules the guest loads first, comma-separated "
                    "(default ext4,btrfs; '' for none); needs --kernel-root")
    args = ap.parse_args()

    if not args.image and args.kernel_root:
        import glob
        found = sorted(glob.glob(os.path.join(args.kernel_root, "boot", "vmlinux-*"))) or \
            sorted(glob.glob(os.path.join(args.kernel_root, "boot", "vmlinuz-*")))
        if not found:
            print("capture-facts: %s: no boot/vmlinux-* or boot/vmlinuz-*" % args.kernel_root,
                  file=sys.stderr)
            return 1
        args.image = found[0]
    if not args.image:
        print("capture-facts: give --image or --kernel-root", file=sys.stderr)
        return 1
    os.makedirs(args.out, exist_ok=True)
    stale = os.path.join(args.out, "facts.json")
    if os.path.exists(stale):
        os.remove(stale)
    try:
        with open(args.image, "rb") as f:
            data = f.read()
    except OSError as e:
        print("capture-facts: %s: cannot read kernel image: %s" % (args.image, e.strerror),
              file=sys.stderr)
        return 1
    pos = find_btf(data)
    remote_arch = args.remote.split(":", 1)[1] if args.remote.startswith("qemu:") else ""
    if pos is None and remote_arch in corpus_facts.NO_BTF_ARCHES:
        # BCC without kernel BTF: kernel_struct_has_field answers -1 (unknown).
        structs = {}
        progress("%s: no BTF (Debian builds %s without it): no structs" % (
            os.path.basename(args.image), remote_arch))
    elif pos is None:
        print("capture-facts: %s: no BTF found in the kernel image" % args.image, file=sys.stderr)
        return 1
    else:
        structs = btf_struct_members(data, pos)
        progress("%s: %d structs and unions from BTF" % (os.path.basename(args.image),
                                                          len(structs)))

    extra_args, modules = [], [m for m in args.modules.split(",") if m]
    if modules and args.remote.startswith("qemu:") and args.kernel_root:
        arch_name = args.remote.split(":", 1)[1]
        try:
            loaded = guest_modules.ensure(args.kernel_root, arch_name, modules)
        except (RuntimeError, OSError, subprocess.CalledProcessError) as e:
            print("capture-facts: cannot provide the modules %s: %s" % (args.modules, e),
                  file=sys.stderr)
            return 1
        extra_args = guest_modules.guest_file_args(loaded)
        progress("%s: the guest loads %s" % (args.remote, " ".join(n for _, n in loaded)))

    start = time.time()
    progress("%s: reading the target profile and kallsyms through bpfd" % args.remote)
    greeting = None
    for attempt in (1, 2):
        try:
            greeting, profile, kallsyms = run_session(args.bpfd_remote, args.remote, args.timeout,
                                                      extra_args)
            break
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            print("capture-facts: attempt %d: %s" % (attempt, e), file=sys.stderr)
    if greeting is None:
        return 1
    g = bpfd_client.parse_greeting(greeting)
    arch = g.get("arch", "")
    if arch not in corpus_facts.ARCHES:
        print("capture-facts: %s: unknown arch in greeting %r" % (args.remote, greeting),
              file=sys.stderr)
        return 1
    if not profile or profile[-1] != "end":
        print("capture-facts: %s: truncated target profile" % args.remote, file=sys.stderr)
        return 1
    progress("%s: %d profile lines, %d kallsyms lines in %.1f s" % (
        args.remote, len(profile), len(kallsyms), time.time() - start))

    for m in modules:
        mark = "[%s]" % m
        if not any(l.endswith(mark) for l in kallsyms):
            print("capture-facts: %s: module %s has no symbols in kallsyms: not loaded" % (
                args.remote, m), file=sys.stderr)
            return 1

    prefix = corpus_facts.ARCHES[arch][1]
    meta = {
        "arch": arch,
        "release": g.get("release", ""),
        "version_code": int(g.get("version_code", "0")),
        "btf": int(g.get("btf", "0")),
        "syscall_prefix": prefix,
        "cpus": args.cpus,
        "greeting": greeting,
        "modules": modules,
    }
    with open(os.path.join(args.out, "profile"), "w") as f:
        f.write("\n".join(profile) + "\n")
    with open(os.path.join(args.out, "kallsyms"), "w") as f:
        f.write("\n".join(kallsyms) + "\n")
    with open(os.path.join(args.out, "structs.json"), "w") as f:
        json.dump(structs, f, separators=(",", ":"), sort_keys=True)
    # facts.json last: its presence marks a complete folder.
    with open(os.path.join(args.out, "facts.json"), "w") as f:
        json.dump(meta, f, indent=1, sort_keys=True)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
