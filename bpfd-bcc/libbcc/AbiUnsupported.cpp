//===- AbiUnsupported.cpp - The rest of libbcc's ABI ------------------------===//
//
// Every function bcc/libbcc.py binds must exist (ctypes looks each up when
// the module is imported). Those the device side cannot serve yet say so on
// stderr and fail as BCC's own would (null, or -1 with errno), never
// silently for the host.
//
//===----------------------------------------------------------------------===//
#include "Device.h"

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <mutex>

using namespace bpfdbcc;

// One line per missing feature and process.
static void unsupported(const char *What) {
  static std::mutex Lock;
  static std::set<std::string> Said;
  std::lock_guard<std::mutex> G(Lock);
  if (Said.insert(What).second)
    warn(std::string(What) + " is not supported by bpfd-bcc yet");
}

#define FAIL_INT(WHAT, ERR)                                                     \
  do {                                                                          \
    unsupported(WHAT);                                                          \
    errno = ERR;                                                                \
    return -1;                                                                  \
  } while (0)

extern "C" {

int bpf_attach_perf_event_raw(int, void *, int, int, int, int) {
  FAIL_INT("perf events from a raw perf_event_attr", ENOTSUP);
}
int bpf_open_perf_event(uint32_t, uint64_t, int, int) {
  FAIL_INT("perf counters (PERF_EVENT_ARRAY of hardware events)", ENOTSUP);
}
int bpf_open_raw_sock(const char *) { FAIL_INT("raw sockets on the device", ENOTSUP); }
int bpf_attach_socket(int, int) { FAIL_INT("socket filters", ENOTSUP); }
int bpf_attach_xdp(const char *, int, uint32_t) { FAIL_INT("XDP", ENOTSUP); }
int bpf_prog_attach(int, int, int, unsigned) { FAIL_INT("cgroup program attach", ENOTSUP); }
int bpf_prog_detach2(int, int, int) { FAIL_INT("cgroup program detach", ENOTSUP); }

// Build-id symbolisation (stack maps of build ids).
void *bcc_buildsymcache_new(void) { return malloc(1); }
void bcc_free_buildsymcache(void *p) { free(p); }
int bcc_buildsymcache_add_module(void *, const char *) { return 0; }
int bcc_buildsymcache_resolve(void *, void *, void *) {
  FAIL_INT("build-id symbolisation", ENOTSUP);
}

int bcc_free_memory(void) { return 0; }


const char *bcc_procutils_language(int) { return nullptr; }
int bcc_foreach_function_symbol(const char *, void *) {
  FAIL_INT("listing the functions of a device binary", ENOTSUP);
}

} // extern "C"
