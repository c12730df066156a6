"""BCC's recorded attach calls (the corpus JSON's "attach" list, one entry a
call of BPF.attach_kprobe/attach_tracepoint/... as the tool's Python made it)
as sections, the spelling bpf-xcc's --attach FN=SECTION takes. The one
translation of those records: run-corpus.py and run-bcc-tool.py both use it.
What a section means is bpfconv's (bpfconv/include/bpfconv/section.h); bpf-xcc
checks every section this returns against it.
"""


def section_of(record):
    """The section of one attach record, or None for a kind without one
    (BCC's attach_raw_socket, xdp, ...). perf_event records carry the perf
    type, config and rate BCC's attach_perf_event was given."""
    kind = record.get("kind")
    if kind in ("kprobe", "kretprobe") and record.get("event"):
        return "%s/%s" % (kind, record["event"])
    if kind == "tracepoint" and record.get("tp"):
        return "tracepoint/" + record["tp"].replace(":", "/", 1)
    if kind == "raw_tracepoint" and record.get("tp"):
        return "raw_tracepoint/" + record["tp"]
    if kind in ("perf_event", "perf_event_raw"):
        if kind == "perf_event" and "ev_type" in record:
            rate = ("freq=%d" % record["sample_freq"] if record.get("sample_freq")
                    else "period=%d" % record.get("sample_period", 0))
            return "perf_event/%d/%d/%s" % (record["ev_type"], record.get("ev_config", 0), rate)
        return "perf_event"
    if kind in ("uprobe", "uretprobe"):
        where = record.get("sym") or record.get("addr") or ""
        return "%s/%s:%s" % (kind, record.get("name") or "", where)
    return None


def attach_options(records, skip=lambda record: False):
    """["--attach", "FN=SECTION", ...] for the records with a function and a
    section, each once, in order, leaving out those `skip` returns true for."""
    opts, seen = [], set()
    for record in records:
        fn, section = record.get("fn_name"), section_of(record)
        if not fn or not section or skip(record) or (fn, section) in seen:
            continue
        seen.add((fn, section))
        opts += ["--attach", "%s=%s" % (fn, section)]
    return opts
