//===- Profile.cpp - What the target kernel says about itself -------------===//
#include "bpf-xcc/Profile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace bpfxcc {

static Error profileError(StringRef Where, const Twine &What) {
  return createStringError(inconvertibleErrorCode(), "profile %s: %s",
                           Where.str().c_str(), What.str().c_str());
}

Error Profile::setKey(StringRef Key, StringRef Value, StringRef Where) {
  Value = Value.trim();
  if (Key == "version_code") {
    unsigned V;
    if (Value.getAsInteger(0, V))
      return profileError(Where, "version_code '" + Value + "' is not a number");
    VersionCode = V;
  } else if (Key == "release") {
    Release = Value.str();
  } else if (Key == "arch") {
    Arch = Value.str();
  }
  // Other keys are for other readers of the profile.
  return Error::success();
}

Expected<Profile> Profile::load(StringRef Path) {
  Profile P;
  if (sys::fs::is_directory(Path)) {
    std::error_code EC;
    SmallString<256> Events(Path);
    sys::path::append(Events, "events");
    // Any folder was taken as an empty profile.
    if (!sys::fs::is_directory(Events))
      return profileError(Path, "a profile folder needs events/ as tracefs has it "
                                "(events/CATEGORY/EVENT/format)");
    for (sys::fs::directory_iterator Cat(Events, EC), End; !EC && Cat != End;
         Cat.increment(EC)) {
      for (sys::fs::directory_iterator Ev(Cat->path(), EC); !EC && Ev != End;
           Ev.increment(EC)) {
        if (auto MB = MemoryBuffer::getFile(Ev->path() + "/format"))
          P.Formats[(sys::path::filename(Cat->path()) + "/" +
                     sys::path::filename(Ev->path()))
                        .str()] = (*MB)->getBuffer().str();
      }
    }
    for (StringRef Key : {"release", "version_code", "arch"})
      if (auto MB = MemoryBuffer::getFile(Path + "/" + Key))
        if (Error E = P.setKey(Key, (*MB)->getBuffer(), Path))
          return std::move(E);
    return std::move(P);
  }
  auto MB = MemoryBuffer::getFile(Path);
  if (!MB)
    return profileError(Path, "cannot read: " + MB.getError().message());
  SmallVector<StringRef, 0> Lines;
  (*MB)->getBuffer().split(Lines, '\n');
  if (Lines.empty() || !Lines[0].starts_with("bpfd-profile"))
    return profileError(Path, "not a bpfd profile (first line must be "
                              "'bpfd-profile version=1'; see docs/protocol.md)");
  bool Ended = false;
  for (size_t I = 1; I < Lines.size(); ++I) {
    StringRef L = Lines[I].rtrim("\r");
    // Only an error names the line (a profile has ~60k).
    auto Where = [&] { return (Path + ":" + Twine(I + 1)).str(); };
    auto [Kind, Rest] = L.split(' ');
    if (Kind == "end") {
      Ended = true;
      break;
    }
    if (Kind == "arch" || Kind == "release" || Kind == "version_code") {
      if (Error E = P.setKey(Kind, Rest, Where()))
        return std::move(E);
    } else if (Kind == "field") {
      // field CATEGORY NAME OFFSET SIZE SIGNED DECLARATION...
      SmallVector<StringRef, 6> F;
      Rest.split(F, ' ', 5);
      if (F.size() != 6)
        return profileError(Where(), "malformed field line");
      SmallString<64> Key(F[0]);
      Key += '/';
      Key += F[1];
      std::string &Fmt = P.Formats[Key];
      for (StringRef Piece : {StringRef("\tfield:"), F[5], StringRef(";\toffset:"), F[2],
                              StringRef(";\tsize:"), F[3], StringRef(";\tsigned:"), F[4],
                              StringRef(";\n")})
        Fmt.append(Piece.data(), Piece.size());
    } else if (Kind == "tracepoint") {
      SmallVector<StringRef, 3> F;
      Rest.split(F, ' ');
      if (F.size() < 2)
        return profileError(Where(), "malformed tracepoint line");
      P.Formats[(F[0] + "/" + F[1]).str()] += "";
    }
    // Unknown record kinds are ignored (docs/protocol.md).
  }
  if (!Ended)
    return profileError(Path, "truncated (no 'end' line)");
  return std::move(P);
}

std::optional<StringRef> Profile::tracepointFormat(StringRef Category,
                                                   StringRef Event) const {
  auto It = Formats.find((Category + "/" + Event).str());
  if (It == Formats.end())
    return std::nullopt;
  return StringRef(It->second);
}

