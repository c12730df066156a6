#!/usr/bin/env python3
"""Run one BCC tool script against the stand-in `bcc` package and write the
BPF C text it builds, with what it attaches, for one target.

  extract-tool.py --facts DIR --out DIR --name NAME SCRIPT [ARG...]

Writes OUT/NAME.c (the text the tool passes to BPF(), after its own
substitutions) and OUT/NAME.json. The tool is stopped when it starts polling,
reading a map or sleeping in its main loop. The real BCC is never imported and
libbcc.so never loads: nothing here touches the host's kernel.
"""
import argparse
import builtins
import ctypes
import io
import os
import platform
import runpy
import signal
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
STANDIN = os.path.join(HERE, "standin")


class _NoLibbcc(Exception):
    pass


def guard_ctypes():
    """Refuse to load BCC's shared library through ctypes, whatever imports it."""
    original = ctypes.CDLL.__init__

    def checked(self, name, *args, **kwargs):
        if name and "bcc" in os.path.basename(str(name)):
            raise _NoLibbcc("extract-tool: refusing to load %s" % name)
        original(self, name, *args, **kwargs)

    ctypes.CDLL.__init__ = checked


class _NoScreen(object):
    """Any attribute, call or value: an inert curses module and screen."""

    def __getattr__(self, name):
        if name == "wrapper":
            return lambda func, *a, **kw: func(_NoScreen(), *a, **kw)
        if name in ("LINES", "COLS"):
            return 25 if name == "LINES" else 80
        if name == "error":
            return Exception
        return _NoScreen()

    def __call__(self, *args, **kwargs):
        return _NoScreen()

    def getmaxyx(self):
        return (25, 80)

    def getch(self):
        return -1

    def __int__(self):
        return 0

    def __iter__(self):
        return iter(())


def choose_main(programs, attach):
    """The program the tool runs: the last one it attaches, else the last
    one with text (e.g. opensnoop first builds BPF(text='') for queries)."""
    attached = {a.get("program") for a in attach}
    for i in range(len(programs) - 1, -1, -1):
        if i in attached:
            return i
    for i in range(len(programs) - 1, -1, -1):
        if programs[i]["text"].strip():
            return i
    return None


def make_writer(args, facts, recorder):
    def write(record, stopped_at, status="extracted", error=None):
        programs = record["programs"]
        main = choose_main(programs, record["attach"])
        usdt = [u.describe() for u in record["usdt"]]
        out = {
            "tool": args.name,
            "script": args.script,
            "args": args.tool_args,
            "arch": facts.arch,
            "kernel": facts.release,
            "status": status if main is not None else "no-program",
            "stopped_at": stopped_at,
            "programs": len(programs),
            "main_program": main,
            "usdt": bool(usdt) or any(p["usdt_contexts"] for p in programs),
            "usdt_contexts": usdt,
            "notes": record["notes"],
            "perf_buffers": record.get("perf_buffers", []),
            "ring_buffers": record.get("ring_buffers", []),
            "table_writes": sorted(set(record["table_writes"])),
        }
        if error:
            out["error"] = error
        if main is not None:
            prog = programs[main]
            attach = [dict(a) for a in record["attach"] if a.get("program") == main]
            for a in attach:
                a.pop("program", None)
            out.update({
                "text_file": args.name + ".c",
                "cflags": prog["cflags"],
                "src_file": prog["src_file"],
                "attach": attach,
                "kprobe_targets": sorted({a["event"] for a in attach
                                          if a["kind"] in ("kprobe", "kretprobe")}),
                "needs_uprobe_target": any(a["kind"] in ("uprobe", "uretprobe") for a in attach),
                "uprobe_targets": sorted({a.get("name") or "" for a in attach
                                          if a["kind"] in ("uprobe", "uretprobe")}),
            })
            with open(os.path.join(args.out, args.name + ".c"), "w") as f:
                f.write(prog["text"])
            # Other BPF() objects (feature probes, rebuilt variants) are kept
            # beside it for reference.
            for i, p in enumerate(programs):
                if i != main and p["text"].strip():
                    with open(os.path.join(args.out, "%s.other%d.c" % (args.name, i)), "w") as f:
                        f.write(p["text"])
        recorder.dump_json(os.path.join(args.out, args.name + ".json"), out)
    return write


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--facts", required=True, help="target facts folder (capture-facts.py)")
    ap.add_argument("--out", required=True, help="output folder")
    ap.add_argument("--name", required=True, help="tool name (output file stem)")
    ap.add_argument("script", help="the tool's Python script")
    ap.add_argument("tool_args", nargs=argparse.REMAINDER, help="the tool's arguments")
    args = ap.parse_args()
    if args.tool_args and args.tool_args[0] == "--":
        args.tool_args = args.tool_args[1:]
    os.makedirs(args.out, exist_ok=True)

    guard_ctypes()
    sys.path.insert(0, HERE)
    sys.path.insert(0, STANDIN)
    import corpus_facts
    import bcc
    from bcc import _recorder
    if not os.path.abspath(bcc.__file__).startswith(STANDIN + os.sep):
        print("extract-tool: imported %s, not the stand-in bcc" % bcc.__file__, file=sys.stderr)
        return 2

    try:
        facts = corpus_facts.TargetFacts(args.facts)
    except (OSError, ValueError, KeyError) as e:
        print("extract-tool: %s: cannot read target facts: %s" % (args.facts, e), file=sys.stderr)
        return 2
    write = make_writer(args, facts, _recorder)
    _recorder.configure(facts, write)

    # The tool sees the target, not the host.
    platform.machine = lambda: facts.machine
    real_open = builtins.open

    def target_open(file, *a, **kw):
        if isinstance(file, (str, bytes)) and os.fsdecode(file) == "/proc/kallsyms":
            file = facts.kallsyms_path()
        return real_open(file, *a, **kw)
    builtins.open = target_open
    io.open = target_open

    # Full-screen tools (cachetop) draw with curses: give them a screen that
    # draws nothing, so that they reach their loop without a terminal.
    sys.modules["curses"] = _NoScreen()

    def loop_sleep(seconds=0):
        if _recorder.have_program():
            _recorder.stop("sleep")
    time.sleep = loop_sleep
    signal.pause = lambda: _recorder.stop("signal.pause")
    builtins.input = lambda *a: _recorder.stop("input")

    sys.argv = [args.script] + args.tool_args
    status, error = "ended", None
    try:
        runpy.run_path(args.script, run_name="__main__")
    except SystemExit as e:
        status = "exited"
        error = "exit status %s before the event loop" % (e.code,)
    except KeyboardInterrupt:
        status = "exited"
        error = "KeyboardInterrupt"
    except BaseException as e:
        status = "error"
        lines = traceback.format_exception_only(type(e), e)
        error = lines[-1].strip() if lines else repr(e)
        traceback.print_exc()
    sys.stdout.flush()
    write(_recorder.RECORD, None, status=status, error=error)
    return 0


if __name__ == "__main__":
    sys.exit(main())
