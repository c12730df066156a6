//===- bpfd-remote.cpp - join a bpfd session to stdin/stdout ---------------===//

#include "bpfd/Session.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

static const char Usage[] =
    "usage: bpfd-remote [OPTIONS] SPEC\n"
    "\n"
    "Opens a bpfd session on SPEC and joins it to standard input and output:\n"
    "bpfd's greeting and replies are printed, every input line is a command.\n"
    "At end of input bpfd's input is ended, its last replies printed, and\n"
    "bpfd-remote exits with bpfd's exit status.\n"
    "\n"
    "SPEC:\n"
    "  qemu:ARCH                  boot a QEMU guest (Debian kernel) running bpfd;\n"
    "                             (ARCH is arm64, x86_64, arm, s390x, ppc64le or riscv64)\n"
    "  process:COMMAND            sh -c COMMAND; its stdin/stdout are the session\n"
    "  adb[:SERIAL]               push bpfd to an Android device, run it as root\n"
    "  ssh:[USER@]HOST            copy bpfd to HOST, run it there\n"
    "\n"
    "Options:\n"
    "  --bpfd PATH         the bpfd binary to deploy (default: bpfd-<arch> beside\n"
    "                      this program)\n"
    "  --kernel DIR        qemu: unpacked Debian kernel (default:\n"
    "                      $BPFD_CACHE_DIR/kernels/<arch>/current)\n"
    "  --kernel-suite SUITE  qemu: the kernel of a Debian suite (trixie, sid...),\n"
    "                      as fetched by scripts/fetch-kernel.sh --suite SUITE\n"
    "                      (default: $BPFD_KERNEL_SUITE, else bookworm)\n"
    "  --timeout S         seconds for each step: boot to greeting, each reply,\n"
    "                      shutdown (default: $BPFD_QEMU_TIMEOUT or 120)\n"
    "  --workload 'ARGV'   qemu: run this in the guest in the background before\n"
    "                      bpfd (words split on blanks; /bin/workload is there)\n"
    "  --guest-file HOST=GUEST  qemu: add a file to the guest (repeatable)\n"
    "  --bpfd-arg ARG      qemu: an extra argument for bpfd (repeatable)\n"
    "  --append WORDS      qemu: extra kernel command line words (e.g.\n"
    "                      bpfd_workload=/bin/workload,-n,1,open:/etc/modules)\n"
    "  --cpu MODEL         qemu: -cpu (default cortex-a76, max, cortex-a15, max,\n"
    "                      power9; or $BPFD_QEMU_CPU)\n"
    "  --command LINE      instead of joining stdin/stdout, send LINE through the\n"
    "                      client library and print its decoded reply (repeatable;\n"
    "                      one 'reply' line, then '  + PAYLOAD' lines)\n"
    "  --hang-up           at end of input hang up on bpfd instead of ending its\n"
    "                      input in order (replies still in flight are lost)\n"
    "  --console           copy the guest console to stderr\n"
    "  --keep              keep the qemu run folder (console log, initramfs)\n"
    "  -v, --verbose       progress lines on stderr\n"
    "  -h, --help          this text\n"
    "\n"
    "Exit status: bpfd's, 125 if the session failed (message on stderr), 130 if\n"
    "interrupted (SIGINT/SIGTERM/SIGHUP: the remote is stopped, QEMU killed).\n";

// --command: each line through Session::command(), the reply decoded.
static int runCommands(bpfd::Session &S, const std::vector<std::string> &Commands) {
  printf("greeting arch=%s release=%s\n", S.greetingField("arch").c_str(),
         S.greetingField("release").c_str());
  for (const auto &Line : Commands) {
    auto R = S.command(Line);
    if (!R) {
      fprintf(stderr, "bpfd-remote: %s\n", R.error().message().c_str());
      return 125;
    }
    printf("reply %s ret=%lld", R->Command.c_str(), R->Ret);
    if (!R->ok())
      printf(" errno=%s msg=[%s]", R->ErrnoName.c_str(), R->Message.c_str());
    if (!R->Tag.empty())
      printf(" tag=%s", R->Tag.c_str());
    printf(" payload=%zu\n", R->Payload.size());
    for (const auto &P : R->Payload)
      printf("  + %s\n", P.c_str());
  }
  fflush(stdout);
  auto Status = S.close();
  if (!Status) {
    fprintf(stderr, "bpfd-remote: %s\n", Status.error().message().c_str());
    return 125;
  }
  return *Status;
}

static void onSignal(int) { bpfd::requestStop(); }

