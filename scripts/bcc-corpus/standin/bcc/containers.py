"""Container filters (--cgroupmap, --mntnsmap) as C text for a tool's program."""


def _cgroup_filter(path):
    if not path:
        return "\nstatic inline int _cgroup_filter() { return 0; }\n"
    return """
BPF_TABLE_PINNED("hash", u64, u64, cgroupset, 1024, "%s");
static inline int _cgroup_filter() {
    u64 cgroupid = bpf_get_current_cgroup_id();
    return cgroupset.lookup(&cgroupid) == NULL;
}
""" % path


def _mntns_filter(path):
    if not path:
        return "\nstatic inline int _mntns_filter() { return 0; }\n"
    return """
#include <linux/nsproxy.h>
#include <linux/mount.h>
#include <linux/ns_common.h>
/* struct mnt_namespace is private to fs/; its first members suffice here. */
struct mnt_namespace {
#if LINUX_VERSION_CODE < KERNEL_VERSION(5, 11, 0)
    atomic_t count;
#endif
    struct ns_common ns;
};
#define MNT_NAMESPACE_DEFINED
BPF_TABLE_PINNED("hash", u64, u32, mount_ns_set, 1024, "%s");
static inline int _mntns_filter() {
    struct task_struct *task = (struct task_struct *)bpf_get_current_task();
    struct nsproxy *nsproxy;
    struct mnt_namespace *mnt_ns;
    unsigned int inum;
    if (bpf_probe_read_kernel(&nsproxy, sizeof(nsproxy), &task->nsproxy))
        return 0;
    if (bpf_probe_read_kernel(&mnt_ns, sizeof(mnt_ns), &nsproxy->mnt_ns))
        return 0;
    if (bpf_probe_read_kernel(&inum, sizeof(inum), &mnt_ns->ns.inum))
        return 0;
    u64 ns_id = inum;
    return mount_ns_set.lookup(&ns_id) == NULL;
}
""" % path


def filter_by_containers(args):
    return (_cgroup_filter(getattr(args, "cgroupmap", None)) +
            _mntns_filter(getattr(args, "mntnsmap", None)) + """
static inline int container_should_be_filtered() {
    return _cgroup_filter() || _mntns_filter();
}
""")
