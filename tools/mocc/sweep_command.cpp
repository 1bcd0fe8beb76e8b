// `mocc sweep MODEL --param k=1,2,3 --param d=100:100:500 [--jobs N]`: a parameter study. The
// model is compiled once; every combination of the values runs on a pool of threads (the
// runtime keeps no state shared between runs), writes its own result file and a row of the
// summary (the values, the outcome, events, steps and the final values of the result columns).
// Under mpirun, --mpi shares the combinations among the ranks (run k goes to rank k mod size)
// and rank 0 gathers the summary rows.
#include "commands.h"
#include "jit_compilation.h"

#include "mocc/cli/simulator_cli.h"
#include "mocc/runtime/csv_writer.h"
#include "mocc/runtime/modes.h"
#include "mocc/runtime/result_file.h"
#include "mocc/runtime/simulation.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#ifdef MOCC_WITH_MPI
#include <mpi.h>
#endif

namespace mocc::tool {

namespace {

namespace fs = std::filesystem;

struct SweepOptions {
  JitCompileOptions compile;
  cli::SimulatorOptions simulation;
  std::vector<std::string> parameters; // NAME=v1,v2,... or NAME=first:step:last
  int jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::string directory; // empty: <Model>_sweep
  bool mpi = false;      // share the runs among the ranks of mpirun
};

/// This process's share of the runs: those whose index is `rank` modulo `size`.
struct Share {
  int rank = 0, size = 1;
  bool mine(std::size_t run) const { return run % static_cast<std::size_t>(size) == rank; }
};

struct Axis {
  std::string name;
  std::vector<std::string> values; // as given, so that each run's override reads the same text
};

/// `first:step:last` inclusive (up to rounding of the last step), or a comma-separated list.
std::optional<Axis> parseAxis(const std::string& text, std::string& error) {
  auto equals = text.find('=');
  if (equals == std::string::npos || equals == 0) {
    error = fmt::format("--param '{}': expected NAME=v1,v2,... or NAME=first:step:last", text);
    return std::nullopt;
  }
  Axis axis{text.substr(0, equals), {}};
  std::string values = text.substr(equals + 1);
  double first = 0, step = 0, last = 0;
  char rest = 0;
  if (std::sscanf(values.c_str(), "%lf:%lf:%lf%c", &first, &step, &last, &rest) == 3) {
    if (!(step != 0) || (last - first) / step < 0 || (last - first) / step > 1e6) {
      error =
          fmt::format("--param '{}': the range {}:{}:{} has no values", text, first, step, last);
      return std::nullopt;
    }
    auto count = static_cast<std::size_t>(std::floor((last - first) / step + 1e-9)) + 1;
    for (std::size_t i = 0; i < count; ++i)
      axis.values.push_back(fmt::format("{}", first + static_cast<double>(i) * step));
    return axis;
  }
  for (std::size_t begin = 0; begin <= values.size();) {
    std::size_t end = std::min(values.find(',', begin), values.size());
    axis.values.push_back(values.substr(begin, end - begin));
    begin = end + 1;
  }
  return axis;
}

/// Every combination, the first axis slowest.
std::vector<std::vector<std::string>> combinations(const std::vector<Axis>& axes) {
  std::vector<std::vector<std::string>> out{{}};
  for (const Axis& axis : axes) {
    std::vector<std::vector<std::string>> next;
    for (const auto& prefix : out)
      for (const std::string& value : axis.values) {
        next.push_back(prefix);
        next.back().push_back(value);
      }
    out = std::move(next);
  }
  return out;
}

/// Passes rows on and keeps the numbers of the last one, for the summary's final values (the
/// summary has no String columns).
class LastRowSink final : public runtime::ForwardingSink {
public:
  explicit LastRowSink(runtime::ResultSink& inner) : ForwardingSink(inner) {}
  void begin(std::span<const runtime::ResultColumn> columns) override {
    numeric_.clear();
    for (const runtime::ResultColumn& column : columns)
      numeric_.push_back(column.type != MOCC_TYPE_STRING);
    inner_.begin(columns);
  }
  void row(double time, runtime::RowKind kind, std::span<const double> values) override {
    last_.clear();
    for (std::size_t i = 0; i < values.size(); ++i)
      if (i >= numeric_.size() || numeric_[i]) last_.push_back(values[i]);
    inner_.row(time, kind, values);
  }
  const std::vector<double>& last() const { return last_; }

private:
  std::vector<bool> numeric_;
  std::vector<double> last_;
};

struct RunOutcome {
  std::string status; // finished, terminated, failed, or the usage error
  runtime::SimulationResult result;
  std::vector<double> finalValues;
};

const char* statusName(runtime::Outcome outcome) {
  switch (outcome) {
  case runtime::Outcome::Finished: return "finished";
  case runtime::Outcome::Terminated: return "terminated";
  case runtime::Outcome::Failed: return "failed";
  }
  return "failed";
}

class Sweep {
public:
  /// `modes`: the catalog of a model whose structure changes at events (shared by the
  /// threads), `model` its initial mode's.
  Sweep(const mocc_model& model, runtime::ModeCatalog* modes, const SweepOptions& o,
        std::vector<Axis> axes, fs::path dir)
      : model_(model), modes_(modes), o_(o), axes_(std::move(axes)), dir_(std::move(dir)),
        runs_(combinations(axes_)), outcomes_(runs_.size()) {}

