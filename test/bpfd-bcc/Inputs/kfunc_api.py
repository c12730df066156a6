"""BCC's kfunc and LSM programs through our libbcc, by BCC's own Python API
(x86_64 device): what support_kfunc()/support_lsm() answer, a KFUNC_PROBE
of a function in no BTF, a tracing program whose name gives no target, then
a KRETFUNC_PROBE and an LSM_PROBE that count the workload's opens (attached
when the module loads, as BCC's _trace_autoload does), the device's
attachments (attachments.py), and detach_kretfunc(): BCC closes the
descriptor with os.close(), and the device's link goes with it at libbcc's
next command, so the count stops while the LSM program's goes on."""
import os
import subprocess
import sys
import time

from bcc import BPF

HERE = os.path.dirname(os.path.abspath(__file__))


def say(*args):
    print(*args)
    sys.stdout.flush()


def attachments():
    sys.stdout.flush()
    subprocess.run([sys.executable, os.path.join(HERE, "attachments.py")], check=True)


def step(name, fn):
    try:
        fn()
        say(name, "ok")
    except Exception as e:  # BCC raises plain Exceptions
        say(name, "raised:", str(e).splitlines()[0])


say("support_kfunc", BPF.support_kfunc())
say("support_lsm", BPF.support_lsm())
step("missing target", lambda: BPF(text="KFUNC_PROBE(do_nosuch) { return 0; }"))

b = BPF(text="""
#include <linux/fs.h>
BPF_ARRAY(counts, u64, 2);
int no_target(void *ctx) { return 0; }
KRETFUNC_PROBE(do_sys_openat2, int dfd, const char *filename, void *how, long ret) {
    counts.atomic_increment(0);
    return 0;
}
LSM_PROBE(file_open, struct file *file) {
    counts.atomic_increment(1);
    return 0;
}
""")
step("tracing program without a target in its name", lambda: b.load_func("no_target", BPF.TRACING))
say("kretfuncs", sorted(k.decode() for k in b.kfunc_exit_fds))
say("lsms", sorted(k.decode() for k in b.lsm_fds))
attachments()
time.sleep(1)
counts = b["counts"]
say("counting: kretfunc", counts[0].value > 0, "lsm", counts[1].value > 0)
b.detach_kretfunc("do_sys_openat2")
before = counts[0].value  # libbcc's next command: the link is closed first
attachments()
lsm_before = counts[1].value
time.sleep(1)
say("after detach: kretfunc still", counts[0].value == before, "lsm moved", counts[1].value > lsm_before)
