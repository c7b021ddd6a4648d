// The lab's entry points, used by the pqlab tool: the bench, the speed
// peers, the report and the TLS handshake bench.
#pragma once
#include "bench/bench.hpp"
#include "bench/output.hpp"
#include "peers/peers.hpp"
#include "report/report.hpp"
#include "tls/cert_chain.hpp"
#include "tls/tls_bench.hpp"
#include "tls/tls_bench_output.hpp"
