"""PERF_READER_POLL's batch form (docs/protocol.md, Perf buffers): the blob
of a '+ samples READER CPU COUNT B64' line holds COUNT records, each a
little-endian u32 length and the sample's bytes."""
import struct


def pack_records(records):
    """The blob of a samples line holding RECORDS (bytes each)."""
    return b"".join(struct.pack("<I", len(r)) + r for r in records)


def unpack_records(blob):
    """(records, problem): the samples of a batch blob, and None, or a
    sentence saying where the blob breaks the form (a length word or a record
    cut at its end); the records before the break are kept."""
    records, at = [], 0
    while at < len(blob):
        if at + 4 > len(blob):
            return records, "a length word cut at the end of a line (%d bytes left)" % (len(blob) - at)
        (size,) = struct.unpack_from("<I", blob, at)
        if at + 4 + size > len(blob):
            return records, ("record %d of %d bytes cut at the end of a line (%d bytes left)"
                             % (len(records), size, len(blob) - at - 4))
        records.append(blob[at + 4:at + 4 + size])
        at += 4 + size
    return records, None
