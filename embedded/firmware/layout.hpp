// Addresses the linker script (ld/sections.ld) defines.
#pragma once
#include <cstdint>

extern "C" {
extern std::uint32_t __stack_bottom, __stack_top, __fault_stack_top;
extern std::uint32_t __data_start, __data_end, __bss_start, __bss_end;
extern const std::uint32_t __data_load;
extern std::uint32_t __ram_start, __ram_end;
}

namespace firmware::layout {

inline std::uintptr_t address(const void* symbol) { return reinterpret_cast<std::uintptr_t>(symbol); }
inline std::uint32_t stack_bytes() {
  return static_cast<std::uint32_t>(address(&__stack_top) - address(&__stack_bottom));
}
inline std::uint32_t static_bytes() {  // .data + .bss
  return static_cast<std::uint32_t>(address(&__data_end) - address(&__data_start) + address(&__bss_end) -
                                    address(&__bss_start));
}
inline std::uint32_t ram_bytes() { return static_cast<std::uint32_t>(address(&__ram_end) - address(&__ram_start)); }

}  // namespace firmware::layout
