# Kyber-90s (withdrawn round-3 variant; lab comparison only): a freestanding
# library over the core, like it without heap, exceptions or RTTI, so that
# the Cortex-M4 firmware and the constant-time test can link it too.
# pqlab_add_kyber90s(<new target> <core target>)
set(PQLAB_KYBER90S_DIR ${CMAKE_CURRENT_LIST_DIR})
function(pqlab_add_kyber90s target core)
  set(sources ${PQLAB_KYBER90S_DIR}/aes.cpp ${PQLAB_KYBER90S_DIR}/aes_soft.cpp ${PQLAB_KYBER90S_DIR}/kyber90s.cpp
              ${PQLAB_KYBER90S_DIR}/mlkem_symmetric.cpp)
  set(aesni 0)
  if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
    set(aesni 1)
    list(APPEND sources ${PQLAB_KYBER90S_DIR}/aes_ni.cpp ${PQLAB_KYBER90S_DIR}/aes_vaes.cpp)
    set_source_files_properties(${PQLAB_KYBER90S_DIR}/aes_ni.cpp PROPERTIES COMPILE_OPTIONS "-maes;-msse4.1")
    set_source_files_properties(${PQLAB_KYBER90S_DIR}/aes_vaes.cpp PROPERTIES COMPILE_OPTIONS "-maes;-mavx2;-mvaes")
  endif()
  add_library(${target} STATIC ${sources})
  # subjects/kyber90s/... from the lab's folder; the core's internals
  # (mlkem/kpke.hpp, the kernel table) from src/.
  target_include_directories(${target} PUBLIC ${PQLAB_KYBER90S_DIR}/../.. ${PQLAB_KYBER90S_DIR}/../../../src)
  # The core's own flags: its warning set, no exceptions, no RTTI.
  target_compile_options(${target} PRIVATE $<TARGET_PROPERTY:${core},COMPILE_OPTIONS>)
  target_compile_definitions(${target} PRIVATE PQLAB_KYBER90S_AESNI=${aesni})
  target_link_libraries(${target} PUBLIC ${core})
endfunction()
