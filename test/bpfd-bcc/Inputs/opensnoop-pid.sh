# opensnoop -p PID in the sandbox: the workload's PID comes from an
# unfiltered run, then only that process's opens may show. Python's output
# unbuffered: rows and headers in the order they were printed.
export PYTHONUNBUFFERED=1
pid=$(/usr/sbin/opensnoop-bpfcc -d 3 | awk '$2 == "workload" {print $1; exit}')
echo "workload pid $pid"
echo "=== filtered"
/usr/sbin/opensnoop-bpfcc -p "$pid" -d 3
