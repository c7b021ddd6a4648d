#!/usr/bin/env bash
# libpqlab.so exports its public API only (issue 22 §2): lists the dynamic
# symbols the library defines (nm -D --defined-only -C) and fails on any
# backend kernel (the avx2/avx512/portable/bmi2/sha_ni namespaces, which
# raise SIGILL on the wrong CPU), any `detail` symbol, and any
# pqlab::kernels:: symbol but the three of include/pqlab/kernels.hpp.
# It also requires a few public functions, so that an empty export list
# (everything hidden) fails too. Usage: exported_symbols.sh LIBPQLAB_SO
set -euo pipefail
lib=$1
symbols=$(nm -D --defined-only -C "$lib" | cut -d' ' -f3-)
# The public kernels.hpp: the only pqlab::kernels:: names allowed.
allowed_kernels='^pqlab::kernels::(available|select|active_name)\('
bad=$(grep -E 'pqlab::([a-z_0-9]+::)*(avx2|avx512|portable|bmi2|sha_ni)::|::detail::|pqlab::kernels::' <<<"$symbols" |
      grep -Ev "$allowed_kernels" || true)
if [[ -n $bad ]]; then
  echo "libpqlab.so exports internal symbols (mark only the public API PQLAB_API):" >&2
  echo "$bad" >&2
  exit 1
fi
for want in 'pqlab::kernels::select(' 'pqlab::kernels::available(' 'pqlab::kernels::active_name(' \
            'pqlab::find_algorithm(' 'pqlab::mlkem::decaps<pqlab::mlkem::MLKEM768>(' \
            'pqlab::mldsa::verify<pqlab::mldsa::MLDSA65>(' 'pqlab::slhdsa::verify<pqlab::slhdsa::SLHDSA_SHAKE_128f>(' \
            'pqlab::hash::shake256('; do
  if ! grep -qF "$want" <<<"$symbols"; then
    echo "libpqlab.so does not export $want" >&2
    exit 1
  fi
done
echo "libpqlab.so: $(wc -l <<<"$symbols") exported symbols, none internal"
