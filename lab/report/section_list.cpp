// The report's sections, in order. A new section is one more line here.
#include "report/section.hpp"

namespace pqlab::lab {

std::vector<std::unique_ptr<Section>> standard_sections() {
  std::vector<std::unique_ptr<Section>> s;
  s.push_back(make_summary_section());
  s.push_back(make_machine_section());
  s.push_back(make_method_section());
  s.push_back(make_cost_section());
  s.push_back(make_signing_section());
  s.push_back(make_throughput_section());
  s.push_back(make_two_core_section());
  s.push_back(make_sizes_section());
  s.push_back(make_memory_section());
  s.push_back(make_hash_floor_section());
  s.push_back(make_kyber90s_section());
  s.push_back(make_peers_section());
  s.push_back(make_tls_handshake_section());
  s.push_back(make_tls_auth_section());
  s.push_back(make_embedded_section());
  s.push_back(make_zynq_section());
  s.push_back(make_published_section());
  return s;
}

}  // namespace pqlab::lab
