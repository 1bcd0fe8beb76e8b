// AlgebraicSolver: damped Newton for the algebraic loops of a model. Each iteration forms the
// Jacobian (analytic nonzeros or forward differences), takes the Newton step and halves it
// until the residual's Euclidean norm decreases (Armijo condition); a linear loop takes full
// steps and is done after its first one when its residual is at rounding level, or when a
// refining step no longer halves the residual. Workspaces are kept per loop.
// The loop's residual and Jacobian functions are generated code that may call external C code:
// each call runs under its own ModelicaError guard (external_call_guard.h), since a longjmp
// must not skip the solver's frames; an error ends the solve as a failure.
#include "mocc/runtime/algebraic_solver.h"

#include "loop_jacobian.h"
#include "mocc/runtime/external_call_guard.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace mocc::runtime {

namespace {

constexpr double epsilon = std::numeric_limits<double>::epsilon();
/// Armijo: a step of length lambda must reduce the residual norm by this fraction of lambda.
constexpr double sufficientDecrease = 1e-4;
/// Step halving ends below this fraction of the Newton step (2^-20).
constexpr double smallestDamping = 1.0 / (1 << 20);
/// A loop is solved when each residual is below this multiple of its rounding scale.
constexpr double roundingResidualTolerance = 1e-8;

bool allFinite(std::span<const double> values) {
  return std::all_of(values.begin(), values.end(), [](double v) { return std::isfinite(v); });
}

/// A ModelicaError in a residual or Jacobian function (MLS 3.6 section 12.9.6.1): unwinds the
/// Newton run to AlgebraicSolver::solve, which records it as the failure of the loop.
struct ExternalError {
  std::string message;
};

/// Calls generated code under a guard; a ModelicaError becomes an ExternalError.
template <typename Call> void callGenerated(mocc_instance* instance, Call&& call) {
  if (auto error = guardedCall(instance, call)) throw ExternalError{std::move(*error)};
}

double norm(std::span<const double> values) {
  double sum = 0.0;
  for (double v : values)
    sum += v * v;
  return std::sqrt(sum);
}

} // namespace

struct AlgebraicSolver::Workspace {
  Workspace(const mocc_system_info& info, bool sparse)
      : size(static_cast<std::size_t>(info.size)), start(size), residual(size), trial(size),
        trialResidual(size), step(size), column(size), scale(size),
        nonzeros(static_cast<std::size_t>(info.n_jacobian)),
        jacobian(info.size, sparse, std::span<const int32_t>(info.jacobian_rows, nonzeros.size()),
                 std::span<const int32_t>(info.jacobian_columns, nonzeros.size())) {}

  std::size_t size;
  std::vector<double> start, residual, trial, trialResidual, step, column, scale, nonzeros;
  LoopJacobian jacobian;
  bool notedDifferences = false;
  /// Recent solutions, oldest first, none later than the latest solve's time: the first
  /// `remembered` slots of `history` (their buffers are reused, solves are frequent).
  std::vector<SolvedPoint> history;
  std::size_t remembered = 0;

  void remember(double time, std::span<const double> x);
  /// The latest solution from before `time` that differs from `unlike`, if any.
  const SolvedPoint* latestBefore(double time, std::span<const double> unlike) const;
};

// An integrator that rejects a step solves again at an earlier time: solutions from after that
// time belong to the rejected trial and are forgotten.
void AlgebraicSolver::Workspace::remember(double time, std::span<const double> x) {
  if (history.empty()) history.resize(kRememberedSolutions);
  while (remembered > 0 && history[remembered - 1].time >= time)
    --remembered;
  if (remembered == history.size()) {
    std::rotate(history.begin(), history.begin() + 1, history.end());
    --remembered;
  }
  SolvedPoint& slot = history[remembered++];
  slot.time = time;
  slot.x.assign(x.begin(), x.end());
}

