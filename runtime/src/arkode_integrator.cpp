// ArkodeIntegrator: ARKODE's ERKStep (explicit Dormand-Prince) and ARKStep (fully implicit
// DIRK with Newton and IntegratorJacobian) behind the Integrator interface. The two steppers
// have the same optional-input and output functions under different prefixes; a table of those
// function pointers lets one implementation drive either. Callbacks hand the OdeSystem spans
// over ARKODE's own vectors; statistics are summed per solver call, so they survive resets.
#include "mocc/runtime/arkode_integrator.h"

#include "integrator_jacobian.h"
#include "integrator_support.h"
#include "sundials_check.h"

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

constexpr double epsilon = std::numeric_limits<double>::epsilon();

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

} // namespace

struct ArkodeIntegrator::Impl {
  Impl(OdeSystem& system, const IntegratorSettings& settings, ArkodeMethod method);
  ~Impl() { release(); }

  void createSolver();
  void createNewtonSolver();
  void release();
  IntegratorStatistics solverCounters();
  /// Runs the stepper's Evolve, adds its work to the totals and rethrows callback exceptions.
  int evolve(double tOut, double tStop, int task, double& reachedTime);
  /// ERKStep in SUNDIALS 6.4 gives up on a recoverable right-hand-side failure
  /// (ARK_UNREC_RHSFUNC_ERR): restart it at its last accepted point with a quarter of the
  /// failed step, as ARKStep and CVODE do internally. False when the step cannot shrink.
  bool restartWithSmallerStep();
  /// Forgets the history, restarting at (t, y) with every option kept.
  void restartAt(double t, std::span<const double> y);

  static int rhs(sunrealtype t, N_Vector y, N_Vector dy, void* self);
  static int roots(sunrealtype t, N_Vector y, sunrealtype* g, void* self);
  static int acceptedStep(sunrealtype t, N_Vector y, void* self);
  static int jacobian(sunrealtype t, N_Vector y, N_Vector dy, SUNMatrix matrix, void* self,
                      N_Vector, N_Vector, N_Vector);

  OdeSystem& system;
  IntegratorSettings settings;
  ArkodeMethod method;
  const Stepper& stepper;
  int size;
  ArkodeCheck check;
  SundialsCheck matrixCheck; // for IntegratorJacobian's own SUNDIALS calls
  SUNContext context = nullptr;
  N_Vector state = nullptr;
  N_Vector scratch = nullptr;
  std::unique_ptr<IntegratorJacobian> newtonMatrix; // ARKStep only
  void* arkode = nullptr;

  double time = 0.0;
  double stepStartTime = 0.0;
  bool initialized = false;
  bool steppedSinceInit = false;
  std::vector<int> rootDirections;
  CallbackGuard guarded;
  IntegratorStatistics totals; // step counters summed over every solver call
  long rhsCalls = 0;
  long rootCalls = 0;
  bool lastRhsRecoverable = false;
  // The last (re)initialisation, restart or accepted step (ERKStep records every step's end
  // to restart from it after a recoverable failure).
  double restartTime = 0.0;
  std::vector<double> restartState;
  double restartStep = 0.0; // the first step set at a restart, 0 once a step was taken
};

ArkodeIntegrator::Impl::Impl(OdeSystem& system, const IntegratorSettings& settings,
                             ArkodeMethod method)
    : system(system), settings(settings), method(method),
      stepper(method == ArkodeMethod::ExplicitDormandPrince ? erkStep : arkStep),
      size(system.size()), check(stepper),
      rootDirections(static_cast<std::size_t>(system.rootCount()), 0) {
  if (size < 1) throw std::invalid_argument("an OdeSystem needs at least one unknown");
  try {
    createSolver();
  } catch (...) {
    release(); // a throwing constructor gets no destructor call: free what was made
    throw;
  }
}

