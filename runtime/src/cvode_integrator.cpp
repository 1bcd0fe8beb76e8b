// CvodeIntegrator: CVODE BDF or Adams + Newton + a direct linear solver (dense, or KLU for large
// sparse analytic Jacobians) behind the Integrator interface. Callbacks hand the OdeSystem spans
// over CVODE's own vectors (no copies); every SUNDIALS call goes through SundialsCheck; statistics
// are summed across reinitialisations.
#include "mocc/runtime/cvode_integrator.h"

#include "integrator_jacobian.h"
#include "integrator_support.h"
#include "sundials_check.h"

#include <cvode/cvode.h>
#include <cvode/cvode_ls.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

namespace mocc::runtime {

namespace {
constexpr double epsilon = std::numeric_limits<double>::epsilon();

// Error-test failures allowed in one step (CVODE's default is 7). After three, CVODE restarts
// at order 1 from h f(t_n, y_n). A component far stiffer than 1/h sits off its slow manifold
// by up to the corrector's tolerance, so f there is that offset times the stiffness (the
// leakage mode of a solenoid's two coil halves, about 1e12/s, gives 1e3 V/s where the solution
// moves by 1e-5 V/s), and h must shrink below tolerance / |f| before a step passes: about
// log10(h |f| / tolerance) more failures at CVODE's tenfold reductions, 12 in all for MSL's
// FluxTubes ComparisonQuasiStatic. A run that truly fails costs a few more tiny attempts.
constexpr int maxErrorTestFailures = 20;
} // namespace

struct CvodeIntegrator::Impl {
  Impl(OdeSystem& system, const IntegratorSettings& settings, CvodeMethod method);
  ~Impl() { release(); }

  void createSolver();
  void release();
  void accumulateStatistics();
  IntegratorStatistics segmentStatistics();

  /// check() of CVode's flag; a failed error test names the component to blame.
  void checkStep(int flag, double reachedTime);
  static int rhs(sunrealtype t, N_Vector y, N_Vector dy, void* self);
  static int roots(sunrealtype t, N_Vector y, sunrealtype* g, void* self);
  static int jacobian(sunrealtype t, N_Vector y, N_Vector dy, SUNMatrix matrix, void* self,
                      N_Vector, N_Vector, N_Vector);

  OdeSystem& system;
  IntegratorSettings settings;
  CvodeMethod method;
  int size;
  SundialsCheck check;
  SUNContext context = nullptr;
  N_Vector state = nullptr;
  N_Vector scratch = nullptr;
  std::unique_ptr<IntegratorJacobian> newtonMatrix;
  void* cvode = nullptr;

