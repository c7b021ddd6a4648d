// Child processes of the speed-peer lab (child_process.hpp).
#include "peers/child_process.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "peers/peers.hpp"

extern char** environ;

namespace pqlab::lab::peers_detail {

namespace fs = std::filesystem;

// The compiler's first error line of a log (or its first line).
std::string first_error(const fs::path& log) {
  std::ifstream in(log);
  std::string line, first;
  while (std::getline(in, line)) {
    if (first.empty() && !line.empty()) first = line;
    if (line.find("error") != std::string::npos) return line;
  }
  return first.empty() ? "no compiler output" : first;
}

pid_t spawn(const std::vector<std::string>& args, const fs::path& log, int stdin_fd, int stdout_fd) {
  std::vector<char*> argv;
  argv.reserve(args.size() + 1);
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  if (stdin_fd >= 0) posix_spawn_file_actions_adddup2(&fa, stdin_fd, 0);
  if (stdout_fd >= 0)
    posix_spawn_file_actions_adddup2(&fa, stdout_fd, 1);
  else
    posix_spawn_file_actions_addopen(&fa, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&fa, 2, log.c_str(), O_WRONLY | O_CREAT | (stdout_fd >= 0 ? O_TRUNC : O_APPEND),
                                   0644);
  pid_t pid = -1;
  const int rc = posix_spawnp(&pid, argv[0], &fa, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) {
    if (rc == ENOENT) throw PeerError("--peers: no C compiler '" + args[0] + "' on PATH");
    throw PeerError("--peers: cannot start " + args[0] + ": " + std::strerror(rc));
  }
  return pid;
}

std::string describe_exit(int status) {
  if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
  return "stopped";
}

int wait_for(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

// The first line `cmd` prints (popen), or "".
std::string first_output_line(const std::string& cmd) {
  std::string out;
  if (FILE* p = ::popen(cmd.c_str(), "r")) {
    char buf[512];
    if (std::fgets(buf, sizeof buf, p) != nullptr) out = buf;
    while (std::fgets(buf, sizeof buf, p) != nullptr) {
    }
    ::pclose(p);
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

}  // namespace pqlab::lab::peers_detail