void ArkodeIntegrator::Impl::createSolver() {
  matrixCheck(SUNContext_Create(nullptr, &context), "SUNContext_Create", time);
  state = matrixCheck.created(N_VNew_Serial(size, context), "N_VNew_Serial", time);
  scratch = matrixCheck.created(N_VNew_Serial(size, context), "N_VNew_Serial", time);
  N_VConst(0.0, state);
  if (method == ArkodeMethod::ExplicitDormandPrince) {
    arkode =
        matrixCheck.created(ERKStepCreate(&Impl::rhs, time, state, context), "ERKStepCreate", time);
    check(ERKStepSetTableNum(arkode, ARKODE_DORMAND_PRINCE_7_4_5), "SetTableNum", time);
    // ARKODE's Hermite interpolant of degree 4 (its default for order 5) evaluates the
    // right-hand side at every call, uncached: one evaluation per output point and per
    // sample of the event locator. The cubic one uses the step's end values and slopes only
    // (O(h^4), like rk45's continuous extension).
    check(ERKStepSetInterpolantDegree(arkode, 3), "SetInterpolantDegree", time);
    check(ERKStepSetPostprocessStepFn(arkode, &Impl::acceptedStep), "SetPostprocessStepFn", time);
  } else {
    // Only the implicit right-hand side: a fully implicit (DIRK) method.
    arkode = matrixCheck.created(ARKStepCreate(nullptr, &Impl::rhs, time, state, context),
                                 "ARKStepCreate", time);
  }
  check(stepper.setErrHandlerFn(arkode, &ArkodeCheck::errorHandler, &check), "SetErrHandlerFn",
        time);
  check(stepper.setUserData(arkode, this), "SetUserData", time);
  N_Vector tolerances =
      matrixCheck.created(absoluteTolerances(settings, size, context), "N_VNew_Serial", time);
  int flag = stepper.tolerances(arkode, settings.relativeTolerance, tolerances);
  N_VDestroy(tolerances);
  check(flag, "SVtolerances", time);
  check(stepper.setMaxNumSteps(arkode, settings.maxSteps), "SetMaxNumSteps", time);
  if (system.rootCount() > 0 && settings.solverRootFinding) {
    check(stepper.rootInit(arkode, system.rootCount(), &Impl::roots), "RootInit", time);
    // A function that is exactly zero at a restart is the root just handled: no warning.
    check(stepper.setNoInactiveRootWarn(arkode), "SetNoInactiveRootWarn", time);
  }
  if (method == ArkodeMethod::ImplicitDirk) createNewtonSolver();
}

void ArkodeIntegrator::Impl::createNewtonSolver() {
  // Order 4 selects ARKODE's default DIRK table for it (ARKODE_SDIRK_5_3_4, L-stable).
  check(ARKStepSetOrder(arkode, 4), "SetOrder", time);
  // When ARKODE shortens a step to land on the stop time, Newton keeps the matrix I - gamma J
  // of the longer step (gamma changed by less than the default 20%) and, in SUNDIALS 6.4, the
  // convergence-rate estimate that went with it, so it may accept one inexact iteration:
  // measured 1000 times the tolerance at a stop time on the harmonic oscillator. Re-forming the
  // matrix whenever gamma changes (the Jacobian itself is reused) costs one factorisation per
  // step and keeps every step as accurate as the tolerance asks.
  check(ARKStepSetDeltaGammaMax(arkode, 1e-3), "SetDeltaGammaMax", time);
  newtonMatrix = std::make_unique<IntegratorJacobian>(system, size, settings.sparseThreshold,
                                                      IntegratorJacobian::Form::Ode, state, context,
                                                      matrixCheck);
  check(ARKStepSetLinearSolver(arkode, newtonMatrix->solver(), newtonMatrix->matrix()),
        "SetLinearSolver", time, true);
  // Without a Jacobian function ARKODE differentiates by difference quotients.
  if (newtonMatrix->analytic())
    check(ARKStepSetJacFn(arkode, &Impl::jacobian), "SetJacFn", time, true);
}

void ArkodeIntegrator::Impl::release() {
  // Destruction cannot report failures; SUNDIALS' free functions only fail on null input.
  if (arkode) stepper.free(&arkode);
  newtonMatrix.reset();
  if (scratch) N_VDestroy(scratch);
  if (state) N_VDestroy(state);
  if (context) SUNContext_Free(&context);
  arkode = nullptr;
  scratch = state = nullptr;
  context = nullptr;
}

int ArkodeIntegrator::Impl::rhs(sunrealtype t, N_Vector y, N_Vector dy, void* self) {
  auto& impl = *static_cast<Impl*>(self);
  ++impl.rhsCalls;
  int status = impl.guarded([&] { return impl.system.derivatives(t, view(y), view(dy)); });
  impl.lastRhsRecoverable = status > 0;
  return status;
}

int ArkodeIntegrator::Impl::acceptedStep(sunrealtype t, N_Vector y, void* self) {
  auto& impl = *static_cast<Impl*>(self);
  impl.restartTime = t;
  auto values = view(y);
  std::copy(values.begin(), values.end(), impl.restartState.begin());
  impl.restartStep = 0.0;
  return 0;
}

int ArkodeIntegrator::Impl::roots(sunrealtype t, N_Vector y, sunrealtype* g, void* self) {
  auto& impl = *static_cast<Impl*>(self);
  return evaluateRoots(impl.system, impl.guarded, impl.rootCalls, t, view(y),
                       {g, impl.rootDirections.size()});
}

