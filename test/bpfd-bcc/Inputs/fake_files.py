"""Run inside bpfd-bcc-fstest over the tree of make_fake_root.py ROOT:
prints what the sandbox shows, compared with ROOT's files on this host."""
import errno
import os
import sys

root = sys.argv[1]


def read(path, mode="r"):
    with open(path, mode) as f:
        return f.read()


print("version:", read("/proc/version").strip())
print("osrelease:", read("/proc/sys/kernel/osrelease").strip())
print("cpus online:", read("/sys/devices/system/cpu/online").strip())
print("kprobe type through the link:", read("/sys/bus/event_source/devices/kprobe/type").strip())
print("debugfs tracing link:", os.readlink("/sys/kernel/debug/tracing"),
      read("/sys/kernel/debug/tracing/events/sched/sched_switch/format").splitlines()[0])
print("blacklist:", read("/sys/kernel/debug/kprobes/blacklist").split()[1])
print("device root:", sorted(os.listdir(os.environ["BPFD_BCC_DEVICE_ROOT"])))

odd = "/sys/kernel/tracing/odd"
names = sorted(os.listdir(odd))
print("odd names:", names == sorted(os.listdir(root + odd)), len(names))
print("odd contents:", all(read(odd + "/" + n) == n + "\n" for n in names if n != "link"))
print("link:", repr(os.readlink(odd + "/link")))

big = read("/proc/kallsyms", "rb")
print("kallsyms:", len(big), big == read(root + "/proc/kallsyms", "rb"))
st = os.stat("/proc/kallsyms")
print("kallsyms size:", st.st_size == len(big), oct(st.st_mode))

# Reads at other offsets: ahead (skipped), behind (reopened), interleaved.
with open("/proc/kallsyms", "rb") as f:
    fd = f.fileno()
    print("pread ahead:", os.pread(fd, 17, 300000) == big[300000:300017])
    print("pread behind:", os.pread(fd, 17, 5) == big[5:22])
    f.seek(200000)
    print("seek and read:", f.read(100) == big[200000:200100])

for what, call in [("write", lambda: open("/proc/version", "w")),
                   ("mkdir", lambda: os.mkdir("/sys/kernel/tracing/new")),
                   ("outside", lambda: open(os.environ["BPFD_BCC_DEVICE_ROOT"] + "/etc", "r"))]:
    try:
        call()
        print(what + ": allowed")
    except OSError as e:
        print(what + ":", errno.errorcode[e.errno])
