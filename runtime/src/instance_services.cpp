// InstanceServices and the exported C entry point mocc_solve_system (model.h), which generated
// code calls to solve its algebraic loops. The symbol has default visibility so that a JIT's
// process-symbol lookup finds it in the loaded runtime library.
#include "mocc/runtime/instance_services.h"

namespace mocc::runtime {

InstanceServices::InstanceServices(const mocc_model& model, AlgebraicSolverSettings settings)
    : solver_(model, settings) {}

void InstanceServices::attach(mocc_instance& instance) {
  instance.runtime = this;
  instance.report = &InstanceServices::forwardReport;
}

InstanceServices* InstanceServices::of(const mocc_instance* instance) {
  return instance ? static_cast<InstanceServices*>(instance->runtime) : nullptr;
}

void InstanceServices::forwardReport(mocc_instance* instance, int32_t kind, int32_t message,
                                     double time) {
  InstanceServices* services = of(instance);
  if (services && services->report_) services->report_(kind, message, time);
}

} // namespace mocc::runtime

extern "C" __attribute__((visibility("default"))) int32_t
mocc_solve_system(mocc_instance* instance, int32_t system,
                  void (*residual)(mocc_instance* instance, const double* x, double* r),
                  void (*jacobian)(mocc_instance* instance, const double* x, double* j),
                  double* x) {
  mocc::runtime::InstanceServices* services = mocc::runtime::InstanceServices::of(instance);
  if (!services) return 1; // nobody to solve or to record the failure: the caller sees it
  return services->solver().solve(instance, system, residual, jacobian, x);
}
