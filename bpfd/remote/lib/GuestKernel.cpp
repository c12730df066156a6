//===- GuestKernel.cpp - the unpacked Debian kernel a guest boots ---------===//

#include "GuestKernel.h"
#include "bpfd/HostPaths.h"
#include "Subprocess.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <dirent.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace bpfd {
namespace {

// The entries of Dir, sorted ("." and ".." left out).
std::vector<std::string> entries(const std::string &Dir) {
  std::vector<std::string> Names;
  if (DIR *D = opendir(Dir.c_str())) {
    while (struct dirent *E = readdir(D)) {
      std::string Name = E->d_name;
      if (Name != "." && Name != "..")
        Names.push_back(Name);
    }
    closedir(D);
  }
  std::sort(Names.begin(), Names.end());
  return Names;
}

// Finds NAME.ko, NAME.ko.xz or NAME.ko.zst under Dir (recursively).
std::string findModule(const std::string &Dir, const std::string &Name) {
  for (const std::string &Entry : entries(Dir)) {
    std::string Path = Dir + "/" + Entry;
    if (Entry == Name + ".ko" || Entry == Name + ".ko.xz" || Entry == Name + ".ko.zst") {
      if (isFile(Path))
        return Path;
    } else if (isDirectory(Path)) {
      std::string Found = findModule(Path, Name);
      if (!Found.empty())
        return Found;
    }
  }
  return "";
}

bool endsWith(const std::string &S, const std::string &Suffix) {
  return S.size() >= Suffix.size() && S.compare(S.size() - Suffix.size(), Suffix.size(), Suffix) == 0;
}

bool onPath(const std::string &Program) {
  std::stringstream Path(getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
  std::string Dir;
  while (std::getline(Path, Dir, ':'))
    if (!Dir.empty() && access((Dir + "/" + Program).c_str(), X_OK) == 0)
      return true;
  return false;
}

// The Kconfig symbol that builds a module the harness loads (its Makefile's
// obj-$(CONFIG_...) line); any other module: its name in capitals.
std::string configSymbol(const std::string &Module) {
  static const struct {
    const char *Module, *Symbol;
  } Known[] = {{"virtio", "VIRTIO"},
               {"virtio_ring", "VIRTIO"},
               {"virtio_pci_modern_dev", "VIRTIO_PCI_LIB"},
               {"virtio_pci_legacy_dev", "VIRTIO_PCI_LIB_LEGACY"}};
  for (const auto &K : Known)
    if (Module == K.Module)
      return K.Symbol;
  std::string Symbol;
  for (char C : Module)
    Symbol += (char)std::toupper((unsigned char)C);
  return Symbol;
}

// "y", "m" or "" (not set) for CONFIG_Symbol in the config file at Path.
std::string configValue(const std::string &Path, const std::string &Symbol) {
  std::ifstream In(Path);
  std::string Line, Key = "CONFIG_" + Symbol + "=";
  while (std::getline(In, Line))
    if (Line.compare(0, Key.size(), Key) == 0)
      return Line.substr(Key.size());
  return "";
}

bool inModulesBuiltin(const std::string &Path, const std::string &Name) {
  std::ifstream In(Path);
  std::string Line;
  while (std::getline(In, Line))
    if (endsWith(Line, "/" + Name + ".ko") || Line == Name + ".ko")
      return true;
  return false;
}

Expected<std::string> readFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::stringstream S;
  S << In.rdbuf();
  if (!In)
    return Error::failure(EIO, "cannot read " + Path);
  return S.str();
}

// The module file at Path, uncompressed.
Expected<std::string> moduleBytes(const std::string &Path) {
  std::vector<std::string> Argv;
  const char *Package = nullptr;
  if (endsWith(Path, ".ko.xz"))
    Argv = {"xz", "-dc", Path}, Package = "xz-utils";
  else if (endsWith(Path, ".ko.zst"))
    Argv = {"zstd", "-dcq", Path}, Package = "zstd";
  else
    return readFile(Path);
  if (!onPath(Argv[0]))
    return Error::failure(ENOENT, "cannot decompress " + Path + ": " + Argv[0] +
                                      " is not installed (Debian's " + Package +
                                      ", scripts/setup.sh)");
  auto Out = runCapture(Argv, "", 60);
  if (!Out)
    return Out.error().withContext("cannot decompress " + Path);
  return *Out;
}

} // namespace

