// The model's fingerprint (model_token.h): two FNV-1a hashes of its interface, with different
// offsets, written in the form of a GUID.
#include "mocc/runtime/model_token.h"

#include <fmt/format.h>

#include <cstdint>
#include <string_view>

namespace mocc::runtime {

namespace {

class Fingerprint {
public:
  void add(std::string_view text) {
    for (unsigned char c : text)
      addByte(c);
    addByte(0); // "ab" + "c" differs from "a" + "bc"
  }
  void add(std::int64_t number) { add(std::to_string(number)); }
  std::uint64_t high() const { return high_; }
  std::uint64_t low() const { return low_; }

private:
  void addByte(unsigned char c) {
    constexpr std::uint64_t prime = 0x100000001b3ULL;
    high_ = (high_ ^ c) * prime;
    low_ = (low_ ^ (c ^ 0x5a)) * prime;
  }
  std::uint64_t high_ = 0xcbf29ce484222325ULL;
  std::uint64_t low_ = 0x84222325cbf29ce4ULL;
};

} // namespace

std::string modelToken(const mocc_model& model) {
  Fingerprint fingerprint;
  fingerprint.add(model.abi_version);
  fingerprint.add(model.name ? model.name : "");
  for (std::int64_t size : {model.n_states, model.n_values, model.n_crossings, model.n_variables})
    fingerprint.add(size);
  for (int i = 0; i < model.n_variables; ++i) {
    const mocc_variable& v = model.variables[i];
    fingerprint.add(v.name ? v.name : "");
    for (std::int64_t field : {v.region, v.index, v.type, v.kind})
      fingerprint.add(field);
  }
  std::uint64_t h = fingerprint.high(), l = fingerprint.low();
  return fmt::format("{{{:08x}-{:04x}-{:04x}-{:04x}-{:012x}}}", h >> 32, (h >> 16) & 0xffff,
                     h & 0xffff, l >> 48, l & 0xffffffffffffULL);
}

} // namespace mocc::runtime
