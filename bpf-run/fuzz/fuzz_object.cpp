//===- fuzz_object.cpp - libFuzzer target: bpf-run's object reader --------===//
//
// ObjectInfo::loadBuffer (ELF, .BTF, .maps, .bpfd.meta, .bpfd.target, the
// scan of program code for map deletes) and --describe's walk over the BTF
// types it found: what bpf-run does with an object before any session.
//
//===----------------------------------------------------------------------===//
#include "Describe.h"
#include "ObjectInfo.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace bpfrun;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  // A copy exactly as big as the input, as a file read would give.
  std::unique_ptr<WritableMemoryBuffer> Buf =
      WritableMemoryBuffer::getNewUninitMemBuffer(Size, "fuzz.o");
  if (Size)
    memcpy(Buf->getBufferStart(), Data, Size);
  Expected<std::unique_ptr<ObjectInfo>> Obj =
      ObjectInfo::loadBuffer(std::move(Buf), "fuzz.o");
  if (!Obj) {
    consumeError(Obj.takeError());
    return 0;
  }
  std::string Text;
  raw_string_ostream OS(Text);
  describeObject(OS, **Obj);
  (void)(*Obj)->stackMaps();
  (void)(*Obj)->findTypeByName("data_t");
  return 0;
}
