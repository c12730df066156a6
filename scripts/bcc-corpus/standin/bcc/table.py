"""Map handles of the stand-in: setting a map up is allowed (perf buffers,
configuration writes are recorded), reading one ends the tool."""
import ctypes as ct

from ._recorder import RECORD, stop, to_str


class _AnyValue(object):
    """Key/Leaf stand-in: accepts any constructor arguments and fields."""

    def __init__(self, *args, **kwargs):
        self.value = args[0] if args else 0
        for k, v in kwargs.items():
            setattr(self, k, v)

    def __getattr__(self, name):
        return 0


class Table(object):
    def __init__(self, bpf, name):
        self.bpf = bpf
        self.name = name
        self.Key = type("Key", (_AnyValue,), {})
        self.Leaf = type("Leaf", (_AnyValue,), {})

    # --- set-up: allowed ----------------------------------------------------
    def open_perf_buffer(self, callback, page_cnt=8, lost_cb=None, wakeup_events=1):
        RECORD.setdefault("perf_buffers", []).append(self.name)

    def open_ring_buffer(self, callback, ctx=None):
        RECORD.setdefault("ring_buffers", []).append(self.name)

    def __setitem__(self, key, leaf):
        RECORD["table_writes"].append(self.name)

    def __delitem__(self, key):
        pass

    def clear(self):
        pass

    def zero(self):
        pass

    def leaf_sprintf(self, leaf):
        return b""

    def event(self, data):
        stop("event decode of %s" % self.name)

    # --- reads: the tool's main loop has begun ------------------------------
    def _read(self, what):
        stop("%s of map %s" % (what, self.name))

    def __getitem__(self, key):
        self._read("lookup")

    def __iter__(self):
        self._read("iteration")

    def __len__(self):
        self._read("len")

    def __contains__(self, key):
        self._read("lookup")

    def items(self):
        self._read("items")

    def values(self):
        self._read("values")

    def keys(self):
        self._read("keys")

    def itervalues(self):
        self._read("values")

    def iteritems(self):
        self._read("items")

    def items_lookup_and_delete_batch(self):
        self._read("batch lookup")

    def items_lookup_batch(self):
        self._read("batch lookup")

    def items_delete_batch(self, ct_keys=None):
        pass

    def get_stack(self, stack_id):
        self._read("stack")

    def walk(self, stack_id):
        self._read("stack")

    def sum(self, key):
        self._read("sum")

    def max(self, key):
        self._read("max")

    def average(self, key):
        self._read("average")

    def print_log2_hist(self, *args, **kwargs):
        self._read("print_log2_hist")

    def print_linear_hist(self, *args, **kwargs):
        self._read("print_linear_hist")

    def print_json_hist(self, *args, **kwargs):
        self._read("print_json_hist")

    def push(self, leaf, flags=0):
        RECORD["table_writes"].append(self.name)

    def pop(self):
        self._read("pop")

    def peek(self):
        self._read("peek")


PerfEventArray = Table
RingBuf = Table
BPF_MAP_TYPE_QUEUE = 22
BPF_MAP_TYPE_STACK = 23
