// The lab's side of the peer harness's line protocol (lab/peers/
// peer_harness.c): strict parsers of its answers. Self-contained (no lab
// dependencies), so that fuzz/fuzz_peer_harness_line.cpp can build it alone.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pqlab::lab {

// "ticks OP N t1 ... tN": exactly N decimal tick counts, single spaces, no
// sign, no leading zero (except "0"), each below 10^19, nothing else.
// nullopt for anything else (another OP or N included).
std::optional<std::vector<std::uint64_t>> parse_ticks_line(std::string_view line, std::string_view op, std::size_t n);

struct SignSetLine {
  std::uint64_t checksum = 0;  // FNV-1a 64 of the signatures
  std::vector<std::uint64_t> ticks;
};
// "signset COUNT FNV t1 ... tCOUNT", FNV exactly 16 lowercase hex digits.
std::optional<SignSetLine> parse_signset_line(std::string_view line, std::size_t count);

// The same lines written back (what the harness prints).
std::string format_ticks_line(std::string_view op, const std::vector<std::uint64_t>& ticks);
std::string format_signset_line(const SignSetLine& s);

}  // namespace pqlab::lab
