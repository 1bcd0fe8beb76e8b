// CvodeIntegrator: CVODE BDF or Adams + Newton + a direct linear solver (dense, or KLU for large
// sparse analytic Jacobians) as a Solver of the integrator core (SundialsIntegrator). Callbacks
// hand the OdeSystem spans over CVODE's own vectors (no copies); every SUNDIALS call goes
// through SundialsCheck.
#include "mocc/runtime/cvode_integrator.h"

#include "integrator_jacobian.h"
#include "sundials_check.h"
#include "sundials_solver.h"

#include <cvode/cvode.h>
#include <cvode/cvode_ls.h>

#include <algorithm>
#include <memory>

namespace mocc::runtime {

namespace {

// Error-test failures allowed in one step (CVODE's default is 7). After three, CVODE restarts
// at order 1 from h f(t_n, y_n). A component far stiffer than 1/h sits off its slow manifold
// by up to the corrector's tolerance, so f there is that offset times the stiffness (the
// leakage mode of a solenoid's two coil halves, about 1e12/s, gives 1e3 V/s where the solution
// moves by 1e-5 V/s), and h must shrink below tolerance / |f| before a step passes: about
// log10(h |f| / tolerance) more failures at CVODE's tenfold reductions, 12 in all for MSL's
// FluxTubes ComparisonQuasiStatic. A run that truly fails costs a few more tiny attempts.
constexpr int maxErrorTestFailures = 20;

class CvodeSolver final : public SundialsIntegrator::Solver {
public:
  CvodeSolver(OdeSystem& system, const IntegratorSettings& settings, CvodeMethod method);

  std::string_view name() const override {
    return method_ == CvodeMethod::Adams ? "cvode-adams" : "cvode";
  }
  void restart(double t, std::span<const double> y) override;
  bool solve(const Request& request, double& reachedTime) override;
  void rootDirections(std::span<int> directions, double t) override {
    check_(CVodeGetRootInfo(cvode_, directions.data()), "CVodeGetRootInfo", t);
  }
  std::span<const double> state() override { return view(state_); }
  void interpolate(double t, std::span<double> y) override;
  IntegratorStatistics stepCounters() override;
  std::string jacobianDescription() const override { return newtonMatrix_->description(); }

private:
  void createSolver();
  /// check_() of CVode's flag; a failed error test names the component to blame.
  void checkStep(int flag, double reachedTime);
  static int rhs(sunrealtype t, N_Vector y, N_Vector dy, void* self);
  static int roots(sunrealtype t, N_Vector y, sunrealtype* g, void* self);
  static int jacobian(sunrealtype t, N_Vector y, N_Vector dy, SUNMatrix matrix, void* self,
                      N_Vector, N_Vector, N_Vector);

