//===- KernelTree.cpp - Kernel header trees and the flags they need -------===//
#include "KernelTree.h"
#include "KernelHeadersArchive.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace bpfxcc {

static bool isDir(const Twine &P) { return sys::fs::is_directory(P); }
static bool isFile(const Twine &P) { return sys::fs::is_regular_file(P); }

static Error treeError(StringRef Dir, const Twine &What) {
  return createStringError(inconvertibleErrorCode(), "kernel tree '%s': %s",
                           Dir.str().c_str(), What.str().c_str());
}

// A kheaders tree (CONFIG_IKHEADERS, /sys/kernel/kheaders.tar.xz unpacked):
// include/ and arch/ARCH/include/ with their generated headers, the
// configuration as include/generated/autoconf.h, no .config and no Makefile.
static bool isKheadersTree(StringRef Dir) {
  return !isFile(Dir + "/.config") && isFile(Dir + "/include/generated/autoconf.h") &&
         isFile(Dir + "/include/linux/kconfig.h");
}

Expected<KernelTree> KernelTree::open(StringRef Dir, const ArchInfo &Arch) {
  KernelTree T(Arch);
  bool FromArchive = isKernelHeadersArchive(Dir);
  std::string Unpacked;
  if (FromArchive) {
    Expected<std::string> U = unpackKernelHeaders(Dir);
    if (!U)
      return U.takeError();
    Unpacked = *U;
  }
  SmallString<256> Abs(FromArchive ? StringRef(Unpacked) : Dir);
  if (std::error_code EC = sys::fs::make_absolute(Abs))
    return treeError(Dir, "cannot resolve path: " + EC.message());
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  T.BuildDir = std::string(Abs);
  if (!isDir(T.BuildDir))
    return treeError(Dir, "no such directory");
  T.Kheaders = isKheadersTree(T.BuildDir);
  if (FromArchive && !T.Kheaders)
    return createStringError(inconvertibleErrorCode(),
                             "kernel headers archive '%s': not a kheaders archive: no "
                             "include/generated/autoconf.h and include/linux/kconfig.h in it "
                             "(one holds include/ and arch/%s/include/)",
                             Dir.str().c_str(), Arch.KernelDir.str().c_str());
  if (!T.Kheaders && (!isFile(T.BuildDir + "/.config") ||
                      !isDir(T.BuildDir + "/include/generated")))
    return treeError(Dir, "not a configured kernel tree (needs .config and "
                          "include/generated; run 'make ARCH=" +
                              Arch.KernelDir + " olddefconfig prepare') nor a kheaders "
                              "tree (include/generated/autoconf.h)");
  if (T.Kheaders)
    T.SourceDir = T.BuildDir;
  else if (Error E = T.findSourceDir())
    return std::move(E);
  if (!isDir(T.SourceDir + "/arch/" + Arch.KernelDir + "/include"))
    return treeError(Dir, "has no arch/" + Arch.KernelDir +
                              "/include: not a tree for --arch " + Arch.Name);
  if (!isDir(T.BuildDir + "/arch/" + Arch.KernelDir + "/include/generated"))
    return treeError(Dir, "has no arch/" + Arch.KernelDir +
                              "/include/generated: configured for another "
                              "architecture than " +
                              Arch.Name + "?");
  if (Error E = T.Kheaders ? T.readAutoconf() : T.readConfig())
    return std::move(E);
  if (Error E = T.readVersion())
    return std::move(E);
  T.readMakefileFlags();
  return std::move(T);
}