Expected<GuestKernel> GuestKernel::open(const std::string &Dir, const std::string &ImagePrefix) {
  if (!isDirectory(Dir))
    return Error::failure(ENOENT, "no kernel folder " + Dir);
  GuestKernel K;
  K.Dir = Dir;
  // boot/<ImagePrefix>RELEASE, then boot/vmlinuz-RELEASE.
  for (const std::string &Prefix : {ImagePrefix, std::string("vmlinuz-")}) {
    for (const std::string &Name : entries(Dir + "/boot"))
      if (Name.size() > Prefix.size() && Name.compare(0, Prefix.size(), Prefix) == 0 &&
          !endsWith(Name, ".efi") && isFile(Dir + "/boot/" + Name)) {
        K.Image = Dir + "/boot/" + Name;
        K.Release = Name.substr(Prefix.size());
        break;
      }
    if (!K.Image.empty())
      break;
  }
  // The modules folder: lib/modules/RELEASE or usr/lib/modules/RELEASE; a
  // split package (7.x's linux-binary) keeps the image there.
  for (const char *Base : {"/lib/modules", "/usr/lib/modules"}) {
    for (const std::string &Rel : entries(Dir + Base)) {
      std::string M = Dir + Base + "/" + Rel;
      if (!isDirectory(M) || (!K.Release.empty() && Rel != K.Release))
        continue;
      if (K.Image.empty())
        for (const char *Name : {"vmlinuz", "vmlinux"})
          if (isFile(M + "/" + Name)) {
            K.Image = M + "/" + Name;
            K.Release = Rel;
            break;
          }
      if (Rel == K.Release) {
        K.ModDir = M;
        break;
      }
    }
    if (!K.ModDir.empty())
      break;
  }
  if (K.Image.empty())
    return Error::failure(ENOENT, "no kernel image in " + Dir + " (boot/" +
                                      (ImagePrefix == "vmlinuz-" ? "" : ImagePrefix + "*, boot/") +
                                      "vmlinuz-* or usr/lib/modules/*/vmlinuz)");
  return K;
}

Expected<GuestModule> GuestKernel::module(const std::string &Name) const {
  GuestModule M;
  std::string Where = ModDir.empty() ? Dir + "/{usr/,}lib/modules/" + Release : ModDir;
  std::string Ko = ModDir.empty() ? "" : findModule(ModDir + "/kernel", Name);
  if (!Ko.empty()) {
    auto Data = moduleBytes(Ko);
    if (!Data)
      return Data.error();
    M.Data = std::move(*Data);
    return M;
  }
  if (!ModDir.empty() && isFile(ModDir + "/modules.builtin")) {
    if (inModulesBuiltin(ModDir + "/modules.builtin", Name)) {
      M.BuiltIn = true;
      return M;
    }
    return Error::failure(ENOENT, "module " + Name + " is neither in " + Where +
                                      " nor built into the kernel (modules.builtin)");
  }
  // No modules.builtin (7.x): the kernel's own config says.
  std::string Config;
  for (const std::string &C :
       {Dir + "/boot/config-" + Release, ModDir.empty() ? "" : ModDir + "/config",
        Dir + "/usr/src/linux-headers-" + Release + "/.config"})
    if (!C.empty() && isFile(C)) {
      Config = C;
      break;
    }
  if (Config.empty())
    return Error::failure(ENOENT, "module " + Name + " is not in " + Where +
                                      ", and there is no modules.builtin nor kernel config (boot/config-" +
                                      Release + ", usr/src/linux-headers-" + Release +
                                      "/.config) to say whether it is built in");
  std::string Symbol = configSymbol(Name);
  std::string Value = configValue(Config, Symbol);
  if (Value == "y") {
    M.BuiltIn = true;
    return M;
  }
  if (Value == "m")
    return Error::failure(ENOENT, "module " + Name + " (CONFIG_" + Symbol + "=m in " + Config +
                                      ") is not in " + Where +
                                      " (unpack the kernel's modules package there)");
  return Error::failure(ENOENT, "module " + Name + " is not in " + Where + " and CONFIG_" + Symbol +
                                    " is not set in " + Config);
}

} // namespace bpfd
