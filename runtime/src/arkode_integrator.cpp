// ArkodeIntegrator: ARKODE's ERKStep (explicit Dormand-Prince) and ARKStep (fully implicit
// DIRK with Newton and IntegratorJacobian) as a Solver of the integrator core
// (SundialsIntegrator). The two steppers
// have the same optional-input and output functions under different prefixes; a table of those
// function pointers lets one implementation drive either. Callbacks hand the OdeSystem spans
// over ARKODE's own vectors; step counters are summed per solver call, so they survive the
// restarts after a recoverable failure.
#include "mocc/runtime/arkode_integrator.h"

#include "integrator_jacobian.h"
#include "sundials_check.h"
#include "sundials_solver.h"

#include <arkode/arkode.h>
#include <arkode/arkode_arkstep.h>
#include <arkode/arkode_erkstep.h>
#include <arkode/arkode_ls.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace mocc::runtime {

namespace {

/// The functions ERKStep and ARKStep share, with the prefix their names start with.
struct Stepper {
  const char* prefix;
  int (*setErrHandlerFn)(void*, ARKErrHandlerFn, void*);
  int (*setUserData)(void*, void*);
  int (*tolerances)(void*, sunrealtype, N_Vector);
  int (*setMaxNumSteps)(void*, long);
  int (*rootInit)(void*, int, ARKRootFn);
  int (*setNoInactiveRootWarn)(void*);
  int (*setStopTime)(void*, sunrealtype);
  int (*setMinStep)(void*, sunrealtype);
  int (*evolve)(void*, sunrealtype, N_Vector, sunrealtype*, int);
  int (*getDky)(void*, sunrealtype, int, N_Vector);
  int (*getRootInfo)(void*, int*);
  int (*getNumSteps)(void*, long*);
  int (*getNumErrTestFails)(void*, long*);
  /// ReInit with the one right-hand side (ARKStep's as the implicit one).
  int (*reInit)(void*, ARKRhsFn, sunrealtype, N_Vector);
  void (*free)(void**);
  char* (*returnFlagName)(long);
};

constexpr Stepper erkStep = {"ERKStep",
                             ERKStepSetErrHandlerFn,
                             ERKStepSetUserData,
                             ERKStepSVtolerances,
                             ERKStepSetMaxNumSteps,
                             ERKStepRootInit,
                             ERKStepSetNoInactiveRootWarn,
                             ERKStepSetStopTime,
                             ERKStepSetMinStep,
                             ERKStepEvolve,
                             ERKStepGetDky,
                             ERKStepGetRootInfo,
                             ERKStepGetNumSteps,
                             ERKStepGetNumErrTestFails,
                             ERKStepReInit,
                             ERKStepFree,
                             ERKStepGetReturnFlagName};

constexpr Stepper arkStep = {"ARKStep",
                             ARKStepSetErrHandlerFn,
                             ARKStepSetUserData,
                             ARKStepSVtolerances,
                             ARKStepSetMaxNumSteps,
                             ARKStepRootInit,
                             ARKStepSetNoInactiveRootWarn,
                             ARKStepSetStopTime,
                             ARKStepSetMinStep,
                             ARKStepEvolve,
                             ARKStepGetDky,
                             ARKStepGetRootInfo,
                             ARKStepGetNumSteps,
                             ARKStepGetNumErrTestFails,
                             [](void* arkode, ARKRhsFn f, sunrealtype t, N_Vector y) {
                               return ARKStepReInit(arkode, nullptr, f, t, y);
                             },
                             ARKStepFree,
                             ARKStepGetReturnFlagName};

/// SundialsCheck for ARKODE: a failure becomes an IntegratorError naming the function, the
/// flag's ARKODE name (ARK_* or, for linear-solver calls, ARKLS_*) and the time, with the
/// explanation ARKODE passed to its error handler.
class ArkodeCheck {
public:
  explicit ArkodeCheck(const Stepper& stepper) : stepper_(stepper) {}

