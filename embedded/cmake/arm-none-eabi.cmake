# CMake toolchain file: bare-metal Cortex-M4F with Debian's gcc-arm-none-eabi
# (GCC 12.2, newlib). Used only for the firmware build under embedded/.
set(CMAKE_SYSTEM_PROCESSOR cortex-m4)
set(PQLAB_ARM_ARCH "-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16")
include(${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi-common.cmake)
