#!/usr/bin/env python3
"""Reads a bpfd session's output and checks and summarises its
PERF_READER_POLL replies, in either form (docs/protocol.md, Perf buffers):

  + sample READER CPU B64            one sample a line
  + samples READER CPU COUNT B64     batch: COUNT samples, each a little-endian
                                     u32 length and its bytes
  + lost READER CPU COUNT            either form

Every batch line is checked: COUNT >= 1, its B64 holds exactly COUNT whole
records (no record cut at the end, nothing left over), at most
MAX_BATCH_BYTES decoded, and the line shorter than the greeting's max_line.
A line that breaks a rule prints 'BAD ...' and the status is 1.

Prints one line a reply:
  reply K: FORM records=N lines=L first=HEX last=HEX
(FORM: old, batch, or none when it has no sample; first/last: the first and
last sample's bytes), each batch line as '  samples READER CPU COUNT BYTES',
each lost note as '  lost READER CPU COUNT'. With --pairs, the K-th reply of
the old form and the K-th of the batch form are the same event stream:
  pair K: equal N records
or 'pair K: DIFFERENT ...' naming the first difference. --pad N leaves the
last N bytes of each sample out of the comparison: the kernel pads a raw
sample to 8 bytes without clearing the padding (it holds what the ring held
there before), so the same event can differ there from one ring position to
the next.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "python"))
import bpfd_client  # noqa: E402

MAX_BATCH_BYTES = 196608


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", action="store_true")
    ap.add_argument("--pad", type=int, default=0)
    args = ap.parse_args()
    max_line = None
    bad = 0
    replies = []  # (form, [records], lines, [notes])
    cur = {"form": "none", "records": [], "lines": 0, "notes": []}

    def complain(msg):
        nonlocal bad
        bad += 1
        print("BAD " + msg)

    for raw in sys.stdin.buffer:
        line = raw.rstrip(b"\n").decode("ascii", "replace")
        if line.startswith("bpfd: "):
            max_line = int(bpfd_client.parse_greeting(line).get("max_line", 0)) or None
            continue
        w = line.split(" ")
        if w[:2] == ["+", "sample"] and len(w) == 5:
            data = bpfd_client.unb64(w[4], validate=True)
            cur["records"].append(("sample", int(w[2]), int(w[3]), data))
            cur["lines"] += 1
            cur["form"] = "old" if cur["form"] in ("none", "old") else "mixed"
        elif w[:2] == ["+", "samples"]:
            if len(w) != 6:
                complain("samples line of %d words: %s" % (len(w), line[:80]))
                continue
            if max_line is not None and len(raw) >= max_line:
                complain("samples line of %d bytes, max_line %d" % (len(raw), max_line))
            reader, cpu, count = int(w[2]), int(w[3]), int(w[4])
            blob = bpfd_client.unb64(w[5], validate=True)
            if count < 1:
                complain("samples line with COUNT %d" % count)
            if len(blob) > MAX_BATCH_BYTES:
                complain("samples line of %d bytes decoded" % len(blob))
            records, problem = bpfd_client.unpack_records(blob)
            if problem:
                complain(problem)
            cur["records"] += [("sample", reader, cpu, r) for r in records]
            if len(records) != count:
                complain("samples line says COUNT %d, holds %d" % (count, len(records)))
            cur["lines"] += 1
            cur["notes"].append("  samples %d %d %d %d" % (reader, cpu, count, len(blob)))
            cur["form"] = "batch" if cur["form"] in ("none", "batch") else "mixed"
        elif w[:2] == ["+", "lost"] and len(w) == 5:
            cur["records"].append(("lost", int(w[2]), int(w[3]), int(w[4])))
            cur["lines"] += 1
            cur["notes"].append("  lost %s %s %s" % (w[2], w[3], w[4]))
        elif line.startswith("perf_reader_poll: "):
            status = bpfd_client.Status(line)
            if not status.ok:
                continue
            if status.ret != len(cur["records"]):
                complain("reply %d: ret=%d, %d records" % (len(replies), status.ret, len(cur["records"])))
            replies.append(cur)
            cur = {"form": "none", "records": [], "lines": 0, "notes": []}

    for k, r in enumerate(replies):
        samples = [x[3] for x in r["records"] if x[0] == "sample"]
        print("reply %d: %s records=%d lines=%d first=%s last=%s" % (
            k, r["form"], len(r["records"]), r["lines"],
            samples[0].hex() if samples else "-", samples[-1].hex() if samples else "-"))
        for n in r["notes"]:
            print(n)
    if args.pairs:
        def cut(records):
            return [r[:3] + (r[3][:len(r[3]) - args.pad],) if r[0] == "sample" else r for r in records]
        old = [cut(r["records"]) for r in replies if r["form"] == "old"]
        batch = [cut(r["records"]) for r in replies if r["form"] == "batch"]
        if len(old) != len(batch):
            complain("%d replies of the old form, %d of the batch form" % (len(old), len(batch)))
        for k in range(min(len(old), len(batch))):
            a, b = old[k], batch[k]
            diff = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), None)
            if diff is None and len(a) == len(b):
                print("pair %d: equal %d records" % (k, len(a)))
            elif diff is None:
                print("pair %d: DIFFERENT: %d records in the old form, %d in the batch form" % (k, len(a), len(b)))
            else:
                print("pair %d: DIFFERENT at record %d: %r against %r" % (k, diff, a[diff], b[diff]))
    print("checked %d replies, %d bad" % (len(replies), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