  CvodeMethod method_;
  SundialsCheck check_;
  N_Vector state_ = nullptr;
  N_Vector scratch_ = nullptr;
  std::unique_ptr<IntegratorJacobian> newtonMatrix_;
  SolverMemory cvode_{CVodeFree};
};

CvodeSolver::CvodeSolver(OdeSystem& system, const IntegratorSettings& settings, CvodeMethod method)
    : Solver(system, settings), method_(method) {
  createSolver();
}

void CvodeSolver::createSolver() {
  const double t = 0.0;
  createContext(check_);
  state_ = newVector(size, check_);
  scratch_ = newVector(size, check_);
  // Adams keeps Newton with the same linear solver: functional iteration would fail on the
  // mildly stiff parts models often have, and Newton costs little more on non-stiff ones.
  int family = method_ == CvodeMethod::Adams ? CV_ADAMS : CV_BDF;
  cvode_.reset(check_.created(CVodeCreate(family, context), "CVodeCreate", t));
  check_(CVodeSetErrHandlerFn(cvode_, &SundialsCheck::errorHandler, &check_),
         "CVodeSetErrHandlerFn", t);
  check_(CVodeInit(cvode_, &CvodeSolver::rhs, t, state_), "CVodeInit", t);
  check_(CVodeSetUserData(cvode_, this), "CVodeSetUserData", t);
  N_Vector tolerances =
      check_.created(absoluteTolerances(settings, size, context), "N_VNew_Serial", t);
  int flag = CVodeSVtolerances(cvode_, settings.relativeTolerance, tolerances);
  N_VDestroy(tolerances);
  check_(flag, "CVodeSVtolerances", t);
  check_(CVodeSetMaxNumSteps(cvode_, settings.maxSteps), "CVodeSetMaxNumSteps", t);
  check_(CVodeSetMaxErrTestFails(cvode_, maxErrorTestFailures), "CVodeSetMaxErrTestFails", t);
  if (rootCount > 0 && settings.solverRootFinding) {
    check_(CVodeRootInit(cvode_, rootCount, &CvodeSolver::roots), "CVodeRootInit", t);
    // A function that is exactly zero at a restart is the root just handled: no warning.
    check_(CVodeSetNoInactiveRootWarn(cvode_), "CVodeSetNoInactiveRootWarn", t);
  }
  newtonMatrix_ =
      std::make_unique<IntegratorJacobian>(system, size, settings.sparseThreshold,
                                           IntegratorJacobian::Form::Ode, state_, context, check_);
  check_(CVodeSetLinearSolver(cvode_, newtonMatrix_->solver(), newtonMatrix_->matrix()),
         "CVodeSetLinearSolver", t, SundialsCheck::Flags::LinearSolver);
  // Without a Jacobian function CVODE differentiates by finite differences (difference
  // quotients), which costs `size` extra rhs evaluations per Jacobian.
  if (newtonMatrix_->analytic())
    check_(CVodeSetJacFn(cvode_, &CvodeSolver::jacobian), "CVodeSetJacFn", t,
           SundialsCheck::Flags::LinearSolver);
}

int CvodeSolver::rhs(sunrealtype t, N_Vector y, N_Vector dy, void* self) {
  auto& solver = *static_cast<CvodeSolver*>(self);
  ++solver.rhsCalls;
  return solver.guarded([&] { return solver.system.derivatives(t, view(y), view(dy)); });
}

int CvodeSolver::roots(sunrealtype t, N_Vector y, sunrealtype* g, void* self) {
  return static_cast<CvodeSolver*>(self)->evaluateRoots(t, view(y), g);
}

int CvodeSolver::jacobian(sunrealtype t, N_Vector y, N_Vector dy, SUNMatrix matrix, void* self,
                          N_Vector, N_Vector, N_Vector) {
  auto& solver = *static_cast<CvodeSolver*>(self);
  return solver.guarded(
      [&] { return solver.newtonMatrix_->fill(t, view(y), view(dy), matrix, 0.0, 1.0); });
}

IntegratorStatistics CvodeSolver::stepCounters() {
  IntegratorStatistics segment;
  const double t = 0.0; // the getters fail only on a null solver
  check_(CVodeGetNumSteps(cvode_, &segment.steps), "CVodeGetNumSteps", t);
  check_(CVodeGetNumErrTestFails(cvode_, &segment.errorTestFailures), "CVodeGetNumErrTestFails", t);
  check_(CVodeGetNumNonlinSolvConvFails(cvode_, &segment.convergenceFailures),
         "CVodeGetNumNonlinSolvConvFails", t);
  check_(CVodeGetNumNonlinSolvIters(cvode_, &segment.nonlinearIterations),
         "CVodeGetNumNonlinSolvIters", t);
  check_(CVodeGetNumJacEvals(cvode_, &segment.jacobianEvaluations), "CVodeGetNumJacEvals", t,
         SundialsCheck::Flags::LinearSolver);
  return segment;
}

void CvodeSolver::restart(double t, std::span<const double> y) {
  std::copy(y.begin(), y.end(), view(state_).begin());
  check_(CVodeReInit(cvode_, t, state_), "CVodeReInit", t);
}

bool CvodeSolver::solve(const Request& request, double& reachedTime) {
  double t = reachedTime;
  check_(CVodeSetStopTime(cvode_, request.tStop), "CVodeSetStopTime", t);
  check_(CVodeSetMinStep(cvode_, request.minStep), "CVodeSetMinStep", t);
  int flag =
      CVode(cvode_, request.tOut, state_, &reachedTime, request.oneStep ? CV_ONE_STEP : CV_NORMAL);
  steppedSinceRestart = true;
  guarded.rethrowPending();
  checkStep(flag, reachedTime);
  return flag == CV_ROOT_RETURN;
}

void CvodeSolver::checkStep(int flag, double reachedTime) {
  auto checkFlag = [&] { check_(flag, "CVode", reachedTime); };
  if (flag != CV_ERR_FAILURE) return checkFlag();
  checkBlaming(checkFlag, [&] {
    return largestLocalError(
        state_, [&](N_Vector v) { return CVodeGetEstLocalErrors(cvode_, v); },
        [&](N_Vector v) { return CVodeGetErrWeights(cvode_, v); });
  });
}

void CvodeSolver::interpolate(double t, std::span<double> y) {
  check_(CVodeGetDky(cvode_, t, 0, scratch_), "CVodeGetDky", t);
  std::copy_n(view(scratch_).begin(), y.size(), y.begin());
}

} // namespace

CvodeIntegrator::CvodeIntegrator(OdeSystem& system, const IntegratorSettings& settings,
                                 CvodeMethod method)
    : SundialsIntegrator(std::make_unique<CvodeSolver>(system, settings, method)) {}

} // namespace mocc::runtime
