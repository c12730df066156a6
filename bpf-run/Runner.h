//===- Runner.h - Load an object through bpfd and present what it collects ===//
#ifndef BPF_RUN_RUNNER_H
#define BPF_RUN_RUNNER_H

#include "DeviceClock.h"
#include "ObjectInfo.h"

#include "bpfd/Session.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace bpfrun {

struct RunOptions {
  double Interval = 0;   // seconds between table prints; 0: print at the end
  double Duration = 0;   // seconds to run; 0: until Ctrl-C (or --count)
  unsigned Count = 0;    // number of intervals; 0: no limit
  size_t TopRows = 20;   // rows per table
  bool ClearEachInterval = false;
  bool Verbose = false;
  DeviceClock Clock; // from bpfd's greeting: the unit of event timestamps
};

// Runs Object on an open session: LOAD_OBJECT, perf buffers, the interval
// loop, histograms, then EXIT. Everything it shows goes to stdout; progress
// (with -v) and warnings go to stderr.
llvm::Error runObject(bpfd::Session &Session, ObjectInfo &Object, const RunOptions &Options);

// Set by SIGINT/SIGTERM: the run ends after the current step.
void requestStop();

} // namespace bpfrun

#endif
