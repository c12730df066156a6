"""What the stand-in `bcc` package records, and how it stops a tool.

The corpus extractor (extract-tool.py) configures this module before it runs
a tool script: the target's facts (facts.TargetFacts) and the output paths.
Every BPF() construction and every attach call lands in RECORD; the first
call that would poll events or read a map calls stop(), which writes the
record and ends the process without returning to the tool.
"""
import json
import os
import sys

RECORD = {
    "programs": [],      # one entry per BPF() object, in creation order
    "attach": [],        # attach calls, each naming the program index
    "usdt": [],          # USDT contexts (pid, path, enabled probes)
    "table_writes": [],  # maps the tool writes before it starts polling
    "notes": [],
}

_state = {"facts": None, "writer": None, "stopped": False}


def configure(facts, writer):
    """facts: the target's facts; writer(record, stopped_at) persists the
    record (called exactly once, by stop() or by the extractor)."""
    _state["facts"] = facts
    _state["writer"] = writer


def facts():
    f = _state["facts"]
    if f is None:
        raise RuntimeError("bcc stand-in: no target facts configured "
                           "(run tools through extract-tool.py)")
    return f


def have_program():
    return bool(RECORD["programs"])


def note(text):
    if text not in RECORD["notes"]:
        RECORD["notes"].append(text)


def stop(where):
    """The tool reached its event loop (or a map read): write the record
    and end the process at once."""
    if _state["stopped"]:
        os._exit(0)
    _state["stopped"] = True
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:
        pass
    writer = _state["writer"]
    if writer is not None:
        writer(RECORD, where)
    os._exit(0)


def to_str(value):
    """BCC accepts str or bytes almost everywhere; records hold str."""
    if value is None:
        return None
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


def dump_json(path, obj):
    with open(path, "w") as f:
        json.dump(obj, f, indent=1, sort_keys=True)
        f.write("\n")
