// The `pantelides` pass: structural check, Pantelides' algorithm on the continuous part, and
// symbolic differentiation of the equations it marks. Dummy derivatives: dummy_derivatives.cpp.
#include "mocc/structure/index_reduction.h"

#include "mocc/structure/pantelides.h"
#include "system_queries.h"

#include <fmt/format.h>
#include <optional>
#include <set>
#include <utility>

namespace mocc::backend::structure {

namespace {

/// Appends der(integral) to the system; an algebraic integral becomes a state candidate.
std::uint32_t addDerivativeVariable(dae::System& system, std::uint32_t integral) {
  dae::Variable derivative;
  derivative.name = "der(" + system.variables[integral].name + ")";
  derivative.kind = dae::VariableKind::Derivative;
  derivative.state = integral;
  derivative.range = system.variables[integral].range;
  auto index = static_cast<std::uint32_t>(system.variables.size());
  system.variables[integral].derivative = index;
  if (system.variables[integral].kind == dae::VariableKind::Algebraic)
    system.variables[integral].kind = dae::VariableKind::State;
  system.variables.push_back(std::move(derivative));
  return index;
}

class IndexReducer {
public:
  IndexReducer(dae::System& system, Diagnostics& diagnostics)
      : system_(system), diagnostics_(diagnostics), blocks_(detail::blockAssignments(system)) {}

  bool run() {
    if (!checkStructure()) return false;
    buildGraph();
    PantelidesResult result = pantelides(graph_);
    if (!result.ok) {
      reportNoIndexReduction(originalEquation(result, result.failedEquation));
      return false;
    }
    if (result.graph.equations.size() == graph_.equations.size()) return true; // index <= 1
    addDerivativeVariables(result);
    if (!differentiateEquations(result)) return false;
    return selectDummyDerivatives(system_, diagnostics_);
  }

private:
  bool blockAssigned(std::uint32_t v) const {
    return blocks_[v].kind != detail::BlockAssignment::Kind::None;
  }

  bool isUnknown(std::uint32_t v) const {
    return system_.variables[v].isUnknown() && !blockAssigned(v);
  }

  // ------------------------------------------------------------------- structural check

  // Each unknown with its integrals (a state with its derivative) is one column; every
  // equation must be matched to a column and every column to an equation.
  bool checkStructure() {
    std::size_t n = system_.variables.size();
    std::vector<std::int32_t> column(n, kUnmatched);
    std::vector<std::uint32_t> columnName; // the unknown named in diagnostics
    for (std::uint32_t v = 0; v < n; ++v) {
      if (!isUnknown(v) || column[v] != kUnmatched) continue;
      auto c = static_cast<std::int32_t>(columnName.size());
      columnName.push_back(v);
      for (std::uint32_t u = v; u != dae::kNone; u = system_.variables[u].state) {
        column[u] = c;
        if (system_.variables[u].kind != dae::VariableKind::Derivative) break;
      }
    }
    BipartiteGraph graph(system_.equations.size());
    for (std::size_t e = 0; e < graph.size(); ++e) {
      // Differentiated, an equation determines what its derivatives read too.
      std::set<std::int32_t> columns;
      for (std::uint32_t v : detail::equationReads(system_, system_.equations[e]))
        if (column[v] != kUnmatched) columns.insert(column[v]);
      for (const auto& order : detail::noDerivativeReads(system_, system_.equations[e]))
        for (std::uint32_t v : order)
          if (column[v] != kUnmatched) columns.insert(column[v]);
      graph[e].assign(columns.begin(), columns.end());
    }
    Matching matching = maximumMatching(graph, columnName.size());
    if (matching.size == graph.size() && matching.size == columnName.size()) return true;
    // Counted as the user wrote them: each eliminated alias took one equation and one unknown.
    std::size_t aliases = 0;
    for (const dae::Variable& v : system_.variables)
      aliases += v.alias.valid() ? 1 : 0;
    auto& d = diagnostics_.error(
        DiagnosticKind::StructurallySingular, system_.range,
        fmt::format("model '{}' is structurally singular: {} equations, {} unknowns", system_.name,
                    system_.equations.size() + aliases, columnName.size() + aliases));
    for (std::size_t c = 0; c < columnName.size(); ++c) {
      if (matching.equationOfVariable[c] != kUnmatched) continue;
      const dae::Variable& v = system_.variables[columnName[c]];
      d.notes.push_back({v.range, "no equation is left to determine '" + v.name + "'"});
    }
    for (std::size_t e = 0; e < graph.size(); ++e) {
      if (matching.variableOfEquation[e] != kUnmatched) continue;
      d.notes.push_back({system_.equations[e].range,
                         "this equation has no unknown left to determine (over-determined)"});
    }
    return false;
  }

