//===- UsdtSemaphores.h - Semaphores of enabled USDT probes ---------------===//
//
// BCC 0.26 enables a USDT probe that has a semaphore by adding 1 to it in the
// process's memory (/proc/PID/mem) and attaches uprobes at its locations
// afterwards. bpfd writes no process memory; the kernel raises the semaphore
// itself when a uprobe is given it as ref_ctr_offset (4.20+), in every process
// that maps the file, for as long as the uprobe is in. bcc_usdt_enable_probe
// records each location of such a probe here, and bpf_attach_uprobe passes the
// semaphore's file offset to bpfd's BPF_ATTACH_UPROBE for a uprobe at one.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_BCC_LIBBCC_USDTSEMAPHORES_H
#define BPFD_BCC_LIBBCC_USDTSEMAPHORES_H

#include <cstdint>
#include <string>

namespace bpfdbcc {

/// A location (file offset) of an enabled probe of \p BinPath and its
/// semaphore's file offset.
void noteUsdtSemaphore(const std::string &BinPath, uint64_t LocationOffset,
                       uint64_t SemaphoreOffset);

/// The semaphore file offset for a uprobe at \p Offset of \p Path (the same
/// file: its path, or a path ending in the same name), 0 if none.
uint64_t usdtSemaphoreFor(const char *Path, uint64_t Offset);

} // namespace bpfdbcc

#endif
