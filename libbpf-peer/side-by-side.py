#!/usr/bin/env python3
"""Loads BPF objects in a QEMU guest with bpfd and with libbpf, side by side.

    side-by-side.py [--bin DIR] [--cc CC] [--cflags FLAGS] [--out DIR]
                    qemu:ARCH OBJECT|SOURCE.c...

A SOURCE.c is first built into --out with CC FLAGS -D__TARGET_ARCH_arm64
(or _x86), as libbpf tools are built for the guest's architecture.

libbpf: one guest runs libbpf-peer on every object in turn (run-in-guest.py):
bpf_object__load, then bpf_program__attach of each program. bpfd: another
guest loads each object twice through LOAD_OBJECT, with attach=0 (load
only, as bpf_object__load) and with attach=1 (load and attach, as a libbpf
tool's open_and_load + attach). One line an object:

    NAME load: libbpf=L bpfd=B attach: libbpf=L bpfd=B

(NAME: the file's name without .o, .bpf.c or .c)

where each is "ok" or the error ("-524 ENOTSUPP" for bpfd, "-524" for
libbpf, with the program for an attach), then a summary line. Exits 1 if bpfd
refused a load libbpf made, or an attach libbpf made of every program of the
object, 3 if a run failed, else 0 (bpfd accepting what libbpf refuses is
shown, not an error).
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "python"))
import bpfd_client  # noqa: E402


def run_libbpf(args, objects):
    cmd = [sys.executable, os.path.join(HERE, "run-in-guest.py"),
           "--remote", os.path.join(args.bin, "bpfd-remote"), args.remote] + objects
    out = subprocess.run(cmd, stdout=subprocess.PIPE, text=True).stdout
    results = {}  # guest path -> [load, attach]
    current = None
    for line in out.splitlines():
        m = re.match(r"object (\S+): (\w+)", line)
        if m and m.group(2) == "opened":
            current = results.setdefault(m.group(1), ["ok", "ok"])
        elif m and m.group(2) == "refused" and current:
            current[1] = "-"
        m = re.match(r"object (\S+): error (-\d+): (.*)", line)
        if m:
            results[m.group(1)] = [m.group(2) + " (open)", "-"]
            current = None
        m = re.match(r"prog (\S+): loaded", line)
        if m and current and current[1] == "ok":
            current[1] = "loaded"
        m = re.match(r"prog (\S+): error (-\d+): (loading|attaching)", line)
        if m and current:
            if m.group(3) == "loading":
                current[0] = m.group(2)
            elif current[1] == "ok":
                current[1] = "%s (%s)" % (m.group(2), m.group(1))
    # run-in-guest names the i-th object /obj/i-BASENAME.
    by_index = {}
    for path, r in results.items():
        m = re.match(r"/obj/(\d+)-", path)
        if m:
            by_index[int(m.group(1))] = r
    return [by_index.get(i) for i in range(len(objects))], out


def run_bpfd(args, objects):
    lines = []
    for i, obj in enumerate(objects):
        for attach in ("0", "1"):
            up = subprocess.run([os.path.join(args.bin, "bpfd-object"), "upload", obj,
                                 "attach=" + attach],
                                stdout=subprocess.PIPE, text=True, check=True).stdout
            for line in up.splitlines():
                if line.startswith("LOAD_OBJECT"):
                    line = "@o%d-a%s %s" % (i, attach, line)
                lines.append(line)
    proc = subprocess.run([os.path.join(args.bin, "bpfd-remote"), args.remote],
                          input="\n".join(lines) + "\n", stdout=subprocess.PIPE, text=True)
    results = [["no reply", "no reply"] for _ in objects]
    for line in proc.stdout.splitlines():
        if not line.startswith("load_object: "):
            continue
        status = bpfd_client.Status(line)
        m = re.fullmatch(r"o(\d+)-a(\d)", status.tag)
        if not m:
            continue
        text = "ok" if status.ok else "%d %s" % (status.ret, status.errno)
        if not status.ok:
            prog = re.match(r"program '([^']+)'", status.msg)
            if prog and m.group(2) == "1":
                text += " (%s)" % prog.group(1)
        results[int(m.group(1))][int(m.group(2))] = text
    return results, proc.stdout, proc.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=os.path.join(HERE, "..", "build", "bin"),
                    help="the build's bin folder (bpfd-remote, bpfd-object)")
    ap.add_argument("-v", action="store_true", help="show both runs' output on stderr")
    ap.add_argument("remote", metavar="qemu:ARCH")
    ap.add_argument("objects", nargs="+", metavar="OBJECT")
    ap.add_argument("--cc", default="clang", help="the compiler of SOURCE.c arguments")
    ap.add_argument("--cflags", default="-g -O2 -target bpf", help="its flags")
    ap.add_argument("--out", default=".", help="where built objects go")
    args = ap.parse_args()

    target = {"arm64": "arm64", "x86_64": "x86"}.get(args.remote.split(":", 1)[-1])
    objects = []
    for src in args.objects:
        if not src.endswith(".c"):
            objects.append(src)
            continue
        if not target:
            sys.stderr.write("side-by-side: no __TARGET_ARCH for %s\n" % args.remote)
            return 3
        os.makedirs(args.out, exist_ok=True)
        obj = os.path.join(args.out, os.path.basename(src)[:-2] + ".o")
        if subprocess.run([args.cc] + args.cflags.split() + ["-D__TARGET_ARCH_" + target,
                                                             "-c", src, "-o", obj]).returncode:
            sys.stderr.write("side-by-side: building %s failed\n" % src)
            return 3
        objects.append(obj)
    args.objects = objects

    peer, peer_out = run_libbpf(args, args.objects)
    bpfd, bpfd_out, rc = run_bpfd(args, args.objects)
    if args.v:
        sys.stderr.write(peer_out + bpfd_out)
    if rc != 0 or None in peer:
        sys.stderr.write("side-by-side: %s: a run failed (bpfd-remote status %d)\n%s\n%s"
                         % (args.remote, rc, peer_out, bpfd_out[-3000:]))
        return 3
    missing = 0
    for obj, lib, ours in zip(args.objects, peer, bpfd):
        name = re.sub(r"(\.bpf)?\.o$", "", os.path.basename(obj))
        print("%s load: libbpf=%s bpfd=%s attach: libbpf=%s bpfd=%s"
              % (name, lib[0], ours[0], lib[1], ours[1]))
        if lib[0] == "ok" and ours[0] != "ok":
            missing += 1
        elif lib[1] == "ok" and ours[1] != "ok":
            missing += 1
    print("%s: %d objects, bpfd refused %d that libbpf accepted" % (args.remote, len(args.objects),
                                                                   missing))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
