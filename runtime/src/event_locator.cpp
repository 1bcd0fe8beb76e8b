// Event location above any integrator (see event_locator.h): root search inside each step and
// the locating methods of issue 5 on the step's dense output: bisection, Illinois (regula
// falsi with halving), Brent-Dekker, Newton with the crossing function's time derivative
// (seed 004, 4.3.1) and Henon's method (seed 000, chapter 4: one step with the crossing function
// as the independent variable). Every method returns the first point it knows to lie past the
// root, within the location tolerance of it, like CVODE's root finding: the relation then
// already has its new value when the event is handled.
#include "event_locator.h"

#include "mocc/runtime/event_location.h"

#include <Eigen/Dense>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace mocc::runtime {

namespace {

constexpr double epsilon = std::numeric_limits<double>::epsilon();
constexpr std::array<std::string_view, 7> locatorNames = {
    "solver", "bisection", "illinois", "brent", "newton", "henon", "trapezoid"};

double sign(double x) { return x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0; }

/// Nested splitting of a step at the extremum of the Hermite interpolant stops here.
constexpr int maxHiddenCrossingDepth = 30;
/// Evaluations allowed per function and step to the search for hidden double crossings.
constexpr int maxHiddenCrossingSamples = 64;
/// Iterations allowed to the iterative methods before they fall back to bisection.
constexpr int maxLocatorIterations = 100;

} // namespace

std::span<const std::string_view> availableEventLocators() { return locatorNames; }

std::optional<LocatorMethod> parseLocatorMethod(std::string_view name) {
  for (std::size_t i = 0; i < locatorNames.size(); ++i)
    if (locatorNames[i] == name) return static_cast<LocatorMethod>(i);
  return std::nullopt;
}

/// The locating methods for one root function g_i on one bracket [a, b] whose ends have
/// opposite signs (or g_i(b) = 0).
class RootLocator {
public:
  struct Result {
    double time;
    std::vector<double> y; // empty: the dense output at `time`
    long evaluations;
  };

  RootLocator(EventLocatingIntegrator& owner, int function, double tolerance)
      : owner_(owner), i_(function), tolerance_(tolerance) {}

  Result run(LocatorMethod method, double a, double b) {
    double fa = phi(a), fb = phi(b);
    if (fb == 0.0) return {b, {}, evaluations_};
    if (method == LocatorMethod::Henon) return henon(a, b, fa, fb);
    if (method == LocatorMethod::Trapezoid) return trapezoid(a, b, fa, fb);
    double t = method == LocatorMethod::Bisection ? bisection(a, b, fa)
               : method == LocatorMethod::Brent   ? brent(a, b, fa, fb)
               : method == LocatorMethod::Newton  ? newton(a, b, fa, fb)
                                                  : illinois(a, b, fa, fb);
    return {farSide(t, b, fb), {}, evaluations_};
  }

private:
  /// A point at or just after t where phi has the far end's sign: an event where the function
  /// is exactly zero would leave it zero at the restart, where it could fire again.
  double farSide(double t, double b, double fb) {
    for (double step = 0.25 * tolerance_; t < b; step *= 2) {
      if (sign(phi(t)) == sign(fb)) return t;
      t = std::min(b, t + step);
    }
    return b;
  }

  double phi(double t) {
    ++evaluations_;
    return owner_.sampleAt(t, false).g[static_cast<std::size_t>(i_)];
  }
  double rate(double t) { return owner_.sampleAt(t, true).rate[static_cast<std::size_t>(i_)]; }

  /// Shrinks [a, b] by halving until it is within the tolerance; returns b, the far end.
  double bisection(double a, double b, double fa) {
    while (b - a > tolerance_) {
      double m = 0.5 * (a + b);
      double fm = phi(m);
      if (fm == 0.0) return m;
      (sign(fm) == sign(fa) ? a : b) = m;
    }
    return b;
  }

  /// A trial point inside (a, b), at least half the tolerance from both ends, so that every
  /// iteration shrinks the bracket.
  double inside(double m, double a, double b) const {
    double margin = std::min(0.5 * tolerance_, 0.25 * (b - a));
    if (!std::isfinite(m)) m = 0.5 * (a + b);
    return std::clamp(m, a + margin, b - margin);
  }