  // --------------------------------------------------------------------- index graph

  bool isContinuous(std::uint32_t v) const {
    const dae::Variable& variable = system_.variables[v];
    return variable.type == expr::Type::Real && !variable.alias.valid() && !blockAssigned(v) &&
           (variable.kind == dae::VariableKind::State ||
            variable.kind == dae::VariableKind::Derivative ||
            variable.kind == dae::VariableKind::Algebraic);
  }

  // `b = expr` with b a Boolean, Integer or internal unknown: it computes b, at events.
  bool definesDiscrete(const dae::Equation& e) const {
    for (expr::Id side : {e.lhs, e.rhs}) {
      if (system_.pool.op(side) != expr::Op::Variable) continue;
      std::uint32_t v = system_.pool.node(side).index;
      if (isUnknown(v) && !isContinuous(v)) return true;
    }
    return false;
  }

  void buildGraph() {
    std::size_t n = system_.variables.size();
    graphVariable_.assign(n, kUnmatched);
    for (std::uint32_t v = 0; v < n; ++v) {
      if (!isContinuous(v)) continue;
      graphVariable_[v] = static_cast<std::int32_t>(daeVariable_.size());
      daeVariable_.push_back(v);
    }
    graph_.derivative.assign(daeVariable_.size(), kUnmatched);
    for (std::size_t g = 0; g < daeVariable_.size(); ++g) {
      std::uint32_t derivative = system_.variables[daeVariable_[g]].derivative;
      if (derivative != dae::kNone) graph_.derivative[g] = graphVariable_[derivative];
    }
    for (std::uint32_t e = 0; e < system_.equations.size(); ++e) {
      const dae::Equation& equation = system_.equations[e];
      if (definesDiscrete(equation)) continue;
      std::vector<std::int32_t> incidence;
      for (std::uint32_t v : detail::equationReads(system_, equation))
        if (graphVariable_[v] != kUnmatched) incidence.push_back(graphVariable_[v]);
      if (incidence.empty()) continue;
      std::vector<std::vector<std::int32_t>> extras;
      for (const auto& order : detail::noDerivativeReads(system_, equation)) {
        extras.emplace_back();
        for (std::uint32_t v : order)
          if (graphVariable_[v] != kUnmatched) extras.back().push_back(graphVariable_[v]);
      }
      graph_.equations.push_back(std::move(incidence));
      graph_.derivativeExtras.push_back(std::move(extras));
      daeEquation_.push_back(e);
    }
  }

  // The model equation a (possibly differentiated) graph equation comes from.
  std::int32_t originalEquation(const PantelidesResult& result, std::int32_t e) const {
    while (static_cast<std::size_t>(e) >= daeEquation_.size())
      e = result.differentiatedFrom[e];
    return e;
  }

  void reportNoIndexReduction(std::int32_t failed) {
    diagnostics_.error(DiagnosticKind::StructurallySingular,
                       system_.equations[daeEquation_[failed]].range,
                       "index reduction failed: this equation cannot be matched to an unknown "
                       "however often it is differentiated (the model is structurally singular)");
  }

