// The compiler's phases one at a time, driven through the project's libraries as `mocc run`
// does (tools/mocc/driver.cpp, tools/mocc/jit_compilation.cpp), for the benchmarks; and the
// process's memory. Failures throw std::runtime_error with the rendered diagnostics.
#pragma once

#include "generated_models.h"

#include "mocc/flat/model.h"
#include "mocc/frontend/class_tree.h"
#include "mocc/frontend/instantiate.h"
#include "mocc/llvm/jit.h"
#include "mocc/runtime/simulation.h"
#include "mocc/sim/program.h"
#include "mocc/support/diagnostics.h"

#include <memory>
#include <vector>

namespace mocc::bench {

/// One compilation's frontend state: the sources, diagnostics and class tree (with the
/// project's stdlib as library root, as `mocc run` without --lib).
struct Compilation {
  SourceManager sources;
  Diagnostics diagnostics;
  frontend::ClassTree tree{sources, diagnostics};
  std::vector<frontend::ClassEntry*> entries; // the model file's classes, after parse()

  Compilation();
  /// Every diagnostic rendered, in order.
  std::string rendered() const;
};

/// Phase "parse": the model's text into the class tree (library classes are parsed later,
/// when flattening first uses them, as in `mocc run --timings`).
void parse(Compilation& compilation, const GeneratedModel& model);

/// Phases "instantiate" and "flatten": the model's class to a flat model.
flat::Model flatten(Compilation& compilation, const GeneratedModel& model,
                    frontend::FlattenTimings* timings = nullptr);

/// Phase "structural analysis": the backend pipeline, flat model to sim::Program.
sim::Program analyse(Compilation& compilation, const flat::Model& model);

/// Phases "codegen" and "JIT": LLVM IR, optimisation, object code, linking.
std::unique_ptr<backend::jit::CompiledModel>
generateCode(const sim::Program& program, int optLevel = 2,
             backend::jit::CompileTimings* timings = nullptr);

/// Every phase; the compiled model of `model`.
std::unique_ptr<backend::jit::CompiledModel> compileModel(const GeneratedModel& model);

/// Simulates with the model's experiment (and `solver`), discarding the rows; throws when the
/// run does not finish.
runtime::SimulationResult simulate(const mocc_model& model, const std::string& solver = "cvode");

/// The process's resident memory and its peak in MiB (/proc/self/status VmRSS, VmHWM).
double residentMiB();
double peakResidentMiB();
/// Starts a new peak (writes 5 to /proc/self/clear_refs); false where the kernel refuses, and
/// then peakResidentMiB() stays the peak of the whole process.
bool resetPeakResident();

} // namespace mocc::bench