  // Regula falsi with the Illinois modification: an end kept twice in a row has its value
  // halved, so the bracket shrinks from both sides (superlinear convergence).
  double illinois(double a, double b, double fa, double fb) {
    int side = 0;
    for (int k = 0; b - a > tolerance_; ++k) {
      if (k == maxLocatorIterations) return bisection(a, b, fa);
      double m = inside(b - fb * (b - a) / (fb - fa), a, b);
      double fm = phi(m);
      if (fm == 0.0) return m;
      if (sign(fm) == sign(fb)) {
        b = m;
        fb = fm;
        if (side == -1) fa *= 0.5;
        side = -1;
      } else {
        a = m;
        fa = fm;
        if (side == 1) fb *= 0.5;
        side = 1;
      }
    }
    return b;
  }

  // Brent-Dekker: inverse quadratic interpolation or secant steps, bisection whenever they do
  // not shrink the bracket fast enough; b is the best estimate, c the other end of the bracket.
  double brent(double a, double b, double fa, double fb) {
    const double farSign = sign(fb);
    double c = a, fc = fa, d = b - a, e = d;
    for (int k = 0;; ++k) {
      if (sign(fb) == sign(fc) && fb != 0.0) {
        c = a;
        fc = fa;
        d = e = b - a;
      }
      if (std::abs(fc) < std::abs(fb)) {
        a = b, b = c, c = a;
        fa = fb, fb = fc, fc = fa;
      }
      double tol = 2 * epsilon * std::abs(b) + 0.25 * tolerance_;
      double half = 0.5 * (c - b);
      if (std::abs(half) <= tol || fb == 0.0 || k == maxLocatorIterations) break;
      if (std::abs(e) >= tol && std::abs(fa) > std::abs(fb)) {
        double s = fb / fa, p, q;
        if (a == c) {
          p = 2 * half * s;
          q = 1 - s;
        } else {
          double r = fb / fc, t = fa / fc;
          p = s * (2 * half * t * (t - r) - (b - a) * (r - 1));
          q = (t - 1) * (r - 1) * (s - 1);
        }
        if (p > 0) q = -q;
        p = std::abs(p);
        if (2 * p < std::min(3 * half * q - std::abs(tol * q), std::abs(e * q))) {
          e = d;
          d = p / q;
        } else {
          d = half;
          e = d;
        }
      } else {
        d = half;
        e = d;
      }
      a = b;
      fa = fb;
      b += std::abs(d) > tol ? d : std::copysign(tol, half);
      fb = phi(b);
    }
    // The root lies between b and c: return the one on the far side (or at the root).
    if (fb == 0.0 || sign(fb) == farSign) {
      if (sign(fc) == farSign && c < b) return c;
      return b;
    }
    return c;
  }

  // Newton's method on phi(t) = g_i(t, y(t)) with phi' the crossing function's time
  // derivative along the solution (seed 004, 4.3.1), kept inside the bracket (a step that
  // leaves it bisects instead), until two iterates agree within the tolerance.
  double newton(double a, double b, double fa, double fb) {
    double t = inside(b - fb * (b - a) / (fb - fa), a, b);
    for (int k = 0; b - a > tolerance_; ++k) {
      if (k == maxLocatorIterations) break;
      double ft = phi(t);
      if (ft == 0.0) return t;
      if (sign(ft) == sign(fb)) {
        b = t;
        fb = ft;
      } else {
        a = t;
        fa = ft;
      }
      double slope = rate(t);
      double next = t - ft / slope;
      if (!(next > a && next < b)) next = 0.5 * (a + b);
      if (std::abs(next - t) <= 0.5 * tolerance_) {
        // Converged: bracket the root tightly around the last iterate.
        double past = std::min(b, next + std::copysign(0.5 * tolerance_, fb * slope));
        double before = std::max(a, next - std::copysign(0.5 * tolerance_, fb * slope));
        if (sign(phi(std::max(past, before))) == sign(fb)) b = std::max(past, before);
        if (sign(phi(std::min(past, before))) == sign(fa)) a = std::min(past, before);
        break;
      }
      t = next;
    }
    return bisection(a, b, fa);
  }

