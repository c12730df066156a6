#!/usr/bin/python3
# A BCC-style tool for the stand-in's own test: builds a program from a
# template, attaches it by the target's syscall name, then polls.
import ctypes
import platform
from time import sleep

import bcc
from bcc import BPF

print("bcc from %s" % bcc.__file__)
print("machine %s" % platform.machine())
try:
    ctypes.CDLL("libbcc.so.0")
except Exception as e:
    print("libbcc: %s" % e)
text = "int probe(struct pt_regs *ctx) { return COND; }".replace("COND", "1")
b = BPF(text=text, cflags=["-DFAKE=1"])
b.attach_kprobe(event=b.get_syscall_fnname("openat"), fn_name="probe")
b.attach_kretprobe(event="no_such_function_here", fn_name="probe")
print("has __state: %d" % BPF.kernel_struct_has_field(b"task_struct", b"__state"))
print("sched_switch: %s" % BPF.tracepoint_exists("sched", "sched_switch"))
b["events"].open_perf_buffer(lambda *a: None)
sleep(1)
print("not reached")
