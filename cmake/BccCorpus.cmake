# The BCC tool corpus (docs/corpus.md): the BPF C programs of Debian's
# bpfcc-tools, extracted per target by scripts/bcc-corpus with a stand-in
# `bcc` Python package, into ${CMAKE_BINARY_DIR}/corpus/ARCH/TOOL.{c,json}.
# The target facts (profile, kallsyms, BTF structs) come from each QEMU guest
# through bpfd, once per build folder.
set(BPFD_CORPUS_DIR ${CMAKE_BINARY_DIR}/corpus)
set(bpfd_corpus_src ${CMAKE_CURRENT_SOURCE_DIR}/scripts/bcc-corpus)
file(GLOB_RECURSE bpfd_corpus_scripts CONFIGURE_DEPENDS
     ${bpfd_corpus_src}/*.py ${bpfd_corpus_src}/*.txt)
find_program(BPFD_PYTHON3 python3 REQUIRED)

set(bpfd_corpus_facts)
set(bpfd_corpus_facts_args)
foreach(arch arm64 x86_64)
  set(facts ${BPFD_CORPUS_DIR}/facts/${arch})
  add_custom_command(
    OUTPUT ${facts}/facts.json
    COMMAND ${BPFD_PYTHON3} ${bpfd_corpus_src}/capture-facts.py
            --remote qemu:${arch} --bpfd-remote $<TARGET_FILE:bpfd-remote>
            --kernel-root ${BPFD_CACHE_DIR}/kernels/${arch}/current --out ${facts}
    DEPENDS ${bpfd_corpus_src}/capture-facts.py bpfd-remote bpfd-${arch} bpfd-guest
    COMMENT "Capturing the ${arch} guest's kernel facts for the BCC corpus"
    VERBATIM)
  list(APPEND bpfd_corpus_facts ${facts}/facts.json)
  list(APPEND bpfd_corpus_facts_args --facts ${arch}=${facts})
endforeach()
add_custom_target(bcc-corpus-facts DEPENDS ${bpfd_corpus_facts})
add_dependencies(bcc-corpus-facts fetch-kernels)

add_custom_command(
  OUTPUT ${BPFD_CORPUS_DIR}/arm64/index.json ${BPFD_CORPUS_DIR}/x86_64/index.json
  COMMAND ${BPFD_PYTHON3} ${bpfd_corpus_src}/extract-corpus.py ${bpfd_corpus_facts_args}
          --out ${BPFD_CORPUS_DIR} --jobs 2
  DEPENDS ${bpfd_corpus_facts} ${bpfd_corpus_scripts}
  COMMENT "Extracting the BPF programs of Debian's bpfcc-tools (stand-in bcc)"
  VERBATIM)

# The further guests (docs/architectures.md): their kernels have no BTF, and
# only the tools test/tools runs on them are extracted (opensnoop,
# biolatency); the whole corpus per arch is not measured yet.
set(bpfd_corpus_more_facts)
set(bpfd_corpus_more_args)
set(bpfd_corpus_more_index)
# riscv64 (Debian 13's 6.12, with BTF) is extracted apart, below: its facts
# folder, then its index.
set(bpfd_corpus_riscv64)
foreach(arch arm s390x ppc64le riscv64)
  if(NOT TARGET bpfd-${arch})
    continue()
  endif()
  set(facts ${BPFD_CORPUS_DIR}/facts/${arch})
  add_custom_command(
    OUTPUT ${facts}/facts.json
    COMMAND ${BPFD_PYTHON3} ${bpfd_corpus_src}/capture-facts.py
            --remote qemu:${arch} --bpfd-remote $<TARGET_FILE:bpfd-remote>
            --kernel-root ${BPFD_CACHE_DIR}/kernels/${arch}/current --modules= --out ${facts}
    DEPENDS ${bpfd_corpus_src}/capture-facts.py bpfd-remote bpfd-${arch} bpfd-guest
    COMMENT "Capturing the ${arch} guest's kernel facts for the BCC corpus"
    VERBATIM)
  list(APPEND bpfd_corpus_more_facts ${facts}/facts.json)
  if(arch STREQUAL "riscv64")
    set(bpfd_corpus_riscv64 ${facts})
    continue()
  endif()
  list(APPEND bpfd_corpus_more_args --facts ${arch}=${facts})
  list(APPEND bpfd_corpus_more_index ${BPFD_CORPUS_DIR}/${arch}/index.json)
endforeach()
# riscv64: the tools' kfunc variants (opensnoop's fexit programs), which BCC
# 0.26 chooses on x86_64 only: that kernel (no KPROBES_ON_FTRACE) places no
# kretprobe on a traceable function, and has BPF trampolines.
if(bpfd_corpus_riscv64)
  add_custom_command(
    OUTPUT ${BPFD_CORPUS_DIR}/riscv64/index.json
    COMMAND ${BPFD_PYTHON3} ${bpfd_corpus_src}/extract-corpus.py
            --facts riscv64=${bpfd_corpus_riscv64} --kfunc yes
            --only opensnoop --only biolatency --out ${BPFD_CORPUS_DIR} --jobs 2
    DEPENDS ${bpfd_corpus_riscv64}/facts.json ${bpfd_corpus_scripts}
    COMMENT "Extracting opensnoop and biolatency for the riscv64 guest"
    VERBATIM)
  set(bpfd_corpus_riscv64 ${BPFD_CORPUS_DIR}/riscv64/index.json)
endif()
if(bpfd_corpus_more_index)
  add_custom_command(
    OUTPUT ${bpfd_corpus_more_index}
    COMMAND ${BPFD_PYTHON3} ${bpfd_corpus_src}/extract-corpus.py ${bpfd_corpus_more_args}
            --only opensnoop --only biolatency --out ${BPFD_CORPUS_DIR} --jobs 2
    DEPENDS ${bpfd_corpus_more_facts} ${bpfd_corpus_scripts}
    COMMENT "Extracting opensnoop and biolatency for the arm, s390x and ppc64le guests"
    VERBATIM)
endif()
add_custom_target(bcc-corpus-more-facts DEPENDS ${bpfd_corpus_more_facts})
add_dependencies(bcc-corpus-more-facts fetch-kernels)

add_custom_target(bcc-corpus
  DEPENDS ${BPFD_CORPUS_DIR}/arm64/index.json ${BPFD_CORPUS_DIR}/x86_64/index.json
          ${bpfd_corpus_more_index} ${bpfd_corpus_riscv64})
add_dependencies(bcc-corpus bcc-corpus-more-facts)
add_dependencies(bcc-corpus bcc-corpus-facts)
set_property(GLOBAL APPEND PROPERTY BPFD_TEST_DEPENDS bcc-corpus)

# The USDT stand-in targets (scripts/bcc-corpus/usdt-standin): one static
# binary per language runtime and arch, carrying that runtime's provider and
# probes, built with GCC and <sys/sdt.h> (systemtap-sdt-dev) into
# ${BPFD_CORPUS_DIR}/usdt-standin/ARCH/sdt-RUNTIME. run-corpus.py compiles
# the USDT tools against them (bpf-xcc --usdt). sys/sdt.h is installed in the
# host's multiarch folder only, so the cross compiler gets a copy of it.
find_file(BPFD_SDT_H sys/sdt.h PATHS /usr/include/x86_64-linux-gnu /usr/include NO_DEFAULT_PATH)
set(bpfd_standin_dir ${BPFD_CORPUS_DIR}/usdt-standin)
set(bpfd_standin_src ${bpfd_corpus_src}/usdt-standin/sdt-standin.c)
set(bpfd_standin_outputs)
if(BPFD_SDT_H)
  get_filename_component(bpfd_sdt_sys ${BPFD_SDT_H} DIRECTORY)
  set(bpfd_standin_inc ${bpfd_standin_dir}/include)
  file(MAKE_DIRECTORY ${bpfd_standin_inc}/sys)
  configure_file(${bpfd_sdt_sys}/sdt.h ${bpfd_standin_inc}/sys/sdt.h COPYONLY)
  configure_file(${bpfd_sdt_sys}/sdt-config.h ${bpfd_standin_inc}/sys/sdt-config.h COPYONLY)
  foreach(arch arm64 x86_64)
    if(arch STREQUAL "arm64")
      set(cc ${BPFD_AARCH64_CC})
    else()
      set(cc ${BPFD_HOST_CC})
    endif()
    foreach(runtime hotspot mysql node perl php python ruby tcl)
      set(out ${bpfd_standin_dir}/${arch}/sdt-${runtime})
      add_custom_command(OUTPUT ${out}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${bpfd_standin_dir}/${arch}
        COMMAND ${cc} -static -O2 -Wall -Wextra -idirafter ${bpfd_standin_inc}
                -DSDT_RUNTIME_${runtime} -o ${out} ${bpfd_standin_src}
        DEPENDS ${bpfd_standin_src}
        COMMENT "Building the ${arch} USDT stand-in sdt-${runtime}"
        VERBATIM)
      list(APPEND bpfd_standin_outputs ${out})
    endforeach()
  endforeach()
else()
  message(WARNING "sys/sdt.h not found (systemtap-sdt-dev, scripts/setup.sh): "
                  "the corpus's USDT tools are not compiled against a stand-in target")
endif()
add_custom_target(bcc-corpus-usdt-standin ALL DEPENDS ${bpfd_standin_outputs})
set_property(GLOBAL APPEND PROPERTY BPFD_TEST_DEPENDS bcc-corpus-usdt-standin)
