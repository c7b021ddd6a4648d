// pqlab: the command-line tool. Exit status 0 on success, 1 when a
// signature does not verify, 2 with one line on stderr for any error.
#include <fcntl.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

#include "cli_util.hpp"
#include "commands.hpp"

namespace {

constexpr const char* kVersionLine = "pqlab " PQLAB_VERSION;

std::string command_list(const CLI::App& app) {
  std::string names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    if (!names.empty()) names += ", ";
    names += sub->get_name();
  }
  return names;
}

// The first argument that is not an option names the command (the top
// level has flags only: --help, --help-all, --version). Returns an error
// line for a missing or unknown command, "" otherwise.
std::string check_command(const CLI::App& app, int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const char* arg = argv[i];
    if (arg[0] == '-') {
      if (std::strcmp(arg, "--") == 0) break;
      continue;
    }
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
      if (sub->check_name(arg)) return "";
    return std::string("unknown command '") + arg + "'; the commands are: " + command_list(app) +
           " (pqlab --help for more)";
  }
  return "";
}

int run_cli(int argc, char** argv) {
  // Standard streams closed by the caller: hold their numbers with a
  // read-only /dev/null, so that no file this run opens takes descriptor 1
  // (and receives what was meant for standard output), and a write to a
  // closed standard output fails (EBADF) and is reported.
  for (int fd = 0; fd <= 2; ++fd)
    if (::fcntl(fd, F_GETFD) == -1 && errno == EBADF && ::open("/dev/null", O_RDONLY) != fd) return 2;
  // A closed standard output is an error to report (and temporary files to
  // remove), not a silent death by SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  CLI::App app{
      "pqlab: post-quantum cryptography toolkit and measuring lab.\n"
      "Files: '-' is standard input for any input, and standard output for a key, ciphertext,\n"
      "shared-secret or signature output (one of each per command); --json/--csv of bench and\n"
      "tls-bench and --out/--embedded of report need real paths ('-' there: exit 2).\n"
      "Exit status: 0 success or valid, 1 invalid signature, 2 error (one line on stderr)."};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Show help for every subcommand");
  app.set_version_flag("--version", kVersionLine, "Print the version and exit");
  pqlab::cli::add_info_commands(app);
  pqlab::cli::add_kem_commands(app);
  pqlab::cli::add_sign_commands(app);
  pqlab::cli::add_key_commands(app);
  pqlab::cli::add_lab_commands(app);
  auto* version = app.add_subcommand("version", "Print the version");
  version->callback([] { std::printf("%s\n", kVersionLine); });

  if (const std::string error = check_command(app, argc, argv); !error.empty()) {
    std::fprintf(stderr, "pqlab: %s\n", error.c_str());
    return pqlab::cli::exit_error;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::RequiredError& e) {
    // `pqlab` alone: name the commands rather than "A subcommand is required".
    if (app.get_subcommands().empty())
      std::fprintf(stderr, "pqlab: no command given; the commands are: %s (pqlab --help for more)\n",
                   command_list(app).c_str());
    else
      std::fprintf(stderr, "pqlab: %s\n", e.what());
    return pqlab::cli::exit_error;
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "pqlab: %s\n", e.what());
    return pqlab::cli::exit_error;
  } catch (const pqlab::cli::Failure& e) {
    std::fprintf(stderr, "pqlab: %s\n", e.what());
    return e.status();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pqlab: %s\n", e.what());
    return pqlab::cli::exit_error;
  }
  if (std::fflush(stdout) != 0) {
    std::fprintf(stderr, "pqlab: cannot write standard output: %s\n", std::strerror(errno));
    return pqlab::cli::exit_error;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // What run_cli() does not catch itself (the command table's construction
  // running out of memory, say) still ends in one line and exit 2.
  try {
    return run_cli(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pqlab: %s\n", e.what());
  } catch (...) {
    std::fprintf(stderr, "pqlab: unexpected error\n");
  }
  return pqlab::cli::exit_error;
}