// The source tree is the build folder itself when it holds include/linux;
// otherwise the folder named by the `source` link of an O= build, or by the
// `include <src>/Makefile` line of the build folder's Makefile (both O=
// builds and Debian's linux-headers-ABI-FLAVOUR use it). Debian's absolute
// /usr/src/... path is tried as a sibling of the build folder too, so an
// unpacked package works wherever it lies.
Error KernelTree::findSourceDir() {
  if (isFile(BuildDir + "/include/linux/kconfig.h")) {
    SourceDir = BuildDir;
    return Error::success();
  }
  SmallVector<std::string, 4> Candidates;
  SmallString<256> Link;
  if (!sys::fs::real_path(BuildDir + "/source", Link))
    Candidates.push_back(std::string(Link));
  if (auto MB = MemoryBuffer::getFile(BuildDir + "/Makefile")) {
    SmallVector<StringRef, 32> Lines;
    (*MB)->getBuffer().split(Lines, '\n');
    for (StringRef L : Lines) {
      L = L.trim();
      if (!L.consume_front("include "))
        continue;
      StringRef Path = L.trim();
      if (!Path.consume_back("/Makefile"))
        continue;
      Candidates.push_back(Path.str());
      SmallString<256> Sibling(sys::path::parent_path(BuildDir));
      sys::path::append(Sibling, sys::path::filename(Path));
      Candidates.push_back(std::string(Sibling));
    }
  }
  // Debian: linux-headers-ABI-FLAVOUR next to linux-headers-ABI-common.
  StringRef Base = sys::path::filename(BuildDir);
  size_t Dash = Base.rfind('-');
  if (Dash != StringRef::npos) {
    SmallString<256> Common(sys::path::parent_path(BuildDir));
    sys::path::append(Common, Base.substr(0, Dash) + "-common");
    Candidates.push_back(std::string(Common));
  }
  for (const std::string &C : Candidates)
    if (isFile(C + "/include/linux/kconfig.h")) {
      SourceDir = C;
      return Error::success();
    }
  std::string Tried = join(Candidates, ", ");
  return treeError(BuildDir,
                   "no kernel source headers found (include/linux/kconfig.h)" +
                       (Tried.empty() ? Twine("") : Twine("; tried ") + Tried));
}

// Calls \p Entry with each line of the tree's \p File that begins with
// \p Prefix, split at its first \p Sep: the option's name without CONFIG_
// and the rest.
Error KernelTree::readConfigLines(StringRef File, StringRef Prefix, char Sep,
                                  function_ref<void(StringRef, StringRef)> Entry) {
  auto MB = MemoryBuffer::getFile(BuildDir + "/" + File);
  if (!MB)
    return treeError(BuildDir, "cannot read " + File + ": " + MB.getError().message());
  SmallVector<StringRef, 0> Lines;
  (*MB)->getBuffer().split(Lines, '\n');
  for (StringRef L : Lines)
    if (L.consume_front(Prefix)) {
      auto [Key, Value] = L.split(Sep);
      Entry(Key, Value.trim());
    }
  return Error::success();
}

Error KernelTree::readConfig() {
  return readConfigLines(".config", "CONFIG_", '=',
                         [&](StringRef Key, StringRef Value) { Config[Key] = Value.str(); });
}

// autoconf.h says what .config says, as C: "#define CONFIG_X 1" for =y,
// "#define CONFIG_X_MODULE 1" for =m, the value itself otherwise (strings
// quoted, as in .config). An int option of value 1 reads as "y".
Error KernelTree::readAutoconf() {
  return readConfigLines("include/generated/autoconf.h", "#define CONFIG_", ' ',
                         [&](StringRef Key, StringRef Value) {
                           if (Value == "1" && Key.consume_back("_MODULE"))
                             Config[Key] = "m";
                           else
                             Config[Key] = Value == "1" ? "y" : Value.str();
                         });
}

Error KernelTree::readVersion() {
  std::string VersionH = BuildDir + "/include/generated/uapi/linux/version.h";
  auto MB = MemoryBuffer::getFile(VersionH);
  if (!MB)
    return treeError(BuildDir, "cannot read include/generated/uapi/linux/"
                               "version.h: " + MB.getError().message());
  StringRef Text = (*MB)->getBuffer();
  size_t At = Text.find("#define LINUX_VERSION_CODE ");
  if (At == StringRef::npos ||
      Text.substr(At + 27).take_while(isDigit).getAsInteger(10, VersionCode))
    return treeError(BuildDir, "no LINUX_VERSION_CODE in version.h");
  if (auto UTS = MemoryBuffer::getFile(BuildDir + "/include/generated/utsrelease.h")) {
    StringRef U = (*UTS)->getBuffer();
    size_t Q = U.find('"');
    if (Q != StringRef::npos)
      Release = U.substr(Q + 1).take_until([](char C) { return C == '"'; }).str();
  }
  return Error::success();
}

