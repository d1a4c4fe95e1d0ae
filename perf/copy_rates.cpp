#include "copy_rates.hpp"

#include <chrono>
#include <map>
#include <string>
#include <utility>

#include "batch_timing.hpp"
#include "copy_reference.hpp"
#include "stencil/variants.hpp"

namespace stencil::perf {
namespace {

using Key = std::pair<std::string, std::size_t>;

std::map<Key, double>& recorded_rates() {
  static std::map<Key, double> rates;
  return rates;
}

double measure_copy_rate(const Backend& target, std::size_t cells) {
  auto copy = make_copy_reference(target, cells);
  copy->copy();  // warm-up: first touch, module load
  copy->fence();
  const int batch = operations_per_batch(cells, target.on_gpu());
  constexpr double kMinimumSeconds = 0.2;
  double seconds = 0.0;
  long copies = 0;
  while (seconds < kMinimumSeconds) {
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < batch; ++i)
      copy->copy();
    copy->fence();
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    copies += batch;
  }
  return copy_bytes(cells) * static_cast<double>(copies) / seconds * 1e-9;
}

}  // namespace

double copy_bytes(std::size_t cells) {
  return kBytesPerCellUpdate * static_cast<double>(cells);
}

void record_copy_rate(const Backend& target, std::size_t cells, double gb_per_s) {
  recorded_rates()[{target.label(), cells}] = gb_per_s;
}

double copy_rate(const Backend& target, std::size_t cells) {
  auto& rates = recorded_rates();
  const Key key{target.label(), cells};
  if (auto found = rates.find(key); found != rates.end())
    return found->second;
  const double rate = measure_copy_rate(target, cells);
  rates[key] = rate;
  return rate;
}

}  // namespace stencil::perf
