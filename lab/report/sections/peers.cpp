// Report section: pqlab against the speed peers the user points the lab at
// (`pqlab report --peers DIR`; lab/peers/peers.hpp). The peers are built
// before the shared bench, so that a bad directory or a failed build ends
// the run at once (exit 2) rather than after the long measurement.
#include "peers/peers.hpp"
#include "report/section.hpp"

namespace pqlab::lab {
namespace {

class PeersSection final : public Section {
 public:
  std::string key() const override { return "peers"; }
  std::string title() const override { return "Speed peers: pqlab against the fastest public code"; }
  void prepare(ReportContext& ctx, const Progress& progress) override {
    if (ctx.options.peers_dir.empty()) return;
    PeerPlan plan;
    plan.dir = ctx.options.peers_dir;
    plan.quick = ctx.options.quick;
    plan.algorithms = select_peer_algorithms(ctx.options.algorithms, false);  // -a restricts the rows too
    if (!ctx.options.algorithms.empty() && plan.algorithms.empty()) {
      nothing_selected_ = true;  // the section says so
      return;
    }
    builds_ = PeerBuilds::build(plan, progress);
  }
  void measure(ReportContext&, const Progress& progress) override {
    if (!builds_) return;
    results_ = builds_->measure(progress);
    builds_.reset();  // removes the temporary build directory
  }
  nlohmann::json data(const ReportContext&) const override { return peers_to_json(results_ ? &*results_ : nullptr); }
  std::string markdown(const ReportContext&) const override {
    if (results_) return peers_to_markdown(*results_);
    if (nothing_selected_)
      return "Not run: none of the algorithms selected with -a has a peer row (the rows: " + [] {
        std::string s;
        for (const std::string& a : peer_algorithms()) s += (s.empty() ? "" : ", ") + a;
        return s;
      }() + ").\n";
    return "Not run. `pqlab report --peers DIR` (or `pqlab bench --peers DIR` for this table alone) builds the "
           "speed peers from DIR — laid out like the peers' snapshots: mlkem-native/, pq-crystals-dilithium/, "
           "sphincsplus/ — with `cc`, times them interleaved with pqlab on one pinned core, and prints here the "
           "ratio of every row of issue 25's table against its target (docs/PERFORMANCE.md).\n";
  }

 private:
  std::unique_ptr<PeerBuilds> builds_;
  std::optional<PeerResults> results_;
  bool nothing_selected_ = false;
};

}  // namespace

std::unique_ptr<Section> make_peers_section() { return std::make_unique<PeersSection>(); }

}  // namespace pqlab::lab
