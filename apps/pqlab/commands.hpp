// The subcommand groups of the pqlab tool. Each registers its subcommands
// on the app; a handler reports failure by throwing cli::Failure, which
// main() turns into one line on stderr and the exit status it carries.
#pragma once
#include <CLI/CLI.hpp>

namespace pqlab::cli {

void add_info_commands(CLI::App& app);  // list
void add_kem_commands(CLI::App& app);   // keygen (KEM), encaps, decaps
void add_sign_commands(CLI::App& app);  // sign, verify (keygen shared)
void add_key_commands(CLI::App& app);   // convert
void add_lab_commands(CLI::App& app);   // bench, report, tls-bench

}  // namespace pqlab::cli
