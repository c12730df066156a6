# Which path a BPF.support_kfunc() tool takes through bpfd-bcc, and what it
# prints: TOOL --ebpf's program text (its KFUNC_PROBE/KRETFUNC_PROBE or
# kprobe functions), then TOOL ARGS... run while the device's attachments
# are listed (attachments.py, once the tool has printed its header), then
# the tool's output. Usage: kfunc_path.sh TOOL ARGS...
export PYTHONUNBUFFERED=1
tool=$1
shift
echo "=== program"
/usr/sbin/$tool-bpfcc --ebpf 2>&1 |
    grep -o -E '^(KFUNC_PROBE|KRETFUNC_PROBE)\([A-Za-z0-9_]+|^(int|void) [A-Za-z0-9_]+\(struct pt_regs' | sort -u
out=$(mktemp)
# In the background SIGINT is ignored (POSIX): the tool's own count or
# duration ends it, TERM after 60 s at worst.
timeout -s TERM 60 /usr/sbin/$tool-bpfcc "$@" > "$out" 2>&1 &
pid=$!
i=0
while [ ! -s "$out" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
sleep 0.5
echo "=== attachments"
python3 "$(dirname "$0")/attachments.py"
wait $pid
echo "=== output (status $?)"
cat "$out"
rm -f "$out"
