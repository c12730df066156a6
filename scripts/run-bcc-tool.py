#!/usr/bin/env python3
"""Run one of Debian's BCC tools on a device with bpf-run.

The tool's BPF C text and its attach calls come from the corpus (the
bcc-corpus target extracts them from /usr/sbin/<tool>-bpfcc without running
BCC); this turns the recorded attach_kprobe(event=..., fn_name=...) calls into
bpf-xcc --attach FN=SECTION arguments and runs bpf-run with the rest.

  scripts/run-bcc-tool.py [--build DIR] [--arch A] TOOL [bpf-run options...]
  scripts/run-bcc-tool.py filetop --remote qemu:arm64 --interval 1 --count 3 --clear

A function the tool attaches at several points gets an --attach for each
(bpfd's LOAD_OBJECT attaches them all); points the corpus found missing on
the device's kernel (`available: false`, where the tool's Python would fail)
are left out with a note. An --attach FN=SECTION among the bpf-run options
replaces the corpus's attach points of FN.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "bcc-corpus"))
import bcc_attach  # noqa: E402  (the one translation of BCC's attach records)


def attach_args(record, overridden=()):
    """--attach FN=SECTION for each recorded attach call (bcc_attach.py), except
    for the functions in `overridden` (the command line names their attach
    points itself) and for points the device's kernel lacks."""
    def skip(a):
        if a.get("fn_name") in overridden:
            return True
        if a.get("available") is False:
            print("run-bcc-tool: %s's %s %s is not in the device's kernel; left out "
                  "(give --attach %s=SECTION)" % (a.get("fn_name"), a.get("kind"),
                                                  a.get("event") or a.get("tp"), a.get("fn_name")),
                  file=sys.stderr)
            return True
        return False
    return bcc_attach.attach_options(record.get("attach", []), skip)


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(root, "build"), help="build folder")
    ap.add_argument("--arch", default=None, help="target arch (default: the remote's, else arm64)")
    ap.add_argument("tool", help="tool name, e.g. filetop (Debian's /usr/sbin/filetop-bpfcc)")
    args, rest = ap.parse_known_args()
    arch = args.arch
    if arch is None:
        remote = next((rest[i + 1] for i, w in enumerate(rest[:-1]) if w == "--remote"), "")
        arch = remote[5:] if remote.startswith("qemu:") else "arm64"
    base = os.path.join(args.build, "corpus", arch, args.tool)
    try:
        with open(base + ".json") as f:
            record = json.load(f)
    except OSError as e:
        sys.exit("run-bcc-tool: no corpus record for %s/%s (%s); build the bcc-corpus target"
                 % (arch, args.tool, e.strerror))
    if record.get("status") != "extracted":
        sys.exit("run-bcc-tool: %s was not extracted: %s" % (args.tool, record.get("status")))
    cmd = [os.path.join(args.build, "bin", "bpf-run"), base + ".c", "--arch", arch]
    # An --attach FN=SECTION of our own replaces the corpus's attach points of
    # FN (biolatency's trace_req_done, whose kprobe 6.1 does not have).
    overridden = set()
    for i, w in enumerate(rest):
        spec = rest[i + 1] if w == "--attach" and i + 1 < len(rest) else \
            w[len("--attach="):] if w.startswith("--attach=") else None
        if spec and "=" in spec:
            overridden.add(spec.split("=", 1)[0])
    cmd += attach_args(record, overridden) + rest
    print("run-bcc-tool: " + " ".join(cmd), file=sys.stderr, flush=True)
    os.execv(cmd[0], cmd)


if __name__ == "__main__":
    main()
