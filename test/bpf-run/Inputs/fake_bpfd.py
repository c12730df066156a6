"""The protocol side of the scripted stand-ins for bpfd (fake-bpfd*.py): a
greeting, docs/protocol.md's replies (written by python/bpfd_client), the
object upload, a perf buffer's polls, EXIT, a log of every command received;
and what two of them serve alike: Inputs/traced.c's object and events. A
script hands serve() its commands; anything else is refused with EINVAL, as
bpfd refuses what it does not know."""
import os
import struct
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "python"))
import bpfd_client  # noqa: E402

b64 = bpfd_client.b64

GREETING = ("bpfd: version=1 arch=arm64 release=6.1.0-fake version_code=393479 btf=1 "
            "max_line=1048576")

# LOAD_OBJECT's payload for Inputs/traced.c: its maps, program and attachment.
TRACED_OBJECT = ["map events handle=3 type=4 key_size=4 value_size=4 max_entries=2",
                 "map counts handle=4 type=1 key_size=20 value_size=16 max_entries=1024",
                 "map dist handle=5 type=2 key_size=4 value_size=8 max_entries=64",
                 "prog trace_open handle=6 type=2 section=kprobe/do_sys_openat2 insns=30",
                 "attach trace_open handle=7 kprobe:do_sys_openat2"]


def traced_event(pid, comm, ts, ret):
    """An event of Inputs/traced.c: struct event { u32 pid; char comm[16]; u64 ts; s32 ret; }."""
    return struct.pack("<I16s4xQi4x", pid, comm, ts, ret)


def reply(cmd, ret, payload=(), errno="EINVAL", msg="fake bpfd: not scripted"):
    for line in payload:
        sys.stdout.write("+ " + line + "\n")
    sys.stdout.write(bpfd_client.status_line(cmd, ret, errno, msg) + "\n")
    sys.stdout.flush()


_polls = {}


def perf_buffer(cmd, words, events, reader, first_poll, forms=((),), wait=True):
    """Answers BPF_OPEN_PERF_BUFFER EVENTS (the map's handle) with READER, and
    PERF_READER_POLL TIMEOUT [FORM] READER for each FORM of FORMS (the words
    between): first_poll(words) replies to the first poll; later polls hold
    nothing, after their TIMEOUT with WAIT. False for any other command."""
    if cmd == "bpf_open_perf_buffer" and words[1:] == [str(events)]:
        reply(cmd, reader)
        return True
    if cmd != "perf_reader_poll" or words[-1:] != [str(reader)] or tuple(words[2:-1]) not in forms:
        return False
    _polls[reader] = _polls.get(reader, 0) + 1
    if _polls[reader] == 1:
        first_poll(words)
        return True
    if wait:
        time.sleep(int(words[1]) / 1000.0)
    reply(cmd, 0)
    return True


def serve(log_path, handle, greeting_extra=""):
    """Answers stdin's commands until EXIT. handle(cmd, words, uploaded) is
    each other command's: it replies and returns True, or returns False for
    a refusal; `uploaded` says whether the object's chunks add up to its size."""
    log = open(log_path, "w")
    sys.stdout.write(GREETING + greeting_extra + "\n")
    sys.stdout.flush()
    size = got = 0
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0].lower()
        log.write(" ".join(w if len(w) < 40 else w[:12] + "..." for w in words) + "\n")
        log.flush()
        if cmd == "object_begin":
            size, got = int(words[1]), 0
            reply(cmd, 0)
        elif cmd == "object_chunk":
            got += len(bpfd_client.unb64(words[1]))
            reply(cmd, got)
        elif cmd == "exit":
            reply(cmd, 0)
            break
        elif not handle(cmd, words, got == size):
            reply(cmd, -22)
