// FilippovSliding: each side is one evaluation of the model with the crossing's relation forced
// through crossing_direction, which is restored afterwards.
#include "filippov_sliding.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mocc::runtime {

namespace {

/// Sets crossing_direction[crossing] for the lifetime of the object.
class ForcedSide {
public:
  ForcedSide(ModelInstance& instance, int crossing, int8_t side)
      : slot_(instance.crossingDirections()[static_cast<std::size_t>(crossing)]), saved_(slot_) {
    slot_ = side;
  }
  ~ForcedSide() { slot_ = saved_; }
  ForcedSide(const ForcedSide&) = delete;
  ForcedSide& operator=(const ForcedSide&) = delete;

private:
  int8_t& slot_;
  int8_t saved_;
};

} // namespace

FilippovSliding::FilippovSliding(ModelInstance& instance, int crossing)
    : instance_(instance), crossing_(crossing) {
  const mocc_model& model = instance.model();
  for (int i = 0; i < model.n_variables; ++i) {
    const mocc_variable& v = model.variables[i];
    if (v.region == MOCC_REGION_VALUE && v.type == MOCC_TYPE_REAL && v.kind == MOCC_KIND_ALGEBRAIC)
      algebraic_.push_back(v.index);
  }
  g_.resize(static_cast<std::size_t>(model.n_crossings));
  rates_.resize(static_cast<std::size_t>(model.n_crossings));
}

FilippovSliding::Side FilippovSliding::side(int forced, bool outputs) {
  const mocc_model& model = instance_.model();
  mocc_instance& abi = instance_.abi();
  ForcedSide force(instance_, crossing_, static_cast<int8_t>(forced));
  Side result;
  model.derivatives(&abi);
  if (outputs) model.outputs(&abi);
  std::size_t n = static_cast<std::size_t>(model.n_states);
  result.dx.assign(abi.dx, abi.dx + n);
  for (int index : algebraic_)
    result.algebraic.push_back(abi.v[index]);
  result.rate = rate(result.dx);
  return result;
}

double FilippovSliding::rate(std::span<const double> dx) {
  const mocc_model& model = instance_.model();
  mocc_instance& abi = instance_.abi();
  auto c = static_cast<std::size_t>(crossing_);
  if (model.crossing_rates) {
    // crossing_rates evaluates the derivatives it needs into dx: the same ones, on this side.
    model.crossing_rates(&abi, rates_.data());
    if (std::isfinite(rates_[c])) return rates_[c];
  }
  // A central difference of g along dx, with a step of about the square root of the rounding
  // error relative to the state.
  std::size_t n = dx.size();
  double scale = 0, norm = 0;
  for (std::size_t i = 0; i < n; ++i) {
    scale = std::max(scale, std::abs(abi.x[i]));
    norm = std::max(norm, std::abs(dx[i]));
  }
  if (norm == 0) return 0.0;
  double h = std::sqrt(std::numeric_limits<double>::epsilon()) * std::max(1.0, scale) / norm;
  double* x = abi.x;
  scratch_.assign(x, x + n);
  abi.x = scratch_.data();
  double g[2];
  for (int k = 0; k < 2; ++k) {
    double step = k == 0 ? h : -h;
    for (std::size_t i = 0; i < n; ++i)
      scratch_[i] = x[i] + step * dx[i];
    model.crossings(&abi, g_.data());
    g[k] = g_[c];
  }
  abi.x = x;
  return (g[0] - g[1]) / (2 * h);
}

// r- >= 0 >= r+ on a sliding surface; the weight is clipped to [0, 1] where it ends.
double FilippovSliding::weightOf(double ratePlus, double rateMinus) const {
  double denominator = rateMinus - ratePlus;
  if (!(denominator > 0)) return rateMinus > 0 ? 1.0 : 0.0;
  return std::clamp(rateMinus / denominator, 0.0, 1.0);
}

FilippovSliding::Sides FilippovSliding::evaluate(bool outputs) {
  Side plus = side(2, outputs);
  Side minus = side(-2, outputs);
  Sides sides{plus.rate, minus.rate, weightOf(plus.rate, minus.rate)};
  double a = sides.weight;
  mocc_instance& abi = instance_.abi();
  for (std::size_t i = 0; i < plus.dx.size(); ++i)
    abi.dx[i] = a * plus.dx[i] + (1 - a) * minus.dx[i];
  for (std::size_t k = 0; k < algebraic_.size(); ++k)
    abi.v[algebraic_[k]] = a * plus.algebraic[k] + (1 - a) * minus.algebraic[k];
  return sides;
}

std::pair<FilippovSliding::Field, FilippovSliding::Field> FilippovSliding::fields() {
  std::span<const double> v = instance_.values();
  Field plus{side(2, true).dx, std::vector<double>(v.begin(), v.end())};
  Field minus{side(-2, true).dx, std::vector<double>(v.begin(), v.end())};
  return {std::move(plus), std::move(minus)};
}

double FilippovSliding::exitFunction() {
  Sides sides = evaluate(false);
  return std::min(sides.rateMinus, -sides.ratePlus);
}

void FilippovSliding::jacobian(std::span<double> values) {
  const mocc_model& model = instance_.model();
  mocc_instance& abi = instance_.abi();
  double a = evaluate(false).weight;
  std::vector<double> plus(values.size());
  {
    ForcedSide force(instance_, crossing_, 2);
    model.jacobian(&abi, plus.data());
  }
  {
    ForcedSide force(instance_, crossing_, -2);
    model.jacobian(&abi, values.data());
  }
  for (std::size_t k = 0; k < values.size(); ++k)
    values[k] = a * plus[k] + (1 - a) * values[k];
}

} // namespace mocc::runtime
