// The lab's entry points, used by the pqlab tool.
#pragma once
namespace pqlab::lab {
}  // namespace pqlab::lab
