// AES-256 and CTR (FIPS 197, SP 800-38A): the choice of implementation.
#include "subjects/kyber90s/aes.hpp"

#include <cstring>

#include "common/wipe.hpp"
#include "pqlab/kernels.hpp"

#if PQLAB_KYBER90S_AESNI
#include <cpuid.h>

#include "kernels/x86/cpu_features.hpp"
#endif

namespace pqlab::lab::kyber90s {

std::string_view aes_impl_name(AesImpl impl) {
  switch (impl) {
    case AesImpl::aesni: return "aes-ni";
    case AesImpl::vaes: return "vaes (256-bit)";
    case AesImpl::software: break;
  }
  return "software (bitsliced)";
}

bool aesni_available() {
#if PQLAB_KYBER90S_AESNI
  static const bool has = [] {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (__get_cpuid(1, &eax, &ebx, &ecx, &edx) == 0) return false;
    return ((ecx >> 25) & 1u) != 0 && ((ecx >> 19) & 1u) != 0;  // AES, SSE4.1 (Intel SDM vol. 2A, CPUID leaf 1)
  }();
  return has;
#else
  return false;
#endif
}

bool vaes_available() {
#if PQLAB_KYBER90S_AESNI
  static const bool has = [] {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (!aesni_available() || !kernels::x86::detect_cpu_features().avx2) return false;
    if (__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) == 0) return false;
    return ((ecx >> 9) & 1u) != 0;  // VAES (Intel SDM vol. 2A, CPUID leaf 7)
  }();
  return has;
#else
  return false;
#endif
}

bool aes_impl_available(AesImpl impl) {
  switch (impl) {
    case AesImpl::aesni: return aesni_available();
    case AesImpl::vaes: return vaes_available();
    case AesImpl::software: break;
  }
  return true;
}

AesImpl default_aes_impl() {
  if (kernels::active_name() == "portable") return AesImpl::software;
  return aesni_available() ? AesImpl::aesni : AesImpl::software;  // not vaes: see aes.hpp
}

Aes256::Aes256(std::span<const std::uint8_t, key_bytes> key, AesImpl impl) : impl_(impl) {
#if PQLAB_KYBER90S_AESNI
  if (impl_ != AesImpl::software && aes_impl_available(impl_)) {
    aes_detail::ni_expand(reinterpret_cast<std::uint8_t*>(rk_.data()), key.data());
    return;
  }
#endif
  impl_ = AesImpl::software;
  aes_detail::soft_expand(rk_.data(), key.data());
  secure_wipe_stack();  // the S-box's intermediates of the key's words
}

Aes256::~Aes256() { secure_wipe(rk_.data(), sizeof rk_); }

void Aes256::encrypt_blocks(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) const {
#if PQLAB_KYBER90S_AESNI
  if (impl_ != AesImpl::software) {
    aes_detail::ni_encrypt(reinterpret_cast<const std::uint8_t*>(rk_.data()), in, out, blocks);
    return;
  }
#endif
  std::array<std::uint8_t, 64> buf;
  for (std::size_t done = 0; done < blocks; done += 4) {
    const std::size_t n = blocks - done < 4 ? blocks - done : 4;
    buf = {};
    std::memcpy(buf.data(), in + 16 * done, 16 * n);
    aes_detail::soft_encrypt4(rk_.data(), buf.data(), buf.data());
    std::memcpy(out + 16 * done, buf.data(), 16 * n);
  }
  secure_wipe_stack();  // the rounds' intermediates (secret with a secret key)
  secure_wipe(buf.data(), buf.size());
}

void Aes256::ctr_keystream(std::array<std::uint8_t, 16>& counter, std::uint8_t* out, std::size_t blocks) const {
#if PQLAB_KYBER90S_AESNI
  if (impl_ == AesImpl::vaes) {
    aes_detail::vaes_ctr(reinterpret_cast<const std::uint8_t*>(rk_.data()), counter, out, blocks);
    return;
  }
  if (impl_ == AesImpl::aesni) {
    aes_detail::ni_ctr(reinterpret_cast<const std::uint8_t*>(rk_.data()), counter, out, blocks);
    return;
  }
#endif
  // inc32 (SP 800-38A B.1 with m = 32) by arithmetic on the last word, so
  // not even the counter's value steers a branch.
  const std::uint32_t first = std::uint32_t{counter[12]} << 24 | std::uint32_t{counter[13]} << 16 |
                              std::uint32_t{counter[14]} << 8 | counter[15];
  auto set_low_word = [](std::uint8_t* block, std::uint32_t v) {
    for (unsigned i = 0; i < 4; ++i) block[12 + i] = static_cast<std::uint8_t>(v >> (24 - 8 * i));
  };
  std::array<std::uint8_t, 64> buf;
  for (std::size_t done = 0; done < blocks; done += 4) {
    const std::size_t n = blocks - done < 4 ? blocks - done : 4;
    for (std::size_t b = 0; b < 4; ++b) {
      std::memcpy(&buf[16 * b], counter.data(), 16);
      set_low_word(&buf[16 * b], first + static_cast<std::uint32_t>(done + b));
    }
    aes_detail::soft_encrypt4(rk_.data(), buf.data(), buf.data());
    std::memcpy(out + 16 * done, buf.data(), 16 * n);
  }
  secure_wipe_stack();  // the rounds' intermediates (secret with a secret key)
  set_low_word(counter.data(), first + static_cast<std::uint32_t>(blocks));
  secure_wipe(buf.data(), buf.size());
}

}  // namespace pqlab::lab::kyber90s
