// The solver registry behind makeIntegrator: the only place that names concrete integrators,
// so the event loop and the CLI stay independent of which ones exist.
#include "mocc/runtime/integrator.h"
#include "mocc/runtime/arkode_integrator.h"
#include "mocc/runtime/cvode_integrator.h"
#include "mocc/runtime/ida_integrator.h"
#include "mocc/runtime/runge_kutta_integrators.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

namespace mocc::runtime {

namespace {
constexpr std::array<std::string_view, 8> solverNames = {
    "cvode", "cvode-adams", "ida", "arkode-erk", "arkode-dirk", "rk45", "rk4", "euler"};
} // namespace

AdvanceResult Integrator::advanceBySteps(double tOut, double tStop, std::span<double> state) {
  double target = std::min(tOut, tStop);
  // The last step may already have passed an output time (steps go toward tStop, not tOut):
  // anything from its start on is served by its dense output.
  if (!(target >= stepStart()))
    throw std::invalid_argument("advance: target lies before the current time");
  while (stepEnd() < target)
    step(tStop);
  denseOutput(target, state);
  AdvanceReason reason =
      target == tStop ? AdvanceReason::ReachedStopTime : AdvanceReason::ReachedOutput;
  return AdvanceResult{reason, target, state, {}};
}

std::span<const std::string_view> availableSolvers() { return solverNames; }

std::unique_ptr<Integrator> makeIntegrator(std::string_view solver, OdeSystem& system,
                                           const IntegratorSettings& settings) {
  if (solver == "cvode") return std::make_unique<CvodeIntegrator>(system, settings);
  if (solver == "cvode-adams")
    return std::make_unique<CvodeIntegrator>(system, settings, CvodeMethod::Adams);
  if (solver == "ida") return std::make_unique<IdaIntegrator>(system, settings);
  if (solver == "arkode-erk")
    return std::make_unique<ArkodeIntegrator>(system, settings,
                                              ArkodeMethod::ExplicitDormandPrince);
  if (solver == "arkode-dirk")
    return std::make_unique<ArkodeIntegrator>(system, settings, ArkodeMethod::ImplicitDirk);
  if (solver == "rk45") return std::make_unique<DormandPrinceIntegrator>(system, settings);
  if (solver == "rk4")
    return std::make_unique<FixedStepIntegrator>(system, settings,
                                                 FixedStepMethod::ClassicalRungeKutta);
  if (solver == "euler")
    return std::make_unique<FixedStepIntegrator>(system, settings, FixedStepMethod::Euler);
  std::string known;
  for (std::string_view name : solverNames)
    known += (known.empty() ? "" : ", ") + std::string(name);
  throw std::invalid_argument("unknown solver '" + std::string(solver) + "' (available: " + known +
                              ")");
}

} // namespace mocc::runtime