int ArkodeIntegrator::Impl::jacobian(sunrealtype t, N_Vector y, N_Vector dy, SUNMatrix matrix,
                                     void* self, N_Vector, N_Vector, N_Vector) {
  auto& impl = *static_cast<Impl*>(self);
  // ARKStep wants J = d f / d y itself and forms I - gamma J from it.
  return impl.guarded(
      [&] { return impl.newtonMatrix->fill(t, view(y), view(dy), matrix, 0.0, 1.0); });
}

IntegratorStatistics ArkodeIntegrator::Impl::solverCounters() {
  IntegratorStatistics counters;
  check(stepper.getNumSteps(arkode, &counters.steps), "GetNumSteps", time);
  check(stepper.getNumErrTestFails(arkode, &counters.errorTestFailures), "GetNumErrTestFails",
        time);
  if (method == ArkodeMethod::ImplicitDirk) {
    check(ARKStepGetNumNonlinSolvIters(arkode, &counters.nonlinearIterations),
          "GetNumNonlinSolvIters", time);
    check(ARKStepGetNumNonlinSolvConvFails(arkode, &counters.convergenceFailures),
          "GetNumNonlinSolvConvFails", time);
    check(ARKStepGetNumJacEvals(arkode, &counters.jacobianEvaluations), "GetNumJacEvals", time,
          true);
  }
  return counters;
}

int ArkodeIntegrator::Impl::evolve(double tOut, double tStop, int task, double& reachedTime) {
  for (;;) {
    check(stepper.setStopTime(arkode, tStop), "SetStopTime", time);
    // Steps shorter than a few ulps of t cannot advance time; failing there (instead of taking
    // them until maxSteps) ends a hopeless approach to a point where the system keeps failing.
    double target = std::min(tOut, tStop);
    check(stepper.setMinStep(arkode, 4.0 * epsilon * std::max(std::abs(time), std::abs(target))),
          "SetMinStep", time);
    // ARKODE restarts some counters at ReInit and others (the nonlinear and linear solvers')
    // only once stepping begins: the first call after a restart counts from zero.
    IntegratorStatistics before = steppedSinceInit ? solverCounters() : IntegratorStatistics{};
    reachedTime = time;
    lastRhsRecoverable = false;
    int flag = stepper.evolve(arkode, tOut, state, &reachedTime, task);
    steppedSinceInit = true;
    IntegratorStatistics after = solverCounters();
    addWork(totals.steps, before.steps, after.steps);
    addWork(totals.errorTestFailures, before.errorTestFailures, after.errorTestFailures);
    addWork(totals.nonlinearIterations, before.nonlinearIterations, after.nonlinearIterations);
    addWork(totals.convergenceFailures, before.convergenceFailures, after.convergenceFailures);
    addWork(totals.jacobianEvaluations, before.jacobianEvaluations, after.jacobianEvaluations);
    guarded.rethrowPending();
    // The failure may also hit the restart's first evaluation (ARK_RHSFUNC_FAIL): shrinking
    // again until the step cannot shrink bounds the retries.
    bool recoverable = (flag == ARK_UNREC_RHSFUNC_ERR || flag == ARK_RHSFUNC_FAIL) &&
                       lastRhsRecoverable && method == ArkodeMethod::ExplicitDormandPrince;
    if (recoverable && restartWithSmallerStep()) continue;
    check(flag, "Evolve", reachedTime);
    return flag;
  }
}

bool ArkodeIntegrator::Impl::restartWithSmallerStep() {
  // ERKStep's current time is the failed stage's: restart from the last accepted point, which
  // acceptedStep() recorded (or the last restart itself).
  double failedAt = restartTime, failedStep = 0.0;
  check(ERKStepGetCurrentStep(arkode, &failedStep), "GetCurrentStep", failedAt);
  // A failure at the restart's first evaluation, before any step: shrink the step set there.
  if (restartStep > 0.0 && (failedStep == 0.0 || restartStep < std::abs(failedStep)))
    failedStep = restartStep;
  double smaller = 0.25 * std::abs(failedStep);
  if (!(smaller > 4.0 * epsilon * std::abs(failedAt))) return false;
  std::vector<double> accepted = restartState;
  restartAt(failedAt, accepted);
  check(ERKStepSetInitStep(arkode, smaller), "SetInitStep", failedAt);
  restartStep = smaller;
  ++totals.errorTestFailures; // a rejected step
  return true;
}

void ArkodeIntegrator::Impl::restartAt(double t, std::span<const double> y) {
  restartState.assign(y.begin(), y.end());
  restartTime = t;
  restartStep = 0.0;
  std::copy(y.begin(), y.end(), view(state).begin());
  check(stepper.reInit(arkode, &Impl::rhs, t, state), "ReInit", t);
  steppedSinceInit = false;
}

