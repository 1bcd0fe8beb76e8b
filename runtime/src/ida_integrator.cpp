// IdaIntegrator: IDA with a direct linear solver (IntegratorJacobian: dense, or KLU for large
// sparse analytic Jacobians, of the residual form when there are algebraic unknowns;
// difference quotients when the system gives none) as a Solver of the integrator core
// (SundialsIntegrator). Unknowns are [y; z], with y' the derivatives of y and z' unused
// (IDASetId marks z algebraic). Every SUNDIALS call goes through SundialsCheck.
#include "mocc/runtime/ida_integrator.h"

#include "integrator_jacobian.h"
#include "sundials_check.h"
#include "sundials_solver.h"

#include <fmt/format.h>
#include <ida/ida.h>
#include <ida/ida_ls.h>

#include <algorithm>
#include <memory>
#include <vector>

namespace mocc::runtime {

namespace {

constexpr auto idaFlags = SundialsCheck::Flags::Ida;

class IdaSolver final : public SundialsIntegrator::Solver {
public:
  IdaSolver(OdeSystem& system, const IntegratorSettings& settings);

  std::string_view name() const override { return "ida"; }
  /// y' from f(t, y) (zero where it cannot be evaluated), z from the system; IDAReInit at t.
  void restart(double t, std::span<const double> y) override;
  bool solve(const Request& request, double& reachedTime) override;
  void rootDirections(std::span<int> directions, double t) override {
    check_(IDAGetRootInfo(ida_, directions.data()), "IDAGetRootInfo", t, idaFlags);
  }
  std::span<const double> state() override { return differential(state_); }
  void interpolate(double t, std::span<double> y) override;
  IntegratorStatistics stepCounters() override;
  std::string jacobianDescription() const override { return newtonMatrix_->description(); }

private:
  void createSolver();
  void makeConsistent(double time, double target);
  /// Rebuilds the solver without algebraic unknowns: every loop solved inside each residual
  /// evaluation, as in the ODE form, from the current time and states.
  void closeLoops(double time);
  /// check_() of IDASolve's flag; a failed error test names the component to blame.
  void checkStep(int flag, double reachedTime);
  std::span<double> differential(N_Vector vector) { return view(vector).first(size); }
  std::span<double> algebraic(N_Vector vector) { return view(vector).subspan(size); }

  static int residual(sunrealtype t, N_Vector y, N_Vector yp, N_Vector r, void* self);
  static int roots(sunrealtype t, N_Vector y, N_Vector yp, sunrealtype* g, void* self);
  static int jacobian(sunrealtype t, sunrealtype cj, N_Vector y, N_Vector yp, N_Vector r,
                      SUNMatrix matrix, void* self, N_Vector, N_Vector, N_Vector);