  int operator()(int flag, std::string_view function, double time, bool linearSolver = false) {
    if (flag >= 0) return flag;
    char* text = linearSolver ? ARKStepGetLinReturnFlagName(flag) : stepper_.returnFlagName(flag);
    std::unique_ptr<char, decltype(&std::free)> name(text, &std::free);
    std::string message = fmt::format("{}{} failed at time {}: {}", stepper_.prefix, function, time,
                                      name ? name.get() : fmt::format("flag {}", flag));
    if (!lastMessage_.empty()) message += fmt::format(" ({})", lastMessage_);
    lastMessage_.clear();
    throw IntegratorError(message, time);
  }

  /// ARKErrHandlerFn: keeps the latest error message (warnings are dropped, as for CVODE).
  static void errorHandler(int code, const char*, const char*, char* message, void* self) {
    if (code < 0) static_cast<ArkodeCheck*>(self)->lastMessage_ = message ? message : "";
  }

private:
  const Stepper& stepper_;
  std::string lastMessage_;
};

/// counter += the work of one solver call, from the counter's values before and after it.
void addWork(long& counter, long before, long after) { counter += after - before; }

class ArkodeSolver final : public SundialsIntegrator::Solver {
public:
  ArkodeSolver(OdeSystem& system, const IntegratorSettings& settings, ArkodeMethod method);

  std::string_view name() const override {
    return method_ == ArkodeMethod::ExplicitDormandPrince ? "arkode-erk" : "arkode-dirk";
  }
  void restart(double t, std::span<const double> y) override;
  bool solve(const Request& request, double& reachedTime) override;
  void rootDirections(std::span<int> directions, double t) override {
    check_(stepper_.getRootInfo(arkode_, directions.data()), "GetRootInfo", t);
  }
  std::span<const double> state() override { return view(state_); }
  void interpolate(double t, std::span<double> y) override;
  IntegratorStatistics stepCounters() override { return sinceRestart_; }
  std::string jacobianDescription() const override {
    return newtonMatrix_ ? newtonMatrix_->description() : "none (explicit)";
  }

private:
  void createSolver();
  void createNewtonSolver();
  IntegratorStatistics solverCounters(double t);
  /// Runs the stepper's Evolve once, adds its work to sinceRestart_ and rethrows callback
  /// exceptions.
  int evolve(const Request& request, double& reachedTime);
  /// ERKStep in SUNDIALS 6.4 gives up on a recoverable right-hand-side failure
  /// (ARK_UNREC_RHSFUNC_ERR): restart it at its last accepted point with a quarter of the
  /// failed step, as ARKStep and CVODE do internally. False when the step cannot shrink.
  bool restartWithSmallerStep();
  /// Forgets the history, restarting at (t, y) with every option kept.
  void reInit(double t, std::span<const double> y);

  static int rhs(sunrealtype t, N_Vector y, N_Vector dy, void* self);
  static int roots(sunrealtype t, N_Vector y, sunrealtype* g, void* self);
  static int acceptedStep(sunrealtype t, N_Vector y, void* self);
  static int jacobian(sunrealtype t, N_Vector y, N_Vector dy, SUNMatrix matrix, void* self,
                      N_Vector, N_Vector, N_Vector);

  ArkodeMethod method_;
  const Stepper& stepper_;
  ArkodeCheck check_;
  SundialsCheck matrixCheck_; // for IntegratorJacobian's own SUNDIALS calls
  N_Vector state_ = nullptr;
  N_Vector scratch_ = nullptr;
  std::unique_ptr<IntegratorJacobian> newtonMatrix_; // ARKStep only
  SolverMemory arkode_{stepper_.free};

