"""Run inside the sandbox: calls bpf() or perf_event_open() through ctypes
with arguments that could do nothing even if the call ran (NULL
attributes), after printing the process's seccomp mode.
  syscalls.py bpf|perf        the call (the sandbox kills the process)
  syscalls.py bpf-handled     the same with a SIGSYS handler: the call
                              returns its own number (the registers the
                              kernel rolled back: it never ran), and the
                              handler ran
"""
import ctypes
import signal
import sys

NR = {"bpf": 321, "perf": 298}  # x86_64
mode = sys.argv[1]
libc = ctypes.CDLL(None, use_errno=True)
status = [l.split()[1] for l in open("/proc/self/status") if l.startswith("Seccomp:")]
print("seccomp mode:", status[0], flush=True)
caught = []
if mode.endswith("-handled"):
    signal.signal(signal.SIGSYS, lambda sig, frame: caught.append(sig))
    mode = mode[:-len("-handled")]
if mode == "bpf":
    ret = libc.syscall(NR["bpf"], 5, None, 0)  # BPF_PROG_LOAD, no attributes
else:
    ret = libc.syscall(NR["perf"], None, -1, -1, -1, 0)
print("%s returned %d errno %d, SIGSYS handled: %s" % (mode, ret, ctypes.get_errno(), bool(caught)),
      flush=True)
