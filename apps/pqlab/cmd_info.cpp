// pqlab list: every algorithm with its standard and sizes.
#include <cstdio>
#include <string>

#include "cli_util.hpp"
#include "commands.hpp"

namespace pqlab::cli {

void add_info_commands(CLI::App& app) {
  auto* list = app.add_subcommand("list", "List every algorithm with its sizes in bytes");
  list->callback([] {
    for (const Algorithm& a : algorithms()) {
      const std::string name(a.name), standard(a.standard);
      if (a.kind == Kind::kem)
        std::printf("%-24s %-8s KEM        pk=%zu sk=%zu ct=%zu ss=%zu seed=%zu\n", name.c_str(), standard.c_str(),
                    a.public_key_bytes, a.secret_key_bytes, a.ciphertext_bytes, a.shared_secret_bytes, a.seed_bytes);
      else
        std::printf("%-24s %-8s signature  pk=%zu sk=%zu sig=%zu seed=%zu\n", name.c_str(), standard.c_str(),
                    a.public_key_bytes, a.secret_key_bytes, a.signature_bytes, a.seed_bytes);
    }
  });
}

}  // namespace pqlab::cli