  // ------------------------------------------------------------ differentiation

  // New graph variables, in creation order, become der(...) variables of the system.
  void addDerivativeVariables(const PantelidesResult& result) {
    for (std::size_t g = daeVariable_.size(); g < result.integral.size(); ++g)
      daeVariable_.push_back(addDerivativeVariable(system_, daeVariable_[result.integral[g]]));
  }

  expr::Id variableDerivative(std::uint32_t v) {
    const dae::Variable& variable = system_.variables[v];
    if (variable.derivative != dae::kNone) return system_.ref(variable.derivative);
    bool piecewiseConstant = variable.kind == dae::VariableKind::Parameter ||
                             variable.kind == dae::VariableKind::Discrete ||
                             variable.kind == dae::VariableKind::Internal ||
                             variable.stateSelection || variable.type != expr::Type::Real;
    return piecewiseConstant ? system_.pool.real(0) : expr::Id{};
  }

  bool differentiateEquations(const PantelidesResult& result) {
    expr::DerivativeRules rules;
    rules.variable = [this](std::uint32_t v) { return variableDerivative(v); };
    rules.function = detail::functionDerivatives(system_);
    rules.inlined = dae::inlinedFunctions(system_);
    expr::Differentiator ddt(system_.pool, rules);
    bool ok = true;
    for (std::size_t g = daeEquation_.size(); g < result.differentiatedFrom.size(); ++g) {
      std::uint32_t parent = daeEquation_[result.differentiatedFrom[g]];
      dae::Equation equation = system_.equations[parent];
      auto lhs = ddt(equation.lhs);
      auto rhs = lhs ? ddt(equation.rhs) : std::nullopt;
      if (!lhs || !rhs) {
        reportNotDifferentiable(equation, ddt);
        ok = false;
      }
      equation.lhs = lhs.value_or(equation.lhs);
      equation.rhs = rhs.value_or(equation.rhs);
      equation.origin = dae::EquationOrigin::Differentiated;
      equation.differentiatedFrom = parent;
      daeEquation_.push_back(static_cast<std::uint32_t>(system_.equations.size()));
      system_.equations.push_back(equation);
    }
    return ok;
  }

  void reportNotDifferentiable(const dae::Equation& equation, const expr::Differentiator& ddt) {
    std::string what;
    expr::Id at = ddt.failedAt();
    if (at.valid() && system_.pool.op(at) == expr::Op::FunctionCall) {
      std::uint32_t f = system_.pool.node(at).index;
      what = "function '" + system_.functions[f].code.name +
             "' has no derivative annotation that names a function of the model (MLS 12.7.1)";
    } else if (at.valid() && system_.pool.op(at) == expr::Op::Variable) {
      what = "'" + system_.variables[system_.pool.node(at).index].name +
             "' is computed by an algorithm section and cannot be differentiated";
    } else {
      what = ddt.failure();
    }
    diagnostics_.error(DiagnosticKind::InvalidDerivative, equation.range,
                       "index reduction must differentiate this equation, but " + what);
  }

