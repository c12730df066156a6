"""One Python client of bpfd's line protocol (docs/protocol.md), for the
scripts, benches and tests of this tree:

  blob      b64() / unb64(): blobs, base64 or '-'
  reply     Status (a status line read), parse_greeting(), status_line() and
            escape() / unescape() (what scripted stand-ins of bpfd write, msg=)
  perf      pack_records() / unpack_records(): a batch samples line's blob
  session   Session (commands out, Reply in, read_file, upload_object), Failed
  coprocess Coprocess: bpfd-remote started as a coprocess, greeting read
  broker    Broker: bpfd-bcc's session socket ($BPFD_BCC_SOCKET)

Each script puts this folder (python/) on sys.path from its own place in
the tree, the test inputs too: PYTHONPATH would not do for them, as lit's
internal shell sets it to lit's own folder for the rest of a test once it
has run its cat or diff builtin."""
from .blob import b64, unb64
from .broker import Broker
from .coprocess import Coprocess
from .perf import pack_records, unpack_records
from .reply import (Malformed, Status, errno_name, escape, is_payload, parse_greeting, payload_text,
                    status_line, unescape)
from .session import OBJECT_CHUNK, Failed, Reply, Session

__all__ = ["b64", "unb64", "Broker", "Coprocess", "pack_records", "unpack_records", "Malformed",
           "Status", "errno_name", "escape", "is_payload", "parse_greeting", "payload_text",
           "status_line", "unescape", "OBJECT_CHUNK", "Failed", "Reply", "Session"]