  // Henon's method (seed 000, chapter 4): with g as the independent variable, dt/dg = 1/g' and
  // dy/dg = f/g' (g' the time derivative along the solution); integrating from (a, y(a)) over
  // Delta g = -g(a) lands on the switching surface. The integration in g is classical
  // Runge-Kutta with the number of steps doubled until two results agree within the
  // integrator's tolerance; a second pass from the new point removes what is left of g. The
  // target is just past zero (by the location tolerance times g'), so the event is on the far
  // side like the other methods'.
  Result henon(double a, double b, double fa, double fb) {
    std::vector<double> y(owner_.sampleAt(a, false).y);
    double t = a, g = fa;
    for (int k = 0; k < 4; ++k) {
      EventLocatingIntegrator::Sample here = owner_.sampleAt(t, true, &y);
      ++evaluations_;
      double slope = here.rate[static_cast<std::size_t>(i_)];
      double target = -sign(fa) * std::abs(slope) * 0.5 * tolerance_;
      if (!henonIntegrate(t, y, target - g)) break;
      if (!(t >= a && t <= b)) break;
      g = owner_.sampleAt(t, false, &y).g[static_cast<std::size_t>(i_)];
      ++evaluations_;
      if (sign(g) == sign(fb)) return {t, y, evaluations_};
    }
    // The integration left the bracket or did not converge: locate on the dense output.
    return {illinois(a, b, fa, fb), {}, evaluations_};
  }

  /// Integrates (t, y) over `delta` in g with 1, 2, 4, ... RK4 steps until two results agree
  /// in t within the integrator's relative tolerance (times max(1, |t|)) / 100; false when
  /// g' vanishes on the way or 512 steps do not agree.
  bool henonIntegrate(double& t, std::vector<double>& y, double delta) {
    double coarseT = t;
    std::vector<double> coarseY = y;
    if (!henonStep(coarseT, coarseY, delta)) return false;
    for (int steps = 2; steps <= 512; steps *= 2) {
      double fineT = t;
      std::vector<double> fineY = y;
      for (int k = 0; k < steps; ++k)
        if (!henonStep(fineT, fineY, delta / steps)) return false;
      if (std::abs(fineT - coarseT) <=
          0.01 * owner_.relativeTolerance_ * std::max(1.0, std::abs(fineT))) {
        t = fineT;
        y = std::move(fineY);
        return true;
      }
      coarseT = fineT;
      coarseY = std::move(fineY);
    }
    return false;
  }

  // Seed 000, 2.2.2, the implicit generic approach: one trapezoidal step from (a, y(a)) whose
  // length h is an unknown beside the new state, solved by Newton together with the crossing
  // condition: y1 - y(a) - h/2 (f(a, y(a)) + f(a + h, y1)) = 0, g(a + h, y1) = target. The
  // trapezoidal rule errs by O(h^3), so the bracket is first narrowed (Illinois) to a length of
  // at most a tenth of the cube root of the integrator's tolerance (times max(1, |t|)), where
  // h^3 / 12 times the third derivative stays below the tolerance for third derivatives up to
  // 12000 (x 1 s^3); the target lies
  // just past zero, as for Henon's method.
  Result trapezoid(double a, double b, double fa, double fb) {
    double width = 0.1 * std::cbrt(owner_.relativeTolerance_) * std::max(1.0, std::abs(b));
    int side = 0;
    while (b - a > width) { // Illinois steps, keeping the bracket's near end
      double m = inside(b - fb * (b - a) / (fb - fa), a, b);
      double fm = phi(m);
      if (fm != 0.0 && sign(fm) == sign(fa)) {
        a = m, fa = fm;
        if (side == 1) fb *= 0.5;
        side = 1;
      } else {
        b = m, fb = fm == 0.0 ? fb : fm;
        if (side == -1) fa *= 0.5;
        side = -1;
      }
    }
    std::vector<double> y0 = owner_.sampleAt(a, false).y;
    std::size_t n = y0.size();
    std::vector<double> f0 = owner_.derivativesAt(a, y0);
    double slope = owner_.sampleAt(a, true, &y0).rate[static_cast<std::size_t>(i_)];
    double target = -sign(fa) * std::abs(slope) * 0.5 * tolerance_;
    // Unknowns x = (y1, h), started on the dense output at the secant estimate.
    double h = inside(b - fb * (b - a) / (fb - fa), a, b) - a;
    std::vector<double> x = owner_.sampleAt(a + h, false).y;
    x.push_back(h);
    auto residual = [&](const std::vector<double>& x) {
      std::vector<double> y1(x.begin(), x.end() - 1), r(n + 1);
      double step = x.back();
      std::vector<double> f1 = owner_.derivativesAt(a + step, y1);
      for (std::size_t j = 0; j < n; ++j)
        r[j] = y1[j] - y0[j] - 0.5 * step * (f0[j] + f1[j]);
      ++evaluations_;
      r[n] = owner_.sampleAt(a + step, false, &y1).g[static_cast<std::size_t>(i_)] - target;
      return r;
    };
    for (int k = 0; k < 20; ++k) {
      std::vector<double> r = residual(x);
      Eigen::MatrixXd jacobian(n + 1, n + 1);
      for (std::size_t c = 0; c <= n; ++c) {
        std::vector<double> moved = x;
        double d = std::sqrt(epsilon) * std::max(std::abs(x[c]), c == n ? b - a : 1.0);
        moved[c] += d;
        std::vector<double> rc = residual(moved);
        for (std::size_t row = 0; row <= n; ++row)
          jacobian(static_cast<Eigen::Index>(row), static_cast<Eigen::Index>(c)) =
              (rc[row] - r[row]) / d;
      }
      Eigen::VectorXd delta =
          jacobian.partialPivLu().solve(Eigen::Map<Eigen::VectorXd>(r.data(), r.size()));
      for (std::size_t c = 0; c <= n; ++c)
        x[c] -= delta(static_cast<Eigen::Index>(c));
      if (!(x.back() > 0 && a + x.back() <= b + tolerance_)) break;
      if (std::abs(delta(static_cast<Eigen::Index>(n))) <= 0.25 * tolerance_) {
        std::vector<double> y1(x.begin(), x.end() - 1);
        double t = a + x.back();
        ++evaluations_;
        if (sign(owner_.sampleAt(t, false, &y1).g[static_cast<std::size_t>(i_)]) == sign(fb))
          return {t, y1, evaluations_};
        break;
      }
    }
    // Newton did not converge inside the bracket: locate on the dense output.
    return {illinois(a, b, fa, fb), {}, evaluations_};
  }

