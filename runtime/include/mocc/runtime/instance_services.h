// What mocc_instance::runtime points at while generated code runs (model.h): the services that
// code calls back into, namely reports (failed asserts, terminate()), mocc_solve_system for
// algebraic loops, mocc_delay for the history of delay(), and for the external C code it calls
// the warnings, errors and strings of
// ModelicaUtilities.h (MLS 3.6 section 12.9.6). The simulator attaches one to its instance; an
// embedder that drives the model functions itself attaches its own.
#pragma once

#include "mocc/model.h"
#include "mocc/runtime/algebraic_solver.h"
#include "mocc/runtime/delay_history.h"
#include "mocc/runtime/loop_relations.h"

#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace mocc::runtime {

/// The run's table of texts: what a String handle of generated code means (model.h,
/// mocc_text). It starts with the model's String constants (handle k is strings[k]) and
/// interns every text computed during the run, so equal texts have one handle, and keeps each
/// text at one address until the table is destroyed (external functions may hold it).
class TextTable {
public:
  explicit TextTable(const mocc_model& model);
  TextTable(const TextTable&) = delete;
  TextTable& operator=(const TextTable&) = delete;

  /// The handle of `text`, added when it is new.
  double handle(std::string_view text);
  /// The text of `handle`; "" for a value that is no handle.
  const char* text(double handle) const;
  std::size_t size() const { return texts_.size(); }

private:
  std::deque<std::string> texts_; // a deque never moves its elements
  std::unordered_map<std::string_view, std::size_t> index_;
};

/// String(value, ...) as MLS 3.6 section 3.7.4.5 defines it for the kind and options of
/// `format` (model.h, mocc_message_value): a Real with %.<significantDigits>g (or its format),
/// an Integer in decimal, a Boolean as true or false, an enumeration as its literal's name, a
/// String (a handle into `texts`) as itself, padded with blanks to the minimum length.
std::string formatValue(const mocc_message_value& format, double value, const TextTable* texts);

/// The text of message `message` of `model` (model.h) with the values generated code passed
/// to mocc_instance::report (null when it has none), each written by formatValue (String
/// handles looked up in `texts`). "message #i" for an index outside the table.
std::string formatMessage(const mocc_model& model, int32_t message, const double* values,
                          const TextTable* texts = nullptr);

/// Strings that external C code allocates with ModelicaAllocateString and friends (MLS 3.6
/// section 12.9.6.2): owned by the arena, freed with it. The tool may free them once the
/// external function has returned; the runtime keeps them until the run ends, which also
/// covers generated code that passes a returned string on to another external function.
class StringArena {
public:
  /// length + 1 characters, the last one NUL; null when there is no memory for them.
  char* allocate(std::size_t length) noexcept;
  /// How many strings the arena holds.
  std::size_t size() const { return strings_.size(); }

private:
  struct Free {
    void operator()(char* string) const;
  };
  std::vector<std::unique_ptr<char, Free>> strings_;
};

/// What external code reports through ModelicaUtilities.h besides messages.
enum class ExternalReportKind {
  Warning, // ModelicaWarning and its format variants: like a failed assert of level warning
  Error,   // ModelicaError and its variants: the call into the model was abandoned
};

class InstanceServices {
public:
  /// Receives what generated code passes to mocc_instance::report: `values` are those of the
  /// message's template (null when it has none), for formatMessage.
  using ReportFunction =
      std::function<void(int32_t kind, int32_t message, double time, const double* values)>;

  /// Receives the warnings and errors of external code (ModelicaUtilities.h) with the time of
  /// the instance and the text, trailing newlines removed.
  using ExternalReportFunction =
      std::function<void(ExternalReportKind kind, double time, const std::string& text)>;

  /// `model` must outlive this object.
  explicit InstanceServices(const mocc_model& model, AlgebraicSolverSettings settings = {});
  InstanceServices(const InstanceServices&) = delete;
  InstanceServices& operator=(const InstanceServices&) = delete;

  /// Points instance.runtime at this object and instance.report at a function forwarding to
  /// onReport(); the instance must not outlive this object.
  void attach(mocc_instance& instance);
  /// Where reports go; without one they are dropped.
  void onReport(ReportFunction function) { report_ = std::move(function); }
  /// Where the warnings and errors of external code go; without one they are written to
  /// standard error (nobody would see them otherwise).
  void onExternalReport(ExternalReportFunction function) { externalReport_ = std::move(function); }
  void reportExternal(ExternalReportKind kind, double time, const std::string& text);

  /// The strings external code allocated during calls into this instance's model.
  StringArena& strings() { return strings_; }
  /// The texts of the model's String values (mocc_text).
  TextTable& texts() { return texts_; }
  const TextTable& texts() const { return texts_; }
  /// mocc_text: `operation` (mocc_text_operation) of its operands.
  double text(int32_t operation, double a, double b, double c, double d);

  AlgebraicSolver& solver() { return solver_; }
  /// mocc_solve_system: solves loop `system` (in event and initial mode, noting the relations
  /// it is solved with for settleLoop).
  int solveLoop(mocc_instance& instance, int system, AlgebraicSolver::Residual residual,
                AlgebraicSolver::Jacobian jacobian, double* x);
  /// mocc_settle_loop: true when loop `system` must be solved again (LoopRelations).
  bool settleLoop(mocc_instance& instance, int system) {
    return loopRelations_.settle(instance, system);
  }
  const AlgebraicSolver& solver() const { return solver_; }
  /// The history mocc_delay reads: one per delay operator of the model (MLS 3.6 section
  /// 3.7.4.2), recorded by whoever drives the model (the simulator).
  DelayHistory& delays() { return delays_; }

  /// The services attached to `instance`, or null when its runtime pointer is null.
  static InstanceServices* of(const mocc_instance* instance);

private:
  static void forwardReport(mocc_instance* instance, int32_t kind, int32_t message, double time,
                            const double* values);

  AlgebraicSolver solver_;
  LoopRelations loopRelations_;
  DelayHistory delays_;
  ReportFunction report_;
  ExternalReportFunction externalReport_;
  StringArena strings_;
  TextTable texts_;
};

} // namespace mocc::runtime
