//===- Log.h - bpfd-exporter's lines on stderr ----------------------------===//
#ifndef BPFD_EXPORTER_LOG_H
#define BPFD_EXPORTER_LOG_H

#include <string>

namespace exporter {

/// Writes "bpfd-exporter: TEXT" on stderr, whole lines from any thread.
void logLine(const std::string &Text);

/// Progress lines (-v): session steps, the guests' lines; off by default.
void setVerbose(bool On);
bool verbose();

} // namespace exporter

#endif // BPFD_EXPORTER_LOG_H
