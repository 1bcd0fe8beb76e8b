// IdaIntegrator: IDA with a direct linear solver (IntegratorJacobian: dense, or KLU for large
// sparse analytic Jacobians, of the residual form when there are algebraic unknowns;
// difference quotients when the system gives none). Unknowns are [y; z], with y' the derivatives of
// y and z' unused (IDASetId marks z algebraic). Every SUNDIALS call goes through SundialsCheck;
// statistics are summed across reinitialisations as for CVODE.
#include "mocc/runtime/ida_integrator.h"

#include "integrator_jacobian.h"
#include "integrator_support.h"
#include "sundials_check.h"

#include <fmt/format.h>
#include <ida/ida.h>
#include <ida/ida_ls.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>
#include <vector>

namespace mocc::runtime {

struct IdaIntegrator::Impl {
  Impl(OdeSystem& system, const IntegratorSettings& settings);
  ~Impl() { release(); }

  void createSolver();
  void release();
  void accumulateStatistics();
  IntegratorStatistics segmentStatistics();
  void makeConsistent(double target);
  /// Rebuilds the solver without algebraic unknowns: every loop solved inside each residual
  /// evaluation, as in the ODE form, from the current time and states.
  void closeLoops();
  /// y' from f(t, y) (zero where it cannot be evaluated), z from the system; IDAReInit at t.
  void restartAt(double t, std::span<const double> y);
  /// check() of IDASolve's flag; a failed error test names the component to blame.
  void checkStep(int flag, double reachedTime);
  std::span<double> differential(N_Vector vector) { return view(vector).first(size); }
  std::span<double> algebraic(N_Vector vector) { return view(vector).subspan(size); }

  static int residual(sunrealtype t, N_Vector y, N_Vector yp, N_Vector r, void* self);
  static int roots(sunrealtype t, N_Vector y, N_Vector yp, sunrealtype* g, void* self);
  static int jacobian(sunrealtype t, sunrealtype cj, N_Vector y, N_Vector yp, N_Vector r,
                      SUNMatrix matrix, void* self, N_Vector, N_Vector, N_Vector);

  OdeSystem& system;
  IntegratorSettings settings;
  int size;          // y
  int algebraicSize; // z
  SundialsCheck check;
  SUNContext context = nullptr;
  N_Vector state = nullptr;
  N_Vector slope = nullptr;
  N_Vector kinds = nullptr; // IDASetId: 1 differential, 0 algebraic
  N_Vector scratch = nullptr;
  std::unique_ptr<IntegratorJacobian> newtonMatrix;
  void* ida = nullptr;