std::string TracepointField::decl() const {
  // tracefs: "char comm[16]" for an array, "__data_loc char[] name" as is.
  size_t Bracket = StringRef(Type).find('[');
  if (Bracket == StringRef::npos || StringRef(Type).starts_with("__data_loc") ||
      StringRef(Type).starts_with("__rel_loc"))
    return Type + " " + Name;
  return Type.substr(0, Bracket) + " " + Name + Type.substr(Bracket);
}

std::vector<std::string> Profile::tracepoints() const {
  std::vector<std::string> Out;
  for (const auto &E : Formats)
    Out.push_back(E.getKey().str());
  llvm::sort(Out);
  return Out;
}

// One `field:TYPE NAME;<tab>offset:N;<tab>size:N;<tab>signed:N;` line.
static bool parseField(StringRef Line, TracepointField &F) {
  Line = Line.trim();
  if (!Line.consume_front("field:"))
    return false;
  SmallVector<StringRef, 4> Parts;
  Line.split(Parts, ';', -1, false);
  if (Parts.size() < 3)
    return false;
  StringRef Decl = Parts[0].trim();
  // The name is the last word, its array suffix going back to the type.
  StringRef Suffix;
  if (Decl.ends_with("]") && !Decl.starts_with("__data_loc") &&
      !Decl.starts_with("__rel_loc")) {
    size_t Open = Decl.rfind('[');
    Suffix = Decl.substr(Open);
    Decl = Decl.take_front(Open).rtrim();
  }
  size_t NameAt = Decl.find_last_of(" *");
  F.Name = Decl.substr(NameAt + 1).str();
  F.Type = (Decl.take_front(NameAt + 1).rtrim() + Suffix).str();
  for (StringRef P : ArrayRef(Parts).drop_front()) {
    auto [K, V] = P.trim().split(':');
    if (K == "offset" && V.getAsInteger(10, F.Offset))
      return false;
    if (K == "size" && V.getAsInteger(10, F.Size))
      return false;
    if (K == "signed")
      F.Signed = V == "1";
  }
  return true;
}

std::vector<TracepointField> parseFormat(StringRef Format) {
  std::vector<TracepointField> Out;
  SmallVector<StringRef, 0> Lines;
  Format.split(Lines, '\n');
  for (StringRef L : Lines) {
    TracepointField F;
    if (parseField(L, F))
      Out.push_back(std::move(F));
  }
  return Out;
}

std::string formatText(ArrayRef<TracepointField> Fields) {
  std::string Out;
  for (const TracepointField &F : Fields)
    Out += "\tfield:" + F.decl() + ";\toffset:" + std::to_string(F.Offset) +
           ";\tsize:" + std::to_string(F.Size) +
           ";\tsigned:" + (F.Signed ? "1" : "0") + ";\n";
  return Out;
}

Expected<std::string> tracepointStruct(StringRef Category, StringRef Event,
                                       StringRef Format) {
  std::string Name = ("tracepoint__" + Category + "__" + Event).str();
  std::string Out = "struct " + Name + " { u64 __do_not_use__;";
  unsigned Cur = 8, Pad = 0;
  for (const TracepointField &F : parseFormat(Format)) {
    std::string DeclText = F.decl();
    StringRef Decl = DeclText;
    size_t NameAt = Decl.find_last_of(" *");
    StringRef FieldName = Decl.substr(NameAt + 1);
    if (StringRef(F.Name).starts_with("common_"))
      continue;
    std::string Field;
    if (Decl.starts_with("__data_loc")) {
      // Offset (low 16 bits) and length of a variable-sized field.
      Field = "int data_loc_" + FieldName.take_until([](char C) { return C == '['; }).str();
    } else if (Decl.starts_with("enum ") || Decl.starts_with("const enum ")) {
      // The enum may be unknown to the headers: keep its size and sign.
      std::string Int = (F.Signed ? "s" : "u") + std::to_string(F.Size * 8);
      Field = Int + " " + FieldName.str();
    } else {
      Field = DeclText;
    }
    if (F.Offset < Cur)
      return createStringError(inconvertibleErrorCode(),
                               "tracepoint %s:%s: field '%s' at offset %u "
                               "overlaps the previous field",
                               Category.str().c_str(), Event.str().c_str(),
                               DeclText.c_str(), F.Offset);
    if (F.Offset > Cur)
      Out += " char __pad_" + std::to_string(Pad++) + "[" +
             std::to_string(F.Offset - Cur) + "];";
    Out += " " + Field + ";";
    Cur = F.Offset + F.Size;
  }
  Out += " };";
  return Out;
}

} // namespace bpfxcc
