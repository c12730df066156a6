"""Prints the values of bpfd-remote's BPF_LOOKUP_ELEM replies as signed
64-bit integers, one "slot N: VALUE" line per 8-byte value in the order they
came, read in the byte order given (little or big: the guest kernel's); a
value whose bytes are text (4 characters or more) and NULs is followed by the
text in quotes."""
import base64
import re
import sys

order = sys.argv[1]
slot = 0
for line in sys.stdin:
    m = re.match(r"^\+ ([A-Za-z0-9+/=]+)$", line.rstrip("\n"))
    if not m:
        continue
    raw = base64.b64decode(m.group(1))
    if len(raw) != 8:
        continue
    text = raw.rstrip(b"\0")
    shown = ' "%s"' % text.decode() if len(text) >= 4 and all(32 <= c < 127 for c in text) else ""
    print("slot %d: %d%s" % (slot, int.from_bytes(raw, order, signed=True), shown))
    slot += 1
