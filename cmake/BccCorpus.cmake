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
add_custom_target(bcc-corpus
  DEPENDS ${BPFD_CORPUS_DIR}/arm64/index.json ${BPFD_CORPUS_DIR}/x86_64/index.json)
add_dependencies(bcc-corpus bcc-corpus-facts)
set_property(GLOBAL APPEND PROPERTY BPFD_TEST_DEPENDS bcc-corpus)
