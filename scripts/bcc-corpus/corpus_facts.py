"""A target kernel's facts, as the stand-in `bcc` package answers them.

A facts folder (written by capture-facts.py) holds, for one target kernel:
  facts.json   arch, release, version_code, btf, syscall_prefix, cpus, kfunc
  profile      the bpfd target profile (GET_TARGET_PROFILE tp=all kfuncs=all):
               tracepoints with their fields, kprobe-able functions
  kallsyms     the target's /proc/kallsyms (GET_KALLSYMS)
  structs.json {struct name: [member names]} from the kernel image's BTF
Nothing here comes from the host's kernel.
"""
import bisect
import json
import os
import re

ARCHES = {
    # arch: (platform.machine(), syscall wrapper prefix)
    "arm64": ("aarch64", "__arm64_sys_"),
    "x86_64": ("x86_64", "__x64_sys_"),
    "arm": ("armv7l", "sys_"),            # no syscall wrappers on 32-bit arm
    "s390x": ("s390x", "__s390x_sys_"),
    "ppc64le": ("ppc64le", "sys_"),       # 6.1's powerpc wrappers keep the sys_ names
    # Debian 13's 6.12 (riscv's wrappers came in 6.6). BCC 0.26's prefix list
    # lacks it: its tools would probe sys_X, which that kernel does not have.
    "riscv64": ("riscv64", "__riscv_sys_"),
}
# Debian 12 builds these kernels without BTF: their facts have no structs.
NO_BTF_ARCHES = ("arm", "s390x", "ppc64le")


class TargetFacts(object):
    def __init__(self, folder):
        self.folder = folder
        with open(os.path.join(folder, "facts.json")) as f:
            meta = json.load(f)
        self.arch = meta["arch"]
        if self.arch not in ARCHES:
            raise ValueError("%s: unknown arch %r" % (folder, self.arch))
        self.machine, default_prefix = ARCHES[self.arch]
        self.release = meta.get("release", "")
        self.version_code = int(meta.get("version_code", 0))
        self.btf = bool(meta.get("btf", 0))
        self.syscall_prefix = meta.get("syscall_prefix", default_prefix)
        self.cpus = int(meta.get("cpus", 2))
        self._kfuncs = None
        self._tracepoints = None
        self._tp_fields = None
        self._kallsyms = None
        self._by_addr = None
        self._structs = None

    # --- profile: kprobe-able functions and tracepoints -------------------
    def _load_profile(self):
        kfuncs, tps, fields = [], set(), {}
        path = os.path.join(self.folder, "profile")
        with open(path) as f:
            for line in f:
                parts = line.rstrip("\n").split(" ")
                kind = parts[0]
                if kind == "kfunc" and len(parts) >= 2:
                    kfuncs.append(parts[1])
                elif kind == "tracepoint" and len(parts) >= 3:
                    tps.add((parts[1], parts[2]))
                elif kind == "field" and len(parts) >= 7:
                    decl = " ".join(parts[6:])
                    name = re.sub(r"\[.*$", "", decl).split()[-1].lstrip("*")
                    fields.setdefault((parts[1], parts[2]), []).append(name)
        self._kfuncs, self._tracepoints, self._tp_fields = kfuncs, tps, fields

    def kprobe_functions(self):
        if self._kfuncs is None:
            self._load_profile()
        return self._kfuncs

    def tracepoints(self):
        if self._tracepoints is None:
            self._load_profile()
        return self._tracepoints

    def tracepoint_fields(self, category, name):
        if self._tp_fields is None:
            self._load_profile()
        return self._tp_fields.get((category, name))

    # --- kallsyms -----------------------------------------------------------
    def _load_kallsyms(self):
        syms, by_addr = {}, []
        with open(os.path.join(self.folder, "kallsyms")) as f:
            for line in f:
                parts = line.split()
                if len(parts) < 3:
                    continue
                addr = int(parts[0], 16)
                syms.setdefault(parts[2], addr)
                if parts[1] in "tTwW":
                    by_addr.append((addr, parts[2]))
        by_addr.sort()
        self._kallsyms, self._by_addr = syms, by_addr

    def kallsyms_path(self):
        return os.path.join(self.folder, "kallsyms")

    def ksymname(self, name):
        if self._kallsyms is None:
            self._load_kallsyms()
        return self._kallsyms.get(name, -1)

    @property
    def kfunc(self):
        """BPF.support_kfunc() as BCC 0.26 answers it on the target: BPF
        trampolines on x86_64 only, kernel BTF, and the symbol
        bpf_trampoline_link_prog; $BPFD_CORPUS_KFUNC=yes|no overrides it (to
        build a tool's other variant)."""
        forced = os.environ.get("BPFD_CORPUS_KFUNC", "")
        if forced in ("yes", "no"):
            return forced == "yes"
        return self.arch == "x86_64" and self.btf and \
            self.ksymname("bpf_trampoline_link_prog") != -1

    @property
    def lsm(self):
        """BPF.support_lsm() as BCC 0.26 answers it: kernel BTF and the symbol
        bpf_lsm_bpf (no Debian tool asks)."""
        return self.btf and self.ksymname("bpf_lsm_bpf") != -1

    def ksym(self, addr):
        if self._by_addr is None:
            self._load_kallsyms()
        i = bisect.bisect_right(self._by_addr, (addr, "\xff")) - 1
        return self._by_addr[i][1] if i >= 0 else None

    # --- BTF structs --------------------------------------------------------
    def struct_has_field(self, struct, field):
        """1 if `struct struct` has member `field`, 0 if not, -1 if the
        struct is unknown (as BCC answers)."""
        if self._structs is None:
            with open(os.path.join(self.folder, "structs.json")) as f:
                self._structs = json.load(f)
        members = self._structs.get(struct)
        if members is not None:
            return 1 if field in members else 0
        # Not in BTF: a tracepoint's record struct can still be known from
        # its format in the profile.
        m = re.match(r"trace_event_raw_(\w+)$", struct)
        if m:
            for (cat, name) in self.tracepoints():
                if name == m.group(1):
                    return 1 if field in (self.tracepoint_fields(cat, name) or []) else 0
        return -1
