#!/usr/bin/env python3
"""Print the counts of an extracted corpus folder (OUT/ARCH/index.json), one
`key=value` line, and fail if fewer programs were extracted than --min.

  corpus-summary.py build/corpus/arm64 [--min N]
"""
import argparse
import json
import os
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", help="a corpus folder of one arch (holds index.json)")
    ap.add_argument("--min", type=int, default=0, help="fail below this many extracted")
    args = ap.parse_args()
    path = os.path.join(args.folder, "index.json")
    try:
        with open(path) as f:
            index = json.load(f)
    except (OSError, ValueError) as e:
        print("corpus-summary: %s: cannot read: %s" % (path, e), file=sys.stderr)
        return 1
    # Every extracted program must have its text and its record on disk.
    missing = [n for n, t in index["tools"].items() if t["status"] in ("extracted", "ended")
               and not os.path.getsize(os.path.join(args.folder, n + ".c"))]
    print("arch=%s shipped=%d bpf=%d extracted=%d usdt=%d missing_text=%d" % (
        index["arch"], index["shipped"], index["bpf_programs"], index["extracted"],
        index["extracted_usdt"], len(missing)))
    print("no-bpf: %s" % " ".join(index["no_bpf"]))
    if index["extracted"] < args.min:
        print("corpus-summary: %d extracted, below the floor of %d" % (index["extracted"], args.min),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