int main(int argc, char **argv) {
  signal(SIGPIPE, SIG_IGN);
  // SIGINT/SIGTERM/SIGHUP: stop the session cleanly (QEMU killed, console
  // log kept and named), exit 130.
  struct sigaction SA = {};
  SA.sa_handler = onSignal;
  sigemptyset(&SA.sa_mask);
  for (int Sig : {SIGINT, SIGTERM, SIGHUP})
    sigaction(Sig, &SA, nullptr);
  bpfd::SessionOptions Options;
  if (const char *T = getenv("BPFD_QEMU_TIMEOUT"))
    Options.Timeout = atof(T) > 0 && atof(T) <= 86400 ? atof(T) : Options.Timeout;
  bool Verbose = false, HangUp = false;
  std::vector<std::string> Commands;
  std::string Spec;
  for (int I = 1; I < argc; ++I) {
    std::string A = argv[I];
    auto Value = [&](const char *Name) -> const char * {
      if (I + 1 >= argc) {
        fprintf(stderr, "bpfd-remote: %s needs a value\n", Name);
        exit(2);
      }
      return argv[++I];
    };
    if (A == "-h" || A == "--help") {
      fputs(Usage, stdout);
      return 0;
    } else if (A == "-v" || A == "--verbose") {
      Verbose = true;
    } else if (A == "--bpfd") {
      Options.BpfdPath = Value("--bpfd");
    } else if (A == "--kernel") {
      Options.KernelDir = Value("--kernel");
    } else if (A == "--kernel-suite") {
      setenv("BPFD_KERNEL_SUITE", Value("--kernel-suite"), 1);
    } else if (A == "--timeout") {
      const char *V = Value("--timeout");
      char *End;
      Options.Timeout = strtod(V, &End);
      if (*End || !(Options.Timeout > 0)) { // nan too
        fprintf(stderr, "bpfd-remote: --timeout takes a positive number of seconds, not '%s'\n",
                V);
        return 2;
      }
      // At most a day a step (1e30 or inf overflowed the milliseconds).
      if (Options.Timeout > 86400) {
        fprintf(stderr, "bpfd-remote: --timeout %s is over a day (86400 seconds)\n", V);
        return 2;
      }
    } else if (A == "--workload") {
      Options.Workload = bpfd::splitWords(Value("--workload"));
    } else if (A == "--guest-file") {
      std::string V = Value("--guest-file");
      size_t Eq = V.find('=');
      if (Eq == std::string::npos || Eq == 0 || Eq + 1 == V.size() || V[Eq + 1] != '/') {
        fprintf(stderr, "bpfd-remote: --guest-file takes HOST=/GUEST/PATH, not '%s'\n",
                V.c_str());
        return 2;
      }
      Options.GuestFiles.emplace_back(V.substr(0, Eq), V.substr(Eq + 1));
    } else if (A == "--bpfd-arg") {
      Options.BpfdArgs.push_back(Value("--bpfd-arg"));
    } else if (A == "--append") {
      Options.KernelArgs += (Options.KernelArgs.empty() ? "" : " ") + std::string(Value("--append"));
    } else if (A == "--cpu") {
      Options.QemuCpu = Value("--cpu");
    } else if (A == "--command") {
      Commands.push_back(Value("--command"));
    } else if (A == "--hang-up") {
      HangUp = true;
    } else if (A == "--console") {
      Options.ShowConsole = true;
    } else if (A == "--keep") {
      Options.KeepFiles = true;
    } else if (A.size() > 1 && A[0] == '-') {
      fprintf(stderr, "bpfd-remote: unknown option '%s' (see --help)\n", A.c_str());
      return 2;
    } else if (Spec.empty()) {
      Spec = A;
    } else {
      fprintf(stderr, "bpfd-remote: one SPEC only ('%s' and '%s'); quote process: commands\n",
              Spec.c_str(), A.c_str());
      return 2;
    }
  }
  if (Spec.empty()) {
    fprintf(stderr, "bpfd-remote: no SPEC (qemu:arm64, qemu:x86_64, process:COMMAND, adb[:SERIAL], "
                    "ssh:[USER@]HOST); see --help\n");
    return 2;
  }
  if (Verbose)
    Options.Progress = [](const std::string &Line) {
      fprintf(stderr, "bpfd-remote: %s\n", Line.c_str());
    };

  auto S = bpfd::Session::open(Spec, Options);
  if (!S) {
    fprintf(stderr, "bpfd-remote: %s\n", S.error().message().c_str());
    return bpfd::stopRequested() ? 130 : 125;
  }
  if (!Commands.empty())
    return runCommands(**S, Commands);
  auto Status = (*S)->relay(0, 1, HangUp);
  if (!Status) {
    fprintf(stderr, "bpfd-remote: %s\n", Status.error().message().c_str());
    return bpfd::stopRequested() ? 130 : 125;
  }
  return *Status;
}