  std::size_t size() const { return runs_.size(); }

  /// Runs this process's share of the combinations on `jobs` threads.
  void runAll(int jobs, Share share) {
    std::vector<std::size_t> mine;
    for (std::size_t i = 0; i < runs_.size(); ++i)
      if (share.mine(i)) mine.push_back(i);
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
      for (std::size_t k = next++; k < mine.size(); k = next++)
        outcomes_[mine[k]] = runOne(mine[k]);
    };
    std::vector<std::thread> threads;
    for (int t = 1; t < std::min<int>(jobs, static_cast<int>(mine.size())); ++t)
      threads.emplace_back(worker);
    worker();
    for (std::thread& thread : threads)
      thread.join();
  }

  fs::path resultPath(std::size_t run) const {
    bool mat = o_.simulation.format == "mat";
    return dir_ / fmt::format("run_{}.{}", run + 1, mat ? "mat" : "csv");
  }

  std::string summaryHeader() const {
    auto columns = runtime::resultColumns(model_, o_.simulation.derivatives,
                                          o_.simulation.parameters, o_.simulation.variables);
    std::string header = "run";
    for (const Axis& axis : axes_)
      header += ',' + runtime::csvField(axis.name);
    header += ",status,end_time,events,steps,wall_seconds,results";
    for (const auto& column : columns)
      header += ',' + runtime::csvField("final " + column.name);
    return header + '\n';
  }

  /// The summary line of run `i` (which this process ran).
  std::string summaryRow(std::size_t i) const {
    const RunOutcome& r = outcomes_[i];
    const runtime::Statistics& s = r.result.statistics;
    std::string row = std::to_string(i + 1);
    for (const std::string& value : runs_[i])
      row += ',' + value;
    row += fmt::format(",{},{},{},{},{:.6f},{}", runtime::csvField(r.status), r.result.endTime,
                       s.stateEvents + s.timeEvents, s.steps, s.wallSeconds,
                       runtime::csvField(resultPath(i).filename().string()));
    for (double value : r.finalValues)
      row += fmt::format(",{}", value);
    return row + '\n';
  }

