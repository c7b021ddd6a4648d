// The lab's entry points, used by the pqlab tool: the bench and the report.
#pragma once
#include "bench/bench.hpp"
#include "bench/output.hpp"
#include "report/report.hpp"
