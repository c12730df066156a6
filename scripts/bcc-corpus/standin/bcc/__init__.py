"""Stand-in for BCC's Python package, for extracting the BPF C text of tools.

It offers the API surface that Debian's bpfcc-tools use, but compiles
nothing and never touches a kernel: BPF(text=...) records the text and
cflags, attach_* calls are recorded, kernel queries are answered from a
target's captured facts (corpus_facts.TargetFacts), and the first poll, map
read or sleep in the tool's main loop ends the tool (see _recorder.stop).
libbcc.so is never loaded.
"""
import ctypes as ct
import os
import re
import time as _time

from . import _recorder
from ._recorder import RECORD, facts, note, stop, to_str
from .table import Table
from .usdt import USDT, USDTException
from .utils import ArgString, StrcmpRewrite, printb  # noqa: F401 (re-exported)
from . import utils  # noqa: F401

__version__ = "0.26.0+corpus-standin"

DEBUG_LLVM_IR = 0x1
DEBUG_BPF = 0x2
DEBUG_PREPROCESSOR = 0x4
DEBUG_SOURCE = 0x8
DEBUG_BPF_REGISTER_STATE = 0x10
DEBUG_BTF = 0x20

TRACEFS = "/sys/kernel/tracing"


class PerfType:
    # perf_type_id in linux/perf_event.h
    HARDWARE = 0
    SOFTWARE = 1
    TRACEPOINT = 2
    HW_CACHE = 3
    RAW = 4
    BREAKPOINT = 5


class PerfHWConfig:
    # perf_hw_id
    CPU_CYCLES = 0
    INSTRUCTIONS = 1
    CACHE_REFERENCES = 2
    CACHE_MISSES = 3
    BRANCH_INSTRUCTIONS = 4
    BRANCH_MISSES = 5
    BUS_CYCLES = 6
    STALLED_CYCLES_FRONTEND = 7
    STALLED_CYCLES_BACKEND = 8
    REF_CPU_CYCLES = 9


class PerfSWConfig:
    # perf_sw_ids
    CPU_CLOCK = 0
    TASK_CLOCK = 1
    PAGE_FAULTS = 2
    CONTEXT_SWITCHES = 3
    CPU_MIGRATIONS = 4
    PAGE_FAULTS_MIN = 5
    PAGE_FAULTS_MAJ = 6
    ALIGNMENT_FAULTS = 7
    EMULATION_FAULTS = 8
    DUMMY = 9
    BPF_OUTPUT = 10


class BPFProgType:
    # bpf_prog_type in linux/bpf.h
    SOCKET_FILTER = 1
    KPROBE = 2
    SCHED_CLS = 3
    SCHED_ACT = 4
    TRACEPOINT = 5
    XDP = 6
    PERF_EVENT = 7
    CGROUP_SKB = 8
    CGROUP_SOCK = 9
    LWT_IN = 10
    LWT_OUT = 11
    LWT_XMIT = 12
    SOCK_OPS = 13
    SK_SKB = 14
    CGROUP_DEVICE = 15
    SK_MSG = 16
    RAW_TRACEPOINT = 17
    CGROUP_SOCK_ADDR = 18
    TRACING = 26
    LSM = 29


class XDPFlags:
    UPDATE_IF_NOEXIST = 1 << 0
    SKB_MODE = 1 << 1
    DRV_MODE = 1 << 2
    HW_MODE = 1 << 3
    REPLACE = 1 << 4


def _b(value):
    """bytes, as BCC's own API returns them."""
    if isinstance(value, bytes):
        return value
    return str(value).encode()


# Headers BCC adds for programs (argdist, trace) that mention these words.
_AUTO_INCLUDES = [
    ("linux/time.h", ["time"]),
    ("linux/fs.h", ["fs", "file"]),
    ("linux/blkdev.h", ["bio", "request"]),
    ("linux/slab.h", ["alloc"]),
    ("linux/netdevice.h", ["sk_buff", "net_device"]),
]


_KPROBE_SET = []


def _kprobe_set():
    if not _KPROBE_SET:
        _KPROBE_SET.append(frozenset(facts().kprobe_functions()))
    return _KPROBE_SET[0]


