// Progress lines with a percentage and the time left.
#include "harness/progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>

namespace pqlab::lab {

std::string format_duration(double seconds) {
  const long s = std::lround(std::max(0.0, seconds));
  char buf[64];
  if (s < 60)
    std::snprintf(buf, sizeof buf, "%ld s", s);
  else if (s < 3600)
    std::snprintf(buf, sizeof buf, "%ld min %ld s", s / 60, s % 60);
  else
    std::snprintf(buf, sizeof buf, "%ld h %02ld min", s / 3600, (s % 3600) / 60);
  return buf;
}

std::string format_progress(double fraction, double elapsed_s, const std::string& what) {
  const double f = std::clamp(std::isnan(fraction) ? 0.0 : fraction, 0.0, 1.0);
  char pct[16];
  std::snprintf(pct, sizeof pct, "%3d%%", static_cast<int>(std::floor(f * 100)));
  std::string left;
  if (f >= 1)
    left = "done";
  else if (f < 0.02 || elapsed_s < 2)
    left = "estimating time left";
  else
    left.append("about ").append(format_duration(elapsed_s / f * (1 - f))).append(" left");
  std::string out = "[";
  out.append(pct).append(", ").append(left).append("] ").append(what);
  return out;
}

ProgressLine::ProgressLine(std::FILE* out, std::string prefix, bool tty)
    : out_(out), prefix_(std::move(prefix)), tty_(tty) {}

ProgressLine::ProgressLine(std::FILE* out, std::string prefix)
    : ProgressLine(out, std::move(prefix), ::isatty(::fileno(out)) == 1) {}

ProgressLine::~ProgressLine() { finish(); }

void ProgressLine::update(const std::string& what, double fraction) {
  if (fraction >= 0) fraction_ = std::max(fraction_, std::min(fraction, 1.0));
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::string line = prefix_;
  line.append(format_progress(fraction_, elapsed, what));
  if (tty_) {
    // One line, rewritten: cut to a width that fits most terminals, then
    // clear what a longer previous line left.
    if (line.size() > 110) {
      std::size_t cut = 107;
      while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
      line.resize(cut);
      line.append("...");
    }
    std::fprintf(out_, "\r%s\033[K", line.c_str());
    open_ = true;
  } else {
    std::fprintf(out_, "%s\n", line.c_str());
  }
  std::fflush(out_);
}

void ProgressLine::finish() {
  if (tty_ && open_) {
    std::fputs("\r\033[K", out_);
    std::fflush(out_);
  }
  open_ = false;
}

}  // namespace pqlab::lab
