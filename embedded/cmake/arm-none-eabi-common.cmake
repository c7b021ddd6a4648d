# What both bare-metal toolchain files share (arm-none-eabi.cmake for the
# Cortex-M4, arm-none-eabi-cortex-a9.cmake for the Zynq-7000's Cortex-A9):
# Debian's gcc-arm-none-eabi (GCC 12.2, newlib-nano), and the flags that keep
# the C++ runtime and the heap out. The including file sets
# CMAKE_SYSTEM_PROCESSOR and PQLAB_ARM_ARCH (the -mcpu/-m... options) first.
set(CMAKE_SYSTEM_NAME Generic)

find_program(PQLAB_ARM_CXX arm-none-eabi-g++ REQUIRED)
get_filename_component(_arm_bin ${PQLAB_ARM_CXX} DIRECTORY)
set(CMAKE_CXX_COMPILER ${_arm_bin}/arm-none-eabi-g++)
set(CMAKE_ASM_COMPILER ${_arm_bin}/arm-none-eabi-gcc)
set(CMAKE_OBJCOPY ${_arm_bin}/arm-none-eabi-objcopy CACHE FILEPATH "")
set(CMAKE_SIZE ${_arm_bin}/arm-none-eabi-size CACHE FILEPATH "")

# No OS to link test programs against during configuration.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

# The core is already free of exceptions and RTTI; these flags also keep the
# C++ runtime out (no guard variables, no atexit registration) and let the
# linker drop every function and object the firmware does not reach.
set(CMAKE_CXX_FLAGS_INIT
    "${PQLAB_ARM_ARCH} -fno-exceptions -fno-rtti -fno-threadsafe-statics -fno-use-cxa-atexit -ffunction-sections -fdata-sections -fstack-usage")
set(CMAKE_ASM_FLAGS_INIT "${PQLAB_ARM_ARCH}")
set(CMAKE_EXE_LINKER_FLAGS_INIT
    "${PQLAB_ARM_ARCH} -nostartfiles --specs=nano.specs --specs=nosys.specs -Wl,--gc-sections")
# No _sbrk is provided on purpose: anything that reaches for the heap
# (malloc, operator new, the exception runtime) fails to link.

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
