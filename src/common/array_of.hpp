// std::array<T, N>{make(0), ..., make(N - 1)}: for arrays of types with no
// default constructor (fixed-extent std::span), which cannot be declared
// first and filled in afterwards.
#pragma once
#include <array>
#include <cstddef>
#include <utility>

namespace pqlab {

template <std::size_t N, class Make>
auto array_of(Make make) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<decltype(make(std::size_t{0})), N>{make(I)...};
  }
  (std::make_index_sequence<N>{});
}

}  // namespace pqlab
