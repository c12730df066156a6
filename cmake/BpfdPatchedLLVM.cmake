# Helpers for llvm-patches/: build parts of Debian's LLVM 19 from a patched
# source subset and link them with Debian's static component libraries.
#
# Naming: every target made here is prefixed `bpfd_llvm_` (libraries) or
# `bpfd-` (tools, with OUTPUT_NAME llc, llvm-mc, ...). Debian's exported
# CMake package defines targets named LLVMBPFCodeGen, llc, llvm-mc, ... and
# another component may import it; our names never clash with those.

# bpfd_llvm_config_headers(<dir>)
# Writes <dir>/llvm/Config/: a BPF-only Targets.def and friends, a copy of
# Debian's llvm-config.h without the LLVM_NATIVE_* macros (they name the X86
# initialisers, which a BPF-only link does not have), and the minimal
# config.h that BPFMCTargetDesc.h includes (Debian does not install one).
function(bpfd_llvm_config_headers dir)
  set(cfg ${dir}/llvm/Config)
  foreach(kind TARGET:Targets ASM_PRINTER:AsmPrinters ASM_PARSER:AsmParsers
               DISASSEMBLER:Disassemblers)
    string(REPLACE ":" ";" kind ${kind})
    list(GET kind 0 macro)
    list(GET kind 1 file)
    file(CONFIGURE OUTPUT ${cfg}/${file}.def CONTENT
"/* Written by llvm-patches/: this build registers the BPF target only. */
#ifndef LLVM_${macro}
#  error Please define the macro LLVM_${macro}(TargetName)
#endif
LLVM_${macro}(BPF)
#undef LLVM_${macro}
")
  endforeach()
  foreach(kind TARGETMCA:TargetMCAs TARGET:TargetExegesis)
    string(REPLACE ":" ";" kind ${kind})
    list(GET kind 0 macro)
    list(GET kind 1 file)
    file(CONFIGURE OUTPUT ${cfg}/${file}.def CONTENT
"/* Written by llvm-patches/: BPF has none of these. */
#ifndef LLVM_${macro}
#  error Please define the macro LLVM_${macro}(TargetName)
#endif
#undef LLVM_${macro}
")
  endforeach()
  file(READ ${BPFD_LLVM_PREFIX}/include/llvm/Config/llvm-config.h llvm_config_h)
  string(REGEX REPLACE "#define (LLVM_NATIVE_[A-Z]+)[^\n]*" "/* #undef \\1 (BPF-only build) */"
         llvm_config_h "${llvm_config_h}")
  file(CONFIGURE OUTPUT ${cfg}/llvm-config.h CONTENT "${llvm_config_h}" @ONLY)
  file(CONFIGURE OUTPUT ${cfg}/config.h CONTENT
"/* Written by llvm-patches/. Debian installs no llvm/Config/config.h, but
   BPFMCTargetDesc.h and MachODump.cpp include it; nothing they compile uses
   a macro of it, so it only forwards to the public configuration. */
#ifndef BPFD_LLVM_CONFIG_CONFIG_H
#define BPFD_LLVM_CONFIG_CONFIG_H
#include \"llvm/Config/llvm-config.h\"
#define PACKAGE_NAME \"LLVM\"
#define PACKAGE_VERSION LLVM_VERSION_STRING
#define BUG_REPORT_URL \"https://github.com/llvm/llvm-project/issues/\"
#endif
")
endfunction()

# bpfd_llvm_libfiles(<out-var> <component>...)
# Debian's static libraries for the components, in link order, without the
# BPF target's (ours replace them). A library of BPFD_LLVM_PATCHED_LIBS
# (LLVMMCParser, ...) is replaced in place by our target bpfd_llvm_<name>.
function(bpfd_llvm_libfiles out)
  execute_process(
    COMMAND ${BPFD_LLVM_CONFIG} --link-static --libfiles ${ARGN}
    OUTPUT_VARIABLE files OUTPUT_STRIP_TRAILING_WHITESPACE
    ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "llvm-config --libfiles ${ARGN} failed: ${err}")
  endif()
  separate_arguments(files UNIX_COMMAND "${files}")
  set(result "")
  foreach(f IN LISTS files)
    get_filename_component(name ${f} NAME_WE)
    string(REGEX REPLACE "^lib" "" name ${name})
    if(name MATCHES "^LLVMBPF")
      continue()
    endif()
    if(name IN_LIST BPFD_LLVM_PATCHED_LIBS)
      string(REGEX REPLACE "^LLVM" "" short ${name})
      list(APPEND result bpfd_llvm_${short})
    else()
      list(APPEND result ${f})
    endif()
  endforeach()
  set(${out} ${result} PARENT_SCOPE)
endfunction()

# bpfd_llvm_tablegen(<out-var> <td> <output.inc> <flags>...)
# A custom command running Debian's llvm-tblgen-19 on <td>; appends the
# generated file to <out-var>.
function(bpfd_llvm_tablegen out td inc)
  get_filename_component(td_dir ${td} DIRECTORY)
  file(GLOB td_deps ${td_dir}/*.td)
  add_custom_command(
    OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/${inc}
    COMMAND ${BPFD_LLVM_TBLGEN} ${ARGN} -I ${td_dir} -I ${BPFD_LLVM_PREFIX}/include
            ${td} -o ${CMAKE_CURRENT_BINARY_DIR}/${inc}
    DEPENDS ${td_deps} ${BPFD_LLVM_TBLGEN}
    COMMENT "Tablegen ${inc}"
    VERBATIM)
  set(${out} ${${out}} ${CMAKE_CURRENT_BINARY_DIR}/${inc} PARENT_SCOPE)
endfunction()

# bpfd_llvm_component_library(<name> <source-dir>)
# A static library bpfd_llvm_<name> of every .cpp directly in <source-dir>
# (LLVM lists exactly those in a component's CMakeLists.txt).
function(bpfd_llvm_component_library name dir)
  file(GLOB sources CONFIGURE_DEPENDS ${dir}/*.cpp)
  add_library(bpfd_llvm_${name} STATIC ${sources} ${ARGN})
  target_link_libraries(bpfd_llvm_${name} PUBLIC bpfd_llvm_flags)
  set_target_properties(bpfd_llvm_${name} PROPERTIES
    OUTPUT_NAME bpfd-LLVM${name}
    ARCHIVE_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/lib)
endfunction()
