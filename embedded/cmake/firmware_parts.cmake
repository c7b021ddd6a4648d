# What every pqlab firmware image shares, whichever core it is built for (the
# Cortex-M4 images of embedded/CMakeLists.txt, the Cortex-A9 one of
# embedded/zynq/): the generated headers the harness includes, and the lab's
# Kyber-90s with its runs. Include after the core target `pqlab` exists.
#
# pqlab_firmware_parts(<embedded dir> <generated-header dir> <compile options>)
# defines
#   pqlab_kat_header, pqlab_cctv_header   custom targets: kat_vectors.hpp (known-answer
#                                         cases cut from the vendored ACVP files) and
#                                         cctv_messages.hpp (the C2SP CCTV ML-DSA message
#                                         sets, for the mean signing cost)
#   pqlab-kyber90s                        the withdrawn round-3 Kyber-90s over the core
#                                         (software AES; comparison only)
#   pqlab_firmware_kyber90s               an object library of its runs, which reach
#                                         past the public API and so build apart
function(pqlab_firmware_parts embedded_dir generated_dir core_options)
  find_package(Python3 REQUIRED COMPONENTS Interpreter)
  set(kat_header ${generated_dir}/kat_vectors.hpp)
  file(GLOB_RECURSE acvp_files CONFIGURE_DEPENDS ${embedded_dir}/../tests/data/acvp/*.xz)
  add_custom_command(OUTPUT ${kat_header}
    COMMAND ${Python3_EXECUTABLE} ${embedded_dir}/tools/gen_kat.py
            --acvp ${embedded_dir}/../tests/data/acvp --out ${kat_header}
    DEPENDS ${embedded_dir}/tools/gen_kat.py ${acvp_files}
    VERBATIM)
  add_custom_target(pqlab_kat_header DEPENDS ${kat_header})

  set(cctv_header ${generated_dir}/cctv_messages.hpp)
  file(GLOB cctv_files CONFIGURE_DEPENDS ${embedded_dir}/../lab/data/ML-DSA-*.json)
  add_custom_command(OUTPUT ${cctv_header}
    COMMAND ${Python3_EXECUTABLE} ${embedded_dir}/tools/gen_cctv.py
            --data ${embedded_dir}/../lab/data --out ${cctv_header}
    DEPENDS ${embedded_dir}/tools/gen_cctv.py ${cctv_files}
    VERBATIM)
  add_custom_target(pqlab_cctv_header DEPENDS ${cctv_header})

  include(${embedded_dir}/../lab/subjects/kyber90s/kyber90s.cmake)
  pqlab_add_kyber90s(pqlab-kyber90s pqlab)
  set_target_properties(pqlab-kyber90s PROPERTIES POSITION_INDEPENDENT_CODE OFF)
  add_library(pqlab_firmware_kyber90s OBJECT ${embedded_dir}/firmware/kyber90s/kyber90s_runs.cpp)
  target_include_directories(pqlab_firmware_kyber90s PRIVATE ${embedded_dir}/firmware
                             ${embedded_dir}/firmware/kyber90s)
  target_compile_options(pqlab_firmware_kyber90s PRIVATE ${core_options})
  target_link_libraries(pqlab_firmware_kyber90s PRIVATE pqlab-kyber90s)
endfunction()
