#!/bin/sh
# Validate the cycle model (tools/m4cycles.c) against pqm4's published
# cycles for code whose instruction stream can be rebuilt here: pqm4's
# "clean" sphincs-sha2-128f-simple (PQClean's source with mupq's C sha2.c)
# and, given a pqm4 checkout, its "clean" ml-kem-768 (PQClean's source with
# mupq's fips202.c and pqm4's assembly Keccak), built as pqm4 builds them
# (-O3, Cortex-M4F hard float), run under the plugin.
#   embedded/tools/validate_cycles.sh PQCLEAN_CHECKOUT MUPQ_CHECKOUT [PQM4_CHECKOUT]
# Prints the plugin's keygen, sign and verify lines next to pqm4's published
# means (benchmarks.md, pqm4 commit cc2c1b9). Not part of CI: it needs the
# two outside checkouts. Nothing of theirs is copied into this repository.
set -eu
pqclean=$1 mupq=$2 pqm4=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
scheme=$pqclean/crypto_sign/sphincs-sha2-128f-simple/clean
mkdir -p "$work/inc"
cp "$pqclean/common/compat.h" "$work/inc/"
printf '#include <stdint.h>\n#include <stddef.h>\nint randombytes(uint8_t *out, size_t n);\n' >"$work/inc/randombytes.h"
# mupq's sha2.c also holds SHA-512 on pqm4's assembly block function; the
# SHA-256-only set never calls it.
printf 'int crypto_hashblocks_sha512(unsigned char *, const unsigned char *, unsigned long long);\n' \
  >"$work/inc/crypto_hashblocks_sha512.h"
echo 'int crypto_hashblocks_sha512(unsigned char *s, const unsigned char *i, unsigned long long n) { (void)s; (void)i; (void)n; for (;;) {} }' \
  >"$work/stub512.c"
arm-none-eabi-gcc -O3 -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 -ffunction-sections \
  -fdata-sections -w -I"$scheme" -I"$work/inc" -I"$mupq/common" -nostartfiles --specs=nano.specs \
  --specs=nosys.specs -Wl,--gc-sections -T "$here/validate/mps2.ld" "$here/validate/start.c" "$here/validate/sphincs_main.c" \
  "$work/stub512.c" "$mupq/common/sha2.c" "$scheme"/*.c -o "$work/val.elf"
cc -O2 -shared -fPIC -fvisibility=hidden -o "$work/libm4cycles.so" "$here/m4cycles.c"
sym() { arm-none-eabi-nm "$work/val.elf" | awk -v n="$1" '$3 == n {print $1}'; }
qemu-system-arm -M mps2-an386 -nographic -monitor none -serial none -semihosting-config enable=on,target=native \
  -plugin "$work/libm4cycles.so,begin=$(sym val_begin),end=$(sym val_end)" -d plugin -D "$work/log" \
  -kernel "$work/val.elf" </dev/null
echo "published (pqm4 cc2c1b9): keygen 15,742,990  sign 368,575,228  verify 21,923,628 (mean)"
echo "model (seq 0 and 1 keygen, 2 sign, 3 verify):"
cat "$work/log"

[ -n "$pqm4" ] || exit 0
kem=$pqclean/crypto_kem/ml-kem-768/clean
arm-none-eabi-gcc -O3 -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 -ffunction-sections \
  -fdata-sections -w -I"$kem" -I"$work/inc" -I"$mupq/common" -nostartfiles --specs=nano.specs \
  --specs=nosys.specs -Wl,--gc-sections -T "$here/validate/mps2.ld" "$here/validate/start.c" \
  "$here/validate/mlkem_main.c" "$mupq/common/fips202.c" "$pqm4/common/keccakf1600.S" "$kem"/*.c -o "$work/kem.elf"
qemu-system-arm -M mps2-an386 -nographic -monitor none -serial none -semihosting-config enable=on,target=native \
  -plugin "$work/libm4cycles.so,begin=$(arm-none-eabi-nm "$work/kem.elf" | awk '$3 == "val_begin" {print $1}'),end=$(arm-none-eabi-nm "$work/kem.elf" | awk '$3 == "val_end" {print $1}')" \
  -d plugin -D "$work/kem.log" -kernel "$work/kem.elf" </dev/null
echo "published (pqm4 cc2c1b9) ml-kem-768 clean: keygen 988,722  encaps 1,138,225  decaps 1,387,984"
echo "model (seq 0 keygen, 1 encaps, 2 decaps):"
cat "$work/kem.log"