  double time = 0.0;
  double stepStartTime = 0.0; // where the last step() started
  bool initialized = false;
  bool steppedSinceInit = false;
  bool consistent = false;
  std::vector<int> rootDirections;
  std::vector<double> derivatives; // f(t, y) for the Jacobian callback
  CallbackGuard guarded;
  IntegratorStatistics finishedSegments;
  long residualCalls = 0;
  long rootCalls = 0;
};

IdaIntegrator::Impl::Impl(OdeSystem& system, const IntegratorSettings& settings)
    : system(system), settings(settings), size(system.size()),
      algebraicSize(system.algebraicSize()),
      rootDirections(static_cast<std::size_t>(system.rootCount()), 0),
      derivatives(static_cast<std::size_t>(size)) {
  if (size < 1) throw std::invalid_argument("an OdeSystem needs at least one unknown");
  try {
    createSolver();
  } catch (...) {
    release();
    throw;
  }
}

void IdaIntegrator::Impl::createSolver() {
  int total = size + algebraicSize;
  check(SUNContext_Create(nullptr, &context), "SUNContext_Create", time);
  state = check.created(N_VNew_Serial(total, context), "N_VNew_Serial", time);
  slope = check.created(N_VNew_Serial(total, context), "N_VNew_Serial", time);
  kinds = check.created(N_VNew_Serial(total, context), "N_VNew_Serial", time);
  scratch = check.created(N_VNew_Serial(total, context), "N_VNew_Serial", time);
  N_VConst(0.0, state);
  N_VConst(0.0, slope);
  std::fill(differential(kinds).begin(), differential(kinds).end(), 1.0);
  std::fill(algebraic(kinds).begin(), algebraic(kinds).end(), 0.0);
  ida = check.created(IDACreate(context), "IDACreate", time);
  auto flags = SundialsCheck::Flags::Ida;
  check(IDASetErrHandlerFn(ida, &SundialsCheck::errorHandler, &check), "IDASetErrHandlerFn", time,
        flags);
  check(IDAInit(ida, &Impl::residual, time, state, slope), "IDAInit", time, flags);
  check(IDASetUserData(ida, this), "IDASetUserData", time, flags);
  N_Vector tolerances =
      check.created(absoluteTolerances(settings, total, context), "N_VNew_Serial", time);
  int flag = IDASVtolerances(ida, settings.relativeTolerance, tolerances);
  N_VDestroy(tolerances);
  check(flag, "IDASVtolerances", time, flags);
  check(IDASetMaxNumSteps(ida, settings.maxSteps), "IDASetMaxNumSteps", time, flags);
  check(IDASetId(ida, kinds), "IDASetId", time, flags);
  // The algebraic unknowns (the opened loops' iteration variables) are fixed by their loops'
  // residuals at every step; an ideal switch makes them jump at its events, and the BDF
  // predictor's error estimate then measures the jump, not an integration error: only the
  // states take part in the local error test (as OpenModelica's IDA does by default). Without
  // it the MSL's diode rectifiers failed IDA's error test right after their events.
  check(IDASetSuppressAlg(ida, SUNTRUE), "IDASetSuppressAlg", time, flags);
  if (system.rootCount() > 0 && settings.solverRootFinding) {
    check(IDARootInit(ida, system.rootCount(), &Impl::roots), "IDARootInit", time, flags);
    check(IDASetNoInactiveRootWarn(ida), "IDASetNoInactiveRootWarn", time, flags);
  }
  // Without algebraic unknowns the Newton matrix is cj I - df/dy; with them it needs the
  // residual form's Jacobian (or differences when the system gives none).
  auto form =
      algebraicSize == 0 ? IntegratorJacobian::Form::Ode : IntegratorJacobian::Form::Residual;
  newtonMatrix = std::make_unique<IntegratorJacobian>(system, total, settings.sparseThreshold, form,
                                                      state, context, check);
  check(IDASetLinearSolver(ida, newtonMatrix->solver(), newtonMatrix->matrix()),
        "IDASetLinearSolver", time, SundialsCheck::Flags::IdaLinearSolver);
  if (newtonMatrix->analytic())
    check(IDASetJacFn(ida, &Impl::jacobian), "IDASetJacFn", time,
          SundialsCheck::Flags::IdaLinearSolver);
}

void IdaIntegrator::Impl::release() {
  if (ida) IDAFree(&ida);
  newtonMatrix.reset();
  for (N_Vector* vector : {&scratch, &kinds, &slope, &state}) {
    if (*vector) N_VDestroy(*vector);
    *vector = nullptr;
  }
  if (context) SUNContext_Free(&context);
  ida = nullptr;
  context = nullptr;
}

// F(t, y, z, y') = [y' - f(t, y, z); h(t, y, z)].
int IdaIntegrator::Impl::residual(sunrealtype t, N_Vector y, N_Vector yp, N_Vector r, void* self) {
  auto& impl = *static_cast<Impl*>(self);
  ++impl.residualCalls;
  std::span<double> f = impl.differential(r);
  int status = impl.guarded([&] {
    if (impl.algebraicSize == 0) return impl.system.derivatives(t, impl.differential(y), f);
    return impl.system.residualForm(t, impl.differential(y), impl.algebraic(y), f,
                                    impl.algebraic(r));
  });
  std::span<const double> slope = impl.differential(yp);
  for (std::size_t i = 0; i < f.size(); ++i)
    f[i] = slope[i] - f[i];
  return status;
}

int IdaIntegrator::Impl::roots(sunrealtype t, N_Vector y, N_Vector, sunrealtype* g, void* self) {
  auto& impl = *static_cast<Impl*>(self);
  return evaluateRoots(impl.system, impl.guarded, impl.rootCalls, t, impl.differential(y),
                       {g, impl.rootDirections.size()});
}

// dF/dy + cj dF/dy' = cj I - df/dy; f is recovered from the residual as y' - F.
int IdaIntegrator::Impl::jacobian(sunrealtype t, sunrealtype cj, N_Vector y, N_Vector yp,
                                  N_Vector r, SUNMatrix matrix, void* self, N_Vector, N_Vector,
                                  N_Vector) {
  auto& impl = *static_cast<Impl*>(self);
  std::span<const double> slope = impl.differential(yp), residual = impl.differential(r);
  for (std::size_t i = 0; i < impl.derivatives.size(); ++i)
    impl.derivatives[i] = slope[i] - residual[i];
  std::span<const double> unknowns = impl.algebraicSize == 0 ? impl.differential(y) : view(y);
  return impl.guarded(
      [&] { return impl.newtonMatrix->fill(t, unknowns, impl.derivatives, matrix, cj, -1.0); });
}

IntegratorStatistics IdaIntegrator::Impl::segmentStatistics() {
  IntegratorStatistics segment;
  if (!steppedSinceInit) return segment;
  auto flags = SundialsCheck::Flags::Ida;
  check(IDAGetNumSteps(ida, &segment.steps), "IDAGetNumSteps", time, flags);
  check(IDAGetNumErrTestFails(ida, &segment.errorTestFailures), "IDAGetNumErrTestFails", time,
        flags);
  check(IDAGetNumNonlinSolvConvFails(ida, &segment.convergenceFailures),
        "IDAGetNumNonlinSolvConvFails", time, flags);
  check(IDAGetNumNonlinSolvIters(ida, &segment.nonlinearIterations), "IDAGetNumNonlinSolvIters",
        time, flags);
  check(IDAGetNumJacEvals(ida, &segment.jacobianEvaluations), "IDAGetNumJacEvals", time,
        SundialsCheck::Flags::IdaLinearSolver);
  return segment;
}

void IdaIntegrator::Impl::accumulateStatistics() {
  IntegratorStatistics segment = segmentStatistics();
  finishedSegments.addSegmentCounters(segment);
}

// IDACalcIC needs the direction and rough scale of the coming integration, known only now.
// With the loops opened it may find no consistent algebraic unknowns where a loop is singular
// (the MSL's FluidHeatFlow: semiLinear(m_flow, h_a, h_b) leaves the enthalpies free at zero
// flow), which the loop solver inside the ODE form handles (the step of least norm): IDA then
// goes on with the loops closed for the rest of the run.
void IdaIntegrator::Impl::makeConsistent(double target) {
  if (consistent) return;
  int flag = IDACalcIC(ida, IDA_YA_YDP_INIT, target);
  guarded.rethrowPending();
  if (flag < 0 && algebraicSize > 0) {
    closeLoops();
    flag = IDACalcIC(ida, IDA_YA_YDP_INIT, target);
    guarded.rethrowPending();
  }
  check(flag, "IDACalcIC", time, SundialsCheck::Flags::Ida);
  check(IDAGetConsistentIC(ida, state, slope), "IDAGetConsistentIC", time,
        SundialsCheck::Flags::Ida);
  consistent = true;
}

IdaIntegrator::IdaIntegrator(OdeSystem& system, const IntegratorSettings& settings)
    : impl_(std::make_unique<Impl>(system, settings)) {}

IdaIntegrator::~IdaIntegrator() = default;

void IdaIntegrator::Impl::closeLoops() {
  std::vector<double> y(differential(state).begin(), differential(state).end());
  accumulateStatistics();
  release();
  algebraicSize = 0;
  createSolver();
  restartAt(time, y);
}

void IdaIntegrator::Impl::restartAt(double t, std::span<const double> y) {
  std::copy(y.begin(), y.end(), differential(state).begin());
  system.algebraicValues(algebraic(state));
  // A good first guess of y' for IDACalcIC: f(t, y), or zero where it cannot be evaluated.
  std::span<double> dy = differential(slope);
  if (system.derivatives(t, y, dy) != CallbackStatus::Ok) std::fill(dy.begin(), dy.end(), 0.0);
  std::fill(algebraic(slope).begin(), algebraic(slope).end(), 0.0);
  check(IDAReInit(ida, t, state, slope), "IDAReInit", t, SundialsCheck::Flags::Ida);
}

void IdaIntegrator::reinitialize(double t, std::span<const double> y) {
  Impl& impl = *impl_;
  if (y.size() != static_cast<std::size_t>(impl.size))
    throw std::invalid_argument("reinitialize: state size differs from the system's");
  impl.accumulateStatistics();
  impl.restartAt(t, y);
  impl.time = impl.stepStartTime = t;
  impl.initialized = true;
  impl.steppedSinceInit = false;
  impl.consistent = false;
  std::fill(impl.rootDirections.begin(), impl.rootDirections.end(), 0);
}

void IdaIntegrator::Impl::checkStep(int flag, double reachedTime) {
  auto checkFlag = [&] { check(flag, "IDASolve", reachedTime, SundialsCheck::Flags::Ida); };
  if (flag != IDA_ERR_FAIL) return checkFlag();
  checkBlaming(checkFlag, [&] {
    return largestLocalError(
        state, [&](N_Vector v) { return IDAGetEstLocalErrors(ida, v); },
        [&](N_Vector v) { return IDAGetErrWeights(ida, v); });
  });
}

bool IdaIntegrator::findsRoots() const { return impl_->settings.solverRootFinding; }

double IdaIntegrator::step(double tStop) {
  Impl& impl = *impl_;
  if (stepWithoutSolver(impl.initialized, impl.time, impl.stepStartTime, tStop)) return tStop;
  auto flags = SundialsCheck::Flags::Ida;
  impl.makeConsistent(tStop);
  impl.check(IDASetStopTime(impl.ida, tStop), "IDASetStopTime", impl.time, flags);
  constexpr double epsilon = std::numeric_limits<double>::epsilon();
  impl.check(
      IDASetMinStep(impl.ida, 4.0 * epsilon * std::max(std::abs(impl.time), std::abs(tStop))),
      "IDASetMinStep", impl.time, flags);
  double reachedTime = impl.time;
  int flag = IDASolve(impl.ida, tStop, &reachedTime, impl.state, impl.slope, IDA_ONE_STEP);
  impl.steppedSinceInit = true;
  impl.guarded.rethrowPending();
  impl.checkStep(flag, reachedTime);
  std::fill(impl.rootDirections.begin(), impl.rootDirections.end(), 0);
  if (flag == IDA_ROOT_RETURN)
    impl.check(IDAGetRootInfo(impl.ida, impl.rootDirections.data()), "IDAGetRootInfo", reachedTime,
               flags);
  return impl.time = reachedTime;
}

std::span<const int> IdaIntegrator::lastStepRoots() const { return impl_->rootDirections; }

double IdaIntegrator::stepStart() const { return impl_->stepStartTime; }
double IdaIntegrator::stepEnd() const { return impl_->time; }

AdvanceResult IdaIntegrator::advance(double tOut, double tStop) {
  Impl& impl = *impl_;
  std::fill(impl.rootDirections.begin(), impl.rootDirections.end(), 0);
  auto reached = [&](AdvanceReason reason) {
    return AdvanceResult{reason, impl.time, impl.differential(impl.state), impl.rootDirections};
  };
  if (auto reason = advanceWithoutSolver(impl.initialized, impl.time, tOut, tStop))
    return reached(*reason);
  double target = std::min(tOut, tStop);
  auto flags = SundialsCheck::Flags::Ida;
  impl.makeConsistent(target);
  impl.check(IDASetStopTime(impl.ida, tStop), "IDASetStopTime", impl.time, flags);
  constexpr double epsilon = std::numeric_limits<double>::epsilon();
  impl.check(
      IDASetMinStep(impl.ida, 4.0 * epsilon * std::max(std::abs(impl.time), std::abs(target))),
      "IDASetMinStep", impl.time, flags);
  double reachedTime = impl.time;
  int flag = IDASolve(impl.ida, tOut, &reachedTime, impl.state, impl.slope, IDA_NORMAL);
  impl.steppedSinceInit = true;
  impl.guarded.rethrowPending();
  impl.checkStep(flag, reachedTime);
  impl.time = reachedTime;
  if (flag == IDA_ROOT_RETURN) {
    impl.check(IDAGetRootInfo(impl.ida, impl.rootDirections.data()), "IDAGetRootInfo", impl.time,
               flags);
    return reached(AdvanceReason::Root);
  }
  return reached(reachedTime == tStop ? AdvanceReason::ReachedStopTime
                                      : AdvanceReason::ReachedOutput);
}

void IdaIntegrator::denseOutput(double t, std::span<double> y) const {
  Impl& impl = *impl_;
  if (y.size() != static_cast<std::size_t>(impl.size))
    throw std::invalid_argument("denseOutput: state size differs from the system's");
  if (!impl.steppedSinceInit || t == impl.time) {
    if (std::abs(t - impl.time) > tooCloseDistance(impl.time, t))
      throw IntegratorError("denseOutput: no step taken since restart", t);
    std::copy_n(impl.differential(impl.state).begin(), y.size(), y.begin());
    return;
  }
  // IDAGetDky checks only the start of the last step; it would extrapolate beyond its end.
  double end = 0.0;
  impl.check(IDAGetCurrentTime(impl.ida, &end), "IDAGetCurrentTime", t, SundialsCheck::Flags::Ida);
  if (t > end + tooCloseDistance(end, t))
    throw IntegratorError(fmt::format("denseOutput: time {} lies after the last step, which "
                                      "ends at {}",
                                      t, end),
                          t);
  impl.check(IDAGetDky(impl.ida, t, 0, impl.scratch), "IDAGetDky", t, SundialsCheck::Flags::Ida);
  std::copy_n(impl.differential(impl.scratch).begin(), y.size(), y.begin());
}

IntegratorStatistics IdaIntegrator::statistics() const {
  IntegratorStatistics total = impl_->segmentStatistics();
  total.addSegmentCounters(impl_->finishedSegments);
  total.rhsEvaluations = impl_->residualCalls;
  total.rootEvaluations = impl_->rootCalls;
  total.jacobian = impl_->newtonMatrix->description();
  return total;
}

} // namespace mocc::runtime