  /// One RK4 step of (t, y) over `delta` in g; false when g' vanishes on the way.
  bool henonStep(double& t, std::vector<double>& y, double delta) {
    std::size_t n = y.size();
    std::vector<double> k[4], trial(n);
    double kt[4];
    const double weights[4] = {0.0, 0.5, 0.5, 1.0};
    for (int stage = 0; stage < 4; ++stage) {
      double ts = t + (stage ? weights[stage] * delta * kt[stage - 1] : 0.0);
      for (std::size_t j = 0; j < n; ++j)
        trial[j] = y[j] + (stage ? weights[stage] * delta * k[stage - 1][j] : 0.0);
      EventLocatingIntegrator::Sample s = owner_.sampleAt(ts, true, &trial);
      ++evaluations_;
      double slope = s.rate[static_cast<std::size_t>(i_)];
      if (slope == 0.0 || !std::isfinite(slope)) return false;
      kt[stage] = 1.0 / slope;
      k[stage] = owner_.derivativesAt(ts, trial);
      for (double& v : k[stage])
        v /= slope;
    }
    t += delta / 6 * (kt[0] + 2 * kt[1] + 2 * kt[2] + kt[3]);
    for (std::size_t j = 0; j < n; ++j)
      y[j] += delta / 6 * (k[0][j] + 2 * k[1][j] + 2 * k[2][j] + k[3][j]);
    return true;
  }

  EventLocatingIntegrator& owner_;
  int i_;
  double tolerance_;
  long evaluations_ = 0;
};

EventLocatingIntegrator::EventLocatingIntegrator(std::unique_ptr<Integrator> inner,
                                                 OdeSystem& system, LocatorMethod method,
                                                 const IntegratorSettings& settings,
                                                 EventConcurrency concurrency)
    : inner_(std::move(inner)), system_(system), method_(method), concurrency_(concurrency),
      maxSteps_(settings.maxSteps), relativeTolerance_(settings.relativeTolerance),
      rootCount_(system.rootCount()), output_(static_cast<std::size_t>(system.size())),
      noRoots_(static_cast<std::size_t>(rootCount_), 0) {}

void EventLocatingIntegrator::reinitialize(double t, std::span<const double> y) {
  inner_->reinitialize(t, y);
  restartBeforeNextStep_ = false;
  pending_.reset();
  heldSigns_.clear();
  last_ = Sample{};
  last_.t = t;
  last_.y.assign(y.begin(), y.end());
  last_.g.resize(static_cast<std::size_t>(rootCount_));
  ++rootCalls_;
  if (system_.roots(t, last_.y, last_.g) != CallbackStatus::Ok)
    throw IntegratorError(fmt::format("the root functions cannot be evaluated at the restart "
                                      "time {}",
                                      t),
                          t);
}

