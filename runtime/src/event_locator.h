// EventLocatingIntegrator: event location written once above any integrator's steps. It takes
// the inner integrator's steps one at a time and, after each, looks for roots of the root
// functions inside the step on its dense output:
//  - sign changes between the ends of the step (or the roots the solver's own root finding
//    stopped at, for the "solver" method);
//  - double crossings the ends do not show: seed 002 (Compere 2001, 5.2.1) flags a function
//    whose cubic Hermite interpolant (values and time derivatives at both ends) has slopes of
//    opposite signs with its curvature toward zero, then evaluates the function at the
//    interpolant's extremum and splits the step there until it finds a sign change or the
//    extremum is clearly away from zero;
//  - zeros at the restart: a function that is exactly zero where the step starts takes the
//    sign it has just after, so a root just handled does not fire again (sticking).
// Each root found is located by the chosen method; roots within the location tolerance of the
// earliest one are handled together, as one event. With a region of concurrency (Compere, seed
// 002, 5.2.3) roots within its window of the earliest one are handled together too.
#pragma once

#include "mocc/runtime/integrator.h"

#include <limits>
#include <memory>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace mocc::runtime {

enum class LocatorMethod { Solver, Bisection, Illinois, Brent, Newton, Henon, Trapezoid };

/// Compere's region of concurrency (seed 002, 5.2.3, Fig. 5.9): the roots located within
/// `window` seconds of the earliest root in a step are candidates for one event; it happens at
/// the latest candidate's time at which every earlier candidate's function has moved past zero
/// by at most `amplitude`. The default (window 0) handles only roots within the location
/// tolerance of each other together.
struct EventConcurrency {
  double window = 0.0;
  double amplitude = std::numeric_limits<double>::infinity();
};

/// The method named `name` (an entry of availableEventLocators()), or nullopt.
std::optional<LocatorMethod> parseLocatorMethod(std::string_view name);

class EventLocatingIntegrator final : public Integrator {
public:
  /// `inner` must find roots itself exactly when `method` is Solver; `system` is the one it
  /// integrates and must outlive this object. advance() fails after settings.maxSteps steps;
  /// Henon's method integrates to the settings' relative tolerance.
  EventLocatingIntegrator(std::unique_ptr<Integrator> inner, OdeSystem& system,
                          LocatorMethod method, const IntegratorSettings& settings,
                          EventConcurrency concurrency = {});

  std::string_view name() const override { return inner_->name(); }
  void reinitialize(double t, std::span<const double> y) override;
  AdvanceResult advance(double tOut, double tStop) override;
  bool findsRoots() const override { return true; }
  double step(double tStop) override { return inner_->step(tStop); }
  double stepStart() const override { return inner_->stepStart(); }
  double stepEnd() const override { return inner_->stepEnd(); }
  void denseOutput(double t, std::span<double> y) const override { inner_->denseOutput(t, y); }
  IntegratorStatistics statistics() const override;

  /// After a restart at which root function i was exactly zero, the simulator found the sign
  /// it leaves zero with, `signs[i]` (0: none), by probing the solution up to `until`. Closer
  /// to the restart the computed function is rounding noise around zero (a circuit at rest at
  /// t = 0 makes some solvers take steps of 1e-22 s), so roots of a held function are sought
  /// only after `until`, from the sign it has there (the held one if it is zero there).
  /// Cleared by reinitialize().
  void holdSignsUntil(std::vector<int> signs, double until);

  /// One evaluation of the root functions along the solution: g(t, y) and, when asked for,
  /// their time derivatives along it (public for the locating methods).
  struct Sample {
    double t = 0.0;
    std::vector<double> y, g, rate;
  };

private:
  struct Root {
    double time;
    std::vector<double> y; // the state at `time`
    std::vector<int> directions;
    /// Per function, the instant its root was located at (NaN: no root): its own time, or the
    /// latest of the roots simultaneous with it; empty when all are at `time`.
    std::vector<double> crossingTimes;
    double residual;
    long iterations;
  };

  /// Takes one inner step and looks for roots inside it.
  void stepAndSearch(double tStop);
  /// Roots inside [start, end] (before the solver's own when it stopped at one); computes the
  /// samples' rates.
  std::optional<Root> searchStep(Sample& start, Sample& end, bool solverStopped);
  /// A bracket of the first root of g_i inside [start, end], where g_i starts with sign `s`.
  std::optional<std::pair<double, double>> earliestCrossing(int i, double s, const Sample& start,
                                                            const Sample& end, int depth);
  /// A bracket [a, b] of a root of g_i inside [start, end] that the ends, where g_i has sign
  /// `s` (at the start: just after it), do not show.
  std::optional<std::pair<double, double>> hiddenCrossing(int i, double s, const Sample& start,
                                                          const Sample& end, int depth);
  Root locate(const std::vector<std::pair<int, std::pair<double, double>>>& brackets,
              const Sample& start);
  /// A root of g_`function` located at `time`; `y` is the state there (empty: the dense
  /// output's).
  struct LocatedRoot {
    int function;
    double time;
    std::vector<double> y;
  };
  /// How many of the roots `located` (sorted by time) make one event, and the sample at its
  /// time (EventConcurrency).
  std::pair<std::size_t, Sample> concurrentRoots(const std::vector<LocatedRoot>& located,
                                                 const Sample& start);
  Sample sampleAtRoot(const LocatedRoot& root);
  /// The sign g_i has just after `start` (its sign there unless it is exactly zero).
  double signAfter(int i, const Sample& start, const Sample& end);
  /// The held sign of g_i while `t` lies before the hold's end, else 0.
  int heldSign(int i, double t) const;

  /// The root functions at t, at `state` or else on the dense output.
  Sample sampleAt(double t, bool withRate, const std::vector<double>* state = nullptr);
  std::vector<double> derivativesAt(double t, const std::vector<double>& y);
  void evaluateRates(Sample& sample);
  double locationTolerance(double a, double b) const;

  std::unique_ptr<Integrator> inner_;
  OdeSystem& system_;
  LocatorMethod method_;
  EventConcurrency concurrency_;
  long maxSteps_;
  double relativeTolerance_;
  long stepsThisAdvance_ = 0;
  double advanceStart_ = 0.0;
  int rootCount_;
  Sample last_; // at stepEnd()
  std::optional<Root> pending_;
  /// The solver stopped at roots that were all dismissed as noise: it restarts there before
  /// its next step (see stepAndSearch).
  bool restartBeforeNextStep_ = false;
  std::vector<double> output_;
  std::vector<int> noRoots_;
  long rhsCalls_ = 0, rootCalls_ = 0;
  int searchBudget_ = 0;       // samples left to hiddenCrossing for the current function
  std::vector<int> heldSigns_; // holdSignsUntil()
  double holdUntil_ = 0.0;

  friend class RootLocator;
};

} // namespace mocc::runtime
