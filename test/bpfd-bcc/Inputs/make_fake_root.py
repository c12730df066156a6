"""Makes a fake device's file tree for bpfd-bcc-fstest under ROOT:
proc/ and sys/ with files the sandbox binds, odd names, a link, a big file
and trace_pipe (a FIFO: the fake device shows it as tracefs does, a regular
file that blocks like a pipe)."""
import os
import sys

root = sys.argv[1]


def write(path, text):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(text)


write("proc/version", "Linux version 9.9.9-fake (fake@device) #1\n")
write("proc/sys/kernel/osrelease", "9.9.9-fake\n")
write("proc/loadavg", "0.42 0.10 0.01 1/77 123\n")
write("sys/devices/system/cpu/online", "0-3\n")
write("sys/devices/kprobe/type", "6\n")
write("sys/kernel/tracing/events/sched/sched_switch/format", "name: sched_switch\nID: 316\n")
write("sys/kernel/debug/kprobes/blacklist", "0xffff0000-0xffff0010\tfake_function\n")
os.makedirs(os.path.join(root, "sys/bus/event_source/devices"))
os.symlink("../../../devices/kprobe", os.path.join(root, "sys/bus/event_source/devices/kprobe"))
os.symlink("../tracing", os.path.join(root, "sys/kernel/debug/tracing"))
# Names the protocol escapes: blanks, quotes, a backslash, a newline, a tab.
for name in ["with blank", 'quote"d', "back\\slash", "new\nline", "tab\there"]:
    write("sys/kernel/tracing/odd/" + name, name + "\n")
os.symlink("../target with blank", os.path.join(root, "sys/kernel/tracing/odd/link"))
# Larger than one FUSE read (128 KiB) and one FILE_READ (256 KiB).
write("proc/kallsyms", "".join("%016x T fake_symbol_%d\n" % (0xffff000000000000 + i * 16, i)
                               for i in range(20000)))
write("sys/kernel/tracing/available_filter_functions",
      "".join("fake_symbol_%d\n" % i for i in range(0, 20000, 2)))
os.mkfifo(os.path.join(root, "sys/kernel/tracing/trace_pipe"))
