"""Blobs on bpfd's lines (docs/protocol.md, Framing): standard base64 with
'=' padding, no line breaks; an empty blob is written '-'."""
import base64
import binascii


def b64(data):
    """DATA (bytes) as a blob word: its base64, or '-' when empty."""
    return base64.b64encode(data).decode() if data else "-"


def unb64(word, validate=False):
    """The bytes of a blob word ('-': none). A word that is not base64 raises
    ValueError (binascii.Error), with VALIDATE also for stray characters."""
    if word in ("-", b"-"):
        return b""
    return base64.b64decode(word, validate=validate)


Error = binascii.Error
