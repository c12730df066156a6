"""What bpfd writes (docs/protocol.md, Framing; bpfd/daemon/reply.cc writes it,
bpfd/remote/lib/Reply.cpp and LineProtocol.cpp read it in C++): the greeting, payload lines
('+ TEXT') and the status line that ends each reply,

    <command>: ret=<N> [errno=<ENAME> msg="<text>"] [tag=<TAG>]

read into a Status, and written by status_line() for the scripted stand-ins
of bpfd in the tests."""
import errno as _errno

# The daemon's names of errno values its own table lacks (reply.cc, errnoName).
_EXTRA_ERRNO_NAMES = {524: "ENOTSUPP"}


class Malformed(ValueError):
    """A line that is not what the protocol says bpfd writes."""


def is_payload(line):
    """True for a payload line: a status line never starts with '+'."""
    return line[:1] in ("+", b"+")


def payload_text(line):
    """A payload line without its '+ '."""
    return line[2:]


def escape(text):
    """TEXT as msg="..." holds it: '"' and '\\' escaped with '\\', newline and
    tab as \\n and \\t, other control bytes as \\xHH (reply.cc, appendEscaped)."""
    out = []
    for c in text:
        if c in '"\\':
            out.append("\\" + c)
        elif c == "\n":
            out.append("\\n")
        elif c == "\t":
            out.append("\\t")
        elif ord(c) < 0x20 or c == "\x7f":
            out.append("\\x%02x" % ord(c))
        else:
            out.append(c)
    return "".join(out)


def errno_name(err):
    """The name bpfd gives a positive errno value (EUNKNOWN where it has none)."""
    return _EXTRA_ERRNO_NAMES.get(err) or _errno.errorcode.get(err, "EUNKNOWN")


def status_line(cmd, ret, errno=None, msg="", tag=""):
    """The status line bpfd writes for CMD (lowercase already) ending with RET;
    a negative RET carries ERRNO (default: the name of -RET) and MSG, escaped."""
    line = "%s: ret=%d" % (cmd, ret)
    if ret < 0:
        line += ' errno=%s msg="%s"' % (errno or errno_name(-ret), escape(msg))
    if tag:
        line += " tag=" + tag
    return line


_HEX = "0123456789abcdefABCDEF"


def unescape(text):
    """What escape() wrote, read back as bpfd/remote/lib/LineProtocol.cpp
    reads it: \\n, \\t, \\xHH; any other escaped character stands for
    itself (bpfd writes no other escape)."""
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c != "\\" or i + 1 == len(text):
            out.append(c)
            i += 1
            continue
        e = text[i + 1]
        if e == "x" and len(text[i + 2:i + 4]) == 2 and all(h in _HEX for h in text[i + 2:i + 4]):
            out.append(chr(int(text[i + 2:i + 4], 16)))
            i += 4
            continue
        out.append({"n": "\n", "t": "\t"}.get(e, e))
        i += 2
    return "".join(out)


def _read_quoted(line, pos):
    """The value of a "..." starting at LINE[POS], and the position after it."""
    i = pos + 1
    while i < len(line):
        if line[i] == "\\":
            i += 2   # the escaped character, whatever it is
            continue
        if line[i] == '"':
            return unescape(line[pos + 1:i]), i + 1
        i += 1
    raise Malformed("malformed status line '%s': unterminated quoted value" % line)


class Status:
    """A status line read: command, ret, errno ('' on success), msg, tag and
    every field by name (fields; unknown ones are kept, later versions may
    add some)."""

    def __init__(self, line):
        self.line = line
        if not line or line[0] == "+":
            raise Malformed("malformed status line '%s': a status line never starts with '+'" % line)
        colon = line.find(": ")
        if colon <= 0:
            raise Malformed("malformed status line '%s': no '<command>: ' prefix" % line)
        self.command = line[:colon]
        self.fields = {}
        pos = colon + 2
        while pos < len(line):
            if line[pos] == " ":
                pos += 1
                continue
            eq = line.find("=", pos)
            if eq < 0:
                raise Malformed("malformed status line '%s': a field without '='" % line)
            key, pos = line[pos:eq], eq + 1
            if line[pos:pos + 1] == '"':
                value, pos = _read_quoted(line, pos)
            else:
                end = line.find(" ", pos)
                end = len(line) if end < 0 else end
                value, pos = line[pos:end], end
            self.fields[key] = value
        try:
            self.ret = int(self.fields["ret"], 0)
        except (KeyError, ValueError):
            raise Malformed("malformed status line '%s': no ret= number" % line) from None
        self.errno = self.fields.get("errno", "")
        self.msg = self.fields.get("msg", "")
        self.tag = self.fields.get("tag", "")

    @property
    def ok(self):
        return self.ret >= 0

    def __str__(self):
        return self.line


def parse_greeting(line):
    """The greeting's fields, in order: {'version': '1', 'arch': ..., ...}."""
    if not line.startswith("bpfd: "):
        raise Malformed("expected the greeting 'bpfd: version=...', got '%s'" % line[:200])
    fields = {}
    for word in line[len("bpfd: "):].split():
        key, eq, value = word.partition("=")
        if not eq or not key:
            raise Malformed("malformed greeting field '%s' in '%s'" % (word, line))
        fields[key] = value
    if next(iter(fields), None) != "version":
        raise Malformed("greeting without version= first: '%s'" % line)
    return fields