  double time = 0.0;
  double stepStartTime = 0.0; // where the last step() started
  bool initialized = false;
  bool steppedSinceInit = false;
  std::vector<int> rootDirections;
  CallbackGuard guarded;
  IntegratorStatistics finishedSegments; // CVODE's counters from before the last reinit
  long rhsCalls = 0;
  long rootCalls = 0;
};

CvodeIntegrator::Impl::Impl(OdeSystem& system, const IntegratorSettings& settings,
                            CvodeMethod method)
    : system(system), settings(settings), method(method), size(system.size()),
      rootDirections(static_cast<std::size_t>(system.rootCount()), 0) {
  if (size < 1) throw std::invalid_argument("an OdeSystem needs at least one unknown");
  try {
    createSolver();
  } catch (...) {
    release(); // a throwing constructor gets no destructor call: free what was made
    throw;
  }
}

void CvodeIntegrator::Impl::createSolver() {
  check(SUNContext_Create(nullptr, &context), "SUNContext_Create", time);
  state = check.created(N_VNew_Serial(size, context), "N_VNew_Serial", time);
  scratch = check.created(N_VNew_Serial(size, context), "N_VNew_Serial", time);
  N_VConst(0.0, state);
  // Adams keeps Newton with the same linear solver: functional iteration would fail on the
  // mildly stiff parts models often have, and Newton costs little more on non-stiff ones.
  int family = method == CvodeMethod::Adams ? CV_ADAMS : CV_BDF;
  cvode = check.created(CVodeCreate(family, context), "CVodeCreate", time);
  check(CVodeSetErrHandlerFn(cvode, &SundialsCheck::errorHandler, &check), "CVodeSetErrHandlerFn",
        time);
  check(CVodeInit(cvode, &Impl::rhs, time, state), "CVodeInit", time);
  check(CVodeSetUserData(cvode, this), "CVodeSetUserData", time);
  N_Vector tolerances =
      check.created(absoluteTolerances(settings, size, context), "N_VNew_Serial", time);
  int flag = CVodeSVtolerances(cvode, settings.relativeTolerance, tolerances);
  N_VDestroy(tolerances);
  check(flag, "CVodeSVtolerances", time);
  check(CVodeSetMaxNumSteps(cvode, settings.maxSteps), "CVodeSetMaxNumSteps", time);
  check(CVodeSetMaxErrTestFails(cvode, maxErrorTestFailures), "CVodeSetMaxErrTestFails", time);
  if (system.rootCount() > 0 && settings.solverRootFinding) {
    check(CVodeRootInit(cvode, system.rootCount(), &Impl::roots), "CVodeRootInit", time);
    // A function that is exactly zero at a restart is the root just handled: no warning.
    check(CVodeSetNoInactiveRootWarn(cvode), "CVodeSetNoInactiveRootWarn", time);
  }
  newtonMatrix = std::make_unique<IntegratorJacobian>(
      system, size, settings.sparseThreshold, IntegratorJacobian::Form::Ode, state, context, check);
  check(CVodeSetLinearSolver(cvode, newtonMatrix->solver(), newtonMatrix->matrix()),
        "CVodeSetLinearSolver", time, SundialsCheck::Flags::LinearSolver);
  // Without a Jacobian function CVODE differentiates by finite differences (difference
  // quotients), which costs `size` extra rhs evaluations per Jacobian.
  if (newtonMatrix->analytic())
    check(CVodeSetJacFn(cvode, &Impl::jacobian), "CVodeSetJacFn", time,
          SundialsCheck::Flags::LinearSolver);
}

void CvodeIntegrator::Impl::release() {
  // Destruction cannot report failures; SUNDIALS' free functions only fail on null input.
  if (cvode) CVodeFree(&cvode);
  newtonMatrix.reset();
  if (scratch) N_VDestroy(scratch);
  if (state) N_VDestroy(state);
  if (context) SUNContext_Free(&context);
  cvode = nullptr;
  scratch = state = nullptr;
  context = nullptr;
}

int CvodeIntegrator::Impl::rhs(sunrealtype t, N_Vector y, N_Vector dy, void* self) {
  auto& impl = *static_cast<Impl*>(self);
  ++impl.rhsCalls;
  return impl.guarded([&] { return impl.system.derivatives(t, view(y), view(dy)); });
}

int CvodeIntegrator::Impl::roots(sunrealtype t, N_Vector y, sunrealtype* g, void* self) {
  auto& impl = *static_cast<Impl*>(self);
  return evaluateRoots(impl.system, impl.guarded, impl.rootCalls, t, view(y),
                       {g, impl.rootDirections.size()});
}

int CvodeIntegrator::Impl::jacobian(sunrealtype t, N_Vector y, N_Vector dy, SUNMatrix matrix,
                                    void* self, N_Vector, N_Vector, N_Vector) {
  auto& impl = *static_cast<Impl*>(self);
  return impl.guarded(
      [&] { return impl.newtonMatrix->fill(t, view(y), view(dy), matrix, 0.0, 1.0); });
}

IntegratorStatistics CvodeIntegrator::Impl::segmentStatistics() {
  IntegratorStatistics segment;
  // After CVodeReInit CVODE restarts its counters, the linear solver's only at the next
  // CVode call: until then the segment has done nothing.
  if (!steppedSinceInit) return segment;
  check(CVodeGetNumSteps(cvode, &segment.steps), "CVodeGetNumSteps", time);
  check(CVodeGetNumErrTestFails(cvode, &segment.errorTestFailures), "CVodeGetNumErrTestFails",
        time);
  check(CVodeGetNumNonlinSolvConvFails(cvode, &segment.convergenceFailures),
        "CVodeGetNumNonlinSolvConvFails", time);
  check(CVodeGetNumNonlinSolvIters(cvode, &segment.nonlinearIterations),
        "CVodeGetNumNonlinSolvIters", time);
  check(CVodeGetNumJacEvals(cvode, &segment.jacobianEvaluations), "CVodeGetNumJacEvals", time,
        SundialsCheck::Flags::LinearSolver);
  return segment;
}

void CvodeIntegrator::Impl::accumulateStatistics() {
  IntegratorStatistics segment = segmentStatistics();
  finishedSegments.addSegmentCounters(segment);
}

CvodeIntegrator::CvodeIntegrator(OdeSystem& system, const IntegratorSettings& settings,
                                 CvodeMethod method)
    : impl_(std::make_unique<Impl>(system, settings, method)) {}

std::string_view CvodeIntegrator::name() const {
  return impl_->method == CvodeMethod::Adams ? "cvode-adams" : "cvode";
}

CvodeIntegrator::~CvodeIntegrator() = default;

void CvodeIntegrator::reinitialize(double t, std::span<const double> y) {
  Impl& impl = *impl_;
  if (y.size() != static_cast<std::size_t>(impl.size))
    throw std::invalid_argument("reinitialize: state size differs from the system's");
  impl.accumulateStatistics();
  std::copy(y.begin(), y.end(), view(impl.state).begin());
  impl.check(CVodeReInit(impl.cvode, t, impl.state), "CVodeReInit", t);
  impl.time = impl.stepStartTime = t;
  impl.initialized = true;
  impl.steppedSinceInit = false;
  std::fill(impl.rootDirections.begin(), impl.rootDirections.end(), 0);
}

void CvodeIntegrator::Impl::checkStep(int flag, double reachedTime) {
  auto checkFlag = [&] { check(flag, "CVode", reachedTime); };
  if (flag != CV_ERR_FAILURE) return checkFlag();
  checkBlaming(checkFlag, [&] {
    return largestLocalError(
        state, [&](N_Vector v) { return CVodeGetEstLocalErrors(cvode, v); },
        [&](N_Vector v) { return CVodeGetErrWeights(cvode, v); });
  });
}

bool CvodeIntegrator::findsRoots() const { return impl_->settings.solverRootFinding; }

double CvodeIntegrator::step(double tStop) {
  Impl& impl = *impl_;
  if (stepWithoutSolver(impl.initialized, impl.time, impl.stepStartTime, tStop)) return tStop;
  impl.check(CVodeSetStopTime(impl.cvode, tStop), "CVodeSetStopTime", impl.time);
  impl.check(
      CVodeSetMinStep(impl.cvode, 4.0 * epsilon * std::max(std::abs(impl.time), std::abs(tStop))),
      "CVodeSetMinStep", impl.time);
  double reachedTime = impl.time;
  int flag = CVode(impl.cvode, tStop, impl.state, &reachedTime, CV_ONE_STEP);
  impl.steppedSinceInit = true;
  impl.guarded.rethrowPending();
  impl.checkStep(flag, reachedTime);
  std::fill(impl.rootDirections.begin(), impl.rootDirections.end(), 0);
  if (flag == CV_ROOT_RETURN)
    impl.check(CVodeGetRootInfo(impl.cvode, impl.rootDirections.data()), "CVodeGetRootInfo",
               reachedTime);
  return impl.time = reachedTime;
}

std::span<const int> CvodeIntegrator::lastStepRoots() const { return impl_->rootDirections; }

double CvodeIntegrator::stepStart() const { return impl_->stepStartTime; }
double CvodeIntegrator::stepEnd() const { return impl_->time; }

AdvanceResult CvodeIntegrator::advance(double tOut, double tStop) {
  Impl& impl = *impl_;
  std::fill(impl.rootDirections.begin(), impl.rootDirections.end(), 0);
  auto reached = [&](AdvanceReason reason) {
    return AdvanceResult{reason, impl.time, view(impl.state), impl.rootDirections};
  };
  if (auto reason = advanceWithoutSolver(impl.initialized, impl.time, tOut, tStop))
    return reached(*reason);
  double target = std::min(tOut, tStop);
  impl.check(CVodeSetStopTime(impl.cvode, tStop), "CVodeSetStopTime", impl.time);
  // Steps shorter than a few ulps of t cannot advance time; failing there (instead of taking
  // them until maxSteps) ends a hopeless approach to a point where the system keeps failing.
  impl.check(
      CVodeSetMinStep(impl.cvode, 4.0 * epsilon * std::max(std::abs(impl.time), std::abs(target))),
      "CVodeSetMinStep", impl.time);
  double reachedTime = impl.time;
  int flag = CVode(impl.cvode, tOut, impl.state, &reachedTime, CV_NORMAL);
  impl.steppedSinceInit = true;
  impl.guarded.rethrowPending();
  impl.checkStep(flag, reachedTime);
  impl.time = reachedTime;
  if (flag == CV_ROOT_RETURN) {
    impl.check(CVodeGetRootInfo(impl.cvode, impl.rootDirections.data()), "CVodeGetRootInfo",
               impl.time);
    return reached(AdvanceReason::Root);
  }
  return reached(reachedTime == tStop ? AdvanceReason::ReachedStopTime
                                      : AdvanceReason::ReachedOutput);
}

void CvodeIntegrator::denseOutput(double t, std::span<double> y) const {
  Impl& impl = *impl_;
  if (y.size() != static_cast<std::size_t>(impl.size))
    throw std::invalid_argument("denseOutput: state size differs from the system's");
  if (!impl.steppedSinceInit || t == impl.time) {
    if (std::abs(t - impl.time) > tooCloseDistance(impl.time, t))
      throw IntegratorError("denseOutput: no step taken since restart", t);
    std::copy_n(view(impl.state).begin(), y.size(), y.begin());
    return;
  }
  impl.check(CVodeGetDky(impl.cvode, t, 0, impl.scratch), "CVodeGetDky", t);
  std::copy_n(view(impl.scratch).begin(), y.size(), y.begin());
}

IntegratorStatistics CvodeIntegrator::statistics() const {
  IntegratorStatistics total = impl_->segmentStatistics();
  total.addSegmentCounters(impl_->finishedSegments);
  total.rhsEvaluations = impl_->rhsCalls;
  total.rootEvaluations = impl_->rootCalls;
  total.jacobian = impl_->newtonMatrix->description();
  return total;
}

} // namespace mocc::runtime
