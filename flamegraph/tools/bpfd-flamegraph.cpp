//===- bpfd-flamegraph.cpp - folded stacks to an interactive SVG ----------===//
//
//   bpfd-flamegraph [--title T] [--width PX] [--count-name NAME]
//                   [--min-width PX] [-o OUT.svg] [FILE|-]
//
// Reads folded stacks (BCC's profile/offcputime/stackcount -f) from FILE or
// standard input and writes one standalone SVG flame graph to OUT.svg or
// standard output. Bad input is one line on stderr and exit status 1; no
// samples is a valid SVG that says so, and exit status 0.
//
//===----------------------------------------------------------------------===//
#include "flamegraph/FlameGraph.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fcntl.h>
#include <string>
#include <unistd.h>

static const char *const Usage =
    "usage: bpfd-flamegraph [options] [FILE|-]\n"
    "\n"
    "Reads folded stacks (one per line: frames root-first separated by ';', a\n"
    "space, a count; as BCC's profile -f, offcputime -f and stackcount -f print\n"
    "them) from FILE or standard input, and writes a standalone interactive SVG\n"
    "flame graph: click a frame to zoom, Search for a regular expression.\n"
    "Lines that are not folded stacks (a tool's header) are skipped and counted.\n"
    "\n"
    "options:\n"
    "  -o FILE             write the SVG to FILE (default: standard output)\n"
    "  --title TEXT        the graph's title (default: Flame Graph)\n"
    "  --width PX          image width in pixels, 100..100000 (default: 1200)\n"
    "  --count-name NAME   what a count is (default: samples; e.g. us for\n"
    "                      offcputime)\n"
    "  --min-width PX      leave out frames narrower than PX (default: 0.1)\n"
    "  -h, --help          show this help\n";

static int error(const std::string &Msg) {
  std::fprintf(stderr, "bpfd-flamegraph: error: %s\n", Msg.c_str());
  return 1;
}

static void note(const std::string &Msg) {
  std::fprintf(stderr, "bpfd-flamegraph: note: %s\n", Msg.c_str());
}

static bool readAll(int Fd, std::string &Out) {
  char Buf[1 << 16];
  for (;;) {
    ssize_t N = ::read(Fd, Buf, sizeof Buf);
    if (N == 0)
      return true;
    if (N < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    Out.append(Buf, static_cast<size_t>(N));
  }
}

static bool writeAll(int Fd, const std::string &Data) {
  size_t Done = 0;
  while (Done < Data.size()) {
    ssize_t N = ::write(Fd, Data.data() + Done, Data.size() - Done);
    if (N < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    Done += static_cast<size_t>(N);
  }
  return true;
}

static bool parseNumber(const std::string &Text, double Min, double Max, double &Out) {
  if (Text.empty())
    return false;
  char *End = nullptr;
  errno = 0;
  double V = std::strtod(Text.c_str(), &End);
  if (errno != 0 || *End != '\0' || !(V >= Min && V <= Max))
    return false;
  Out = V;
  return true;
}

static int run(int Argc, char **Argv) {
  flamegraph::RenderOptions Options;
  std::string Input, Output;
  bool HaveInput = false;

  for (int I = 1; I < Argc; ++I) {
    std::string Arg = Argv[I];
    if (Arg == "-h" || Arg == "--help") {
      std::fputs(Usage, stdout);
      return 0;
    }
    // --opt VALUE or --opt=VALUE; -o VALUE or -oVALUE.
    std::string Name = Arg, Value;
    bool Inline = false;
    if (Arg.rfind("--", 0) == 0 && Arg.find('=') != std::string::npos) {
      Name = Arg.substr(0, Arg.find('='));
      Value = Arg.substr(Arg.find('=') + 1);
      Inline = true;
    } else if (Arg.rfind("-o", 0) == 0 && Arg.size() > 2) {
      Name = "-o";
      Value = Arg.substr(2);
      Inline = true;
    }
    bool TakesValue = Name == "-o" || Name == "--output" || Name == "--title" ||
                      Name == "--width" || Name == "--count-name" || Name == "--min-width";
    if (TakesValue && !Inline) {
      if (I + 1 >= Argc)
        return error("option " + Name + " needs a value (see --help)");
      Value = Argv[++I];
    }
    if (Name == "-o" || Name == "--output") {
      Output = Value;
    } else if (Name == "--title") {
      Options.Title = Value;
    } else if (Name == "--count-name") {
      Options.CountName = Value;
    } else if (Name == "--width") {
      double W;
      if (!parseNumber(Value, 100, 100000, W) || W != static_cast<unsigned>(W))
        return error("--width takes whole pixels from 100 to 100000, not '" + Value + "'");
      Options.Width = static_cast<unsigned>(W);
    } else if (Name == "--min-width") {
      if (!parseNumber(Value, 0, 1000, Options.MinWidth))
        return error("--min-width takes pixels from 0 to 1000, not '" + Value + "'");
    } else if (Arg == "-" || Arg.empty() || Arg[0] != '-') {
      if (HaveInput)
        return error("one input file only ('" + Input + "' and '" + Arg + "')");
      Input = Arg;
      HaveInput = true;
    } else {
      return error("unknown option '" + Arg + "' (see --help)");
    }
  }

  std::string Text;
  std::string InputName = HaveInput && Input != "-" ? Input : "<stdin>";
  if (InputName == "<stdin>") {
    if (!readAll(STDIN_FILENO, Text))
      return error("cannot read standard input: " + std::string(std::strerror(errno)));
  } else {
    int Fd = ::open(Input.c_str(), O_RDONLY | O_CLOEXEC);
    if (Fd < 0)
      return error("cannot read " + Input + ": " + std::strerror(errno));
    bool Ok = readAll(Fd, Text);
    int ReadErrno = errno;
    ::close(Fd);
    if (!Ok)
      return error("cannot read " + Input + ": " + std::strerror(ReadErrno));
  }

  flamegraph::Profile Profile;
  std::string Err;
  if (!flamegraph::parseFolded(Text, Profile, Err))
    return error(InputName + ": " + Err);
  if (Profile.ignoredLines() > 0)
    note("ignored " + std::to_string(Profile.ignoredLines()) +
         (Profile.ignoredLines() == 1 ? " line" : " lines") + " that " +
         (Profile.ignoredLines() == 1 ? "is" : "are") + " not a folded stack");
  if (Profile.totalSamples() == 0)
    note("no samples in " + InputName + ": the graph says \"No samples\"");

  std::string Svg = flamegraph::renderSvg(Profile, Options);
  if (Output.empty() || Output == "-") {
    if (!writeAll(STDOUT_FILENO, Svg))
      return error("cannot write standard output: " + std::string(std::strerror(errno)));
    return 0;
  }
  int Fd = ::open(Output.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (Fd < 0)
    return error("cannot write " + Output + ": " + std::strerror(errno));
  bool Ok = writeAll(Fd, Svg);
  int WriteErrno = errno;
  if (::close(Fd) != 0 && Ok) {
    Ok = false;
    WriteErrno = errno;
  }
  if (!Ok)
    return error("cannot write " + Output + ": " + std::strerror(WriteErrno));
  return 0;
}

int main(int Argc, char **Argv) {
  try {
    return run(Argc, Argv);
  } catch (const std::bad_alloc &) {
    return error("out of memory");
  } catch (const std::exception &E) {
    return error(E.what());
  }
}
