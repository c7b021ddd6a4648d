// Cortex-M4 system-control registers the firmware touches (ARMv7-M ARM B3).
#pragma once
#include <cstdint>

namespace firmware::registers {

inline constexpr std::uintptr_t kSysTickCtrl = 0xE000E010, kSysTickLoad = 0xE000E014, kSysTickValue = 0xE000E018;
inline constexpr std::uintptr_t kIcsr = 0xE000ED04, kVtor = 0xE000ED08, kShcsr = 0xE000ED24;
inline constexpr std::uintptr_t kCfsr = 0xE000ED28, kHfsr = 0xE000ED2C, kMmfar = 0xE000ED34, kBfar = 0xE000ED38;
inline constexpr std::uintptr_t kCpacr = 0xE000ED88;
inline constexpr std::uintptr_t kMpuCtrl = 0xE000ED94, kMpuRnr = 0xE000ED98, kMpuRbar = 0xE000ED9C,
                                kMpuRasr = 0xE000EDA0;

inline std::uint32_t read32(std::uintptr_t address) { return *reinterpret_cast<volatile std::uint32_t*>(address); }
inline void write32(std::uintptr_t address, std::uint32_t value) {
  *reinterpret_cast<volatile std::uint32_t*>(address) = value;
}

}  // namespace firmware::registers