// The dialect flags of the tree's top-level Makefile, as its clang build
// would take them. 7.x says
//   CC_FLAGS_DIALECT := -std=gnu11
//   CC_FLAGS_DIALECT += $(CONFIG_CC_MS_EXTENSIONS)      ("-fms-extensions")
//   ifdef CONFIG_CC_IS_CLANG
//   CC_FLAGS_DIALECT += -Wno-gnu
//   CC_FLAGS_DIALECT += -Wno-microsoft-anon-tag
//   endif
//   KBUILD_CFLAGS += $(CC_FLAGS_DIALECT)
// (its headers embed tagged structs anonymously, e.g. struct filename's
// __filename_head, whose size a static_assert checks). Those words are
// taken, $(CONFIG_...) from .config, CONFIG_CC_IS_CLANG true and _GCC false
// whatever compiler built Debian's kernel; not -std=, since the program's
// C standard is bpf-xcc's on every kernel. A KBUILD_CFLAGS line naming
// -fms-extensions itself gives it and -Wno-microsoft-anon-tag. Read from the
// tree, never from a version: a tree that says nothing gets nothing.
void KernelTree::readMakefileFlags() {
  auto MB = MemoryBuffer::getFile(SourceDir + "/Makefile");
  if (!MB) {
    // A kheaders tree has no Makefile: its CC_FLAGS_DIALECT's one
    // configured word, $(CONFIG_CC_MS_EXTENSIONS), from its configuration.
    StringRef Ms = config("CC_MS_EXTENSIONS").trim('"');
    if (Kheaders && !Ms.empty())
      DialectFlags = {Ms.str(), "-Wno-microsoft-anon-tag"};
    return;
  }
  auto Expand = [&](StringRef Word) -> std::string {
    if (Word.consume_front("$(CONFIG_") && Word.consume_back(")"))
      return config(Word).trim('"').str();
    return Word.str();
  };
  // ifdef/ifndef CONFIG_X as the tree's clang build sees them; any other
  // condition (ifeq ($(config-build),1), around the whole build part) is
  // unknown, and both its branches are read.
  enum Cond { False, True, Unknown };
  auto Holds = [&](StringRef Directive, StringRef Arg) {
    bool Set = Arg == "CONFIG_CC_IS_CLANG" ||
               (Arg != "CONFIG_CC_IS_GCC" && Arg.starts_with("CONFIG_") &&
                !config(Arg.drop_front(7)).empty() && config(Arg.drop_front(7)) != "n");
    if (!Arg.starts_with("CONFIG_"))
      return Unknown;
    if (Directive == "ifdef")
      return Set ? True : False;
    if (Directive == "ifndef")
      return Set ? False : True;
    return Unknown;
  };
  std::vector<Cond> Active; // one entry an open conditional
  std::vector<std::string> Dialect;
  bool MsExtensions = false;
  SmallVector<StringRef, 0> Lines;
  (*MB)->getBuffer().split(Lines, '\n');
  for (StringRef L : Lines) {
    L = L.take_until([](char C) { return C == '#'; }).trim();
    auto [Directive, Arg] = L.split(' ');
    Arg = Arg.trim();
    if (Directive.starts_with("if")) {
      Active.push_back(Holds(Directive, Arg));
      continue;
    }
    if (Directive == "else" && !Active.empty()) {
      if (Active.back() != Unknown)
        Active.back() = Active.back() == True ? False : True;
      continue;
    }
    if (Directive == "endif" && !Active.empty()) {
      Active.pop_back();
      continue;
    }
    if (is_contained(Active, False))
      continue;
    StringRef Var = L.take_while([](char C) { return isAlnum(C) || C == '_'; });
    if (Var != "CC_FLAGS_DIALECT" && Var != "KBUILD_CFLAGS")
      continue;
    StringRef Rest = L.drop_front(Var.size()).ltrim(" \t");
    bool Append = Rest.consume_front("+=");
    if (!Append && !Rest.consume_front(":=") && !Rest.consume_front("="))
      continue;
    SmallVector<StringRef, 8> Words;
    SplitString(Rest, Words);
    if (Var == "CC_FLAGS_DIALECT" && !Append)
      Dialect.clear();
    for (StringRef W : Words) {
      std::string Flag = Expand(W);
      if (Var == "CC_FLAGS_DIALECT" && !Flag.empty() && !StringRef(Flag).starts_with("-std="))
        Dialect.push_back(Flag);
      if (Var == "KBUILD_CFLAGS" && Flag == "-fms-extensions")
        MsExtensions = true;
      if (Var == "KBUILD_CFLAGS" && Flag == "$(CC_FLAGS_DIALECT)")
        DialectFlags.insert(DialectFlags.end(), Dialect.begin(), Dialect.end());
    }
  }
  if (MsExtensions && !is_contained(DialectFlags, "-fms-extensions"))
    DialectFlags.insert(DialectFlags.end(), {"-fms-extensions", "-Wno-microsoft-anon-tag"});
}

