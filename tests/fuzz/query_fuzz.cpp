// libFuzzer target: the field query parser (nf::fromQuery, nf::fromQueryLenient, nf::toQuery).
// Properties: a strict parse that succeeds gives a valid config whose toQuery parses back to the
// same config, bit for bit; the lenient parse always gives a valid config, one bad key per
// message, short messages, and its own exact round trip; where the strict parse succeeds the
// lenient one agrees with it.
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.h"
#include "noise/schema.h"

namespace {

constexpr size_t kMaxMessage = 400;  // echoed input is cut at 24 characters (schema.cpp quoted())

void roundTrip(const nf::FieldConfig& c) {
  const std::string q = nf::toQuery(c);
  nf::FieldConfig back;
  const std::string err = nf::fromQuery(q, back);
  NF_FUZZ_CHECK(err.empty(), "toQuery %s does not parse: %s", q.c_str(), err.c_str());
  NF_FUZZ_CHECK(nf::toQuery(back) == q, "%s came back as %s", q.c_str(), nf::toQuery(back).c_str());
  for (const nf::ParamSpec& p : nf::fieldSchema()) {
    const double a = p.get(c), b = p.get(back);
    NF_FUZZ_CHECK(std::memcmp(&a, &b, sizeof a) == 0, "%s: %.17g came back as %.17g via %s", p.key, a, b, q.c_str());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view query(reinterpret_cast<const char*>(data), size);

  nf::FieldConfig strict;
  const std::string err = nf::fromQuery(query, strict);
  NF_FUZZ_CHECK(err.size() < kMaxMessage, "message of %zu bytes", err.size());
  if (err.empty()) {
    NF_FUZZ_CHECK(strict.validate().empty(), "strict parse gave an invalid config");
    roundTrip(strict);
  }

  nf::FieldConfig lenient;
  std::vector<std::string> badKeys;
  const std::vector<std::string> errors = nf::fromQueryLenient(query, lenient, &badKeys);
  NF_FUZZ_CHECK(lenient.validate().empty(), "lenient parse gave an invalid config: %s", lenient.validate().c_str());
  NF_FUZZ_CHECK(errors.size() == badKeys.size(), "%zu messages for %zu keys", errors.size(), badKeys.size());
  for (const std::string& e : errors) NF_FUZZ_CHECK(e.size() < kMaxMessage, "message of %zu bytes", e.size());
  roundTrip(lenient);
  if (err.empty()) {
    NF_FUZZ_CHECK(errors.empty(), "lenient found %zu problems where strict found none", errors.size());
    NF_FUZZ_CHECK(nf::toQuery(lenient) == nf::toQuery(strict), "lenient and strict disagree");
  }
  return 0;
}