AdvanceResult EventLocatingIntegrator::advance(double tOut, double tStop) {
  double target = std::min(tOut, tStop);
  stepsThisAdvance_ = 0;
  advanceStart_ = last_.t;
  if (!(target >= inner_->stepStart()))
    throw std::invalid_argument("advance: target lies before the current step");
  while (!pending_ && last_.t < target)
    stepAndSearch(tStop);
  if (pending_ && pending_->time <= target) {
    const Root& root = *pending_;
    return AdvanceResult{AdvanceReason::Root, root.time,     root.y,
                         root.directions,     root.residual, root.iterations,
                         root.crossingTimes};
  }
  inner_->denseOutput(target, output_);
  AdvanceReason reason =
      target == tStop ? AdvanceReason::ReachedStopTime : AdvanceReason::ReachedOutput;
  return AdvanceResult{reason, target, output_, noRoots_};
}

void EventLocatingIntegrator::stepAndSearch(double tStop) {
  long rootCallsBefore = inner_->statistics().rootEvaluations;
  if (++stepsThisAdvance_ > maxSteps_)
    throw IntegratorError(fmt::format("too much work: {} took {} steps from time {} without "
                                      "reaching the next output time or event",
                                      inner_->name(), maxSteps_, advanceStart_),
                          last_.t);
  if (restartBeforeNextStep_) inner_->reinitialize(last_.t, last_.y);
  restartBeforeNextStep_ = false;
  double reached = inner_->step(tStop);
  Sample end = sampleAt(reached, false);
  std::vector<int> solverRoots(inner_->lastStepRoots().begin(), inner_->lastStepRoots().end());
  auto anyRoot = [](const std::vector<int>& directions) {
    return std::any_of(directions.begin(), directions.end(), [](int d) { return d != 0; });
  };
  bool solverReportedRoots = anyRoot(solverRoots);
  for (std::size_t i = 0; i < solverRoots.size(); ++i)
    if (heldSign(static_cast<int>(i), reached) != 0) solverRoots[i] = 0; // noise at the restart
  bool solverStopped = anyRoot(solverRoots);
  // CVODE and IDA fail the next step ("root found at and very near t") when a function they
  // stopped at is still exactly zero just after it, as a crossing that stays at zero does (a
  // friction element at rest with no normal force: sa - tau0 = 0 - 0). When every root they
  // reported is dismissed as noise (and the search finds none), they restart where they
  // stopped, and their root bookkeeping treats zeros as inactive until the functions move away.
  bool restartSolver = solverReportedRoots && !solverStopped;
  std::optional<Root> root = searchStep(last_, end, solverStopped);
  if (!root && solverStopped) {
    // The solver located these roots itself (CVODE and IDA: Illinois on their interpolant),
    // and none hides before them.
    Root found{reached, end.y, std::vector<int>(solverRoots.begin(), solverRoots.end()),
               {},      0.0,   inner_->statistics().rootEvaluations - rootCallsBefore};
    for (int i = 0; i < rootCount_; ++i)
      if (found.directions[static_cast<std::size_t>(i)] != 0)
        found.residual = std::max(found.residual, std::abs(end.g[static_cast<std::size_t>(i)]));
    root = std::move(found);
  }
  // The restart waits for the next step: output times inside this one still need its
  // interpolant, which a restart discards.
  restartBeforeNextStep_ = restartSolver && !root;
  last_ = std::move(end);
  pending_ = std::move(root);
}

void EventLocatingIntegrator::holdSignsUntil(std::vector<int> signs, double until) {
  heldSigns_ = std::move(signs);
  holdUntil_ = until;
}

int EventLocatingIntegrator::heldSign(int i, double t) const {
  if (heldSigns_.empty() || t >= holdUntil_) return 0;
  return heldSigns_[static_cast<std::size_t>(i)];
}

double EventLocatingIntegrator::signAfter(int i, const Sample& start, const Sample& end) {
  double s = sign(start.g[static_cast<std::size_t>(i)]);
  if (s != 0.0) return s;
  // Exactly zero at the restart: the root just handled. Its sign just after decides what a
  // crossing is (consistent event location, seed 002 chapter 5).
  double probe = start.t + 1e-3 * (end.t - start.t);
  s = sign(sampleAt(probe, false).g[static_cast<std::size_t>(i)]);
  return s != 0.0 ? s : sign(end.g[static_cast<std::size_t>(i)]);
}