// A nonlinear loop with several solutions (a Schmitt trigger inside its hysteresis band) keeps
// the branch it is on only if each solve starts from the trajectory's past: after a solve at a
// later time (a trial step the integrator rejected, a root finder probing back), the warm
// start may lie on the branch the rejected trial jumped to. Only between events: an event
// iteration solves at one time, with relations that select the branch; and a linear loop has
// one solution (starting elsewhere would only change its rounding, to which ideal switches
// are sensitive).
void AlgebraicSolver::startAfterRejectedTrial(Workspace& w, double time, double* x) {
  if (w.remembered == 0 || w.history[w.remembered - 1].time <= time) return;
  if (const SolvedPoint* before = w.latestBefore(time, {}))
    std::copy(before->x.begin(), before->x.end(), x);
}

const AlgebraicSolver::SolvedPoint*
AlgebraicSolver::Workspace::latestBefore(double time, std::span<const double> unlike) const {
  for (std::size_t i = remembered; i-- > 0;)
    if (history[i].time < time &&
        !std::equal(history[i].x.begin(), history[i].x.end(), unlike.begin(), unlike.end()))
      return &history[i];
  return nullptr;
}

namespace {

/// One call of mocc_solve_system: Newton's method on one loop from x.
class NewtonRun {
public:
  NewtonRun(mocc_instance* instance, const mocc_system_info& info,
            AlgebraicSolver::Residual residual, AlgebraicSolver::Jacobian jacobian, double* x,
            AlgebraicSolver::Workspace& w, const AlgebraicSolverSettings& settings,
            AlgebraicStatistics& statistics, AlgebraicSolver::Method method)
      : instance_(instance), info_(info), residualFunction_(residual), jacobianFunction_(jacobian),
        x_(x, w.size), w_(w), settings_(settings), statistics_(statistics), method_(method) {}

  /// Empty on success, else why the run failed.
  std::string run();
  double residualNorm() const { return norm(w_.residual); }

  // For HomotopyPath: the loop's functions at a point of the path.
  enum class JacobianState { Factorized, NotFinite, Singular };
  std::size_t size() const { return w_.size; }
  std::span<const double> iterate() const { return x_; }
  /// Moves the iterate to `at` and evaluates the residual there; false when not finite.
  bool moveTo(std::span<const double> at);
  std::span<const double> residual() const { return w_.residual; }
  JacobianState formJacobian();
  /// out := -J^{-1} r with the Jacobian of the latest formJacobian().
  void solveStep(std::span<const double> r, std::span<double> out) {
    w_.jacobian.newtonStep(r, out);
  }

private:
  std::string newton();
  bool evaluate(std::span<const double> at, std::span<double> r);
  void differenceColumns(double relativeStep);
  bool stepIsSmall() const;
  bool residualAtRoundingLevel();
  bool solvesBySmallestChange();
  bool refinementHelps();
  /// Damped step along w_.step; false when no damping decreases the residual.
  bool lineSearch(bool acceptFullStep);

  mocc_instance* instance_;
  const mocc_system_info& info_;
  AlgebraicSolver::Residual residualFunction_;
  AlgebraicSolver::Jacobian jacobianFunction_;
  std::span<double> x_;
  AlgebraicSolver::Workspace& w_;
  const AlgebraicSolverSettings& settings_;
  AlgebraicStatistics& statistics_;
  AlgebraicSolver::Method method_;
  double damping_ = 1.0;
};

bool NewtonRun::evaluate(std::span<const double> at, std::span<double> r) {
  ++statistics_.residualEvaluations;
  callGenerated(instance_, [&] { residualFunction_(instance_, at.data(), r.data()); });
  return allFinite(r);
}

bool NewtonRun::moveTo(std::span<const double> at) {
  std::copy(at.begin(), at.end(), x_.begin());
  return evaluate(x_, w_.residual);
}

/// Newton's homotopy H(x, s) = F(x) - (1 - s) F(x0) joins the start x0 (s = 0) to a solution
/// of the loop (s = 1). Pseudo-arclength continuation (Allgower and Georg, Introduction to
/// Numerical Continuation Methods, SIAM 2003, ch. 2) follows its path in (x, s) by predictor
/// steps along the tangent and corrector steps orthogonal to it, so it passes turning points,
/// where s runs backwards: across a fold of F (a branch of solutions that ends) the path turns
/// and leads to the branch that continues. Distances are measured with each unknown in units
/// of its first Newton step (its change per unit of s at x0).
class HomotopyPath {
public:
  explicit HomotopyPath(NewtonRun& run)
      : run_(run), n_(run.size()), x0_(n_), f0_(n_), sigma_(n_), x_(n_), tangent_(n_),
        predicted_(n_), r_(n_), u_(n_), b_(n_) {}

