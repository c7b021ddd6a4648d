// Child processes of the speed-peer lab (peers.cpp): the compiler runs and
// the harnesses. POSIX only, as the lab's pinning is.
#pragma once
#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

namespace pqlab::lab::peers_detail {

// Starts args[0] (looked up on PATH) with args; its standard error (and its
// standard output, unless stdout_fd is given) goes to `log`, its standard
// input is stdin_fd if given. PeerError when it cannot start (a missing
// compiler is named).
pid_t spawn(const std::vector<std::string>& args, const std::filesystem::path& log, int stdin_fd = -1,
            int stdout_fd = -1);
// Waits for pid (retrying on EINTR) and returns its wait status.
int wait_for(pid_t pid);
// A wait status in words: "exit status 1", "killed by signal 9".
std::string describe_exit(int status);
// The compiler's first error line of a log (or its first line).
std::string first_error(const std::filesystem::path& log);
// The first line `cmd` prints (popen), or "".
std::string first_output_line(const std::string& cmd);

}  // namespace pqlab::lab::peers_detail
