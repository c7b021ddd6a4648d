// pqlab: the command-line tool. Exit status 0 on success, 1 when a
// signature does not verify, 2 with one line on stderr for any error.
#include <cstdio>
#include <exception>

#include "cli_util.hpp"
#include "commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"pqlab: post-quantum cryptography toolkit and measuring lab"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Show help for every subcommand");
  pqlab::cli::add_info_commands(app);
  pqlab::cli::add_kem_commands(app);
  pqlab::cli::add_sign_commands(app);
  pqlab::cli::add_lab_commands(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
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
  return 0;
}