  bool steppedSinceReInit_ = false;   // ARKODE's own restarts included
  IntegratorStatistics sinceRestart_; // step counters summed over the solver calls
  bool lastRhsRecoverable_ = false;
  // The last (re)initialisation, restart or accepted step (ERKStep records every step's end
  // to restart from it after a recoverable failure).
  double restartTime_ = 0.0;
  std::vector<double> restartState_;
  double restartStep_ = 0.0; // the first step set at a restart, 0 once a step was taken
};

ArkodeSolver::ArkodeSolver(OdeSystem& system, const IntegratorSettings& settings,
                           ArkodeMethod method)
    : Solver(system, settings), method_(method),
      stepper_(method == ArkodeMethod::ExplicitDormandPrince ? erkStep : arkStep),
      check_(stepper_) {
  createSolver();
}

void ArkodeSolver::createSolver() {
  const double t = 0.0;
  createContext(matrixCheck_);
  state_ = newVector(size, matrixCheck_);
  scratch_ = newVector(size, matrixCheck_);
  if (method_ == ArkodeMethod::ExplicitDormandPrince) {
    arkode_.reset(matrixCheck_.created(ERKStepCreate(&ArkodeSolver::rhs, t, state_, context),
                                       "ERKStepCreate", t));
    check_(ERKStepSetTableNum(arkode_, ARKODE_DORMAND_PRINCE_7_4_5), "SetTableNum", t);
    // ARKODE's Hermite interpolant of degree 4 (its default for order 5) evaluates the
    // right-hand side at every call, uncached: one evaluation per output point and per
    // sample of the event locator. The cubic one uses the step's end values and slopes only
    // (O(h^4), like rk45's continuous extension).
    check_(ERKStepSetInterpolantDegree(arkode_, 3), "SetInterpolantDegree", t);
    check_(ERKStepSetPostprocessStepFn(arkode_, &ArkodeSolver::acceptedStep),
           "SetPostprocessStepFn", t);
  } else {
    // Only the implicit right-hand side: a fully implicit (DIRK) method.
    arkode_.reset(matrixCheck_.created(
        ARKStepCreate(nullptr, &ArkodeSolver::rhs, t, state_, context), "ARKStepCreate", t));
  }
  check_(stepper_.setErrHandlerFn(arkode_, &ArkodeCheck::errorHandler, &check_), "SetErrHandlerFn",
         t);
  check_(stepper_.setUserData(arkode_, this), "SetUserData", t);
  N_Vector tolerances =
      matrixCheck_.created(absoluteTolerances(settings, size, context), "N_VNew_Serial", t);
  int flag = stepper_.tolerances(arkode_, settings.relativeTolerance, tolerances);
  N_VDestroy(tolerances);
  check_(flag, "SVtolerances", t);
  check_(stepper_.setMaxNumSteps(arkode_, settings.maxSteps), "SetMaxNumSteps", t);
  if (rootCount > 0 && settings.solverRootFinding) {
    check_(stepper_.rootInit(arkode_, rootCount, &ArkodeSolver::roots), "RootInit", t);
    // A function that is exactly zero at a restart is the root just handled: no warning.
    check_(stepper_.setNoInactiveRootWarn(arkode_), "SetNoInactiveRootWarn", t);
  }
  if (method_ == ArkodeMethod::ImplicitDirk) createNewtonSolver();
}

void ArkodeSolver::createNewtonSolver() {
  const double t = 0.0;
  // Order 4 selects ARKODE's default DIRK table for it (ARKODE_SDIRK_5_3_4, L-stable).
  check_(ARKStepSetOrder(arkode_, 4), "SetOrder", t);
  // When ARKODE shortens a step to land on the stop time, Newton keeps the matrix I - gamma J
  // of the longer step (gamma changed by less than the default 20%) and, in SUNDIALS 6.4, the
  // convergence-rate estimate that went with it, so it may accept one inexact iteration:
  // measured 1000 times the tolerance at a stop time on the harmonic oscillator. Re-forming the
  // matrix whenever gamma changes (the Jacobian itself is reused) costs one factorisation per
  // step and keeps every step as accurate as the tolerance asks.
  check_(ARKStepSetDeltaGammaMax(arkode_, 1e-3), "SetDeltaGammaMax", t);
  newtonMatrix_ = std::make_unique<IntegratorJacobian>(system, size, settings.sparseThreshold,
                                                       IntegratorJacobian::Form::Ode, state_,
                                                       context, matrixCheck_);
  check_(ARKStepSetLinearSolver(arkode_, newtonMatrix_->solver(), newtonMatrix_->matrix()),
         "SetLinearSolver", t, true);
  // Without a Jacobian function ARKODE differentiates by difference quotients.
  if (newtonMatrix_->analytic())
    check_(ARKStepSetJacFn(arkode_, &ArkodeSolver::jacobian), "SetJacFn", t, true);
}

int ArkodeSolver::rhs(sunrealtype t, N_Vector y, N_Vector dy, void* self) {
  auto& solver = *static_cast<ArkodeSolver*>(self);
  ++solver.rhsCalls;
  int status = solver.guarded([&] { return solver.system.derivatives(t, view(y), view(dy)); });
  solver.lastRhsRecoverable_ = status > 0;
  return status;
}

int ArkodeSolver::acceptedStep(sunrealtype t, N_Vector y, void* self) {
  auto& solver = *static_cast<ArkodeSolver*>(self);
  solver.restartTime_ = t;
  auto values = view(y);
  std::copy(values.begin(), values.end(), solver.restartState_.begin());
  solver.restartStep_ = 0.0;
  return 0;
}

int ArkodeSolver::roots(sunrealtype t, N_Vector y, sunrealtype* g, void* self) {
  return static_cast<ArkodeSolver*>(self)->evaluateRoots(t, view(y), g);
}

int ArkodeSolver::jacobian(sunrealtype t, N_Vector y, N_Vector dy, SUNMatrix matrix, void* self,
                           N_Vector, N_Vector, N_Vector) {
  auto& solver = *static_cast<ArkodeSolver*>(self);
  // ARKStep wants J = d f / d y itself and forms I - gamma J from it.
  return solver.guarded(
      [&] { return solver.newtonMatrix_->fill(t, view(y), view(dy), matrix, 0.0, 1.0); });
}

IntegratorStatistics ArkodeSolver::solverCounters(double t) {
  IntegratorStatistics counters;
  check_(stepper_.getNumSteps(arkode_, &counters.steps), "GetNumSteps", t);
  check_(stepper_.getNumErrTestFails(arkode_, &counters.errorTestFailures), "GetNumErrTestFails",
         t);
  if (method_ == ArkodeMethod::ImplicitDirk) {
    check_(ARKStepGetNumNonlinSolvIters(arkode_, &counters.nonlinearIterations),
           "GetNumNonlinSolvIters", t);
    check_(ARKStepGetNumNonlinSolvConvFails(arkode_, &counters.convergenceFailures),
           "GetNumNonlinSolvConvFails", t);
    check_(ARKStepGetNumJacEvals(arkode_, &counters.jacobianEvaluations), "GetNumJacEvals", t,
           true);
  }
  return counters;
}

bool ArkodeSolver::solve(const Request& request, double& reachedTime) {
  double t = reachedTime;
  for (;;) {
    check_(stepper_.setStopTime(arkode_, request.tStop), "SetStopTime", t);
    check_(stepper_.setMinStep(arkode_, request.minStep), "SetMinStep", t);
    reachedTime = t;
    int flag = evolve(request, reachedTime);
    // The failure may also hit the restart's first evaluation (ARK_RHSFUNC_FAIL): shrinking
    // again until the step cannot shrink bounds the retries.
    bool recoverable = (flag == ARK_UNREC_RHSFUNC_ERR || flag == ARK_RHSFUNC_FAIL) &&
                       lastRhsRecoverable_ && method_ == ArkodeMethod::ExplicitDormandPrince;
    if (recoverable && restartWithSmallerStep()) continue;
    check_(flag, "Evolve", reachedTime);
    return flag == ARK_ROOT_RETURN;
  }
}

int ArkodeSolver::evolve(const Request& request, double& reachedTime) {
  // ARKODE restarts some counters at ReInit and others (the nonlinear and linear solvers')
  // only once stepping begins: the first call after a restart counts from zero.
  double t = reachedTime;
  IntegratorStatistics before = steppedSinceReInit_ ? solverCounters(t) : IntegratorStatistics{};
  lastRhsRecoverable_ = false;
  int flag = stepper_.evolve(arkode_, request.tOut, state_, &reachedTime,
                             request.oneStep ? ARK_ONE_STEP : ARK_NORMAL);
  steppedSinceReInit_ = steppedSinceRestart = true;
  IntegratorStatistics after = solverCounters(t);
  addWork(sinceRestart_.steps, before.steps, after.steps);
  addWork(sinceRestart_.errorTestFailures, before.errorTestFailures, after.errorTestFailures);
  addWork(sinceRestart_.nonlinearIterations, before.nonlinearIterations, after.nonlinearIterations);
  addWork(sinceRestart_.convergenceFailures, before.convergenceFailures, after.convergenceFailures);
  addWork(sinceRestart_.jacobianEvaluations, before.jacobianEvaluations, after.jacobianEvaluations);
  guarded.rethrowPending();
  return flag;
}

bool ArkodeSolver::restartWithSmallerStep() {
  // ERKStep's current time is the failed stage's: restart from the last accepted point, which
  // acceptedStep() recorded (or the last restart itself).
  double failedAt = restartTime_, failedStep = 0.0;
  check_(ERKStepGetCurrentStep(arkode_, &failedStep), "GetCurrentStep", failedAt);
  // A failure at the restart's first evaluation, before any step: shrink the step set there.
  if (restartStep_ > 0.0 && (failedStep == 0.0 || restartStep_ < std::abs(failedStep)))
    failedStep = restartStep_;
  double smaller = 0.25 * std::abs(failedStep);
  if (!(smaller > minimumStep(failedAt, failedAt))) return false;
  std::vector<double> accepted = restartState_;
  reInit(failedAt, accepted);
  check_(ERKStepSetInitStep(arkode_, smaller), "SetInitStep", failedAt);
  restartStep_ = smaller;
  ++sinceRestart_.errorTestFailures; // a rejected step
  return true;
}

void ArkodeSolver::reInit(double t, std::span<const double> y) {
  restartState_.assign(y.begin(), y.end());
  restartTime_ = t;
  restartStep_ = 0.0;
  std::copy(y.begin(), y.end(), view(state_).begin());
  check_(stepper_.reInit(arkode_, &ArkodeSolver::rhs, t, state_), "ReInit", t);
  steppedSinceReInit_ = false;
}

void ArkodeSolver::restart(double t, std::span<const double> y) {
  // ReInit forgets the history, step size included (Reset would keep the last step size and
  // so depend on what came before), and keeps every option; it restarts the counters, which
  // evolve() sums per call. The first step is estimated again unless a restart after a
  // recoverable failure (ERKStep only) set one.
  if (method_ == ArkodeMethod::ExplicitDormandPrince)
    check_(ERKStepSetInitStep(arkode_, 0.0), "SetInitStep", t);
  reInit(t, y);
  sinceRestart_ = {};
}

void ArkodeSolver::interpolate(double t, std::span<double> y) {
  // GetDky itself rejects times outside the last internal step (ARK_BAD_T).
  check_(stepper_.getDky(arkode_, t, 0, scratch_), "GetDky", t);
  std::copy_n(view(scratch_).begin(), y.size(), y.begin());
}

} // namespace

ArkodeIntegrator::ArkodeIntegrator(OdeSystem& system, const IntegratorSettings& settings,
                                   ArkodeMethod method)
    : SundialsIntegrator(std::make_unique<ArkodeSolver>(system, settings, method)) {}

} // namespace mocc::runtime
