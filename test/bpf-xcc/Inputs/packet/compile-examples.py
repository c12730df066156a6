#!/usr/bin/env python3
"""Compile BCC's packet examples (Debian's copies) with bpf-xcc for arm64 and
x86_64, each function with the program type its .py gives load_func()
(BPF.SCHED_CLS -> --attach FN=classifier; BPF.SOCKET_FILTER -> bpf-xcc's
default for a __sk_buff program, section socket), and print one line per
example and arch:
    ARCH FILE SECTION FN,FN... ld_abs=yes|no ld_ind=yes|no
or ARCH FILE FAILED and bpf-xcc's first error line.

usage: compile-examples.py EXAMPLES_DIR HEADERS_ARM64 HEADERS_X86_64 OUTDIR
"""
import os
import re
import subprocess
import sys

# (C file, the .py that loads it), under EXAMPLES_DIR.
EXAMPLES = [
    ("http_filter/http-parse-simple.c", "http_filter/http-parse-simple.py"),
    ("http_filter/http-parse-complete.c", "http_filter/http-parse-complete.py"),
    ("tunnel_monitor/monitor.c", "tunnel_monitor/monitor.py"),
    ("vlan_learning/vlan_learning.c", "vlan_learning/vlan_learning.py"),
    ("neighbor_sharing/tc_neighbor_sharing.c", "neighbor_sharing/tc_neighbor_sharing.py"),
    ("distributed_bridge/tunnel.c", "distributed_bridge/tunnel.py"),
    ("distributed_bridge/tunnel_mesh.c", "distributed_bridge/tunnel_mesh.py"),
]
LOAD = re.compile(r'load_func\("(\w+)",\s*BPF\.(SCHED_CLS|SOCKET_FILTER)\)')


def main():
    examples, hdr_arm64, hdr_x86, out = sys.argv[1:5]
    for arch, headers in (("arm64", hdr_arm64), ("x86_64", hdr_x86)):
        for c_file, py_file in EXAMPLES:
            with open(os.path.join(examples, py_file)) as f:
                loads = LOAD.findall(f.read())
            args = ["bpf-xcc", "--arch", arch, "--kernel", headers]
            for fn, kind in loads:
                if kind == "SCHED_CLS":
                    args += ["--attach", fn + "=classifier"]
            obj = os.path.join(out, "%s.%s.o" % (os.path.basename(c_file), arch))
            args += [os.path.join(examples, c_file), "-o", obj]
            res = subprocess.run(args, capture_output=True, text=True)
            name = os.path.basename(c_file)
            if res.returncode != 0:
                first = (res.stderr.strip().splitlines() or ["(no message)"])[0]
                print("%s %s FAILED %s" % (arch, name, first))
                continue
            dis = subprocess.run(["llvm-objdump", "-d", "--no-show-raw-insn", obj],
                                 capture_output=True, text=True, check=True).stdout
            sections = sorted(set(re.findall(r"^Disassembly of section (\S+):", dis, re.M)))
            funcs = [fn for fn, _ in loads if re.search(r"<%s>:" % fn, dis)]
            ld_abs = re.search(r"skb\[0x[0-9a-f]+\]", dis) is not None
            ld_ind = re.search(r"skb\[r\d+\]", dis) is not None
            print("%s %s %s %s ld_abs=%s ld_ind=%s" % (
                arch, name, ",".join(sections), ",".join(funcs),
                "yes" if ld_abs else "no", "yes" if ld_ind else "no"))


if __name__ == "__main__":
    main()
