// The pass manager: runs the passes of passes.def in order over one PassState, printing,
// timing and (with --verify-each) verifying what each leaves behind.
#include "mocc/backend/pipeline.h"

#include "mocc/dae/build.h"
#include "mocc/events/relations.h"
#include "mocc/program/build.h"
#include "mocc/structure/alias_elim.h"
#include "mocc/structure/eval_params.h"
#include "mocc/structure/index_reduction.h"
#include "mocc/structure/initialization.h"
#include "mocc/structure/sort.h"
#include "mocc/structure/trivial_elim.h"

#include <fmt/format.h>

#include <algorithm>

namespace mocc::backend {

namespace {

/// What the passes hand on: each reads what earlier ones made and adds its part.
struct PassState {
  const flat::Model& model;
  std::optional<dae::System> system;
  std::optional<structure::Schedule> schedule;
  std::optional<sim::Program> program;
};

struct PassContext {
  const SourceManager& sources;
  Diagnostics& diagnostics;
  const PipelineOptions& options;
};

// The passes. Order and why:
//  - eval-params first: substituting structural parameters can remove terms, and with
//    them alias candidates and incidence every later pass sees.
//  - alias-elim before trivial-elim: merging aliases leaves equations such as `a = a`.
//  - both before relations, so that the relation table is built once, on final
//    expressions.
//  - relations before pantelides: differentiated equations copy the frozen Relation nodes
//    of their originals, and a relation's derivative is 0 (frozen between events).
//  - pantelides before sort: sort needs the index-reduced system with its dummy
//    derivatives and state sets, where every block is index 0 or 1.
//  - initialization after pantelides: it solves the index-reduced equations at the start
//    (differentiated equations are hidden constraints on the initial values); after sort
//    only because its result is stored in the Schedule.
//  - build-program last: it lays both schedules out into the ABI functions.

bool runBuildDae(PassState& state, PassContext& context) {
  state.system = dae::build(state.model, context.diagnostics);
  return state.system.has_value();
}

bool runEvalParams(PassState& state, PassContext&) {
  structure::evaluateStructuralParameters(*state.system);
  return true;
}

bool runAliasElim(PassState& state, PassContext& context) {
  std::size_t errors = context.diagnostics.errorCount();
  structure::eliminateAliases(*state.system, context.diagnostics);
  return context.diagnostics.errorCount() == errors;
}

bool runTrivialElim(PassState& state, PassContext& context) {
  return structure::eliminateTrivialEquations(*state.system, context.diagnostics);
}

bool runRelations(PassState& state, PassContext&) {
  events::findRelations(*state.system);
  return true;
}

bool runPantelides(PassState& state, PassContext& context) {
  return structure::reduceIndex(*state.system, context.diagnostics);
}

bool runSort(PassState& state, PassContext& context) {
  state.schedule = structure::sort(*state.system, context.diagnostics);
  return state.schedule.has_value();
}

bool runInitialization(PassState& state, PassContext& context) {
  auto initialization =
      structure::initialization(*state.system, context.sources, context.diagnostics);
  if (!initialization) return false;
  state.schedule->initialization = std::move(*initialization);
  return true;
}

bool runBuildProgram(PassState& state, PassContext& context) {
  state.program = program::build(*state.system, *state.schedule, context.sources,
                                 context.diagnostics, context.options.tunableParameters);
  return state.program.has_value();
}

enum class PassResult { System, Schedule, Initialization, Program };

struct Pass {
  const char* name;
  PassResult result;
  bool (*run)(PassState&, PassContext&);
};

const std::vector<Pass>& passList() {
  static const std::vector<Pass> list = {
#define PASS(Id, Name, Description, Result) {Name, PassResult::Result, &run##Id},
#include "mocc/backend/passes.def"
#undef PASS
  };
  return list;
}

std::string printResult(const Pass& pass, const PassState& state, const SourceManager& sources) {
  switch (pass.result) {
  case PassResult::System: return dae::print(*state.system, &sources);
  case PassResult::Schedule: return structure::print(*state.system, *state.schedule, &sources);
  case PassResult::Initialization:
    return structure::print(*state.system, state.schedule->initialization, &sources);
  case PassResult::Program: return sim::print(*state.program);
  }
  return {};
}

// The invariants the pass's result must satisfy (dae::verify, structure::verify); the program
// is checked by the emitters (llvm::verifyModule).
std::vector<std::string> verifyResult(const Pass& pass, const PassState& state) {
  if (pass.result == PassResult::Program) return {};
  std::vector<std::string> problems = dae::verify(*state.system);
  std::vector<std::string> more;
  if (pass.result == PassResult::Schedule) more = structure::verify(*state.system, *state.schedule);
  if (pass.result == PassResult::Initialization)
    more = structure::verify(*state.system, state.schedule->initialization);
  problems.insert(problems.end(), more.begin(), more.end());
  return problems;
}

constexpr std::size_t kProblemsShown = 10;

void reportInvalidResult(const Pass& pass, const PassState& state,
                         const std::vector<std::string>& problems, Diagnostics& diagnostics) {
  auto& d = diagnostics.error(
      DiagnosticKind::PassVerification, state.system->range,
      fmt::format("internal error: pass '{}' left an invalid system ({} problem{}); this is a "
                  "bug in mocc",
                  pass.name, problems.size(), problems.size() == 1 ? "" : "s"));
  for (std::size_t i = 0; i < std::min(problems.size(), kProblemsShown); ++i)
    d.notes.push_back({{}, problems[i]});
}

class Pipeline {
public:
  Pipeline(const flat::Model& model, const SourceManager& sources, Diagnostics& diagnostics,
           const PipelineOptions& options)
      : state_{model, {}, {}, {}}, context_{sources, diagnostics, options} {}

