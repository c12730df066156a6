// BPF_PROG_TEST_RUN: a loaded program run by the kernel on given input
// (libbpf's bpf_prog_test_run_opts, which BCC's libbcc.py binds since 0.31).
#include "base64.h"
#include "bpf_syscall.h"
#include "session.h"

#include <errno.h>
#include <string.h>

namespace bpfd {

// A blob line "+ WHAT B64" ("-" when empty).
static void blobLine(Session &s, const char *what, const Bytes &buf, uint32_t size) {
  s.out().beginPayload();
  s.out().text(StrRef(what));
  s.out().text(StrRef(" "));
  if (size)
    s.out().base64(buf.data(), size);
  else
    s.out().text(StrRef("-"));
  s.out().endPayload();
}

// What one run may bring back: an output buffer goes on one reply line.
constexpr uint32_t kMaxTestOut = 256 * 1024;

static bool readBlob(Session &s, const Args &a, StrRef tok, const char *what, Bytes *out) {
  if (tok.eq("-")) return true;
  if (!base64Decode(tok, out, kMaxTestOut)) {
    fail(s, a, EINVAL, "%s is not base64 of at most %u bytes", what, kMaxTestOut);
    return false;
  }
  return true;
}

// PROG REPEAT [DATA_IN [DATA_OUT_SIZE [CTX_IN [CTX_OUT_SIZE [FLAGS [CPU [BATCH_SIZE]]]]]]]
void cmdProgTestRun(Session &s, const Args &a) {
  Handle *h = s.findHandle(a.v[0], a, kindBit(HandleKind::Prog));
  if (!h) return;
  uint32_t repeat = 0, dataOut = 0, ctxOut = 0, flags = 0, cpu = 0, batch = 0;
  Bytes dataIn, ctxIn, dataBuf, ctxBuf;
  if (!readU32(s, a, a.v[1], "REPEAT", &repeat) ||
      (a.n > 2 && !readBlob(s, a, a.v[2], "DATA_IN", &dataIn)) ||
      (a.n > 3 && !readU32(s, a, a.v[3], "DATA_OUT_SIZE", &dataOut)) ||
      (a.n > 4 && !readBlob(s, a, a.v[4], "CTX_IN", &ctxIn)) ||
      (a.n > 5 && !readU32(s, a, a.v[5], "CTX_OUT_SIZE", &ctxOut)) ||
      (a.n > 6 && !readU32(s, a, a.v[6], "FLAGS", &flags)) ||
      (a.n > 7 && !readU32(s, a, a.v[7], "CPU", &cpu)) ||
      (a.n > 8 && !readU32(s, a, a.v[8], "BATCH_SIZE", &batch)))
    return;
  if (dataOut > kMaxTestOut || ctxOut > kMaxTestOut) {
    fail(s, a, E2BIG, "DATA_OUT_SIZE and CTX_OUT_SIZE are at most %u bytes", kMaxTestOut);
    return;
  }
  if ((dataOut && !dataBuf.resize(dataOut)) || (ctxOut && !ctxBuf.resize(ctxOut))) {
    fail(s, a, ENOMEM, "out of memory");
    return;
  }
  union bpf_attr at;
  memset(&at, 0, sizeof at);
  at.test.prog_fd = (uint32_t)h->fd;
  at.test.repeat = repeat;
  at.test.data_in = (uint64_t)(uintptr_t)dataIn.data();
  at.test.data_size_in = (uint32_t)dataIn.size();
  at.test.data_out = (uint64_t)(uintptr_t)dataBuf.data();
  at.test.data_size_out = dataOut;
  at.test.ctx_in = (uint64_t)(uintptr_t)ctxIn.data();
  at.test.ctx_size_in = (uint32_t)ctxIn.size();
  at.test.ctx_out = (uint64_t)(uintptr_t)ctxBuf.data();
  at.test.ctx_size_out = ctxOut;
  at.test.flags = flags;
  at.test.cpu = cpu;
  at.test.batch_size = batch;
  int r = sysBpf(BPF_PROG_TEST_RUN, &at);
  // ENOSPC: the output did not fit; the kernel still says how much there was.
  if (r < 0 && r != -ENOSPC) {
    if (r == -kENOTSUPP)
      fail(s, a, kENOTSUPP, "BPF_PROG_TEST_RUN of program %d (%s) failed: ENOTSUPP (the kernel cannot "
           "test-run programs of its type)", h->fd, h->name);
    else
      fail(s, a, -r, "BPF_PROG_TEST_RUN of program %d (%s) failed: %s", h->fd, h->name, strerror(-r));
    return;
  }
  s.out().payloadf("retval=%u duration=%u data_size_out=%u ctx_size_out=%u", (unsigned)at.test.retval,
                   (unsigned)at.test.duration, (unsigned)at.test.data_size_out, (unsigned)at.test.ctx_size_out);
  if (dataOut) blobLine(s, "data", dataBuf, at.test.data_size_out < dataOut ? at.test.data_size_out : dataOut);
  if (ctxOut) blobLine(s, "ctx", ctxBuf, at.test.ctx_size_out < ctxOut ? at.test.ctx_size_out : ctxOut);
  if (r == -ENOSPC) {
    fail(s, a, ENOSPC, "program %d (%s): its output is larger than DATA_OUT_SIZE or CTX_OUT_SIZE", h->fd, h->name);
    return;
  }
  succeed(s, a, 0);
}

} // namespace bpfd
