// Pure SLH-DSA verification: slh_verify (FIPS 205 Alg. 24) and
// slh_verify_internal (Alg. 20).
#include "slhdsa/parameter_sets.hpp"
#include "slhdsa/slh_core.hpp"

namespace pqlab::slhdsa {

template <class P>
Status verify_internal(ConstSignatureBytes sig, Message msg, ConstPublicKey<P> pk) {
  return detail::slh_verify_internal<P>(sig, {{}, msg}, pk.data());
}

template <class P>
Status verify(ConstSignatureBytes sig, Message msg, Context ctx, ConstPublicKey<P> pk) {
  if (ctx.size() > max_context_bytes) return Status::invalid_argument;
  const detail::MessagePrefix prefix(0, ctx);
  return detail::slh_verify_internal<P>(sig, {prefix.bytes(), msg}, pk.data());
}

#define PQLAB_INSTANTIATE(P)                                                           \
  template Status verify_internal<P>(ConstSignatureBytes, Message, ConstPublicKey<P>); \
  template Status verify<P>(ConstSignatureBytes, Message, Context, ConstPublicKey<P>);
PQLAB_SLHDSA_FOR_EACH_SET(PQLAB_INSTANTIATE)
#undef PQLAB_INSTANTIATE

}  // namespace pqlab::slhdsa