  /// Runs the passes up to and including `last`; false after a pass reported errors.
  bool runThrough(const char* last) {
    for (const Pass& pass : passList()) {
      if (!runPass(pass)) return false;
      if (std::string_view(pass.name) == last) break;
    }
    return true;
  }

  PassState& state() { return state_; }

private:
  bool runPass(const Pass& pass) {
    const PipelineOptions& options = context_.options;
    auto begin = std::chrono::steady_clock::now();
    bool ok = pass.run(state_, context_);
    if (options.timed) options.timed(pass.name, std::chrono::steady_clock::now() - begin);
    if (!ok) return false;
    if (wants(pass.name)) options.print(pass.name, printResult(pass, state_, context_.sources));
    if (!options.verifyEach) return true;
    std::vector<std::string> problems = verifyResult(pass, state_);
    if (problems.empty()) return true;
    reportInvalidResult(pass, state_, problems, context_.diagnostics);
    return false;
  }

  bool wants(const char* pass) const {
    const PipelineOptions& options = context_.options;
    return options.print && std::find(options.printAfter.begin(), options.printAfter.end(), pass) !=
                                options.printAfter.end();
  }

  PassState state_;
  PassContext context_;
};

} // namespace

const std::vector<PassInfo>& passes() {
  static const std::vector<PassInfo> list = {
#define PASS(Id, Name, Description, Result) {Name, Description},
#include "mocc/backend/passes.def"
#undef PASS
  };
  return list;
}

bool isPass(const std::string& name) {
  const auto& list = passes();
  return std::any_of(list.begin(), list.end(), [&](const PassInfo& p) { return name == p.name; });
}

std::optional<Analysis> analyse(const flat::Model& model, const SourceManager& sources,
                                Diagnostics& diagnostics, const PipelineOptions& options) {
  Pipeline pipeline(model, sources, diagnostics, options);
  if (!pipeline.runThrough("initialization")) return std::nullopt;
  return Analysis{std::move(*pipeline.state().system), std::move(*pipeline.state().schedule)};
}

std::optional<sim::Program> compile(const flat::Model& model, const SourceManager& sources,
                                    Diagnostics& diagnostics, const PipelineOptions& options) {
  Pipeline pipeline(model, sources, diagnostics, options);
  if (!pipeline.runThrough("build-program")) return std::nullopt;
  return std::move(pipeline.state().program);
}

} // namespace mocc::backend