ArkodeIntegrator::ArkodeIntegrator(OdeSystem& system, const IntegratorSettings& settings,
                                   ArkodeMethod method)
    : impl_(std::make_unique<Impl>(system, settings, method)) {}

ArkodeIntegrator::~ArkodeIntegrator() = default;

std::string_view ArkodeIntegrator::name() const {
  return impl_->method == ArkodeMethod::ExplicitDormandPrince ? "arkode-erk" : "arkode-dirk";
}

void ArkodeIntegrator::reinitialize(double t, std::span<const double> y) {
  Impl& impl = *impl_;
  if (y.size() != static_cast<std::size_t>(impl.size))
    throw std::invalid_argument("reinitialize: state size differs from the system's");
  // ReInit forgets the history, step size included (Reset would keep the last step size and
  // so depend on what came before), and keeps every option; it restarts the counters, which
  // evolve() sums per call. The first step is estimated again unless a restart after a
  // recoverable failure (ERKStep only) set one.
  if (impl.method == ArkodeMethod::ExplicitDormandPrince)
    impl.check(ERKStepSetInitStep(impl.arkode, 0.0), "SetInitStep", t);
  impl.restartAt(t, y);
  impl.time = impl.stepStartTime = t;
  impl.initialized = true;
  std::fill(impl.rootDirections.begin(), impl.rootDirections.end(), 0);
}

bool ArkodeIntegrator::findsRoots() const { return impl_->settings.solverRootFinding; }

double ArkodeIntegrator::step(double tStop) {
  Impl& impl = *impl_;
  if (stepWithoutSolver(impl.initialized, impl.time, impl.stepStartTime, tStop)) return tStop;
  double reachedTime = impl.time;
  int flag = impl.evolve(tStop, tStop, ARK_ONE_STEP, reachedTime);
  std::fill(impl.rootDirections.begin(), impl.rootDirections.end(), 0);
  if (flag == ARK_ROOT_RETURN)
    impl.check(impl.stepper.getRootInfo(impl.arkode, impl.rootDirections.data()), "GetRootInfo",
               reachedTime);
  return impl.time = reachedTime;
}

std::span<const int> ArkodeIntegrator::lastStepRoots() const { return impl_->rootDirections; }

double ArkodeIntegrator::stepStart() const { return impl_->stepStartTime; }
double ArkodeIntegrator::stepEnd() const { return impl_->time; }

AdvanceResult ArkodeIntegrator::advance(double tOut, double tStop) {
  Impl& impl = *impl_;
  std::fill(impl.rootDirections.begin(), impl.rootDirections.end(), 0);
  auto reached = [&](AdvanceReason reason) {
    return AdvanceResult{reason, impl.time, view(impl.state), impl.rootDirections};
  };
  if (auto reason = advanceWithoutSolver(impl.initialized, impl.time, tOut, tStop))
    return reached(*reason);
  double reachedTime = impl.time;
  int flag = impl.evolve(tOut, tStop, ARK_NORMAL, reachedTime);
  impl.time = reachedTime;
  if (flag == ARK_ROOT_RETURN) {
    impl.check(impl.stepper.getRootInfo(impl.arkode, impl.rootDirections.data()), "GetRootInfo",
               impl.time);
    return reached(AdvanceReason::Root);
  }
  return reached(reachedTime == tStop ? AdvanceReason::ReachedStopTime
                                      : AdvanceReason::ReachedOutput);
}

void ArkodeIntegrator::denseOutput(double t, std::span<double> y) const {
  Impl& impl = *impl_;
  if (y.size() != static_cast<std::size_t>(impl.size))
    throw std::invalid_argument("denseOutput: state size differs from the system's");
  if (!impl.steppedSinceInit || t == impl.time) {
    if (std::abs(t - impl.time) > tooCloseDistance(impl.time, t))
      throw IntegratorError(fmt::format("{}: denseOutput at time {}: no step taken since the "
                                        "restart at {}",
                                        name(), t, impl.time),
                            t);
    std::copy_n(view(impl.state).begin(), y.size(), y.begin());
    return;
  }
  // GetDky itself rejects times outside the last internal step (ARK_BAD_T).
  impl.check(impl.stepper.getDky(impl.arkode, t, 0, impl.scratch), "GetDky", t);
  std::copy_n(view(impl.scratch).begin(), y.size(), y.begin());
}

IntegratorStatistics ArkodeIntegrator::statistics() const {
  IntegratorStatistics total = impl_->totals;
  total.rhsEvaluations = impl_->rhsCalls;
  total.rootEvaluations = impl_->rootCalls;
  total.jacobian = impl_->newtonMatrix ? impl_->newtonMatrix->description() : "none (explicit)";
  return total;
}

} // namespace mocc::runtime
