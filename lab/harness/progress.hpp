// Progress of a long run (pqlab report, bench, tls-bench) on stderr: the
// percentage done and an estimate of the time left, on one updating line on
// a terminal, as plain lines otherwise.
#pragma once
#include <chrono>
#include <cstdio>
#include <string>

namespace pqlab::lab {

// "[ 42%, about 1 min 23 s left] what". The estimate assumes the rest runs
// at the pace so far (elapsed / fraction); before 2 % or 2 s it says
// "estimating". fraction is clamped to [0, 1].
std::string format_progress(double fraction, double elapsed_s, const std::string& what);

// "45 s", "1 min 23 s", "1 h 02 min".
std::string format_duration(double seconds);

class ProgressLine {
 public:
  // tty: rewrite one line with \r (and clear it at the end); otherwise one
  // line per update.
  ProgressLine(std::FILE* out, std::string prefix, bool tty);
  // Uses isatty(fileno(out)).
  ProgressLine(std::FILE* out, std::string prefix);
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  // fraction < 0: unknown, the last known one is kept.
  void update(const std::string& what, double fraction);
  // Ends the updating line (a newline on a terminal); idempotent.
  void finish();

 private:
  std::FILE* out_;
  std::string prefix_;
  bool tty_;
  bool open_ = false;
  double fraction_ = 0;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace pqlab::lab
