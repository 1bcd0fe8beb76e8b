// The pipeline builder: runs the backend passes in order, printing and timing them.
#include "mocc/backend/pipeline.h"

#include "mocc/dae/build.h"
#include "mocc/events/relations.h"
#include "mocc/program/build.h"
#include "mocc/structure/sort.h"

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

  // Order: relations must run before sort, because solving and ordering must see frozen
  // relations as opaque values; sort must run before build-program, which lays the schedule
  // out into the ABI functions.
  std::optional<sim::Program> run(const flat::Model& model) {
    auto system = timed("build-dae", [&] { return dae::build(model, diagnostics_); });
    if (!system) return std::nullopt;
    printSystem("build-dae", *system);
    timed("relations", [&] {
      events::findRelations(*system);
      return true;
    });
    printSystem("relations", *system);
    auto schedule = timed("sort", [&] { return structure::sort(*system, diagnostics_); });
    if (!schedule) return std::nullopt;
    if (wants("sort")) options_.print("sort", structure::print(*system, *schedule, &sources_));
    auto program = timed("build-program", [&] {
      return program::build(*system, *schedule, sources_, diagnostics_);
    });
    if (program && wants("build-program")) options_.print("build-program", sim::print(*program));
    return program;
  }

private:
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

std::optional<sim::Program> compile(const flat::Model& model, const SourceManager& sources,
                                    Diagnostics& diagnostics, const PipelineOptions& options) {
  return Pipeline(sources, diagnostics, options).run(model);
}

} // namespace mocc::backend
