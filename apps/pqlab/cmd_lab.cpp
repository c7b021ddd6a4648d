// Placeholder until the lab lands (issue 5).
#include "commands.hpp"
namespace pqlab::cli {
void add_lab_commands(CLI::App&) {}
}  // namespace pqlab::cli
