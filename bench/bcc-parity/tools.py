"""The ten tools of the parity run, their arguments, and the workload.

Each tool runs twice on the same guest and the same workload: Debian's BCC in
the guest, and bpfd-bcc on the host. `ready` says when the tool is tracing:
"line" once it printed its first line (every tool prints a header or a
"Tracing..." line once its probes are attached), "timer" once a perf
software clock is armed in the guest (profile -f prints nothing before it
ends). compare.py knows how to read each tool's output.
"""

TOOLS = {
    "opensnoop": {"args": [], "ready": "line"},
    "execsnoop": {"args": [], "ready": "line"},
    "filetop": {"args": ["-C"], "ready": "line"},
    "biolatency": {"args": ["-D"], "ready": "line"},
    "vfsstat": {"args": [], "ready": "line"},
    "syscount": {"args": [], "ready": "line"},
    "tcpconnect": {"args": [], "ready": "line"},
    "runqlat": {"args": [], "ready": "line"},
    "profile": {"args": ["-f"], "ready": "timer"},
    "stackcount": {"args": ["-P", "-K", "vfs_read"], "ready": "line"},
}
ORDER = list(TOOLS)


def base(name):
    """The tool of a run's name: opensnoop@ts is opensnoop with other arguments."""
    return name.split("@")[0]

# What the workload does, the same for every tool and both sides. Its own
# files, exec, port and disk: /tmp is a tmpfs in the guest, /dev/vda the
# guest's blank disk (only the workload uses it).
PORT = 47123
FILE = "/tmp/parity-file"
MISSING = "/tmp/parity-missing"
DISK = "/dev/vda"
SPIN_ROUNDS = 3000000
WORKLOAD = [
    # files, an exec, a loopback connection and direct disk I/O, 5 rounds
    ["/bin/workload", "-n", "5", "-i", "100", "write:" + FILE, "read:" + FILE,
     "open:" + MISSING, "exec:/bin/workload,true", "connect:%d" % PORT,
     "dio:" + DISK, "getpid"],
    # then on the CPU for a while (profile's samples): getpid, no sleeping
    ["/bin/workload", "-n", str(SPIN_ROUNDS), "-i", "0", "getpid"],
]
# Seconds to wait between a tool's first line and the workload: a tool prints
# its header once its probes are attached, but may open its perf buffer just
# after (execsnoop): events before that are lost.
GRACE = 2.0
# Seconds to wait after the workload before stopping a tool: interval tools
# (filetop, vfsstat: 1 s) print the interval that holds it.
SETTLE = 2.0

# The tools of the CI tests (test/bpfd-bcc/parity-TOOL.test): one guest boot
# runs them all (bench/bcc-parity/check.py).
CI_TOOLS = ["opensnoop", "execsnoop", "filetop", "tcpconnect", "stackcount"]
