// Placeholder until the lab lands (issue 5).
#include "lab.hpp"
