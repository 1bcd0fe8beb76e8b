// structure::verify: the matching a schedule claims is a bijection (see sort.h).
#include "mocc/structure/sort.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

namespace mocc::backend::structure {

namespace {

class ScheduleVerifier {
public:
  /// `leftAsSolved`: variables that when-clauses and algorithm sections do not compute in
  /// this schedule (Initialization::solvedWhenOutputs).
  ScheduleVerifier(const dae::System& system, const char* schedule,
                   std::vector<std::uint32_t> leftAsSolved = {})
      : system_(system), schedule_(schedule), computedBy_(system.variables.size(), kNotComputed),
        leftAsSolved_(std::move(leftAsSolved)) {}

  void steps(const std::vector<Step>& list) {
    for (const Step& step : list) {
      ++stepNumber_;
      bool block = step.kind == Step::Kind::When || step.kind == Step::Kind::Algorithm;
      for (std::uint32_t v : computedVariables(step)) {
        if (!block ||
            std::find(leftAsSolved_.begin(), leftAsSolved_.end(), v) == leftAsSolved_.end())
          computed(v);
      }
      if (step.kind == Step::Kind::System) systemStep(step);
    }
  }

  /// Every one of `unknowns` is computed by some step.
  void everyComputed(const std::vector<std::uint32_t>& unknowns) {
    for (std::uint32_t v : unknowns) {
      if (v < computedBy_.size() && computedBy_[v] == kNotComputed)
        problem("no step of the {} schedule computes the unknown '{}'", schedule_,
                system_.variables[v].name);
    }
  }

  std::vector<std::string> problems() { return std::move(problems_); }

private:
  static constexpr std::size_t kNotComputed = SIZE_MAX;

  template <class... Args> void problem(fmt::format_string<Args...> format, Args&&... args) {
    problems_.push_back(fmt::format(format, std::forward<Args>(args)...));
  }

  // The variables a step computes itself: a System step's are its iteration variables
  // (its inner steps are checked as steps of their own).
  std::vector<std::uint32_t> computedVariables(const Step& step) {
    switch (step.kind) {
    case Step::Kind::Assign: return {step.variable};
    case Step::Kind::System: return step.iteration;
    case Step::Kind::When:
      if (step.source < system_.whens.size()) return system_.whens[step.source].assigned;
      problem("step {} of the {} schedule is when-clause {}, which does not exist", stepNumber_,
              schedule_, step.source);
      return {};
    case Step::Kind::Algorithm:
    case Step::Kind::InitialAlgorithm: {
      const auto& list =
          step.kind == Step::Kind::Algorithm ? system_.algorithms : system_.initialAlgorithms;
      if (step.source < list.size()) return list[step.source].outputs;
      problem("step {} of the {} schedule is algorithm {}, which does not exist", stepNumber_,
              schedule_, step.source);
      return {};
    }
    }
    return {};
  }

  void computed(std::uint32_t v) {
    if (v >= computedBy_.size()) {
      problem("step {} of the {} schedule computes variable {}, which does not exist", stepNumber_,
              schedule_, v);
    } else if (computedBy_[v] != kNotComputed) {
      problem("'{}' is computed by step {} and again by step {} of the {} schedule",
              system_.variables[v].name, computedBy_[v], stepNumber_, schedule_);
    } else {
      computedBy_[v] = stepNumber_;
    }
  }

  void systemStep(const Step& step) {
    std::size_t n = step.iteration.size();
    if (step.residuals.size() != n)
      problem("step {} of the {} schedule has {} residuals for {} iteration variables", stepNumber_,
              schedule_, step.residuals.size(), n);
    if (!step.jacobian.empty() && step.jacobian.size() != n * n)
      problem("step {} of the {} schedule has a Jacobian of {} entries for {} iteration "
              "variables",
              stepNumber_, schedule_, step.jacobian.size(), n);
    steps(step.inner);
  }

  const dae::System& system_;
  const char* schedule_;
  std::vector<std::size_t> computedBy_; // the step that computes each variable
  // A copy: the default argument {} lives only as long as the constructor call.
  std::vector<std::uint32_t> leftAsSolved_;
  std::size_t stepNumber_ = 0;
  std::vector<std::string> problems_;
};

} // namespace

std::vector<std::string> verify(const dae::System& system, const Schedule& schedule) {
  ScheduleVerifier simulation(system, "simulation");
  simulation.steps(schedule.steps);
  std::vector<std::uint32_t> unknowns;
  for (std::uint32_t v = 0; v < system.variables.size(); ++v) {
    if (system.variables[v].isUnknown()) unknowns.push_back(v);
  }
  simulation.everyComputed(unknowns);
  return simulation.problems();
}

std::vector<std::string> verify(const dae::System& system, const Initialization& initialization) {
  ScheduleVerifier verifier(system, "initialization", initialization.solvedWhenOutputs);
  verifier.steps(initialization.steps);
  verifier.everyComputed(initialization.unknowns);
  return verifier.problems();
}

} // namespace mocc::backend::structure
