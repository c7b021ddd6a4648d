# CMake toolchain file: bare-metal Cortex-A9 (the Zynq-7000's processing
# system) with Debian's gcc-arm-none-eabi (GCC 12.2, newlib). Used only for
# the Zynq build under embedded/zynq/ (the Cortex-M4 images keep
# arm-none-eabi.cmake).
#
# The A32 (ARM) instruction set, no NEON and no VFP: the core does no
# floating point, and Xilinx's standalone (bare-metal) BSP compiles ARM code
# by default; newlib comes from the thumb/v7-a/nofp multilib (interworking).
set(CMAKE_SYSTEM_PROCESSOR cortex-a9)
set(PQLAB_ARM_ARCH "-mcpu=cortex-a9 -marm -mfloat-abi=soft")
include(${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi-common.cmake)