class BPF(object):
    SOCKET_FILTER = BPFProgType.SOCKET_FILTER
    KPROBE = BPFProgType.KPROBE
    SCHED_CLS = BPFProgType.SCHED_CLS
    SCHED_ACT = BPFProgType.SCHED_ACT
    TRACEPOINT = BPFProgType.TRACEPOINT
    XDP = BPFProgType.XDP
    PERF_EVENT = BPFProgType.PERF_EVENT
    CGROUP_SKB = BPFProgType.CGROUP_SKB
    CGROUP_SOCK = BPFProgType.CGROUP_SOCK
    SOCK_OPS = BPFProgType.SOCK_OPS
    SK_SKB = BPFProgType.SK_SKB
    RAW_TRACEPOINT = BPFProgType.RAW_TRACEPOINT
    TRACING = BPFProgType.TRACING
    LSM = BPFProgType.LSM
    XDP_ABORTED, XDP_DROP, XDP_PASS, XDP_TX, XDP_REDIRECT = 0, 1, 2, 3, 4
    XDP_FLAGS_UPDATE_IF_NOEXIST = XDPFlags.UPDATE_IF_NOEXIST
    XDP_FLAGS_SKB_MODE = XDPFlags.SKB_MODE
    XDP_FLAGS_DRV_MODE = XDPFlags.DRV_MODE
    XDP_FLAGS_HW_MODE = XDPFlags.HW_MODE
    XDP_FLAGS_REPLACE = XDPFlags.REPLACE
    Table = Table

    class Function(object):
        def __init__(self, bpf, name, fd):
            self.bpf = bpf
            self.name = name
            self.fd = fd

    # --- construction -------------------------------------------------------
    def __init__(self, src_file=b"", hdr_file=b"", text=None, debug=0, cflags=[],
                 usdt_contexts=[], allow_rlimit=True, device=None,
                 attach_usdt_ignore_pid=False):
        src_file = to_str(src_file) or ""
        if text and src_file:
            raise AssertionError("BPF(): give text or src_file, not both")
        if src_file:
            path = src_file
            if not os.path.isfile(path):
                import sys
                alt = os.path.join(os.path.dirname(os.path.abspath(sys.argv[0])), src_file)
                if not os.path.isfile(alt):
                    raise Exception("Could not find file %s" % src_file)
                path = alt
            with open(path, "rb") as f:
                text = f.read()
        self.index = len(RECORD["programs"])
        self.tables = {}
        self.funcs = {}
        self.debug = debug
        entry = {
            "text": to_str(text) or "",
            "src_file": src_file or None,
            "hdr_file": to_str(hdr_file) or None,
            "cflags": [to_str(c) for c in cflags],
            "usdt_contexts": [u.describe() for u in usdt_contexts],
            "device": to_str(device),
        }
        RECORD["programs"].append(entry)
        for u in usdt_contexts:
            u.used_by = self.index

    def _attach(self, kind, **fields):
        rec = {"kind": kind, "program": self.index}
        for k, v in fields.items():
            if isinstance(v, (bytes, str)):
                v = to_str(v)
            rec[k] = v
        # Real BCC fails on a target the kernel cannot probe; the corpus keeps
        # the call and says so.
        if kind in ("kprobe", "kretprobe"):
            rec["available"] = rec["event"] in _kprobe_set()
        elif kind == "tracepoint":
            rec["available"] = tuple(rec["tp"].split(":", 1)) in facts().tracepoints()
        RECORD["attach"].append(rec)

    # --- tables -------------------------------------------------------------
    def get_table(self, name, keytype=None, leaftype=None, reducer=None):
        name = to_str(name)
        if name not in self.tables:
            self.tables[name] = Table(self, name)
        return self.tables[name]

    def __getitem__(self, key):
        return self.get_table(key)

    def __setitem__(self, key, leaf):
        self.tables[to_str(key)] = leaf

    def __len__(self):
        return len(self.tables)

    def __delitem__(self, key):
        self.tables.pop(to_str(key), None)

    def __iter__(self):
        return iter(self.tables)

    def __contains__(self, key):
        return to_str(key) in self.tables

    # --- programs -----------------------------------------------------------
    def load_func(self, func_name, prog_type, device=None, attach_type=-1):
        name = to_str(func_name)
        fn = BPF.Function(self, _b(name), -1)
        self.funcs[name] = fn
        return fn

    def load_funcs(self, prog_type=KPROBE):
        return []

    def dump_func(self, func_name):
        return b""

    # --- kernel facts -------------------------------------------------------
    @staticmethod
    def get_kprobe_functions(event_re):
        pattern = re.compile(to_str(event_re))
        return [_b(f) for f in facts().kprobe_functions() if pattern.match(f)]

    @staticmethod
    def get_probe_limit():
        return 1000

    def get_syscall_prefix(self):
        return _b(facts().syscall_prefix)

    def get_syscall_fnname(self, name):
        return self.get_syscall_prefix() + _b(name)

    def fix_syscall_fnname(self, name):
        name = _b(name)
        for prefix in (b"sys_", b"__x64_sys_", b"__arm64_sys_", b"__x32_compat_sys_",
                       b"__ia32_compat_sys_", b"__s390x_sys_", b"__s390_sys_"):
            if name.startswith(prefix):
                return self.get_syscall_fnname(name[len(prefix):])
        return name

    @staticmethod
    def ksymname(name):
        return facts().ksymname(to_str(name))

    @staticmethod
    def ksym(addr, show_module=False, show_offset=False):
        name = facts().ksym(addr)
        return _b(name) if name else b"[unknown]"

    @staticmethod
    def sym(addr, pid, show_module=False, show_offset=False, demangle=True):
        return b"[unknown]"

    @staticmethod
    def tracepoint_exists(category, event):
        return (to_str(category), to_str(event)) in facts().tracepoints()

    @staticmethod
    def get_tracepoints(tp_re):
        pattern = re.compile(to_str(tp_re))
        return sorted(_b("%s:%s" % tp) for tp in facts().tracepoints()
                      if pattern.match("%s:%s" % tp))

    @staticmethod
    def support_raw_tracepoint():
        return True

    @staticmethod
    def support_raw_tracepoint_in_module():
        return True

    @staticmethod
    def support_kfunc():
        return facts().kfunc

    @staticmethod
    def support_lsm():
        return facts().lsm

    @staticmethod
    def support_fmod_ret():
        # BCC 0.35+: the kernel's enum bpf_attach_type has BPF_MODIFY_RETURN
        # (5.7), which every kernel with trampolines has.
        return facts().kfunc

    @staticmethod
    def kernel_struct_has_field(struct_name, field_name):
        return facts().struct_has_field(to_str(struct_name), to_str(field_name))

    @staticmethod
    def find_library(libname):
        # The library lives on the target: record the name, answer a path.
        note("needs the target's shared library %s" % to_str(libname))
        return _b("/usr/lib/lib%s.so" % to_str(libname))

    @staticmethod
    def find_exe(bin_path):
        bin_path = to_str(bin_path)
        if "/" in bin_path:
            return _b(bin_path)
        for d in os.environ.get("PATH", "/usr/bin:/bin").split(os.pathsep):
            if os.path.isfile(os.path.join(d, bin_path)):
                return _b(os.path.join(d, bin_path))
        return None

    @staticmethod
    def get_user_functions_and_addresses(name, sym_re):
        # The binary is on the target: a plain symbol name is taken as found.
        note("needs the target's binary %s" % to_str(name))
        sym = to_str(sym_re)
        return [(_b(sym), 0)] if re.match(r"^[A-Za-z_][\w.]*$", sym) else []

    @staticmethod
    def get_user_functions(name, sym_re):
        return []

    @staticmethod
    def get_user_addresses(name, sym_re):
        return []

    @staticmethod
    def add_module(modname):
        return True

    @classmethod
    def monotonic_time(cls):
        return _time.monotonic_ns()

    @classmethod
    def generate_auto_includes(cls, program_words):
        out = ""
        for header, words in _AUTO_INCLUDES:
            if any(w in word for w in words for word in program_words):
                out += "#include <%s>\n" % header
        return out

    # --- attaching ----------------------------------------------------------
    def attach_kprobe(self, event=b"", event_off=0, fn_name=b"", event_re=b""):
        if event_re:
            for fn in BPF.get_kprobe_functions(event_re):
                self._attach("kprobe", event=fn, fn_name=fn_name, event_off=event_off,
                             event_re=event_re)
            return
        self._attach("kprobe", event=event, fn_name=fn_name, event_off=event_off)

    def attach_kretprobe(self, event=b"", fn_name=b"", event_re=b"", maxactive=0):
        if event_re:
            for fn in BPF.get_kprobe_functions(event_re):
                self._attach("kretprobe", event=fn, fn_name=fn_name, event_re=event_re)
            return
        self._attach("kretprobe", event=event, fn_name=fn_name, maxactive=maxactive)

    def attach_tracepoint(self, tp=b"", tp_re=b"", fn_name=b""):
        if tp_re:
            for t in BPF.get_tracepoints(tp_re):
                self._attach("tracepoint", tp=t, fn_name=fn_name, tp_re=tp_re)
            return
        self._attach("tracepoint", tp=tp, fn_name=fn_name)

    def attach_raw_tracepoint(self, tp=b"", fn_name=b""):
        self._attach("raw_tracepoint", tp=tp, fn_name=fn_name)

    def attach_kfunc(self, fn_name=b""):
        self._attach("kfunc", fn_name=fn_name)

    def attach_kretfunc(self, fn_name=b""):
        self._attach("kretfunc", fn_name=fn_name)

    def attach_fmod_ret(self, fn_name=b""):
        self._attach("fmod_ret", fn_name=fn_name)

    def attach_lsm(self, fn_name=b""):
        self._attach("lsm", fn_name=fn_name)

    def attach_perf_event(self, ev_type=-1, ev_config=-1, fn_name=b"", sample_period=0,
                          sample_freq=0, pid=-1, cpu=-1, group_fd=-1):
        self._attach("perf_event", ev_type=ev_type, ev_config=ev_config, fn_name=fn_name,
                     sample_period=sample_period, sample_freq=sample_freq, pid=pid, cpu=cpu)

    def attach_perf_event_raw(self, attr=-1, fn_name=b"", pid=-1, cpu=-1, group_fd=-1):
        self._attach("perf_event_raw", fn_name=fn_name, pid=pid, cpu=cpu,
                     ev_type=getattr(attr, "type", None), ev_config=getattr(attr, "config", None))

    def attach_uprobe(self, name=b"", sym=b"", sym_re=b"", addr=None, fn_name=b"",
                      pid=-1, sym_off=0):
        self._attach("uprobe", name=name, sym=sym, sym_re=sym_re, addr=addr, fn_name=fn_name,
                     pid=pid, sym_off=sym_off)

    def attach_uretprobe(self, name=b"", sym=b"", sym_re=b"", addr=None, fn_name=b"",
                         pid=-1):
        self._attach("uretprobe", name=name, sym=sym, sym_re=sym_re, addr=addr,
                     fn_name=fn_name, pid=pid)

    def attach_xdp(self, dev, fn, flags=0):
        self._attach("xdp", dev=dev, fn_name=getattr(fn, "name", None))

    @staticmethod
    def attach_func(fn, attachable_fd, attach_type, flags=0):
        RECORD["attach"].append({"kind": "func", "fn_name": to_str(fn.name),
                                 "attach_type": attach_type})

    @staticmethod
    def attach_raw_socket(fn, dev):
        RECORD["attach"].append({"kind": "raw_socket", "fn_name": to_str(fn.name),
                                 "dev": to_str(dev)})

    def _count(self, kinds):
        return sum(1 for a in RECORD["attach"]
                   if a.get("program") == self.index and a["kind"] in kinds)

    def num_open_kprobes(self):
        return self._count(("kprobe", "kretprobe"))

    def num_open_uprobes(self):
        return self._count(("uprobe", "uretprobe"))

    def num_open_tracepoints(self):
        return self._count(("tracepoint",))

    def detach_kprobe(self, event, fn_name=None):
        pass

    def detach_kretprobe(self, event, fn_name=None):
        pass

    def detach_tracepoint(self, tp=b""):
        pass

    def detach_raw_tracepoint(self, tp=b""):
        pass

    def detach_uprobe(self, name=b"", sym=b"", addr=None, pid=-1, sym_off=0):
        pass

    def detach_uretprobe(self, name=b"", sym=b"", addr=None, pid=-1):
        pass

    def detach_perf_event(self, ev_type=-1, ev_config=-1):
        pass

    @staticmethod
    def remove_xdp(dev, flags=0):
        pass

    # --- the event loop: where a tool is stopped ----------------------------
    def perf_buffer_poll(self, timeout=-1):
        stop("perf_buffer_poll")

    def perf_buffer_consume(self):
        stop("perf_buffer_consume")

    def ring_buffer_poll(self, timeout=-1):
        stop("ring_buffer_poll")

    def ring_buffer_consume(self):
        stop("ring_buffer_consume")

    def kprobe_poll(self, timeout=-1):
        stop("kprobe_poll")

    def trace_open(self, nonblocking=False):
        stop("trace_open")

    def trace_fields(self, nonblocking=False):
        stop("trace_fields")

    def trace_readline(self, nonblocking=False):
        stop("trace_readline")

    def trace_print(self, fmt=None):
        stop("trace_print")

    # --- cleanup ------------------------------------------------------------
    def donothing(self):
        pass

    def free_bcc_memory(self):
        return 0

    def close(self):
        pass

    def cleanup(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        pass


__all__ = ["BPF", "USDT", "USDTException", "ArgString", "StrcmpRewrite", "PerfType",
           "PerfHWConfig", "PerfSWConfig", "BPFProgType", "XDPFlags", "Table", "printb",
           "utils"]
