#!/usr/bin/env python3
"""Checks that docs/layout.md gives every folder of the tree its row.

A folder is a top-level or second-level folder holding a file git tracks (in
a git checkout; elsewhere, any file, build/ and hidden folders aside, as a
source archive has them). A row is a line of a table in docs/layout.md whose
first cell is the folder's path in backquotes, ending in '/': `bpfd/daemon/`.
Also reports rows naming a folder that does not exist (a row left behind by a
move). Prints one line per problem and a summary; exits 1 on any problem.

Usage: scripts/check-layout.py [--root DIR] [--layout FILE]
"""
import argparse
import os
import re
import subprocess
import sys

ROW = re.compile(r"^\|\s*`([^`]+/)`\s*\|")
SKIP_PARTS = {"__pycache__"}


def tracked_files(root):
    """The files git tracks below ROOT, or None outside a git checkout."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], check=True,
                             capture_output=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return [p for p in out.decode().split("\0") if p]


def walked_files(root):
    for dirpath, dirnames, filenames in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        dirnames[:] = [d for d in dirnames
                       if not d.startswith(".") and d not in SKIP_PARTS
                       and not (rel == "." and d == "build")]
        for name in filenames:
            yield os.path.normpath(os.path.join(rel, name))


def folders(files):
    """Top-level and second-level folders of FILES, as 'a/' and 'a/b/'."""
    out = set()
    for path in files:
        parts = path.split("/")[:-1]
        if any(p in SKIP_PARTS for p in parts):
            continue
        for depth in (1, 2):
            if len(parts) >= depth:
                out.add("/".join(parts[:depth]) + "/")
    return out


def rows(layout_text):
    return {m.group(1) for line in layout_text.splitlines() if (m := ROW.match(line))}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.path.dirname(here))
    ap.add_argument("--layout", help="default: ROOT/docs/layout.md")
    args = ap.parse_args()
    layout = args.layout or os.path.join(args.root, "docs", "layout.md")
    try:
        with open(layout, encoding="utf-8") as f:
            named = rows(f.read())
    except OSError as e:
        print("check-layout: cannot read %s: %s" % (layout, e.strerror), file=sys.stderr)
        return 2
    files = tracked_files(args.root)
    source = "git ls-files"
    if files is None:
        files, source = list(walked_files(args.root)), "the file tree"
    present = folders(files)
    problems = 0
    for folder in sorted(present - named):
        print("missing row: `%s` (a folder of %s) has no row in %s"
              % (folder, source, os.path.relpath(layout, args.root)))
        problems += 1
    for folder in sorted(named - present):
        print("stale row: `%s` is in %s but no such folder holds a file"
              % (folder, os.path.relpath(layout, args.root)))
        problems += 1
    print("layout: %d folders, %d rows, %d problems" % (len(present), len(named), problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
