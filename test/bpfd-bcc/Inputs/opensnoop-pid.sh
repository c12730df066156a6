# opensnoop -p PID in the sandbox: the workload's PID comes from an
# unfiltered run (the process that writes /tmp/opensnoop-a, not the
# short-lived child it execs, which may open first), then only that
# process's opens may show. Python's output unbuffered: rows and headers in
# the order they were printed. Each run is bounded: opensnoop's -d ends only
# between events.
export PYTHONUNBUFFERED=1
pid=$(timeout -s INT 30 /usr/sbin/opensnoop-bpfcc -d 3 |
      awk '$2 == "workload" && $5 == "/tmp/opensnoop-a" {print $1; exit}')
echo "workload pid $pid"
echo "=== filtered"
timeout -s INT 30 /usr/sbin/opensnoop-bpfcc -p "$pid" -d 3
