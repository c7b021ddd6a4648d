// Arm semihosting (the interface QEMU implements with
// -semihosting-config enable=on): console output, the command line, and the
// exit status that the host sees as QEMU's own.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>

namespace firmware::semihost {

// SYS_WRITE0: a NUL-terminated string to the host console (QEMU's stderr).
void write(const char* text);
// SYS_GET_CMDLINE: "<image> <-append text>"; returns the length written
// (without the NUL), or 0 when the host gives none.
std::size_t command_line(std::span<char> buffer);
// SYS_EXIT_EXTENDED (ADP_Stopped_ApplicationExit, code): QEMU exits with
// `code` as its status.
[[noreturn]] void exit(std::uint32_t code);

}  // namespace firmware::semihost
