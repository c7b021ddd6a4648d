// Report section: key, ciphertext and signature sizes.
#include "report/section.hpp"

namespace pqlab::lab {
namespace {

std::string size_or_dash(std::size_t v) { return v == 0 ? "–" : std::to_string(v); }

class SizesSection final : public Section {
 public:
  std::string key() const override { return "sizes"; }
  std::string title() const override { return "Sizes (bytes)"; }
  std::string markdown(const ReportContext& ctx) const override {
    std::vector<std::vector<std::string>> rows;
    for (const Subject& s : ctx.bench.subjects)
      rows.push_back({s.name, s.standard, size_or_dash(s.public_key_bytes), size_or_dash(s.secret_key_bytes),
                      size_or_dash(s.ciphertext_bytes), size_or_dash(s.signature_bytes),
                      size_or_dash(s.shared_secret_bytes), std::to_string(wire_bytes(s)), s.size_note});
    std::string md =
        "\"On the wire\" is public key + ciphertext (KEM; for key agreement the peer's public key) or "
        "public key + signature.\n\n";
    md += md_table({"algorithm", "standard", "public key", "secret key", "ciphertext", "signature", "shared secret",
                    "on the wire", "encodings"},
                   rows);
    md += "\n";
    md += md_plot(ctx, "bytes.png", "Bytes on the wire per algorithm");
    return md;
  }
};

}  // namespace

std::unique_ptr<Section> make_sizes_section() { return std::make_unique<SizesSection>(); }

}  // namespace pqlab::lab