  /// Follows the path from the run's iterate in both directions; true with the run's iterate
  /// near a point of the path at s = 1, for Newton's method to finish.
  bool follow();

private:
  static constexpr int maxSteps = 200;
  static constexpr int correctorIterations = 8;
  static constexpr double firstStep = 0.1;
  static constexpr double smallestStep = 1e-9;
  static constexpr double correctorTolerance = 1e-6;
  /// The unit of an unknown that the first Newton step leaves unchanged, relative to its size.
  static constexpr double unitFloor = 1e-8;

  bool followDirection(double direction);
  /// Unit tangent at x_, s_ (scaled norm), pointing along the previous tangent when there is
  /// one, else with s moving in `direction`.
  bool tangentAt(double direction, bool hasPrevious);
  /// Newton's method on H = 0 with the step orthogonal to the tangent from the prediction.
  bool correct(std::vector<double>& x, double& s);
  double dot(std::span<const double> a, double as, std::span<const double> b, double bs) const {
    double sum = as * bs;
    for (std::size_t i = 0; i < n_; ++i)
      sum += a[i] * b[i] / (sigma_[i] * sigma_[i]);
    return sum;
  }

  NewtonRun& run_;
  std::size_t n_;
  std::vector<double> x0_, f0_, sigma_, x_, tangent_, predicted_, r_, u_, b_;
  double s_ = 0.0, tangentS_ = 0.0, predictedS_ = 0.0;
};

bool HomotopyPath::follow() {
  std::copy(run_.iterate().begin(), run_.iterate().end(), x0_.begin());
  std::copy(run_.residual().begin(), run_.residual().end(), f0_.begin());
  if (run_.formJacobian() != NewtonRun::JacobianState::Factorized) return false;
  run_.solveStep(f0_, b_);
  for (std::size_t i = 0; i < n_; ++i)
    sigma_[i] = std::max(std::abs(b_[i]), unitFloor * (std::abs(x0_[i]) + 1.0));
  return followDirection(1.0) || followDirection(-1.0);
}

bool HomotopyPath::followDirection(double direction) {
  std::copy(x0_.begin(), x0_.end(), x_.begin());
  s_ = 0.0;
  if (!tangentAt(direction, false)) return false;
  std::vector<double> x(n_);
  double h = firstStep;
  for (int step = 0; step < maxSteps && h >= smallestStep; ++step) {
    for (std::size_t i = 0; i < n_; ++i)
      predicted_[i] = x_[i] + h * tangent_[i];
    predictedS_ = s_ + h * tangentS_;
    x = predicted_;
    double s = predictedS_;
    if (!correct(x, s)) {
      h *= 0.5;
      continue;
    }
    if ((s_ - 1.0) * (s - 1.0) <= 0.0) { // the path crossed s = 1 in this step
      double w = (1.0 - s_) / (s - s_);
      for (std::size_t i = 0; i < n_; ++i)
        x[i] = x_[i] + w * (x[i] - x_[i]);
      return run_.moveTo(x);
    }
    x_ = x;
    s_ = s;
    if (!tangentAt(direction, true)) return false;
    h *= 2.0;
  }
  return false;
}

bool HomotopyPath::tangentAt(double direction, bool hasPrevious) {
  if (!run_.moveTo(x_) || run_.formJacobian() != NewtonRun::JacobianState::Factorized) return false;
  run_.solveStep(f0_, b_); // dx/ds along the path: J dx + F(x0) ds = 0
  double length = std::sqrt(dot(b_, 1.0, b_, 1.0));
  if (!std::isfinite(length)) return false;
  double sign = hasPrevious ? (dot(b_, 1.0, tangent_, tangentS_) >= 0.0 ? 1.0 : -1.0) : direction;
  for (std::size_t i = 0; i < n_; ++i)
    tangent_[i] = sign * b_[i] / length;
  tangentS_ = sign / length;
  return true;
}

bool HomotopyPath::correct(std::vector<double>& x, double& s) {
  for (int iteration = 0; iteration < correctorIterations; ++iteration) {
    if (!run_.moveTo(x) || run_.formJacobian() != NewtonRun::JacobianState::Factorized)
      return false;
    for (std::size_t i = 0; i < n_; ++i)
      r_[i] = run_.residual()[i] - (1.0 - s) * f0_[i];
    run_.solveStep(r_, u_);  // the step at fixed s
    run_.solveStep(f0_, b_); // and the step per unit of s: dx = u + ds b
    for (std::size_t i = 0; i < n_; ++i)
      u_[i] += x[i] - predicted_[i];
    // The corrected point stays on the hyperplane through the prediction orthogonal to the
    // tangent.
    double ds = -dot(tangent_, tangentS_, u_, s - predictedS_) / dot(tangent_, tangentS_, b_, 1.0);
    if (!std::isfinite(ds)) return false;
    double moved = 0.0;
    for (std::size_t i = 0; i < n_; ++i) {
      double dx = u_[i] - (x[i] - predicted_[i]) + ds * b_[i];
      x[i] += dx;
      moved += dx * dx / (sigma_[i] * sigma_[i]);
    }
    s += ds;
    if (std::sqrt(moved + ds * ds) <= correctorTolerance) return true;
  }
  return false;
}

std::string NewtonRun::run() {
  if (method_ != AlgebraicSolver::Method::HomotopyPath) return newton();
  if (!evaluate(x_, w_.residual)) return "the residual is not finite at the start values";
  if (!HomotopyPath(*this).follow()) return "the path of Newton's homotopy reaches no solution";
  return newton();
}

std::string NewtonRun::newton() {
  if (!evaluate(x_, w_.residual)) return "the residual is not finite at the start values";
  for (int iteration = 1; iteration <= settings_.maxIterations; ++iteration) {
    if (std::all_of(w_.residual.begin(), w_.residual.end(), [](double r) { return r == 0.0; }))
      return {};
    ++statistics_.iterations;
    switch (formJacobian()) {
    case JacobianState::NotFinite: return "the Jacobian is singular";
    // A start that solves the loop to rounding is a solution, even one that is not unique.
    case JacobianState::Singular:
      if (residualAtRoundingLevel() || solvesBySmallestChange()) return {};
      return "the Jacobian is singular";
    case JacobianState::Factorized: break;
    }
    w_.jacobian.newtonStep(w_.residual, w_.step);
    if (!allFinite(w_.step)) return "the Jacobian is singular";
    bool small = stepIsSmall();
    // At convergence rounding may keep the residual from decreasing: take the full step, as
    // a linear loop always does (its Newton step is its solution).
    // An ill-conditioned loop may admit no decrease from a residual that is already rounding.
    if (!lineSearch(small || info_.linear || method_ == AlgebraicSolver::Method::FullNewton))
      return residualAtRoundingLevel() ? std::string()
                                       : "no damped Newton step decreases the residual";
    if (info_.linear && iteration > 1 && !refinementHelps()) return {};
    std::copy(w_.trial.begin(), w_.trial.end(), x_.begin());
    std::swap(w_.residual, w_.trialResidual);
    if (small && damping_ == 1.0) return {};
    if (info_.linear && iteration == 1 && residualAtRoundingLevel()) return {};
  }
  return fmt::format("Newton's method did not converge in {} iterations", settings_.maxIterations);
}

NewtonRun::JacobianState NewtonRun::formJacobian() {
  ++statistics_.jacobianEvaluations;
  if (jacobianFunction_ && info_.n_jacobian > 0) {
    callGenerated(instance_, [&] { jacobianFunction_(instance_, x_.data(), w_.nonzeros.data()); });
    if (!allFinite(w_.nonzeros)) return JacobianState::NotFinite;
    w_.jacobian.setNonzeros(w_.nonzeros);
    return w_.jacobian.factorize() ? JacobianState::Factorized : JacobianState::Singular;
  }
  differenceColumns(std::sqrt(epsilon));
  if (w_.jacobian.factorize()) return JacobianState::Factorized;
  // A column whose entries are as small as the rounding of the residual's terms times the
  // step (a node tied to the rest only by a gmin of 1e-12 S among currents of 1e-4 A) is lost
  // in that rounding: a larger step, the cube root of epsilon, resolves it.
  differenceColumns(std::cbrt(epsilon));
  return w_.jacobian.factorize() ? JacobianState::Factorized : JacobianState::Singular;
}

// Forward differences with the step relativeStep * max(|x_j|, 1), rounded so that x_j + h is
// exactly representable; a column whose forward point is not finite tries the backward one.
void NewtonRun::differenceColumns(double relativeStep) {
  w_.jacobian.beginColumns();
  std::copy(x_.begin(), x_.end(), w_.trial.begin());
  for (std::size_t j = 0; j < w_.size; ++j) {
    for (double direction : {1.0, -1.0}) {
      double h = direction * relativeStep * std::max(std::abs(x_[j]), 1.0);
      w_.trial[j] = x_[j] + h;
      h = w_.trial[j] - x_[j];
      bool finite = evaluate(w_.trial, w_.trialResidual);
      for (std::size_t i = 0; i < w_.size; ++i)
        w_.column[i] = (w_.trialResidual[i] - w_.residual[i]) / h;
      if (finite) break;
    }
    w_.trial[j] = x_[j];
    w_.jacobian.setColumn(static_cast<int>(j), w_.column);
  }
  w_.jacobian.endColumns();
}

bool NewtonRun::stepIsSmall() const {
  for (std::size_t i = 0; i < w_.size; ++i)
    if (std::abs(w_.step[i]) > settings_.tolerance * (std::abs(x_[i]) + 1.0)) return false;
  return true;
}

// Each residual below roundingResidualTolerance of its rounding scale |J| |x| + |J x - r|.
// A singular loop whose equations are consistent has many solutions: FluidHeatFlow's port
// enthalpies at zero flow, where H_flow = semiLinear(m_flow, h_a, h_b) is 0 whatever h is.
// The least-squares step of least norm moves the unknowns the equations fix and keeps the
// free ones where they were; it is taken when it solves the loop to rounding.
bool NewtonRun::solvesBySmallestChange() {
  if (!w_.jacobian.minimumNormStep(w_.residual, w_.step)) return false;
  // The rounding the step leaves is that of the terms it cancels: measured at the start.
  w_.jacobian.roundingScale(x_, w_.residual, w_.scale);
  std::vector<double> start(x_.begin(), x_.end()), startResidual(w_.residual);
  for (std::size_t i = 0; i < w_.size; ++i)
    x_[i] += w_.step[i];
  bool solved = evaluate(x_, w_.residual);
  for (std::size_t i = 0; solved && i < w_.size; ++i)
    solved = std::abs(w_.residual[i]) <= roundingResidualTolerance * w_.scale[i];
  if (solved) return true;
  std::copy(start.begin(), start.end(), x_.begin());
  w_.residual = std::move(startResidual);
  return false;
}

bool NewtonRun::residualAtRoundingLevel() {
  w_.jacobian.roundingScale(x_, w_.residual, w_.scale);
  for (std::size_t i = 0; i < w_.size; ++i)
    if (std::abs(w_.residual[i]) > roundingResidualTolerance * w_.scale[i]) return false;
  return true;
}

// A linear loop is solved by its first Newton step up to rounding; later steps refine.
// The rounding scale of residualAtRoundingLevel cannot see terms that cancel inside the torn loop
// (ideal diodes with Ron = Goff = 1e-5 give terms of 1e10 that sum to volts), so a refinement
// that does not halve the residual norm shows the residual is rounding: the loop is solved,
// at the better of the two points.
bool NewtonRun::refinementHelps() {
  if (norm(w_.trialResidual) <= 0.5 * norm(w_.residual)) return true;
  if (norm(w_.trialResidual) < norm(w_.residual)) {
    std::copy(w_.trial.begin(), w_.trial.end(), x_.begin());
    std::swap(w_.residual, w_.trialResidual);
  }
  return false;
}

bool NewtonRun::lineSearch(bool acceptFullStep) {
  double before = norm(w_.residual);
  for (damping_ = 1.0; damping_ >= smallestDamping; damping_ *= 0.5) {
    for (std::size_t i = 0; i < w_.size; ++i)
      w_.trial[i] = x_[i] + damping_ * w_.step[i];
    if (!evaluate(w_.trial, w_.trialResidual)) continue;
    if (acceptFullStep && damping_ == 1.0) return true;
    if (norm(w_.trialResidual) <= (1.0 - sufficientDecrease * damping_) * before) return true;
  }
  return false;
}

std::string describeValues(const mocc_model& model, const mocc_system_info& info, const double* x) {
  constexpr int shown = 10;
  std::vector<std::string> parts;
  for (int i = 0; i < std::min(info.size, shown); ++i)
    parts.push_back(fmt::format("{} = {}", model.variables[info.unknowns[i]].name, x[i]));
  if (info.size > shown) parts.push_back(fmt::format("and {} more", info.size - shown));
  return fmt::format("{}", fmt::join(parts, ", "));
}

} // namespace

