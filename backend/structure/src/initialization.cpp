// The `initialization` pass: the equations of MLS 8.6, start-value fallbacks for free
// states, diagnostics for ill-posed problems, and causalisation.
#include "mocc/structure/initialization.h"

#include "causalize.h"
#include "system_queries.h"

#include <algorithm>
#include <fmt/format.h>

namespace mocc::backend::structure {

namespace {

std::string plural(std::size_t n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

class InitializationBuilder {
public:
  InitializationBuilder(dae::System& system, const SourceManager& sources, Diagnostics& diagnostics)
      : system_(system), sources_(sources), diagnostics_(diagnostics),
        blocks_(detail::blockAssignments(system)),
        initialAlgorithmOutputs_(detail::initialAlgorithmOutputs(system)),
        freeAtInitial_(whenOutputsSetInitially()) {}

  std::optional<Initialization> run() {
    if (!checkInitialAlgorithmOutputs()) return std::nullopt;
    addPreUnknowns();
    collectUnknowns();
    addEquations();
    addBlocks();
    if (!matchWithFallbacks()) return std::nullopt;
    detail::Causalizer causalizer(system_, problem_, diagnostics_);
    if (!causalizer.match()) return std::nullopt; // matched above: not expected
    auto steps = causalizer.order();
    if (!steps) return std::nullopt;
    result_.equations = problem_.equations;
    result_.unknowns = problem_.unknowns;
    result_.steps = std::move(*steps);
    for (std::uint32_t v = 0; v < freeAtInitial_.size(); ++v)
      if (freeAtInitial_[v]) result_.solvedWhenOutputs.push_back(v);
    return std::move(result_);
  }

private:
  bool isBlockOutput(std::uint32_t v) const {
    return (blocks_[v].kind != detail::BlockAssignment::Kind::None && !freeAtInitial_[v]) ||
           initialAlgorithmOutputs_[v];
  }

  // MLS 3.6 section 8.6: a when-clause that is not active at initialization leaves its
  // variables at their pre() values (v = pre(v)), and pre(v) is then an unknown of the
  // initialization problem. So an initial equation may fix v itself (`initial equation x = 1`
  // beside `when time >= 0.5 then x = pre(x) + 1`): such a v is solved from the initial
  // equations instead of being the when-clause's output, which keeps it unchanged. Not when v
  // has fixed = true: then pre(v) = v.start, so v = pre(v) is known and the initial equations
  // determine other unknowns (`initial equation x = p` with a free parameter p).
  std::vector<bool> whenOutputsSetInitially() const {
    std::vector<bool> inInitialEquations(system_.variables.size(), false);
    for (const dae::Equation& e : system_.initialEquations)
      for (std::uint32_t v : detail::equationReads(system_, e))
        inInitialEquations[v] = true;
    std::vector<bool> free(system_.variables.size(), false);
    for (const dae::WhenClause& clause : system_.whens) {
      if (activeBranch(clause)) continue;
      for (std::uint32_t v : clause.assigned)
        free[v] =
            (inInitialEquations[v] && !system_.variables[v].fixed) || initialAlgorithmOutputs_[v];
    }
    // An initial algorithm determines what it assigns (MLS 8.6); a variable that an algorithm
    // section assigns in its when-statements is then free there like a when-clause's.
    for (const dae::Algorithm& algorithm : system_.algorithms)
      for (std::uint32_t v : algorithm.outputs)
        free[v] = initialAlgorithmOutputs_[v];
    return free;
  }

  // MLS 8.6: an initial algorithm is a block of equations for the variables it assigns; with
  // fixed = true (v = start, or pre(v) = start for the v = pre(v) of a when-clause) or a
  // when-clause active at initialization they would have two definitions.
  bool checkInitialAlgorithmOutputs() {
    bool ok = true;
    for (const dae::Algorithm& algorithm : system_.initialAlgorithms) {
      for (std::uint32_t v : algorithm.outputs) {
        const dae::Variable& variable = system_.variables[v];
        const char* conflict = nullptr;
        if (variable.fixed) conflict = "it has fixed = true";
        if (blocks_[v].kind == detail::BlockAssignment::Kind::When &&
            activeBranch(system_.whens[blocks_[v].index]))
          conflict = "a when-clause active at initialization assigns it";
        if (!conflict) continue;
        auto& d = diagnostics_.error(
            DiagnosticKind::StructurallySingular, algorithm.range,
            fmt::format("the initialization problem is over-determined: the initial algorithm "
                        "assigns '{}', but {} (MLS 8.6)",
                        variable.name, conflict));
        d.notes.push_back({variable.range, "declared here"});
        ok = false;
      }
    }
    return ok;
  }

  // ------------------------------------------------------------------- pre() unknowns

  bool isDiscrete(std::uint32_t v) const {
    const dae::Variable& variable = system_.variables[v];
    return variable.kind == dae::VariableKind::Discrete && !variable.alias.valid() &&
           !variable.stateSelection;
  }

  bool isContinuous(std::uint32_t v) const {
    const dae::Variable& variable = system_.variables[v];
    bool continuous = variable.kind == dae::VariableKind::State ||
                      variable.kind == dae::VariableKind::Algebraic ||
                      variable.kind == dae::VariableKind::Derivative;
    return continuous && !variable.alias.valid();
  }

  bool isStandIn(std::uint32_t v) const { return v >= standIn_.size(); }

  // MLS 8.6: "the pre-variables (pre) are interpreted as unknown algebraic variables" of the
  // initialization problem. For a discrete vd with fixed = true, pre(vd) = vd.start is added
  // (addEquations); otherwise an initial equation may determine pre(vd) (the OnOffController's
  // `pre(y) = pre_y_start`), and where nothing does, pre(vd) takes vd.start like an unfixed
  // state takes its start value (matchWithFallbacks), which is what it was before. Only a
  // pre() that an initial equation reads can be determined by anything else, so only those
  // become unknowns, each with a hidden stand-in variable; every other pre() stays the known
  // start value that bind stores.
  void addPreUnknowns() {
    standIn_.assign(system_.variables.size(), dae::kNone);
    for (const dae::Equation& e : system_.initialEquations) {
      for (expr::Id side : {e.lhs, e.rhs}) {
        for (std::uint32_t v : expr::preVariablesOf(system_.pool, side))
          if (isDiscrete(v) && standIn_[v] == dae::kNone) standIn_[v] = addStandIn(v);
      }
    }
    std::size_t size = system_.variables.size();
    blocks_.resize(size);
    initialAlgorithmOutputs_.resize(size, false);
    freeAtInitial_.resize(size, false);
  }

  std::uint32_t addStandIn(std::uint32_t v) {
    const dae::Variable& of = system_.variables[v];
    dae::Variable standIn;
    standIn.name = "pre(" + of.name + ")";
    standIn.type = of.type;
    standIn.kind = dae::VariableKind::Internal;
    standIn.start = of.start; // its fallback value (and Newton's start)
    standIn.range = of.range;
    auto index = static_cast<std::uint32_t>(system_.variables.size());
    system_.variables.push_back(std::move(standIn));
    result_.preUnknowns.push_back({v, index});
    return index;
  }

  // pre(v) of a PreUnknown reads its stand-in; in an initial equation pre(vc) of a continuous
  // vc reads vc (MLS 8.6 item 2 adds pre(vc) = vc). Only equations with such a pre() are
  // rebuilt, so the others keep their nodes.
  dae::Equation withPreUnknowns(const dae::Equation& e, bool initialEquation) {
    auto replacement = [&](std::uint32_t v) -> expr::Id {
      if (standIn_[v] != dae::kNone) return system_.ref(standIn_[v]);
      if (initialEquation && isContinuous(v)) return system_.ref(v);
      return {};
    };
    bool affected = false;
    for (expr::Id side : {e.lhs, e.rhs})
      for (std::uint32_t v : expr::preVariablesOf(system_.pool, side))
        affected = affected || replacement(v).valid();
    if (!affected) return e;
    expr::Translator translate(system_.pool, system_.pool, [&](expr::Id id, expr::Translator&) {
      expr::Node node = system_.pool.node(id);
      return node.op == expr::Op::Pre ? replacement(node.index) : expr::Id{};
    });
    dae::Equation result = e;
    result.lhs = translate(e.lhs);
    result.rhs = translate(e.rhs);
    return result;
  }

  // A block that reads pre(v), or starts from it (an inactive when-clause's v = pre(v), an
  // algorithm's discrete outputs), reads the stand-in of a PreUnknown v: the program stores
  // the stand-in's value into pre(v) before such a block runs.
  void addPreReads(detail::Block& block, const std::vector<std::uint32_t>& preReads) const {
    for (std::uint32_t v : preReads)
      if (standIn_[v] != dae::kNone) block.reads.push_back(standIn_[v]);
  }

  std::vector<std::uint32_t> whenPreReads(const dae::WhenClause& clause) const {
    std::vector<std::uint32_t> reads = clause.assigned;
    for (const dae::WhenBranch& branch : clause.branches) {
      for (const dae::WhenStatement& s : branch.body) {
        std::vector<expr::Id> expressions;
        if (auto* a = std::get_if<dae::Assignment>(&s)) expressions = {a->value};
        if (auto* r = std::get_if<dae::Reinit>(&s)) expressions = {r->value};
        if (auto* a = std::get_if<dae::Assertion>(&s)) expressions = {a->condition};
        for (expr::Id e : expressions) {
          std::vector<std::uint32_t> more = expr::preVariablesOf(system_.pool, e);
          reads.insert(reads.end(), more.begin(), more.end());
        }
      }
    }
    return reads;
  }

  std::vector<std::uint32_t> algorithmPreReads(const dae::Algorithm& algorithm) const {
    std::vector<std::uint32_t> reads = dae::algorithmPreReads(system_.pool, algorithm);
    reads.insert(reads.end(), algorithm.outputs.begin(), algorithm.outputs.end());
    return reads;
  }

  // ------------------------------------------------------------------------ unknowns

  bool isUnknown(std::uint32_t v) const {
    const dae::Variable& variable = system_.variables[v];
    if (variable.alias.valid() || variable.stateSelection || isBlockOutput(v)) return false;
    return variable.kind != dae::VariableKind::Parameter || !variable.fixed;
  }

  void collectUnknowns() {
    for (std::uint32_t v = 0; v < system_.variables.size(); ++v)
      if (isUnknown(v)) problem_.unknowns.push_back(v);
  }

  void add(dae::Equation equation, InitialOrigin origin) {
    problem_.equations.push_back(equation);
    result_.origins.push_back(origin);
  }

  expr::Id startOf(std::uint32_t v) {
    const dae::Variable& variable = system_.variables[v];
    return variable.start.valid() ? variable.start : system_.pool.constant(variable.type, 0);
  }

  void addEquations() {
    for (const dae::Equation& e : system_.equations)
      add(withPreUnknowns(e, false), InitialOrigin::Equation);
    for (const dae::Equation& e : system_.initialEquations)
      add(withPreUnknowns(e, true), InitialOrigin::InitialEquation);
    // MLS 8.6 item 3: for a discrete variable vd with fixed = true, pre(vd) = vd.start.
    for (const PreUnknown& unknown : result_.preUnknowns) {
      const dae::Variable& variable = system_.variables[unknown.variable];
      if (!variable.fixed) continue;
      add(dae::Equation{system_.ref(unknown.standIn), startOf(unknown.variable), variable.range},
          InitialOrigin::FixedStart);
    }
    // MLS 8.6: a continuous variable with fixed = true starts at its start value; for a
    // discrete one it is pre(v) that takes the start value, which bind does. A derivative
    // is fixed only when alias elimination merged a fixed variable into it (y = der(x)).
    for (std::uint32_t v : problem_.unknowns) {
      const dae::Variable& variable = system_.variables[v];
      bool continuous = variable.kind == dae::VariableKind::State ||
                        variable.kind == dae::VariableKind::Algebraic ||
                        variable.kind == dae::VariableKind::Derivative;
      if (!variable.fixed || !continuous || variable.type != expr::Type::Real) continue;
      add(dae::Equation{system_.ref(v), startOf(v), variable.range}, InitialOrigin::FixedStart);
    }
    for (const dae::WhenClause& clause : system_.whens) {
      const dae::WhenBranch* branch = activeBranch(clause);
      if (!branch) continue;
      for (const dae::WhenStatement& s : branch->body) {
        if (auto* r = std::get_if<dae::Reinit>(&s))
          add(dae::Equation{system_.ref(r->state), r->value, r->range}, InitialOrigin::Reinit);
      }
    }
  }

  static const dae::WhenBranch* activeBranch(const dae::WhenClause& clause) {
    for (const dae::WhenBranch& branch : clause.branches)
      if (branch.activeAtInitial) return &branch;
    return nullptr;
  }

  // A when-clause at the initial time reads only what its initial() branch assigns from.
  void addBlocks() {
    for (std::uint32_t w = 0; w < system_.whens.size(); ++w) {
      const dae::WhenClause& clause = system_.whens[w];
      std::vector<std::uint32_t> outputs;
      for (std::uint32_t v : clause.assigned)
        if (!freeAtInitial_[v]) outputs.push_back(v);
      detail::Block block{Step::Kind::When, w, outputs, {}, clause.range};
      addPreReads(block, whenPreReads(clause));
      if (const dae::WhenBranch* branch = activeBranch(clause)) {
        for (const dae::WhenStatement& s : branch->body) {
          expr::Id read;
          if (auto* a = std::get_if<dae::Assignment>(&s)) read = a->value;
          if (auto* a = std::get_if<dae::Assertion>(&s)) read = a->condition;
          if (!read.valid()) continue;
          for (std::uint32_t v : expr::variablesOf(system_.pool, read))
            block.reads.push_back(v);
        }
      }
      problem_.blocks.push_back(std::move(block));
    }
    for (std::uint32_t a = 0; a < system_.algorithms.size(); ++a) {
      const dae::Algorithm& algorithm = system_.algorithms[a];
      detail::Block block{Step::Kind::Algorithm,
                          a,
                          {},
                          dae::algorithmInputs(system_.pool, algorithm),
                          algorithm.range};
      // An output that the initial algorithm determines keeps its value: the section reads it.
      for (std::uint32_t v : algorithm.outputs)
        (freeAtInitial_[v] ? block.reads : block.outputs).push_back(v);
      addPreReads(block, algorithmPreReads(algorithm));
      problem_.blocks.push_back(std::move(block));
    }
    for (std::uint32_t a = 0; a < system_.initialAlgorithms.size(); ++a) {
      const dae::Algorithm& algorithm = system_.initialAlgorithms[a];
      detail::Block block{Step::Kind::InitialAlgorithm, a, algorithm.outputs,
                          dae::algorithmInputs(system_.pool, algorithm), algorithm.range};
      addPreReads(block, algorithmPreReads(algorithm));
      problem_.blocks.push_back(std::move(block));
    }
  }

  // ------------------------------------------------------------------------ matching

  BipartiteGraph graph(std::vector<std::int32_t>& column) const {
    column.assign(system_.variables.size(), kUnmatched);
    for (std::size_t c = 0; c < problem_.unknowns.size(); ++c)
      column[problem_.unknowns[c]] = static_cast<std::int32_t>(c);
    BipartiteGraph g(problem_.equations.size());
    for (std::size_t e = 0; e < g.size(); ++e) {
      for (std::uint32_t v : detail::equationReads(system_, problem_.equations[e]))
        if (column[v] != kUnmatched) g[e].push_back(column[v]);
    }
    return g;
  }

  bool matchWithFallbacks() {
    std::vector<std::int32_t> column;
    BipartiteGraph g = graph(column);
    Matching matching = maximumMatching(g, problem_.unknowns.size());
    if (matching.size < g.size()) {
      if (!removeRedundantInitialEquations(g, matching)) {
        reportOverDetermined(g, matching);
        return false;
      }
      return matchWithFallbacks();
    }
    if (matching.size == problem_.unknowns.size()) return true;
    // Free states take their start values, in the order fallbacks() prefers; augmenting
    // paths keep every mandatory equation matched, and a fallback that cannot be matched
    // (the state is determined after all) is dropped again.
    std::vector<std::uint32_t> visited(problem_.unknowns.size(), 0);
    std::uint32_t stamp = 1;
    for (std::uint32_t v : fallbacks()) {
      g.push_back({column[v]});
      if (!augmentFrom(g, matching, static_cast<std::int32_t>(g.size() - 1), visited, stamp)) {
        g.pop_back();
        matching.variableOfEquation.pop_back();
        continue;
      }
      ++stamp;
      add(dae::Equation{system_.ref(v), startOf(v), system_.variables[v].range},
          InitialOrigin::StartFallback);
      if (!isStandIn(v)) result_.startFallbacks.push_back(v); // pre(v) = v.start: no warning
      if (matching.size == problem_.unknowns.size()) break;
    }
    if (matching.size < problem_.unknowns.size()) {
      reportUnderDetermined(g, matching);
      return false;
    }
    reportFallbacks();
    return true;
  }

  // pre() unknowns that nothing determines (their pre(v) = v.start, as before MLS 8.6 made
  // them unknowns), then states without fixed = true, in the order their start values are
  // most meaningful: ordinary states, then the candidates a state set selects at the start,
  // then other dummy states, then the state sets' own states.
  std::vector<std::uint32_t> fallbacks() const {
    std::vector<int> rank(system_.variables.size(), 2);
    for (const dae::StateSet& set : system_.stateSets) {
      for (std::uint32_t s : set.states)
        rank[s] = 3;
      std::size_t columns = set.candidates.size();
      for (std::size_t k = 0; k < set.selection.size(); ++k) {
        const dae::Variable& a = system_.variables[set.selection[k]];
        if (a.start.valid() && system_.pool.isConstant(a.start, 1))
          rank[set.candidates[k % columns]] = 1;
      }
    }
    std::vector<std::pair<int, std::uint32_t>> ordered;
    for (const PreUnknown& unknown : result_.preUnknowns)
      if (!system_.variables[unknown.variable].fixed) ordered.emplace_back(-1, unknown.standIn);
    for (std::uint32_t v : problem_.unknowns) {
      const dae::Variable& variable = system_.variables[v];
      if (variable.kind != dae::VariableKind::State || variable.fixed) continue;
      int r = variable.isIntegratedState() && rank[v] == 2 ? 0 : rank[v];
      ordered.emplace_back(r, v);
    }
    std::sort(ordered.begin(), ordered.end());
    std::vector<std::uint32_t> result;
    for (const auto& entry : ordered)
      result.push_back(entry.second);
    return result;
  }

  // ------------------------------------------------------------- redundant equations

  // MLS 8.6: "a consistent start value or initial equation may be removed with a
  // diagnostic". When only initial equations and fixed start values are left over (blocks
  // whose inputs are connected to one signal each saying pre(u) = false), they are removed
  // and checked at the end of initialization instead: the run stops there when one does
  // not hold. An equation of the model itself that is left over stays an error.
  bool removeRedundantInitialEquations(const BipartiteGraph& g, Matching& matching) {
    std::vector<int> rank(problem_.equations.size());
    for (std::size_t e = 0; e < rank.size(); ++e)
      rank[e] = equationRank(e);
    moveUnmatchedEquations(g, matching, rank);
    std::vector<std::size_t> redundant;
    for (std::size_t e = 0; e < problem_.equations.size(); ++e) {
      if (matching.variableOfEquation[e] != kUnmatched) continue;
      InitialOrigin origin = result_.origins[e];
      if (origin != InitialOrigin::InitialEquation && origin != InitialOrigin::FixedStart)
        return false;
      redundant.push_back(e);
    }
    std::string list;
    for (std::size_t e : redundant)
      list += (list.empty() ? "" : "; ") + describeEquation(e);
    auto& d = diagnostics_.warning(
        DiagnosticKind::StructurallySingular, system_.range,
        fmt::format("the initialization problem is over-determined: {} no unknown left: {}; "
                    "{} removed and checked for consistency at initialization (MLS 8.6)",
                    plural(redundant.size(), "equation has", "equations have"), list,
                    redundant.size() == 1 ? "it is" : "they are"));
    for (std::size_t e : redundant)
      d.notes.push_back({problem_.equations[e].range, "this equation is redundant"});
    for (auto e = redundant.rbegin(); e != redundant.rend(); ++e) {
      result_.consistencyChecks.push_back(consistencyCheck(*e));
      problem_.equations.erase(problem_.equations.begin() + static_cast<std::ptrdiff_t>(*e));
      result_.origins.erase(result_.origins.begin() + static_cast<std::ptrdiff_t>(*e));
    }
    return true;
  }

  // lhs = rhs as an assertion (for a fixed start value: which variable, see ConsistencyCheck):
  // exactly for Integer and Boolean values; for Real ones up to a
  // relative 1e-8, well above the residuals the initialization's Newton solves leave
  // (their tolerance is 1e-10 relative) and far below any modelling difference.
  ConsistencyCheck consistencyCheck(std::size_t e) {
    const dae::Equation& equation = problem_.equations[e];
    expr::Pool& pool = system_.pool;
    expr::Id lhs = equation.lhs, rhs = equation.rhs;
    expr::Id holds;
    sim::MessageValue value;
    if (pool.type(lhs) == expr::Type::Real || pool.type(rhs) == expr::Type::Real) {
      auto absolute = [&](expr::Id x) {
        expr::Id args[] = {x};
        return pool.call(expr::Builtin::Abs, args);
      };
      expr::Id scale = pool.add(pool.real(1), pool.add(absolute(lhs), absolute(rhs)));
      holds = pool.compare(expr::Op::Le, absolute(pool.sub(lhs, rhs)),
                           pool.mul(pool.real(1e-8), scale));
      value.significantDigits = 17;
    } else {
      holds = pool.compare(expr::Op::Eq, lhs, rhs);
      value.format = pool.type(lhs) == expr::Type::Boolean ? sim::MessageValue::Format::Boolean
                                                           : sim::MessageValue::Format::Integer;
    }
    sim::Message message;
    message.texts = {"the redundant equation " + describeEquation(e) +
                         " does not hold at initialization: left side ",
                     ", right side ", ""};
    message.values = {value, value};
    ConsistencyCheck check{
        dae::Assertion{holds, message, dae::AssertLevel::Error, equation.range, {lhs, rhs}}};
    if (result_.origins[e] == InitialOrigin::FixedStart && pool.op(lhs) == expr::Op::Variable) {
      // Its start value may be overridden: the message names the variable, not the expression.
      check.fixedStartOf = pool.node(lhs).index;
      check.start = rhs;
      const dae::Variable& variable = system_.variables[*check.fixedStartOf];
      check.assertion.message.texts = {
          fmt::format("the start value of {} (fixed = true, {}) is redundant and does not hold "
                      "at initialization: {} is ",
                      variable.name, where(equation.range), variable.name),
          ", its start value ", ""};
    }
    return check;
  }

  // -------------------------------------------------------------------- diagnostics

  std::string where(const SourceRange& range) const {
    return range.valid() ? sources_.describe(range.begin) : std::string("?");
  }

  std::string listVariables(const std::vector<std::uint32_t>& variables) const {
    std::vector<std::string> items;
    for (std::uint32_t v : variables) {
      const dae::Variable& variable = system_.variables[v];
      items.push_back(fmt::format("{} ({})", variable.name, where(variable.range)));
    }
    return diagnostics_.listed(items);
  }

  std::string describeEquation(std::size_t e) const {
    const dae::Equation& equation = problem_.equations[e];
    auto names = dae::names(system_);
    std::string text = expr::print(system_.pool, equation.lhs, names) + " = " +
                       expr::print(system_.pool, equation.rhs, names);
    const char* origin = "";
    switch (result_.origins[e]) {
    case InitialOrigin::Equation: origin = "equation"; break;
    case InitialOrigin::InitialEquation: origin = "initial equation"; break;
    case InitialOrigin::FixedStart: origin = "fixed = true"; break;
    case InitialOrigin::Reinit: origin = "reinit at initial()"; break;
    case InitialOrigin::StartFallback: origin = "start value"; break;
    }
    return fmt::format("{} ({}, {})", text, origin, where(equation.range));
  }

  // Which equation a message names as left over (lowest first): the ones the user added
  // for initialization rather than the model's own.
  int equationRank(std::size_t e) const {
    switch (result_.origins[e]) {
    case InitialOrigin::FixedStart: return 0;
    case InitialOrigin::InitialEquation: return 1;
    case InitialOrigin::Reinit: return 2;
    case InitialOrigin::StartFallback: return 3;
    case InitialOrigin::Equation: return 4;
    }
    return 4;
  }

  // Which variable a message names as free (lowest first): parameters with fixed = false,
  // then states, then other variables, derivatives last.
  int variableRank(std::uint32_t v) const {
    const dae::Variable& variable = system_.variables[v];
    if (variable.kind == dae::VariableKind::Parameter) return 0;
    if (variable.kind == dae::VariableKind::State) return variable.dummy ? 2 : 1;
    return variable.kind == dae::VariableKind::Derivative ? 3 : 2;
  }

  void reportOverDetermined(const BipartiteGraph& g, Matching& matching) {
    std::vector<int> rank(problem_.equations.size());
    for (std::size_t e = 0; e < rank.size(); ++e)
      rank[e] = equationRank(e);
    std::vector<bool> part = moveUnmatchedEquations(g, matching, rank);
    std::string equations;
    std::vector<std::uint32_t> variables;
    std::vector<std::size_t> unmatched;
    for (std::size_t e = 0; e < problem_.equations.size(); ++e) {
      if (matching.variableOfEquation[e] != kUnmatched) continue;
      unmatched.push_back(e);
      equations += (equations.empty() ? "" : "; ") + describeEquation(e);
      for (std::uint32_t v : detail::equationReads(system_, problem_.equations[e]))
        if (isUnknown(v) && std::find(variables.begin(), variables.end(), v) == variables.end())
          variables.push_back(v);
    }
    auto& d = diagnostics_.error(
        DiagnosticKind::StructurallySingular, system_.range,
        fmt::format("the initialization problem is over-determined: {} no unknown left: {}; "
                    "{} conflicts with the other equations for {}; remove an initial equation "
                    "or a fixed = true",
                    plural(unmatched.size(), "equation has", "equations have"), equations,
                    unmatched.size() == 1 ? "it" : "each", listVariables(variables)));
    for (std::size_t e : unmatched)
      d.notes.push_back({problem_.equations[e].range, "this equation is left over"});
    for (std::size_t e = 0; e < part.size(); ++e) {
      if (!part[e] || matching.variableOfEquation[e] == kUnmatched) continue;
      d.notes.push_back(
          {problem_.equations[e].range, "it conflicts with this one: " + describeEquation(e)});
    }
  }

  void reportUnderDetermined(const BipartiteGraph& g, Matching& matching) {
    std::vector<int> rank(problem_.unknowns.size());
    for (std::size_t c = 0; c < rank.size(); ++c)
      rank[c] = variableRank(problem_.unknowns[c]);
    std::vector<bool> part = moveUnmatchedVariables(g, matching, rank);
    std::vector<std::uint32_t> free, involved;
    for (std::size_t c = 0; c < problem_.unknowns.size(); ++c) {
      if (matching.equationOfVariable[c] == kUnmatched)
        free.push_back(problem_.unknowns[c]);
      else if (part[c])
        involved.push_back(problem_.unknowns[c]);
    }
    std::string also;
    if (!involved.empty()) {
      also = fmt::format(" (their equations also involve {}: together {} short)",
                         listVariables(involved), plural(free.size(), "equation", "equations"));
    }
    auto& d = diagnostics_.error(
        DiagnosticKind::StructurallySingular, system_.range,
        fmt::format("the initialization problem is under-determined: {} no equation: {}{}; add "
                    "an initial equation or fixed = true",
                    plural(free.size(), "variable has", "variables have"), listVariables(free),
                    also));
    std::size_t limit = diagnostics_.listLimit() ? diagnostics_.listLimit() : free.size();
    for (std::size_t i = 0; i < std::min(limit, free.size()); ++i) {
      const dae::Variable& variable = system_.variables[free[i]];
      d.notes.push_back(
          {variable.range, "nothing determines the initial value of '" + variable.name + "'"});
    }
  }

  void reportFallbacks() {
    if (result_.startFallbacks.empty()) return;
    std::vector<std::uint32_t> states = result_.startFallbacks;
    std::sort(states.begin(), states.end());
    diagnostics_.warning(
        DiagnosticKind::StructurallySingular, system_.range,
        fmt::format("the initialization problem is under-determined: {} no initial equation and "
                    "fixed = false: {}; using their start values (add initial equations or "
                    "fixed = true to choose)",
                    plural(states.size(), "state has", "states have"), listVariables(states)));
  }

  dae::System& system_;
  const SourceManager& sources_;
  Diagnostics& diagnostics_;
  std::vector<detail::BlockAssignment> blocks_;
  std::vector<bool> initialAlgorithmOutputs_;
  std::vector<bool> freeAtInitial_;    // block outputs solved from initial equations/algorithms
  std::vector<std::uint32_t> standIn_; // variable -> its PreUnknown's stand-in, or kNone
  detail::CausalProblem problem_;
  Initialization result_;
};

} // namespace

std::optional<Initialization> initialization(dae::System& system, const SourceManager& sources,
                                             Diagnostics& diagnostics) {
  return InitializationBuilder(system, sources, diagnostics).run();
}

std::string print(const dae::System& system, const Initialization& initialization,
                  const SourceManager* sources) {
  std::size_t counts[5] = {0, 0, 0, 0, 0};
  for (InitialOrigin origin : initialization.origins)
    ++counts[static_cast<int>(origin)];
  std::string out = fmt::format(
      "initialization {}: {} unknowns, {} equations ({} of the model, {} initial, {} fixed "
      "start, {} reinit, {} start fallback)\n",
      system.name, initialization.unknowns.size(), initialization.equations.size(), counts[0],
      counts[1], counts[2], counts[3], counts[4]);
  out += printSteps(system, initialization.steps, initialization.equations, sources, 2);
  auto names = dae::names(system);
  for (const ConsistencyCheck& check : initialization.consistencyChecks)
    out += "  check " + expr::print(system.pool, check.assertion.condition, names) + "\n";
  return out;
}

} // namespace mocc::backend::structure
