"""The BCC program two tool scripts run (busy_callbacks_tool.py,
perf_forms_tool.py): a perf event per system call entry holding its
bpf_ktime_get_ns(), in the table `events`."""
SYS_ENTER_TIMES = """
BPF_PERF_OUTPUT(events);
TRACEPOINT_PROBE(raw_syscalls, sys_enter) {
    u64 ts = bpf_ktime_get_ns();
    events.perf_submit(args, &ts, sizeof(ts));
    return 0;
}
"""
