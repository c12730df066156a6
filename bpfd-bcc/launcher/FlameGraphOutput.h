//===- FlameGraphOutput.h - bpfd-bcc --svg: the tool's output as a flame graph ===//
//
// The tool's standard output goes through a pipe: copied to the launcher's
// own as it comes, and kept. When the tool is done the kept text (BCC's
// folded stacks: profile -f, offcputime -f, stackcount -f ...) is drawn as
// one SVG flame graph with libflamegraph (docs/flamegraph.md). Only built
// when the flamegraph library is (BPFD_BCC_HAVE_FLAMEGRAPH).
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_BCC_FLAMEGRAPHOUTPUT_H
#define BPFD_BCC_FLAMEGRAPHOUTPUT_H

#include <atomic>
#include <string>
#include <thread>

namespace bpfdbcc {

class FlameGraphOutput {
public:
  /// Creates the pipe; false with Err set on failure.
  bool open(std::string &Err);
  /// The tool's end of the pipe (for SandboxPlan::StdoutFd).
  int toolFd() const { return Fds[1]; }
  /// After fork(): closes the tool's end here and starts copying.
  void start();
  /// After the tool ended: copies what is left (until end of file, or 1 s
  /// without output when a child of the tool still holds the pipe).
  void finish();
  /// Writes the SVG of the kept text to Path; Title names the graph and
  /// decides the unit (offcputime, offwaketime: microseconds). Returns a
  /// one-line summary, or false with Err ("line 3: no count").
  bool write(const std::string &Path, const std::string &Title, std::string &Summary,
             std::string &Err);

private:
  void copyLoop();
  int Fds[2] = {-1, -1};
  std::string Text;
  std::thread Copier;
  std::atomic<bool> Draining{false};
};

} // namespace bpfdbcc

#endif // BPFD_BCC_FLAMEGRAPHOUTPUT_H
