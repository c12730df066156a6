// Where a user-space probe goes: a target written BINARY:SYMBOL is resolved
// to a file and a file offset the way BCC does it (BINARY is a path, or a
// library short name found as lib<NAME>.so* through /etc/ld.so.cache or the
// standard library folders; SYMBOL from .symtab or .dynsym, its address
// turned into a file offset through the PT_LOAD program headers).
#ifndef BPFD_DAEMON_UPROBE_TARGET_H
#define BPFD_DAEMON_UPROBE_TARGET_H

#include "support.h"

namespace bpfd {

// Finds BINARY's file (path, or library short name) and SYMBOL's file
// offset in it (SYMBOL, SYMBOL+OFFSET, 0xVADDR, or @0xFILE_OFFSET as it is).
// An empty SYMBOL finds the file only. 0, or -errno with msg naming the
// failed step.
int resolveUprobe(StrRef binary, StrRef symbol, char *path, size_t pathCap, uint64_t *offset,
                  char *msg, size_t cap);

} // namespace bpfd

#endif