AlgebraicSolver::AlgebraicSolver(const mocc_model& model, AlgebraicSolverSettings settings)
    : model_(model), settings_(settings),
      workspaces_(static_cast<std::size_t>(std::max(model.n_systems, 0))) {}

AlgebraicSolver::~AlgebraicSolver() = default;

AlgebraicSolver::Workspace& AlgebraicSolver::workspace(int system) {
  auto& slot = workspaces_[static_cast<std::size_t>(system)];
  if (!slot) {
    const mocc_system_info& info = model_.systems[system];
    slot = std::make_unique<Workspace>(info, info.size >= settings_.sparseThreshold);
  }
  return *slot;
}

int AlgebraicSolver::solve(mocc_instance* instance, int system, Residual residual,
                           Jacobian jacobian, double* x) {
  ++statistics_.solves;
  if (system < 0 || system >= model_.n_systems || !residual) {
    ++statistics_.failures;
    latestFailure_ = AlgebraicFailure{
        instance->time, fmt::format("algebraic loop #{} is not in the model's table of {} loops",
                                    system, model_.n_systems)};
    if (!firstFailure_) firstFailure_ = latestFailure_;
    return 1;
  }
  const mocc_system_info& info = model_.systems[system];
  Workspace& w = workspace(system);
  if (!(jacobian && info.n_jacobian > 0) && !w.notedDifferences) {
    w.notedDifferences = true;
    notes_.push_back(fmt::format("finite differences approximate the Jacobian of {} (no "
                                 "analytic Jacobian)",
                                 info.description));
  }
  if (!info.linear && instance->mode == MOCC_MODE_CONTINUOUS)
    startAfterRejectedTrial(w, instance->time, x);
  std::copy_n(x, w.size, w.start.begin());
  Attempt attempt = runNewton(instance, info, residual, jacobian, x, w, Method::DampedNewton);
  // The warm start may be the solution of a trial step the integrator rejected, on another
  // branch of a nonlinear loop (a transistor that conducted at the rejected time): start
  // again from the latest solution before this time.
  if (!attempt.reason.empty()) {
    if (const SolvedPoint* fallback = w.latestBefore(instance->time, w.start)) {
      std::copy(fallback->x.begin(), fallback->x.end(), x);
      if (runNewton(instance, info, residual, jacobian, x, w, Method::DampedNewton).reason.empty())
        attempt = {};
    }
  }
  // Two retries from the start, each accepted only where its run converges. A piecewise-linear
  // loop (a limiter, an ideal switch) can trap the damped iteration in a local minimum of the
  // residual norm on the wrong piece; full Newton steps solve each piece's linearisation and
  // so walk from piece to piece (a saturated op-amp from -15 V to +15 V). A solution branch
  // that ends in a fold (a Schmitt trigger's switching point) leaves no solution near the
  // start; Newton's homotopy F(x) = (1 - s) F(x0), followed through its turning points, leads
  // to the branch that continues. The first attempt's failure is the one reported.
  // The path is followed for dense loops only: each of its points factorises the Jacobian.
  for (Method retry : {Method::FullNewton, Method::HomotopyPath}) {
    if (attempt.reason.empty()) break;
    if (retry == Method::HomotopyPath && w.jacobian.sparse()) break;
    std::copy(w.start.begin(), w.start.end(), x);
    if (runNewton(instance, info, residual, jacobian, x, w, retry).reason.empty()) attempt = {};
  }
  if (attempt.reason.empty()) {
    w.remember(instance->time, std::span<const double>(x, w.size));
    return 0;
  }
  std::copy(w.start.begin(), w.start.end(), x);
  fail(instance, system, attempt.reason, attempt.residualNorm, attempt.x.data());
  return 1;
}