// Each function's earliest crossing in the step. When the solver stopped at a root it found
// itself, only crossings before that root count: the solver's own root stands unless an
// earlier one hides.
std::optional<EventLocatingIntegrator::Root>
EventLocatingIntegrator::searchStep(Sample& start, Sample& end, bool solverStopped) {
  if (start.rate.empty()) evaluateRates(start);
  if (end.rate.empty()) evaluateRates(end);
  std::vector<std::pair<int, std::pair<double, double>>> brackets;
  bool earlier = false;
  std::optional<Sample> holdEnd; // the start of the search for held functions
  for (int i = 0; i < rootCount_; ++i) {
    const Sample* from = &start;
    double before = 0.0;
    if (int held = heldSign(i, start.t); held != 0) {
      // Still exactly zero at the end (an Euler step from rest): nothing to decide yet.
      if (end.t <= holdUntil_ || end.g[static_cast<std::size_t>(i)] == 0.0) continue;
      if (!holdEnd) holdEnd = sampleAt(holdUntil_, true);
      from = &*holdEnd;
      // The solution's own sign there (an Euler step may leave zero the other way than the
      // probe did), the probe's where it is still zero.
      before = sign(holdEnd->g[static_cast<std::size_t>(i)]);
      if (before == 0.0) before = held;
    } else {
      before = signAfter(i, start, end);
    }
    if (before == 0.0) continue;
    searchBudget_ = maxHiddenCrossingSamples;
    if (auto bracket = earliestCrossing(i, before, *from, end, 0)) {
      brackets.push_back({i, *bracket});
      earlier = earlier || bracket->second < end.t;
    }
  }
  if (brackets.empty() || (solverStopped && !earlier)) return std::nullopt;
  return locate(brackets, start);
}

// A sign change between the ends brackets a root, but not necessarily the first one: a
// function that is not monotone over the step (its end slopes, or a variation much larger than
// the net change, say so) may cross three times. The step is halved until the earliest
// crossing's piece looks monotone.
std::optional<std::pair<double, double>>
EventLocatingIntegrator::earliestCrossing(int i, double s, const Sample& start, const Sample& end,
                                          int depth) {
  std::size_t k = static_cast<std::size_t>(i);
  if (sign(end.g[k]) == s) return hiddenCrossing(i, s, start, end, depth);
  double h = end.t - start.t;
  double g0 = start.g[k], g1 = end.g[k], d0 = start.rate[k] * h, d1 = end.rate[k] * h;
  bool monotone =
      s * d0 <= 0 && s * d1 <= 0 && std::abs(d0) + std::abs(d1) <= 4 * std::abs(g1 - g0);
  if (monotone || h <= locationTolerance(start.t, end.t) || depth >= maxHiddenCrossingDepth ||
      searchBudget_ <= 0)
    return std::make_pair(start.t, end.t);
  --searchBudget_;
  Sample middle = sampleAt(start.t + 0.5 * h, true);
  if (sign(middle.g[k]) != s) return earliestCrossing(i, s, start, middle, depth + 1);
  if (auto left = hiddenCrossing(i, s, start, middle, depth + 1)) return left;
  return earliestCrossing(i, s, middle, end, depth + 1);
}

// Seed 002, 5.2.1: an interpolant whose slopes at the two ends point toward zero and away from
// it again (a minimum of a positive function, a maximum of a negative one) is error-prone: the
// function may dip through zero and back within the step; the extremum of the cubic Hermite
// interpolant (values and time derivatives at both ends) estimates where. A step that is long
// compared with how fast the function changes is sub-sampled as well (the cubic cannot be
// trusted over it): when either end, moving with its own slope, could reach zero within the
// step. The function is evaluated at the chosen point and the halves are checked the same way,
// until a sign change shows, the pieces are short enough to trust, or the budget is spent.
std::optional<std::pair<double, double>>
EventLocatingIntegrator::hiddenCrossing(int i, double s, const Sample& start, const Sample& end,
                                        int depth) {
  std::size_t k = static_cast<std::size_t>(i);
  double h = end.t - start.t;
  double g0 = start.g[k], g1 = end.g[k], d0 = start.rate[k] * h, d1 = end.rate[k] * h;
  bool errorProne = s * d0 < 0 && s * d1 > 0;
  bool reachable = std::min(std::abs(g0), std::abs(g1)) < std::abs(d0) + std::abs(d1);
  if (!errorProne && !reachable) return std::nullopt;
  if (h <= locationTolerance(start.t, end.t) || depth >= maxHiddenCrossingDepth ||
      searchBudget_ <= 0)
    return std::nullopt;
  --searchBudget_;
  // p(x) = a x^3 + b x^2 + d0 x + g0 on [0, 1].
  double a = 2 * (g0 - g1) + d0 + d1, b = 3 * (g1 - g0) - 2 * d0 - d1;
  double x = 0.5;
  if (errorProne) {
    // p'(x) changes sign between 0 and 1: bisect it to the extremum.
    auto slope = [&](double x) { return (3 * a * x + 2 * b) * x + d0; };
    double lo = 0, hi = 1;
    for (int n = 0; n < 60; ++n) {
      double mid = 0.5 * (lo + hi);
      (sign(slope(mid)) == sign(d0) ? lo : hi) = mid;
    }
    x = std::clamp(0.5 * (lo + hi), 0.01, 0.99);
  }
  double predicted = ((a * x + b) * x + d0) * x + g0;
  Sample middle = sampleAt(start.t + x * h, true);
  double actual = middle.g[k];
  if (sign(actual) != s) return std::make_pair(start.t, middle.t);
  // A trustworthy cubic with its extremum clearly away from zero: nothing hides here.
  if (!reachable && s * actual > 4 * std::abs(actual - predicted)) return std::nullopt;
  if (auto left = hiddenCrossing(i, s, start, middle, depth + 1)) return left;
  return hiddenCrossing(i, s, middle, end, depth + 1);
}