StringRef KernelTree::config(StringRef Name) const {
  auto It = Config.find(Name);
  return It == Config.end() ? StringRef() : StringRef(It->second);
}

bool KernelTree::declaresHelper(StringRef Name) const {
  auto MB = MemoryBuffer::getFile(SourceDir + "/include/uapi/linux/bpf.h");
  if (!MB)
    return false;
  // Entries read FN(name) (older trees) or FN(name, id, ##ctx) (6.1 on).
  StringRef Text = (*MB)->getBuffer();
  std::string Key = ("FN(" + Name).str();
  for (size_t At = Text.find(Key); At != StringRef::npos;
       At = Text.find(Key, At + 1)) {
    StringRef After = Text.drop_front(At + Key.size()).ltrim(" \t");
    if (After.starts_with(",") || After.starts_with(")"))
      return true;
  }
  return false;
}

std::vector<std::string> KernelTree::flags() const {
  const std::string &S = SourceDir, &O = BuildDir;
  const std::string A = "/arch/" + Arch->KernelDir.str();
  std::vector<std::string> F = {
      "-I" + S + A + "/include",
      "-I" + O + A + "/include/generated",
  };
  if (S != O)
    F.push_back("-I" + S + "/include");
  F.push_back("-I" + O + "/include");
  F.push_back("-I" + S + A + "/include/uapi");
  F.push_back("-I" + O + A + "/include/generated/uapi");
  F.push_back("-I" + S + "/include/uapi");
  F.push_back("-I" + O + "/include/generated/uapi");
  F.push_back("-include");
  F.push_back(S + "/include/linux/kconfig.h");
  for (const char *D :
       {"-D__KERNEL__", "-DKBUILD_MODNAME=\"bcc\"", "-D__BPF_TRACING__",
        "-D__HAVE_BUILTIN_BSWAP16__=", "-D__HAVE_BUILTIN_BSWAP32__=",
        "-D__HAVE_BUILTIN_BSWAP64__="})
    F.push_back(D);
  F.push_back("-D__TARGET_ARCH_" + Arch->TargetArchMacro.str());
  // arch/arm/Makefile gives the architecture level (Debian's armmp is
  // ARMv7); without it the headers take a pre-ARMv6 CPU and refuse SMP.
  // BCC's tools keep IPv6 addresses in unsigned __int128, which a 32-bit
  // target lacks unless asked (the BPF object has it either way).
  if (Arch->Name == "arm") {
    F.push_back("-D__LINUX_ARM_ARCH__=7");
    F.push_back("-fforce-enable-int128");
  }
  for (const char *W :
       {"-Wno-unused-value", "-Wno-pointer-sign", "-fno-stack-protector"})
    F.push_back(W);
  F.insert(F.end(), DialectFlags.begin(), DialectFlags.end());
  return F;
}

} // namespace bpfxcc
