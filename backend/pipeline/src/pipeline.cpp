// The pipeline builder: runs the backend passes in order, printing and timing them.
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

#include <algorithm>
#include <type_traits>

namespace mocc::backend {

const std::vector<PassInfo>& passes() {
  static const std::vector<PassInfo> list = {
#define PASS(Id, Name, Description) {Name, Description},
#include "mocc/backend/passes.def"
#undef PASS
  };
  return list;
}

bool isPass(const std::string& name) {
  const auto& list = passes();
  return std::any_of(list.begin(), list.end(), [&](const PassInfo& p) { return name == p.name; });
}

namespace {

class Pipeline {
public:
  Pipeline(const SourceManager& sources, Diagnostics& diagnostics, const PipelineOptions& options)
      : sources_(sources), diagnostics_(diagnostics), options_(options) {}

  // Order and why:
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
  std::optional<Analysis> analyse(const flat::Model& model) {
    auto system = timed("build-dae", [&] { return dae::build(model, diagnostics_); });
    if (!system) return std::nullopt;
    printSystem("build-dae", *system);
    if (!simplify(*system)) return std::nullopt;
    timed("relations", [&] {
      events::findRelations(*system);
      return true;
    });
    printSystem("relations", *system);
    if (!timed("pantelides", [&] { return structure::reduceIndex(*system, diagnostics_); }))
      return std::nullopt;
    printSystem("pantelides", *system);
    auto schedule = timed("sort", [&] { return structure::sort(*system, diagnostics_); });
    if (!schedule) return std::nullopt;
    if (wants("sort")) options_.print("sort", structure::print(*system, *schedule, &sources_));
    if (!initialize(*system, *schedule)) return std::nullopt;
    return Analysis{std::move(*system), std::move(*schedule)};
  }

  std::optional<sim::Program> compile(const flat::Model& model) {
    auto analysis = analyse(model);
    if (!analysis) return std::nullopt;
    auto program = timed("build-program", [&] {
      return program::build(analysis->system, analysis->schedule, sources_, diagnostics_,
                            options_.tunableParameters);
    });
    if (program && wants("build-program")) options_.print("build-program", sim::print(*program));
    return program;
  }

private:
  bool simplify(dae::System& system) {
    timed("eval-params", [&] { return structure::evaluateStructuralParameters(system); });
    printSystem("eval-params", system);
    std::size_t errors = diagnostics_.errorCount();
    timed("alias-elim", [&] { return structure::eliminateAliases(system, diagnostics_); });
    if (diagnostics_.errorCount() > errors) return false;
    printSystem("alias-elim", system);
    bool ok = timed("trivial-elim",
                    [&] { return structure::eliminateTrivialEquations(system, diagnostics_); });
    if (ok) printSystem("trivial-elim", system);
    return ok;
  }

  bool initialize(dae::System& system, structure::Schedule& schedule) {
    auto initialization = timed("initialization", [&] {
      return structure::initialization(system, sources_, diagnostics_);
    });
    if (!initialization) return false;
    schedule.initialization = std::move(*initialization);
    if (wants("initialization")) {
      options_.print("initialization",
                     structure::print(system, schedule.initialization, &sources_));
    }
    return true;
  }

  bool wants(const char* pass) const {
    return options_.print && std::find(options_.printAfter.begin(), options_.printAfter.end(),
                                       pass) != options_.printAfter.end();
  }

  void printSystem(const char* pass, const dae::System& system) {
    if (wants(pass)) options_.print(pass, dae::print(system, &sources_));
  }

  template <class F> std::invoke_result_t<F> timed(const char* pass, F&& body) {
    auto begin = std::chrono::steady_clock::now();
    auto result = body();
    if (options_.timed) options_.timed(pass, std::chrono::steady_clock::now() - begin);
    return result;
  }

  const SourceManager& sources_;
  Diagnostics& diagnostics_;
  const PipelineOptions& options_;
};

} // namespace

std::optional<Analysis> analyse(const flat::Model& model, const SourceManager& sources,
                                Diagnostics& diagnostics, const PipelineOptions& options) {
  return Pipeline(sources, diagnostics, options).analyse(model);
}

std::optional<sim::Program> compile(const flat::Model& model, const SourceManager& sources,
                                    Diagnostics& diagnostics, const PipelineOptions& options) {
  return Pipeline(sources, diagnostics, options).compile(model);
}

} // namespace mocc::backend
