# CMake toolchain file: bare-metal Cortex-A9 (the Zynq-7000's processing
# system) with Debian's gcc-arm-none-eabi (GCC 12.2, newlib). Used only for
# the Zynq build under embedded/zynq/ (the Cortex-M4 images keep
# arm-none-eabi.cmake).
#
# The A32 (ARM) instruction set, no NEON and no VFP: the core does no
# floating point, and Xilinx's standalone (bare-metal) BSP compiles ARM code
# by default; newlib comes from the thumb/v7-a/nofp multilib (interworking).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR cortex-a9)

find_program(PQLAB_ARM_CXX arm-none-eabi-g++ REQUIRED)
get_filename_component(_arm_bin ${PQLAB_ARM_CXX} DIRECTORY)
set(CMAKE_CXX_COMPILER ${_arm_bin}/arm-none-eabi-g++)
set(CMAKE_ASM_COMPILER ${_arm_bin}/arm-none-eabi-gcc)
set(CMAKE_OBJCOPY ${_arm_bin}/arm-none-eabi-objcopy CACHE FILEPATH "")
set(CMAKE_SIZE ${_arm_bin}/arm-none-eabi-size CACHE FILEPATH "")

set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(PQLAB_ARM_ARCH "-mcpu=cortex-a9 -marm -mfloat-abi=soft")
set(CMAKE_CXX_FLAGS_INIT
    "${PQLAB_ARM_ARCH} -fno-exceptions -fno-rtti -fno-threadsafe-statics -fno-use-cxa-atexit -ffunction-sections -fdata-sections -fstack-usage")
set(CMAKE_ASM_FLAGS_INIT "${PQLAB_ARM_ARCH}")
set(CMAKE_EXE_LINKER_FLAGS_INIT
    "${PQLAB_ARM_ARCH} -nostartfiles --specs=nano.specs --specs=nosys.specs -Wl,--gc-sections")

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
