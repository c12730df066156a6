//===- AbiTestRun.cpp - libbcc's bpf_prog_test_run_opts --------------------===//
//
// BCC's libbcc exports libbpf's bpf_prog_test_run_opts(), which bcc/libbcc.py
// binds since 0.31 (with the libbpf struct bpf_test_run_opts of its ctypes
// class). The program runs on the device (BPF_PROG_TEST_RUN): the input
// goes with the command, the outputs, retval and duration come back into
// the caller's struct, as libbpf writes them. Returns 0, or -errno with
// errno set (libbpf's libbpf_err()).
//
//===----------------------------------------------------------------------===//
#include "Device.h"
#include "HostFds.h"

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>

using namespace bpfdbcc;

namespace {
// libbpf's struct bpf_test_run_opts (bpf/bpf.h), as BCC's ctypes declares it.
struct TestRunOpts {
  size_t sz;
  const void *data_in;
  void *data_out;
  uint32_t data_size_in;
  uint32_t data_size_out;
  const void *ctx_in;
  void *ctx_out;
  uint32_t ctx_size_in;
  uint32_t ctx_size_out;
  uint32_t retval;
  int repeat;
  uint32_t duration;
  uint32_t flags;
  uint32_t cpu;
  uint32_t batch_size;
};

// A field of Opts that the caller's sz covers (libbpf's OPTS_GET).
template <typename T> T field(const TestRunOpts *O, size_t Off, size_t Size, T Default) {
  if (O->sz < Off + Size)
    return Default;
  T V;
  memcpy(&V, reinterpret_cast<const char *>(O) + Off, sizeof V);
  return V;
}
#define OPT(NAME, DEFAULT)                                                      \
  field(Opts, offsetof(TestRunOpts, NAME), sizeof(Opts->NAME), (decltype(Opts->NAME))(DEFAULT))
#define SET(NAME, VALUE)                                                        \
  do {                                                                          \
    if (Opts->sz >= offsetof(TestRunOpts, NAME) + sizeof(Opts->NAME))           \
      Opts->NAME = (VALUE);                                                     \
  } while (0)

int fail(int Err) {
  errno = Err;
  return -Err;
}

// Copies "+ WHAT B64" of the reply into Buf (at most Cap bytes).
bool copyBlob(const bpfd::Reply &R, const char *What, void *Buf, uint32_t Cap) {
  std::string Prefix = std::string(What) + " ";
  for (const std::string &P : R.Payload)
    if (P.compare(0, Prefix.size(), Prefix) == 0) {
      std::string Bytes;
      if (!fromBlob(P.substr(Prefix.size()), Bytes))
        return false;
      memcpy(Buf, Bytes.data(), Bytes.size() < Cap ? Bytes.size() : Cap);
      return true;
    }
  return true;
}

unsigned long long numberAfter(const std::string &Line, const char *Key) {
  size_t At = Line.find(Key);
  return At == std::string::npos ? 0 : strtoull(Line.c_str() + At + strlen(Key), nullptr, 10);
}
} // namespace

extern "C" int bpf_prog_test_run_opts(int prog_fd, TestRunOpts *Opts) {
  if (!Opts || Opts->sz < offsetof(TestRunOpts, data_in))
    return fail(EINVAL);
  HostHandle H;
  if (!lookupHostFd(prog_fd, H) || H.Kind != HandleKind::Prog)
    return fail(EBADF);
  const void *DataIn = OPT(data_in, nullptr), *CtxIn = OPT(ctx_in, nullptr);
  void *DataOut = OPT(data_out, nullptr), *CtxOut = OPT(ctx_out, nullptr);
  uint32_t DataInSize = OPT(data_size_in, 0), CtxInSize = OPT(ctx_size_in, 0);
  uint32_t DataOutSize = DataOut ? OPT(data_size_out, 0) : 0;
  uint32_t CtxOutSize = CtxOut ? OPT(ctx_size_out, 0) : 0;
  int Repeat = OPT(repeat, 0);
  std::string Line = "BPF_PROG_TEST_RUN " + std::to_string(H.Device) + " " +
                     std::to_string(Repeat < 0 ? 0 : Repeat) + " " +
                     bpfd::encodeBlob(DataIn, DataIn ? DataInSize : 0) + " " + std::to_string(DataOutSize) +
                     " " + bpfd::encodeBlob(CtxIn, CtxIn ? CtxInSize : 0) + " " +
                     std::to_string(CtxOutSize) + " " + std::to_string(OPT(flags, 0)) + " " +
                     std::to_string(OPT(cpu, 0)) + " " + std::to_string(OPT(batch_size, 0));
  auto R = Device::get().command(Line);
  if (!R) {
    warn("test run of " + H.Name + ": " + R.error().message());
    setErrno(R.error());
    return -errno;
  }
  // The sizes, retval and duration come back with ENOSPC too (libbpf's
  // callers read data_size_out to learn how much there was).
  if (!R->Payload.empty() && R->Payload[0].compare(0, 7, "retval=") == 0) {
    const std::string &P = R->Payload[0];
    SET(retval, (uint32_t)numberAfter(P, "retval="));
    SET(duration, (uint32_t)numberAfter(P, "duration="));
    SET(data_size_out, (uint32_t)numberAfter(P, "data_size_out="));
    SET(ctx_size_out, (uint32_t)numberAfter(P, "ctx_size_out="));
    if ((DataOut && !copyBlob(*R, "data", DataOut, DataOutSize)) ||
        (CtxOut && !copyBlob(*R, "ctx", CtxOut, CtxOutSize)))
      return fail(EPROTO);
  }
  if (!R->ok()) {
    setErrno(*R);
    return -errno;
  }
  return 0;
}
