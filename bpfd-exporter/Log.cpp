//===- Log.cpp - bpfd-exporter's lines on stderr --------------------------===//
#include "Log.h"

#include <atomic>
#include <cstdio>
#include <mutex>

namespace exporter {

static std::mutex LogMutex;
static std::atomic<bool> Verbose{false};

void logLine(const std::string &Text) {
  std::lock_guard<std::mutex> Lock(LogMutex);
  fprintf(stderr, "bpfd-exporter: %s\n", Text.c_str());
  fflush(stderr);
}

void setVerbose(bool On) { Verbose = On; }
bool verbose() { return Verbose; }

} // namespace exporter