  /// The rows of this process's share, in order.
  std::string summaryRows(Share share) const {
    std::string rows;
    for (std::size_t i = 0; i < runs_.size(); ++i)
      if (share.mine(i)) rows += summaryRow(i);
    return rows;
  }

private:
  RunOutcome runOne(std::size_t i) {
    cli::SimulatorOptions options = o_.simulation;
    for (std::size_t a = 0; a < axes_.size(); ++a)
      options.overrides.push_back(axes_[a].name + "=" + runs_[i][a]);
    std::string error;
    auto resolved = cli::resolveRun(model_, options, error);
    if (!resolved) return {error, {}, {}};
    try {
      auto file = runtime::openResultFile(resultPath(i), resolved->format);
      LastRowSink sink(*file);
      RunOutcome outcome{
          "",
          modes_ ? runtime::simulateModes(*modes_, resolved->simulation, resolved->overrides, sink)
                 : runtime::simulate(model_, resolved->simulation, resolved->overrides, sink),
          {}};
      file->close();
      outcome.status = statusName(outcome.result.outcome);
      if (outcome.result.outcome == runtime::Outcome::Failed)
        outcome.status += ": " + outcome.result.message;
      outcome.finalValues = sink.last();
      return outcome;
    } catch (const std::exception& e) {
      return {std::string("failed: ") + e.what(), {}, {}};
    }
  }

  const mocc_model& model_;
  runtime::ModeCatalog* modes_;
  const SweepOptions& o_;
  std::vector<Axis> axes_;
  fs::path dir_;
  std::vector<std::vector<std::string>> runs_;
  std::vector<RunOutcome> outcomes_;
};

/// Rows whose status is neither finished nor terminated.
std::size_t failedRuns(const std::string& rows) {
  std::size_t failed = 0;
  for (std::size_t at = 0; at < rows.size();) {
    std::size_t end = rows.find('\n', at);
    std::string row = rows.substr(at, end - at);
    failed += row.find(",finished,") == std::string::npos &&
              row.find(",terminated,") == std::string::npos;
    at = end == std::string::npos ? rows.size() : end + 1;
  }
  return failed;
}

/// Summary rows ordered by run number (the ranks' shares interleave).
std::string byRunNumber(const std::string& rows) {
  std::vector<std::pair<long, std::string>> lines;
  std::istringstream in(rows);
  for (std::string line; std::getline(in, line);)
    lines.emplace_back(std::stol(line), line + '\n');
  std::sort(lines.begin(), lines.end());
  std::string out;
  for (const auto& line : lines)
    out += line.second;
  return out;
}

#ifdef MOCC_WITH_MPI
/// MPI from initialization to finalization, on the thread that runs the command (only it calls
/// MPI; the simulation threads do not).
class MpiSession {
public:
  explicit MpiSession(bool wanted) {
    if (!wanted) return;
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    active_ = true;
    MPI_Comm_rank(MPI_COMM_WORLD, &share_.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &share_.size);
  }
  ~MpiSession() {
    if (active_) MPI_Finalize();
  }
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;
  Share share() const { return share_; }

private:
  bool active_ = false;
  Share share_;
};

/// Every rank's rows, at rank 0 in run order; "" elsewhere.
std::string gatherAtRankZero(const std::string& rows, Share share) {
  int length = static_cast<int>(rows.size());
  std::vector<int> lengths(share.size), offsets(share.size);
  MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::string all;
  if (share.rank == 0) {
    for (int r = 1; r < share.size; ++r)
      offsets[r] = offsets[r - 1] + lengths[r - 1];
    all.resize(static_cast<std::size_t>(offsets.back() + lengths.back()));
  }
  MPI_Gatherv(rows.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR,
              0, MPI_COMM_WORLD);
  return share.rank == 0 ? byRunNumber(all) : std::string();
}
#else
struct MpiSession {
  explicit MpiSession(bool) {}
  Share share() const { return Share{}; }
};
std::string gatherAtRankZero(const std::string& rows, Share) { return rows; }
#endif

int usageError(const std::string& message) {
  std::cerr << "mocc: error: " << message << "\n";
  return cli::kUsageError;
}

int sweep(const SweepOptions& o) {
  std::vector<Axis> axes;
  std::string error;
  for (const std::string& text : o.parameters) {
    auto axis = parseAxis(text, error);
    if (!axis) return usageError(error);
    axes.push_back(std::move(*axis));
  }
  JitCompilation compilation(o.compile);
  auto compiled = compilation.compile();
  if (!compiled) return cli::kModelError;
  const mocc_model& model = compiled->model();
  // Every combination's overrides are checked before anything runs.
  cli::SimulatorOptions probe = o.simulation;
  for (const Axis& axis : axes)
    probe.overrides.push_back(axis.name + "=" + axis.values.front());
  if (!cli::resolveRun(model, probe, error)) return usageError(error);
  fs::path dir =
      o.directory.empty() ? fs::path(std::string(model.name) + "_sweep") : fs::path(o.directory);
  std::error_code failure;
  fs::create_directories(dir, failure);
  if (failure)
    return usageError(fmt::format("cannot create '{}': {}", dir.string(), failure.message()));
  Sweep study(model, compilation.modes(), o, std::move(axes), dir);
  MpiSession mpi(o.mpi);
  Share share = mpi.share();
  auto begin = std::chrono::steady_clock::now();
  study.runAll(o.jobs, share);
  std::string rows = study.summaryRows(share);
  if (share.size > 1) rows = gatherAtRankZero(rows, share);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  if (share.rank != 0) return cli::kSuccess; // rank 0 reports for all
  std::ofstream(dir / "summary.csv") << study.summaryHeader() << rows;
  std::size_t failed = failedRuns(rows);
  std::string where = o.mpi
                          ? fmt::format("{} ranks of {} threads", share.size, o.jobs)
                          : fmt::format("{} threads", std::min<std::size_t>(o.jobs, study.size()));
  std::cout << fmt::format("{}: {} runs on {} in {:.3f} s, {} failed\n  results: {}\n  "
                           "summary: {}\n",
                           model.name, study.size(), where, seconds, failed,
                           (dir / "run_*").string(), (dir / "summary.csv").string());
  return failed ? cli::kSimulationFailure : cli::kSuccess;
}

} // namespace

