//===- CallbackSignals.h - Ctrl-C held while a tool's callbacks run -*- C++ -*-===//
//
// Records reach a tool through ctypes callbacks (perf buffers, ring
// buffers). A SIGINT that arrives while one runs raises KeyboardInterrupt
// inside the callback, where Python prints it and goes on: the tool never
// stops (seen with opensnoop under a flood of events). SIGINT and SIGTERM
// are held while the callbacks of one poll run, so they reach the tool's own
// loop, as with BCC, whose callbacks run between its waits for the kernel.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_BCC_LIBBCC_CALLBACKSIGNALS_H
#define BPFD_BCC_LIBBCC_CALLBACKSIGNALS_H

#include <csignal>
#include <pthread.h>

namespace bpfdbcc {

class HoldInterrupts {
public:
  HoldInterrupts() {
    sigset_t Hold;
    sigemptyset(&Hold);
    sigaddset(&Hold, SIGINT);
    sigaddset(&Hold, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &Hold, &Old);
  }
  ~HoldInterrupts() { pthread_sigmask(SIG_SETMASK, &Old, nullptr); }
  HoldInterrupts(const HoldInterrupts &) = delete;
  HoldInterrupts &operator=(const HoldInterrupts &) = delete;

private:
  sigset_t Old;
};

} // namespace bpfdbcc

#endif
