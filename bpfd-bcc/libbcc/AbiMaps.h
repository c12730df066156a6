//===- AbiMaps.h - What the map functions share with the others --*- C++ -*-===//
#ifndef BPFD_BCC_LIBBCC_ABIMAPS_H
#define BPFD_BCC_LIBBCC_ABIMAPS_H

#include "HostFds.h"

#include <cstddef>

namespace bpfdbcc {

/// The map Fd stands for; false with errno EBADF if it is not one.
bool mapOf(int Fd, HostHandle &H);
/// The size of one value as the kernel's lookups write it (per-CPU maps:
/// rounded up to 8 bytes, times the possible CPUs).
size_t valueBytes(const HostHandle &H);
/// bpf_update_elem() on a perf event array: BCC's Python stores a perf
/// reader's descriptor at a CPU's key; the device's perf buffer of the map is
/// opened then (AbiPerf.cpp).
int bindPerfReader(const HostHandle &Map, const void *Key, const void *Value);

} // namespace bpfdbcc

#endif