CommandAction addSweepCommand(CLI::App& app) {
  auto o = std::make_shared<SweepOptions>();
  CLI::App* cmd = app.add_subcommand(
      "sweep", "A parameter study: compile a model once and simulate every combination of "
               "parameter values on parallel threads; one result file per run and a summary CSV");
  addModelOptions(*cmd, o->compile.selection);
  cmd->add_option("--param", o->parameters,
                  "NAME=v1,v2,... or NAME=first:step:last (repeatable): the values of a "
                  "parameter or start value; every combination runs")
      ->required()
      ->type_name("NAME=VALUES");
  cmd->add_option("-j,--jobs", o->jobs, "Runs at the same time (default: the cores)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("-d,--dir", o->directory,
                  "Directory of the results: run_<k>.csv (or .mat) and summary.csv (default: "
                  "<Model>_sweep)");
#ifdef MOCC_WITH_MPI
  cmd->add_flag("--mpi", o->mpi,
                "Under mpirun: share the runs among the ranks (run k on rank k mod size, each "
                "with --jobs threads); rank 0 writes the summary");
#endif
  cli::SimulatorOptions& s = o->simulation;
  cmd->add_option("--start-time", s.startTime, "Start time (default: the experiment's)");
  cmd->add_option("--stop-time", s.stopTime, "Stop time (default: the experiment's)");
  cmd->add_option("--tolerance", s.tolerance, "Integrator tolerance (default: the experiment's)");
  cmd->add_option("--interval", s.interval, "Output interval (default: the experiment's)");
  cmd->add_option("--solver", s.solver, "Integrator, as for `mocc run` (default cvode)");
  cmd->add_option("--override", s.overrides, "NAME=VALUE fixed in every run (repeatable)");
  cmd->add_option("--overrides-file", s.overridesFile,
                  "A file of NAME=VALUE lines fixed in every run")
      ->check(CLI::ExistingFile);
  cmd->add_option("--format", s.format, "Result format: csv (default) or mat")
      ->check(CLI::IsMember({"csv", "mat"}));
  cmd->add_option("--variables", s.variables,
                  "Write (and summarise) only the variables whose whole name matches this "
                  "regular expression");
  addJitCompileOptions(*cmd, o->compile, /*withPrintAfter=*/false);
  cmd->footer("Exit codes: 0 every run finished, 1 model error, 2 usage error, 3 a run failed "
              "(the others' results and the summary are written).");
  return [o]() { return sweep(*o); };
}

} // namespace mocc::tool
