# execsnoop without and with -x (include failed execs), each ended by
# SIGINT after 10 s (compile and start-up included) as Ctrl-C would. Python's output unbuffered: rows and
# headers in the order they were printed.
export PYTHONUNBUFFERED=1
echo "=== default"
timeout --foreground -s INT 10 /usr/sbin/execsnoop-bpfcc; echo "exit $?"
echo "=== -x"
timeout --foreground -s INT 10 /usr/sbin/execsnoop-bpfcc -x; echo "exit $?"
