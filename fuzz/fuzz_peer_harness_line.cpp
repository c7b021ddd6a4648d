// libFuzzer target: the lab's parsers of the speed-peer harness's answers
// (lab/peers/harness_protocol.hpp), which read the output of a program
// compiled from the user's peer directory.
// Input: kind (byte: even "ticks", odd "signset"), count (byte), the line.
// Invariants: a parse either fails or returns exactly `count` tick counts,
// and then writing the result back gives the very same line (the grammar is
// strict: one spelling per value).
#include <string>

#include "fuzz_input.hpp"
#include "peers/harness_protocol.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  pqlab::fuzz::Input in(data, size);
  const bool signset = (in.byte() & 1) != 0;
  const std::size_t count = in.byte();
  const std::vector<std::uint8_t> rest = in.rest();
  const std::string line(rest.begin(), rest.end());
  if (signset) {
    if (const auto s = pqlab::lab::parse_signset_line(line, count)) {
      pqlab::fuzz::require(s->ticks.size() == count, "signset: wrong count accepted");
      pqlab::fuzz::require(pqlab::lab::format_signset_line(*s) == line, "signset: not the canonical line");
    }
  } else {
    for (const char* op : {"keygen", "sign"})
      if (const auto t = pqlab::lab::parse_ticks_line(line, op, count)) {
        pqlab::fuzz::require(t->size() == count, "ticks: wrong count accepted");
        pqlab::fuzz::require(pqlab::lab::format_ticks_line(op, *t) == line, "ticks: not the canonical line");
      }
  }
  return 0;
}