  int algebraicSize_; // z
  SundialsCheck check_;
  N_Vector state_ = nullptr;
  N_Vector slope_ = nullptr;
  N_Vector kinds_ = nullptr; // IDASetId: 1 differential, 0 algebraic
  N_Vector scratch_ = nullptr;
  std::unique_ptr<IntegratorJacobian> newtonMatrix_;
  SolverMemory ida_{IDAFree};
  bool consistent_ = false;
  std::vector<double> derivatives_; // f(t, y) for the Jacobian callback
};

IdaSolver::IdaSolver(OdeSystem& system, const IntegratorSettings& settings)
    : Solver(system, settings), algebraicSize_(system.algebraicSize()),
      derivatives_(static_cast<std::size_t>(size)) {
  createSolver();
}

void IdaSolver::createSolver() {
  const double t = 0.0;
  int total = size + algebraicSize_;
  createContext(check_);
  for (N_Vector* vector : {&state_, &slope_, &kinds_, &scratch_})
    *vector = newVector(total, check_);
  std::fill(differential(kinds_).begin(), differential(kinds_).end(), 1.0);
  ida_.reset(check_.created(IDACreate(context), "IDACreate", t));
  check_(IDASetErrHandlerFn(ida_, &SundialsCheck::errorHandler, &check_), "IDASetErrHandlerFn", t,
         idaFlags);
  check_(IDAInit(ida_, &IdaSolver::residual, t, state_, slope_), "IDAInit", t, idaFlags);
  check_(IDASetUserData(ida_, this), "IDASetUserData", t, idaFlags);
  N_Vector tolerances =
      check_.created(absoluteTolerances(settings, total, context), "N_VNew_Serial", t);
  int flag = IDASVtolerances(ida_, settings.relativeTolerance, tolerances);
  N_VDestroy(tolerances);
  check_(flag, "IDASVtolerances", t, idaFlags);
  check_(IDASetMaxNumSteps(ida_, settings.maxSteps), "IDASetMaxNumSteps", t, idaFlags);
  check_(IDASetId(ida_, kinds_), "IDASetId", t, idaFlags);
  // The algebraic unknowns (the opened loops' iteration variables) are fixed by their loops'
  // residuals at every step; an ideal switch makes them jump at its events, and the BDF
  // predictor's error estimate then measures the jump, not an integration error: only the
  // states take part in the local error test (as OpenModelica's IDA does by default). Without
  // it the MSL's diode rectifiers failed IDA's error test right after their events.
  check_(IDASetSuppressAlg(ida_, SUNTRUE), "IDASetSuppressAlg", t, idaFlags);
  if (rootCount > 0 && settings.solverRootFinding) {
    check_(IDARootInit(ida_, rootCount, &IdaSolver::roots), "IDARootInit", t, idaFlags);
    check_(IDASetNoInactiveRootWarn(ida_), "IDASetNoInactiveRootWarn", t, idaFlags);
  }
  // Without algebraic unknowns the Newton matrix is cj I - df/dy; with them it needs the
  // residual form's Jacobian (or differences when the system gives none).
  auto form =
      algebraicSize_ == 0 ? IntegratorJacobian::Form::Ode : IntegratorJacobian::Form::Residual;
  newtonMatrix_ = std::make_unique<IntegratorJacobian>(system, total, settings.sparseThreshold,
                                                       form, state_, context, check_);
  check_(IDASetLinearSolver(ida_, newtonMatrix_->solver(), newtonMatrix_->matrix()),
         "IDASetLinearSolver", t, SundialsCheck::Flags::IdaLinearSolver);
  if (newtonMatrix_->analytic())
    check_(IDASetJacFn(ida_, &IdaSolver::jacobian), "IDASetJacFn", t,
           SundialsCheck::Flags::IdaLinearSolver);
}

// F(t, y, z, y') = [y' - f(t, y, z); h(t, y, z)].
int IdaSolver::residual(sunrealtype t, N_Vector y, N_Vector yp, N_Vector r, void* self) {
  auto& solver = *static_cast<IdaSolver*>(self);
  ++solver.rhsCalls;
  std::span<double> f = solver.differential(r);
  int status = solver.guarded([&] {
    if (solver.algebraicSize_ == 0) return solver.system.derivatives(t, solver.differential(y), f);
    return solver.system.residualForm(t, solver.differential(y), solver.algebraic(y), f,
                                      solver.algebraic(r));
  });
  std::span<const double> slope = solver.differential(yp);
  for (std::size_t i = 0; i < f.size(); ++i)
    f[i] = slope[i] - f[i];
  return status;
}

int IdaSolver::roots(sunrealtype t, N_Vector y, N_Vector, sunrealtype* g, void* self) {
  auto& solver = *static_cast<IdaSolver*>(self);
  return solver.evaluateRoots(t, solver.differential(y), g);
}

// dF/dy + cj dF/dy' = cj I - df/dy; f is recovered from the residual as y' - F.
int IdaSolver::jacobian(sunrealtype t, sunrealtype cj, N_Vector y, N_Vector yp, N_Vector r,
                        SUNMatrix matrix, void* self, N_Vector, N_Vector, N_Vector) {
  auto& solver = *static_cast<IdaSolver*>(self);
  std::span<const double> slope = solver.differential(yp), residual = solver.differential(r);
  for (std::size_t i = 0; i < solver.derivatives_.size(); ++i)
    solver.derivatives_[i] = slope[i] - residual[i];
  std::span<const double> unknowns = solver.algebraicSize_ == 0 ? solver.differential(y) : view(y);
  return solver.guarded([&] {
    return solver.newtonMatrix_->fill(t, unknowns, solver.derivatives_, matrix, cj, -1.0);
  });
}

IntegratorStatistics IdaSolver::stepCounters() {
  IntegratorStatistics segment;
  const double t = 0.0; // the getters fail only on a null solver
  check_(IDAGetNumSteps(ida_, &segment.steps), "IDAGetNumSteps", t, idaFlags);
  check_(IDAGetNumErrTestFails(ida_, &segment.errorTestFailures), "IDAGetNumErrTestFails", t,
         idaFlags);
  check_(IDAGetNumNonlinSolvConvFails(ida_, &segment.convergenceFailures),
         "IDAGetNumNonlinSolvConvFails", t, idaFlags);
  check_(IDAGetNumNonlinSolvIters(ida_, &segment.nonlinearIterations), "IDAGetNumNonlinSolvIters",
         t, idaFlags);
  check_(IDAGetNumJacEvals(ida_, &segment.jacobianEvaluations), "IDAGetNumJacEvals", t,
         SundialsCheck::Flags::IdaLinearSolver);
  return segment;
}

// IDACalcIC needs the direction and rough scale of the coming integration, known only now.
// With the loops opened it may find no consistent algebraic unknowns where a loop is singular
// (the MSL's FluidHeatFlow: semiLinear(m_flow, h_a, h_b) leaves the enthalpies free at zero
// flow), which the loop solver inside the ODE form handles (the step of least norm): IDA then
// goes on with the loops closed for the rest of the run.
void IdaSolver::makeConsistent(double time, double target) {
  if (consistent_) return;
  int flag = IDACalcIC(ida_, IDA_YA_YDP_INIT, target);
  guarded.rethrowPending();
  if (flag < 0 && algebraicSize_ > 0) {
    closeLoops(time);
    flag = IDACalcIC(ida_, IDA_YA_YDP_INIT, target);
    guarded.rethrowPending();
  }
  check_(flag, "IDACalcIC", time, idaFlags);
  check_(IDAGetConsistentIC(ida_, state_, slope_), "IDAGetConsistentIC", time, idaFlags);
  consistent_ = true;
}

// Called before the first step after a restart, when the rebuilt solver's counters (all zero)
// lose nothing.
void IdaSolver::closeLoops(double time) {
  std::vector<double> y(differential(state_).begin(), differential(state_).end());
  ida_.reset(nullptr);
  newtonMatrix_.reset();
  releaseVectors();
  algebraicSize_ = 0;
  createSolver();
  restart(time, y);
}

void IdaSolver::restart(double t, std::span<const double> y) {
  std::copy(y.begin(), y.end(), differential(state_).begin());
  system.algebraicValues(algebraic(state_));
  // A good first guess of y' for IDACalcIC: f(t, y), or zero where it cannot be evaluated.
  std::span<double> dy = differential(slope_);
  if (system.derivatives(t, y, dy) != CallbackStatus::Ok) std::fill(dy.begin(), dy.end(), 0.0);
  std::fill(algebraic(slope_).begin(), algebraic(slope_).end(), 0.0);
  check_(IDAReInit(ida_, t, state_, slope_), "IDAReInit", t, idaFlags);
  consistent_ = false;
}

bool IdaSolver::solve(const Request& request, double& reachedTime) {
  double t = reachedTime;
  makeConsistent(t, std::min(request.tOut, request.tStop));
  check_(IDASetStopTime(ida_, request.tStop), "IDASetStopTime", t, idaFlags);
  check_(IDASetMinStep(ida_, request.minStep), "IDASetMinStep", t, idaFlags);
  int flag = IDASolve(ida_, request.tOut, &reachedTime, state_, slope_,
                      request.oneStep ? IDA_ONE_STEP : IDA_NORMAL);
  steppedSinceRestart = true;
  guarded.rethrowPending();
  checkStep(flag, reachedTime);
  return flag == IDA_ROOT_RETURN;
}

void IdaSolver::checkStep(int flag, double reachedTime) {
  auto checkFlag = [&] { check_(flag, "IDASolve", reachedTime, idaFlags); };
  if (flag != IDA_ERR_FAIL) return checkFlag();
  checkBlaming(checkFlag, [&] {
    return largestLocalError(
        state_, [&](N_Vector v) { return IDAGetEstLocalErrors(ida_, v); },
        [&](N_Vector v) { return IDAGetErrWeights(ida_, v); });
  });
}

void IdaSolver::interpolate(double t, std::span<double> y) {
  // IDAGetDky checks only the start of the last step; it would extrapolate beyond its end.
  double end = 0.0;
  check_(IDAGetCurrentTime(ida_, &end), "IDAGetCurrentTime", t, idaFlags);
  if (t > end + tooCloseDistance(end, t))
    throw IntegratorError(fmt::format("denseOutput: time {} lies after the last step, which "
                                      "ends at {}",
                                      t, end),
                          t);
  check_(IDAGetDky(ida_, t, 0, scratch_), "IDAGetDky", t, idaFlags);
  std::copy_n(differential(scratch_).begin(), y.size(), y.begin());
}

} // namespace

IdaIntegrator::IdaIntegrator(OdeSystem& system, const IntegratorSettings& settings)
    : SundialsIntegrator(std::make_unique<IdaSolver>(system, settings)) {}

} // namespace mocc::runtime
