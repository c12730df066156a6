# BCC's bpf_prog_test_run_opts (bcc/libbcc.py 0.31 on) on an XDP program of
# BCC C: the device runs it on a packet; retval, the packet back, the sizes.
import ctypes as ct
from bcc import BPF
from bcc.libbcc import lib, bpf_test_run_opts

b = BPF(text="""
int xdp_verdict(struct xdp_md *ctx) {
    void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
    unsigned char *p = data;
    if (p + 14 > (unsigned char *)end)
        return XDP_ABORTED;
    return p[0] == 0xaa ? XDP_DROP : XDP_PASS;
}
""")
fn = b.load_func("xdp_verdict", BPF.XDP)
for first in (0xaa, 0x01):
    pkt = bytes([first]) + bytes(range(2, 61))
    out = ct.create_string_buffer(128)
    opts = bpf_test_run_opts(sz=ct.sizeof(bpf_test_run_opts), data_in=ct.cast(pkt, ct.c_void_p),
                             data_size_in=len(pkt), data_out=ct.cast(out, ct.c_void_p),
                             data_size_out=128, repeat=10)
    r = lib.bpf_prog_test_run_opts(fn.fd, ct.byref(opts))
    print("first=0x%02x ret=%d retval=%d data_size_out=%d same=%s" %
          (first, r, opts.retval, opts.data_size_out, out.raw[:len(pkt)] == pkt))
# A buffer too small: -ENOSPC, the size the kernel had.
small = ct.create_string_buffer(8)
opts = bpf_test_run_opts(sz=ct.sizeof(bpf_test_run_opts), data_in=ct.cast(pkt, ct.c_void_p),
                         data_size_in=len(pkt), data_out=ct.cast(small, ct.c_void_p), data_size_out=8)
r = lib.bpf_prog_test_run_opts(fn.fd, ct.byref(opts))
print("small ret=%d errno=%d data_size_out=%d head=%s" % (r, ct.get_errno(), opts.data_size_out,
                                                         small.raw[:8] == pkt[:8]))
# Not a program's descriptor.
print("bad fd ret=%d" % lib.bpf_prog_test_run_opts(9999, ct.byref(opts)))
