//===- BccInstall.cpp - Which BCC release's tools and Python run -----------===//
#include "BccInstall.h"

#include "bpfd/HostPaths.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace bpfdbcc {

using bpfd::isDirectory;

static const char DistPackages[] = "/usr/lib/python3/dist-packages";

static bool readFile(const std::string &Path, std::string &Out) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    return false;
  std::ostringstream S;
  S << In.rdbuf();
  Out = S.str();
  return true;
}

// bcc/version.py: `__version__ = '0.31.0'`.
static std::string versionOf(const std::string &PythonPath) {
  std::string Text;
  if (!readFile(PythonPath + "/bcc/version.py", Text))
    return "";
  size_t At = Text.find("__version__");
  if (At == std::string::npos)
    return "";
  size_t Q = Text.find_first_of("'\"", At);
  if (Q == std::string::npos)
    return "";
  size_t End = Text.find(Text[Q], Q + 1);
  if (End == std::string::npos)
    return "";
  return Text.substr(Q + 1, End - Q - 1);
}

// An unpacked release at Root: Debian's layout.
static int installAt(const std::string &Root, BccInstall &Out, std::string &Error) {
  Out = BccInstall();
  Out.Root = Root;
  Out.PythonPath = Root + DistPackages;
  Out.ToolDir = Root + "/usr/sbin";
  if (!isDirectory(Out.PythonPath + "/bcc")) {
    Error = "no BCC Python in " + Root + " (looked for " + Out.PythonPath + "/bcc)";
    return -ENOENT;
  }
  Out.Version = versionOf(Out.PythonPath);
  if (Out.Version.empty()) {
    Error = "the BCC Python in " + Out.PythonPath + "/bcc has no bcc/version.py naming its release";
    return -EINVAL;
  }
  if (Root != "/" && Out.Root.back() == '/')
    Out.Root.pop_back();
  return 0;
}

// A fetched release's folder name (0.31.0) for "0.31", "0.31.0" or a suite.
static std::string fetchedFolder(const std::string &BccDir, const std::string &Spec) {
  if (Spec.empty() || Spec[0] == '.')
    return "";
  if (isDirectory(BccDir + "/" + Spec)) {
    // A suite is a link to its release; a release its own folder.
    char Target[256];
    ssize_t N = readlink((BccDir + "/" + Spec).c_str(), Target, sizeof(Target) - 1);
    return N > 0 ? std::string(Target, size_t(N)) : Spec;
  }
  // "0.31": the newest fetched 0.31.*.
  std::string Best;
  DIR *D = opendir(BccDir.c_str());
  if (!D)
    return "";
  while (dirent *E = readdir(D)) {
    std::string Name = E->d_name;
    if (Name.compare(0, Spec.size() + 1, Spec + ".") == 0 && isDirectory(BccDir + "/" + Name) &&
        (Best.empty() || Name > Best))
      Best = Name;
  }
  closedir(D);
  return Best;
}

int resolveBccInstall(const std::string &Spec, const std::string &CacheDir, BccInstall &Out,
                      std::string &Error) {
  if (Spec.empty()) {
    int R = installAt("/", Out, Error);
    if (R == 0) {
      Out.PythonPath.clear(); // Debian's Python finds it without help
      Out.ToolDir = "/usr/sbin";
    } else {
      Error += "; is python3-bpfcc installed? (or name a release: --bcc VERSION)";
    }
    return R;
  }
  if (Spec.find('/') != std::string::npos) {
    if (!isDirectory(Spec)) {
      Error = "--bcc " + Spec + ": no such folder";
      return -ENOENT;
    }
    return installAt(Spec, Out, Error);
  }
  std::string BccDir = CacheDir + "/bcc";
  std::string Folder = fetchedFolder(BccDir, Spec);
  if (Folder.empty() || !isDirectory(BccDir + "/" + Folder + "/usr")) {
    Error = "BCC " + Spec + " is not fetched into " + BccDir +
            " (scripts/fetch-bcc.sh " + Spec + " fetches it; --bcc list shows what is)";
    return -ENOENT;
  }
  return installAt(BccDir + "/" + Folder, Out, Error);
}

