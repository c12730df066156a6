"""The protocol side of the scripted stand-ins for bpfd (fake-bpfd*.py): a
greeting, docs/protocol.md's replies, the object upload, EXIT, a log of every
command received. A script hands serve() its commands; anything else is
refused with EINVAL, as bpfd refuses what it does not know."""
import base64
import sys

GREETING = ("bpfd: version=1 arch=arm64 release=6.1.0-fake version_code=393479 btf=1 "
            "max_line=1048576")


def b64(data):
    return base64.b64encode(data).decode() if data else "-"


def reply(cmd, ret, payload=(), errno="EINVAL", msg="fake bpfd: not scripted"):
    for line in payload:
        sys.stdout.write("+ " + line + "\n")
    if ret < 0:
        sys.stdout.write('%s: ret=%d errno=%s msg="%s"\n' % (cmd, ret, errno, msg))
    else:
        sys.stdout.write("%s: ret=%d\n" % (cmd, ret))
    sys.stdout.flush()


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
            got += len(base64.b64decode(words[1]))
            reply(cmd, got)
        elif cmd == "exit":
            reply(cmd, 0)
            break
        elif not handle(cmd, words, got == size):
            reply(cmd, -22)
