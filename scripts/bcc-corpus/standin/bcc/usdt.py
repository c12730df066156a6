"""USDT stand-in: records the probes a tool enables. The argument readers
BCC generates from a binary's USDT notes are not produced: tools that use
USDT are counted separately in the corpus."""
from ._recorder import RECORD, note, to_str


class USDTException(Exception):
    pass


class USDT(object):
    def __init__(self, pid=None, path=None):
        if pid is None and path is None:
            raise USDTException("USDT: give a pid or a binary path")
        self.pid = pid
        self.path = to_str(path)
        self.probes = []
        self.used_by = None
        RECORD["usdt"].append(self)
        note("uses USDT probes of a target process or binary")

    def enable_probe(self, probe, fn_name):
        self.probes.append({"probe": to_str(probe), "fn_name": to_str(fn_name)})

    def enable_probe_or_bail(self, probe, fn_name):
        self.enable_probe(probe, fn_name)

    def get_context(self):
        return 0

    def get_text(self):
        return ""

    def get_probe_arg_ctype(self, probe_name, arg_index):
        return "uint64_t"

    def enumerate_probes(self):
        return []

    def enumerate_active_probes(self):
        return []

    def attach_uprobes(self, bpf, attach_usdt_ignore_pid):
        pass

    def describe(self):
        return {"pid": self.pid, "path": self.path, "probes": list(self.probes)}