std::vector<std::string> listFetchedBcc(const std::string &CacheDir) {
  std::vector<std::string> Lines;
  std::string BccDir = CacheDir + "/bcc";
  DIR *D = opendir(BccDir.c_str());
  if (!D)
    return Lines;
  while (dirent *E = readdir(D)) {
    std::string Name = E->d_name, Record;
    // .release: "VERSION DEBIAN-VERSION SUITE" (scripts/fetch-bcc.sh).
    if (Name[0] == '.' || !readFile(BccDir + "/" + Name + "/.release", Record))
      continue;
    std::istringstream S(Record);
    std::string Version, Debian, Suite;
    S >> Version >> Debian >> Suite;
    if (Version != Name)
      continue;
    char Line[512];
    snprintf(Line, sizeof(Line), "%-8s %-9s %-16s %s", Version.c_str(), Suite.c_str(),
             Debian.c_str(), (BccDir + "/" + Name).c_str());
    Lines.push_back(Line);
  }
  closedir(D);
  std::sort(Lines.begin(), Lines.end());
  return Lines;
}

std::vector<std::string> abiFunctionsOf(const BccInstall &Install) {
  std::string Dir = Install.PythonPath.empty() ? DistPackages : Install.PythonPath;
  std::string Text;
  std::vector<std::string> Names;
  if (!readFile(Dir + "/bcc/libbcc.py", Text))
    return Names;
  std::set<std::string> Seen;
  auto IsWord = [](char C) { return isalnum((unsigned char)C) || C == '_'; };
  for (size_t At = Text.find("lib."); At != std::string::npos; At = Text.find("lib.", At + 4)) {
    if (At > 0 && (IsWord(Text[At - 1]) || Text[At - 1] == '.'))
      continue;
    size_t B = At + 4, E = B;
    while (E < Text.size() && IsWord(Text[E]))
      ++E;
    if (E > B && !isdigit((unsigned char)Text[B])) {
      std::string Name = Text.substr(B, E - B);
      if (Seen.insert(Name).second)
        Names.push_back(Name);
    }
  }
  return Names;
}

bool missingFunctions(const std::string &LibPath, const std::vector<std::string> &Names,
                      std::vector<std::string> &Missing, std::string &Error) {
  Missing.clear();
  int Pipe[2];
  if (pipe2(Pipe, O_CLOEXEC) != 0) {
    Error = std::string("cannot check ") + LibPath + ": pipe: " + strerror(errno);
    return false;
  }
  pid_t Pid = fork();
  if (Pid < 0) {
    Error = std::string("cannot check ") + LibPath + ": fork: " + strerror(errno);
    close(Pipe[0]);
    close(Pipe[1]);
    return false;
  }
  if (Pid == 0) {
    // The child: as ctypes' CDLL and attribute look-ups would.
    close(Pipe[0]);
    std::string Out;
    void *H = dlopen(LibPath.c_str(), RTLD_LAZY | RTLD_LOCAL);
    if (!H) {
      const char *E = dlerror();
      Out = std::string("!") + (E ? E : "dlopen failed");
    } else {
      for (const std::string &N : Names)
        if (!dlsym(H, N.c_str()))
          Out += N + "\n";
    }
    ssize_t W = write(Pipe[1], Out.data(), Out.size());
    _exit(W == (ssize_t)Out.size() ? 0 : 1);
  }
  close(Pipe[1]);
  std::string Got;
  char Buf[4096];
  ssize_t N;
  while ((N = read(Pipe[0], Buf, sizeof(Buf))) != 0) {
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0)
      break;
    Got.append(Buf, size_t(N));
  }
  close(Pipe[0]);
  int Status = 0;
  while (waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(Status) || WEXITSTATUS(Status) != 0 || (!Got.empty() && Got[0] == '!')) {
    Error = "cannot check " + LibPath + ": " +
            (!Got.empty() && Got[0] == '!' ? Got.substr(1) : std::string("the check failed"));
    return false;
  }
  std::istringstream S(Got);
  for (std::string Line; std::getline(S, Line);)
    if (!Line.empty())
      Missing.push_back(Line);
  return true;
}

} // namespace bpfdbcc