// Locates every bracketed root; the earliest and those within twice the location tolerance of
// it make one event, at the latest of their located times (MLS 3.6 section 8.5: simultaneous
// events are handled in one event iteration). A region of concurrency widens that window and
// picks the event's time among the candidates (concurrentRoots).
EventLocatingIntegrator::Root EventLocatingIntegrator::locate(
    const std::vector<std::pair<int, std::pair<double, double>>>& brackets, const Sample& start) {
  std::vector<LocatedRoot> located;
  long iterations = 0;
  for (const auto& [i, bracket] : brackets) {
    double tolerance = locationTolerance(bracket.first, bracket.second);
    RootLocator locator(*this, i, tolerance);
    RootLocator::Result result = locator.run(method_, bracket.first, bracket.second);
    located.push_back({i, result.time, std::move(result.y)});
    iterations += result.evaluations;
  }
  std::stable_sort(located.begin(), located.end(),
                   [](const LocatedRoot& a, const LocatedRoot& b) { return a.time < b.time; });
  auto [count, at] = concurrentRoots(located, start);
  Root root{at.t,
            at.y,
            std::vector<int>(static_cast<std::size_t>(rootCount_), 0),
            std::vector<double>(static_cast<std::size_t>(rootCount_),
                                std::numeric_limits<double>::quiet_NaN()),
            0.0,
            iterations};
  // Roots within twice the location tolerance of each other are simultaneous: one instant, at
  // the latest of them. Several instants only in a region of concurrency.
  bool severalInstants = false;
  for (std::size_t first = 0, k = 0; k < count; first = k) {
    double window = 2 * locationTolerance(start.t, located[first].time);
    while (k < count && located[k].time <= located[first].time + window)
      ++k;
    for (std::size_t j = first; j < k; ++j)
      root.crossingTimes[static_cast<std::size_t>(located[j].function)] = located[k - 1].time;
    severalInstants = severalInstants || located[k - 1].time < at.t;
  }
  if (!severalInstants) root.crossingTimes.clear();
  for (std::size_t k = 0; k < count; ++k) {
    auto i = static_cast<std::size_t>(located[k].function);
    root.directions[i] = start.g[i] > 0 ? -1 : 1;
    // A zero at the restart takes its direction from the sign just after it.
    if (start.g[i] == 0.0) root.directions[i] = at.g[i] > 0 ? 1 : -1;
    root.residual = std::max(root.residual, std::abs(at.g[i]));
  }
  return root;
}

// How many of the located roots (sorted by time) make the event, and the sample at its time.
// The candidates lie within the window of the earliest root: twice the location tolerance, or
// the region of concurrency's. Compere's N_c set (seed 002, 5.2.3): the event happens at the
// latest candidate at which every earlier candidate's function has passed zero by at most the
// amplitude, so no event is handled much later than its function says; without a region of
// concurrency the amplitude is unbounded and the latest candidate is the event.
std::pair<std::size_t, EventLocatingIntegrator::Sample>
EventLocatingIntegrator::concurrentRoots(const std::vector<LocatedRoot>& located,
                                         const Sample& start) {
  double earliest = located.front().time;
  double window = std::max(2 * locationTolerance(start.t, earliest), concurrency_.window);
  std::size_t candidates = 1;
  while (candidates < located.size() && located[candidates].time <= earliest + window)
    ++candidates;
  for (std::size_t last = candidates; last > 1; --last) {
    Sample at = sampleAtRoot(located[last - 1]);
    bool withinAmplitude = true;
    for (std::size_t k = 0; k < last && withinAmplitude; ++k)
      withinAmplitude =
          std::abs(at.g[static_cast<std::size_t>(located[k].function)]) <= concurrency_.amplitude;
    if (withinAmplitude) return {last, std::move(at)};
  }
  return {1, sampleAtRoot(located.front())};
}