AlgebraicSolver::Attempt AlgebraicSolver::runNewton(mocc_instance* instance,
                                                    const mocc_system_info& info, Residual residual,
                                                    Jacobian jacobian, double* x, Workspace& w,
                                                    Method method) {
  NewtonRun run(instance, info, residual, jacobian, x, w, settings_, statistics_, method);
  Attempt attempt;
  try {
    attempt.reason = run.run();
    attempt.residualNorm = run.residualNorm();
  } catch (const ExternalError& error) {
    attempt.reason = "ModelicaError: " + error.message; // no residual at this iterate
  }
  if (!attempt.reason.empty()) attempt.x.assign(x, x + w.size);
  return attempt;
}

void AlgebraicSolver::fail(const mocc_instance* instance, int system, const std::string& reason,
                           std::optional<double> norm, const double* x) {
  const mocc_system_info& info = model_.systems[system];
  std::vector<std::string> names;
  for (int i = 0; i < info.size; ++i)
    names.push_back(model_.variables[info.unknowns[i]].name);
  if (names.size() > 10) names.resize(10), names.push_back("...");
  ++statistics_.failures;
  std::string where =
      norm ? fmt::format("residual norm {} at {}", *norm, describeValues(model_, info, x))
           : fmt::format("the residual was evaluated at {}", describeValues(model_, info, x));
  latestFailure_ = AlgebraicFailure{
      instance->time, fmt::format("cannot solve {} for {} at time {}: {}; {}", info.description,
                                  fmt::join(names, ", "), instance->time, reason, where)};
  if (!firstFailure_) {
    firstFailure_ = latestFailure_;
    firstFailureNumber_ = statistics_.failures;
  }
}

void AlgebraicSolver::discardFailuresAfter(long count) {
  if (statistics_.failures <= count) return;
  if (firstFailure_ && firstFailureNumber_ > count) firstFailure_.reset();
  latestFailure_ = firstFailure_;
}

std::optional<AlgebraicFailure> AlgebraicSolver::takeFirstFailure() {
  latestFailure_.reset();
  return std::exchange(firstFailure_, std::nullopt);
}

std::optional<AlgebraicFailure> AlgebraicSolver::takeLatestFailure() {
  firstFailure_.reset();
  return std::exchange(latestFailure_, std::nullopt);
}

std::vector<std::string> AlgebraicSolver::takeNotes() { return std::exchange(notes_, {}); }

} // namespace mocc::runtime