  dae::System& system_;
  Diagnostics& diagnostics_;
  std::vector<detail::BlockAssignment> blocks_;
  IndexGraph graph_;
  std::vector<std::int32_t> graphVariable_; // dae variable -> graph variable
  std::vector<std::uint32_t> daeVariable_;  // graph variable -> dae variable
  std::vector<std::uint32_t> daeEquation_;  // graph equation -> dae equation
};

// `v = der(x)` (kept by alias elimination when v prefers to be a state): v can be a state only
// if the constraints that fix der(x) are differentiated once more, which Pantelides' algorithm
// does not do unless der(v) appears. These are the variables to give a derivative of their own.
std::vector<std::uint32_t> preferredDerivativeStates(const dae::System& system) {
  std::vector<std::uint32_t> preferred;
  auto variableOf = [&](expr::Id side) -> std::optional<std::uint32_t> {
    if (system.pool.op(side) != expr::Op::Variable) return std::nullopt;
    return system.pool.node(side).index;
  };
  for (const dae::Equation& equation : system.equations) {
    auto lhs = variableOf(equation.lhs), rhs = variableOf(equation.rhs);
    if (!lhs || !rhs) continue;
    for (auto [v, x] : {std::pair{*lhs, *rhs}, std::pair{*rhs, *lhs}}) {
      const dae::Variable &value = system.variables[v], &derivative = system.variables[x];
      if (value.kind == dae::VariableKind::Algebraic && value.type == expr::Type::Real &&
          value.stateSelect >= dae::StateSelect::Prefer && !value.alias.valid() &&
          value.derivative == dae::kNone && derivative.kind == dae::VariableKind::Derivative)
        preferred.push_back(v);
    }
  }
  return preferred;
}

/// The variables that some equation reads (a state's derivative is a variable of its own).
std::vector<bool> readByEquations(const dae::System& system) {
  std::vector<bool> read(system.variables.size(), false);
  for (const dae::Equation& e : system.equations)
    for (expr::Id side : {e.lhs, e.rhs})
      for (std::uint32_t v : expr::variablesOf(system.pool, side))
        read[v] = true;
  return read;
}

/// MLS 4.8.7.1: stateSelect = never forbids a state and always demands one. Reported where the
/// equations leave no choice: a variable whose derivative appears but which no equation reads
/// itself (never: nothing else could be the state), a variable whose derivative appears
/// nowhere (always). A state that other equations read might give way to another variable of
/// those equations (a choice Dymola makes by differentiating them); that is left alone.
bool honoursStateSelect(const dae::System& system, Diagnostics& diagnostics) {
  std::vector<bool> read = readByEquations(system);
  bool ok = true;
  for (std::uint32_t index = 0; index < system.variables.size(); ++index) {
    const dae::Variable& v = system.variables[index];
    if (v.alias.valid()) continue;
    if (v.stateSelect == dae::StateSelect::Never && v.isIntegratedState() && !read[index]) {
      diagnostics.error(DiagnosticKind::StateSelectViolated, v.range,
                        "'" + v.name +
                            "' has stateSelect = StateSelect.never, but it must be a state: its "
                            "derivative appears and no equation reads it (MLS 4.8.7.1)");
      ok = false;
    }
    if (v.stateSelect == dae::StateSelect::Always && v.kind == dae::VariableKind::Algebraic) {
      diagnostics.error(DiagnosticKind::StateSelectViolated, v.range,
                        "'" + v.name +
                            "' has stateSelect = StateSelect.always, but it cannot be a state: "
                            "no derivative of it appears in the equations (MLS 4.8.7.1)");
      ok = false;
    }
  }
  return ok;
}

} // namespace

// stateSelect = prefer asks for a state "if possible" (MLS 4.9.4.3): a variable defined as a
// derivative (the relative velocity of the MSL's spring-dampers) is tried as a state first; when
// the equations that would make it one cannot be differentiated, it stays algebraic.
bool reduceIndex(dae::System& system, Diagnostics& diagnostics) {
  if (std::vector<std::uint32_t> preferred = preferredDerivativeStates(system);
      !preferred.empty()) {
    dae::System attempt = system;
    for (std::uint32_t v : preferred)
      addDerivativeVariable(attempt, v);
    Diagnostics attemptDiagnostics;
    if (IndexReducer(attempt, attemptDiagnostics).run() && !attemptDiagnostics.hasErrors()) {
      for (const Diagnostic& d : attemptDiagnostics.all())
        diagnostics.report(d);
      system = std::move(attempt);
      return honoursStateSelect(system, diagnostics);
    }
  }
  return IndexReducer(system, diagnostics).run() && honoursStateSelect(system, diagnostics);
}

} // namespace mocc::backend::structure