EventLocatingIntegrator::Sample EventLocatingIntegrator::sampleAtRoot(const LocatedRoot& root) {
  return sampleAt(root.time, false, root.y.empty() ? nullptr : &root.y);
}

EventLocatingIntegrator::Sample
EventLocatingIntegrator::sampleAt(double t, bool withRate, const std::vector<double>* state) {
  Sample sample;
  sample.t = t;
  if (state) {
    sample.y = *state;
  } else {
    sample.y.resize(output_.size());
    inner_->denseOutput(t, sample.y);
  }
  sample.g.resize(static_cast<std::size_t>(rootCount_));
  ++rootCalls_;
  if (system_.roots(t, sample.y, sample.g) != CallbackStatus::Ok)
    throw IntegratorError(
        fmt::format("event location: the root functions cannot be evaluated at time {}", t), t);
  if (withRate) evaluateRates(sample);
  return sample;
}

std::vector<double> EventLocatingIntegrator::derivativesAt(double t, const std::vector<double>& y) {
  std::vector<double> dy(y.size());
  ++rhsCalls_;
  if (system_.derivatives(t, y, dy) != CallbackStatus::Ok)
    throw IntegratorError(
        fmt::format("event location: the derivatives cannot be evaluated at time {}", t), t);
  return dy;
}

// dg/dt along the solution: the compiler's symbolic rates (OdeSystem::rootRates), and for the
// root functions without one a central difference along the vector field,
// (g(t + d, y + d f) - g(t - d, y - d f)) / 2d with d = eps^(1/3) relative to the time scale:
// second-order accurate, the derivative good to about eps^(2/3) (relations stay frozen, so g
// is smooth here).
void EventLocatingIntegrator::evaluateRates(Sample& sample) {
  sample.rate.resize(sample.g.size());
  ++rootCalls_;
  if (system_.rootRates(sample.t, sample.y, sample.rate) != CallbackStatus::Ok)
    throw IntegratorError(fmt::format("event location: the crossing rates cannot be evaluated "
                                      "at time {}",
                                      sample.t),
                          sample.t);
  if (std::none_of(sample.rate.begin(), sample.rate.end(), [](double r) { return std::isnan(r); }))
    return;
  std::vector<double> f = derivativesAt(sample.t, sample.y);
  double delta = std::cbrt(epsilon) * std::max(1.0, std::abs(sample.t));
  std::vector<double> ahead(sample.y.size()), behind(sample.y.size());
  std::vector<double> gAhead(sample.g.size()), gBehind(sample.g.size());
  for (std::size_t j = 0; j < ahead.size(); ++j) {
    ahead[j] = sample.y[j] + delta * f[j];
    behind[j] = sample.y[j] - delta * f[j];
  }
  rootCalls_ += 2;
  if (system_.roots(sample.t + delta, ahead, gAhead) != CallbackStatus::Ok ||
      system_.roots(sample.t - delta, behind, gBehind) != CallbackStatus::Ok)
    throw IntegratorError(fmt::format("event location: the root functions cannot be evaluated "
                                      "near time {}",
                                      sample.t),
                          sample.t);
  for (std::size_t i = 0; i < gAhead.size(); ++i)
    if (std::isnan(sample.rate[i])) sample.rate[i] = (gAhead[i] - gBehind[i]) / (2 * delta);
}

// CVODE's root location tolerance, 100 eps (|t| + |h|), for a step from a to b.
double EventLocatingIntegrator::locationTolerance(double a, double b) const {
  return 100 * epsilon * (std::abs(b) + std::abs(b - a));
}

IntegratorStatistics EventLocatingIntegrator::statistics() const {
  IntegratorStatistics total = inner_->statistics();
  total.rhsEvaluations += rhsCalls_;
  total.rootEvaluations += rootCalls_;
  return total;
}

} // namespace mocc::runtime
