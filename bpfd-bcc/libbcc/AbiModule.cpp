//===- AbiModule.cpp - libbcc's module and table-metadata functions -------===//
//
// bcc_common.h of BCC 0.26, as bcc/libbcc.py binds it: a module handle is a
// Module *; a table id is its index in Module::Tables.
//
//===----------------------------------------------------------------------===//
#include "Device.h"
#include "Module.h"

#include <cerrno>
#include <cstdint>
#include <fstream>
#include <sstream>

using namespace bpfdbcc;

static Module *mod(void *P) { return static_cast<Module *>(P); }

static void *createModule(const std::string &Text, unsigned Flags,
                          const char *CFlags[], int NCFlags) {
  std::vector<std::string> Flags2;
  for (int I = 0; I < NCFlags; ++I)
    if (CFlags && CFlags[I])
      Flags2.push_back(CFlags[I]);
  return Module::create(Text, Flags2, Flags).release();
}

extern "C" {

void *bpf_module_create_c_from_string(const char *text, unsigned flags,
                                      const char *cflags[], int ncflags,
                                      bool allow_rlimit, const char *dev_name) {
  (void)allow_rlimit;
  if (!text) {
    errno = EINVAL;
    return nullptr;
  }
  if (dev_name && *dev_name)
    warn(std::string("device offload (dev_name ") + dev_name +
         ") is not supported; compiling for the device's CPU");
  return createModule(text, flags, cflags, ncflags);
}

void *bpf_module_create_c(const char *filename, unsigned flags, const char *cflags[],
                          int ncflags, bool allow_rlimit, const char *dev_name) {
  std::ifstream F(filename ? filename : "");
  if (!F) {
    warn(std::string("cannot read ") + (filename ? filename : "(null)"));
    errno = ENOENT;
    return nullptr;
  }
  std::stringstream SS;
  SS << F.rdbuf();
  return bpf_module_create_c_from_string(SS.str().c_str(), flags, cflags, ncflags,
                                         allow_rlimit, dev_name);
}

bool bpf_module_rw_engine_enabled(void) { return false; }

void bpf_module_destroy(void *program) { delete mod(program); }

const char *bpf_module_license(void *program) {
  return program ? mod(program)->License.c_str() : nullptr;
}

unsigned bpf_module_kern_version(void *program) {
  return program ? mod(program)->KernVersion : 0;
}

size_t bpf_num_functions(void *program) {
  return program ? mod(program)->Functions.size() : 0;
}

const char *bpf_function_name(void *program, size_t id) {
  if (!program || id >= mod(program)->Functions.size())
    return nullptr;
  return mod(program)->Functions[id].Name.c_str();
}

void *bpf_function_start(void *program, const char *name) {
  const Function *F = program && name ? mod(program)->function(name) : nullptr;
  return F ? const_cast<uint64_t *>(F->Insns.data()) : nullptr;
}

size_t bpf_function_size(void *program, const char *name) {
  const Function *F = program && name ? mod(program)->function(name) : nullptr;
  return F ? F->Insns.size() * 8 : 0;
}

size_t bpf_table_id(void *program, const char *table_name) {
  if (!program || !table_name)
    return SIZE_MAX;
  const Table *T = mod(program)->table(table_name);
  return T ? size_t(T - mod(program)->Tables.data()) : SIZE_MAX;
}

int bpf_table_fd(void *program, const char *table_name) {
  const Table *T = program && table_name ? mod(program)->table(table_name) : nullptr;
  return T ? T->HostFd : -1;
}

static const Table *tableById(void *program, size_t id) {
  if (!program || id >= mod(program)->Tables.size())
    return nullptr;
  return &mod(program)->Tables[id];
}

int bpf_table_type_id(void *program, size_t id) {
  const Table *T = tableById(program, id);
  return T ? int(T->Type) : -1;
}

size_t bpf_table_max_entries_id(void *program, size_t id) {
  const Table *T = tableById(program, id);
  return T ? T->MaxEntries : 0;
}

int bpf_table_flags_id(void *program, size_t id) {
  const Table *T = tableById(program, id);
  return T ? int(T->Flags) : -1;
}

const char *bpf_table_key_desc(void *program, const char *table_name) {
  const Table *T = program && table_name ? mod(program)->table(table_name) : nullptr;
  return T ? T->KeyDesc.c_str() : nullptr;
}

const char *bpf_table_leaf_desc(void *program, const char *table_name) {
  const Table *T = program && table_name ? mod(program)->table(table_name) : nullptr;
  return T ? T->LeafDesc.c_str() : nullptr;
}

// Text forms of keys and leaves need BCC's LLVM-JITed printers (the "rw
// engine"); bpf_module_rw_engine_enabled() says there are none, as in a BCC
// built without them.
int bpf_table_key_snprintf(void *, size_t, char *, size_t, const void *) {
  errno = ENOSYS;
  return -1;
}
int bpf_table_leaf_snprintf(void *, size_t, char *, size_t, const void *) {
  errno = ENOSYS;
  return -1;
}
int bpf_table_key_sscanf(void *, size_t, const char *, void *) {
  errno = ENOSYS;
  return -1;
}
int bpf_table_leaf_sscanf(void *, size_t, const char *, void *) {
  errno = ENOSYS;
  return -1;
}

size_t bpf_perf_event_fields(void *program, const char *event) {
  const Table *T = program && event ? mod(program)->table(event) : nullptr;
  return T ? T->EventFields.size() : 0;
}

const char *bpf_perf_event_field(void *program, const char *event, size_t i) {
  const Table *T = program && event ? mod(program)->table(event) : nullptr;
  if (!T || i >= T->EventFields.size())
    return nullptr;
  return T->EventFields[i].c_str();
}

} // extern "C"
