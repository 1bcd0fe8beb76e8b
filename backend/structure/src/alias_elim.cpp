// The `alias-elim` pass: union-find with signs over alias equations, then one substitution of
// every expression of the system.
#include "mocc/structure/alias_elim.h"

#include "system_queries.h"

#include <fmt/format.h>

#include <optional>

namespace mocc::backend::structure {

namespace {

struct Term {
  std::uint32_t variable;
  int sign;
};

// Collects `e` as a signed sum of at most two variables (constant zeros allowed).
bool collectTerms(const expr::Pool& pool, expr::Id e, int sign, std::vector<Term>& out) {
  switch (pool.op(e)) {
  case expr::Op::Variable: out.push_back({pool.node(e).index, sign}); return out.size() <= 2;
  case expr::Op::Constant: return pool.isConstant(e, 0);
  case expr::Op::Neg: return collectTerms(pool, pool.arg(e, 0), -sign, out);
  case expr::Op::Add:
  case expr::Op::Sub:
    return collectTerms(pool, pool.arg(e, 0), sign, out) &&
           collectTerms(pool, pool.arg(e, 1), pool.op(e) == expr::Op::Add ? sign : -sign, out);
  default: return false;
  }
}

// Union-find over variables where each node knows its sign relative to its parent.
class SignedUnionFind {
public:
  explicit SignedUnionFind(std::size_t n) : parent_(n), sign_(n, 1) {
    for (std::size_t i = 0; i < n; ++i)
      parent_[i] = static_cast<std::uint32_t>(i);
  }

  // The root of v and the sign s with v = s * root; compresses the path.
  std::pair<std::uint32_t, int> find(std::uint32_t v) {
    std::vector<std::uint32_t> path;
    std::uint32_t root = v;
    while (parent_[root] != root) {
      path.push_back(root);
      root = parent_[root];
    }
    // Walk back from the node nearest the root, accumulating signs.
    int sign = 1;
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      sign *= sign_[*it];
      sign_[*it] = sign;
      parent_[*it] = root;
    }
    return {root, path.empty() ? 1 : sign_[v]};
  }

  // Makes a = sign * b; `keepRoot` is the root that stays a root.
  void join(std::uint32_t a, std::uint32_t b, int sign, std::uint32_t keepRoot) {
    auto [ra, sa] = find(a);
    auto [rb, sb] = find(b);
    // a = sa*ra, b = sb*rb, a = sign*b  =>  ra = sa*sign*sb * rb
    int relative = sa * sign * sb;
    if (keepRoot == rb) {
      parent_[ra] = rb;
      sign_[ra] = relative;
    } else {
      parent_[rb] = ra;
      sign_[rb] = relative;
    }
  }

private:
  std::vector<std::uint32_t> parent_;
  std::vector<int> sign_;
};

class AliasEliminator {
public:
  AliasEliminator(dae::System& system, Diagnostics& diagnostics)
      : system_(system), diagnostics_(diagnostics), values_(system),
        classes_(system.variables.size()), keeper_(system.variables.size(), dae::kNone) {
    blocks_ = detail::blockAssignments(system);
    reinitTargets_ = detail::reinitTargets(system);
    initialAlgorithmOutputs_ = detail::initialAlgorithmOutputs(system);
    for (std::uint32_t v = 0; v < system.variables.size(); ++v)
      if (role(v) == Role::Kept) keeper_[v] = v;
  }

  struct Eliminated {
    std::size_t aliases = 0, constants = 0;
  };

  Eliminated run() {
    std::vector<dae::Equation> kept;
    Eliminated eliminated;
    std::vector<bool> bindsConstant(system_.equations.size());
    for (std::size_t i = 0; i < system_.equations.size(); ++i)
      if ((bindsConstant[i] = bindConstant(system_.equations[i]))) ++eliminated.constants;
    for (std::size_t i = 0; i < system_.equations.size(); ++i)
      if (!bindsConstant[i] && !merge(system_.equations[i])) kept.push_back(system_.equations[i]);
    eliminated.aliases = assignAliases();
    if (eliminated.aliases + eliminated.constants == 0) return eliminated;
    system_.equations = std::move(kept);
    std::vector<bool> hadUnknowns;
    std::vector<std::optional<SemiLinear>> semiLinears;
    for (const dae::Equation& equation : system_.equations) {
      hadUnknowns.push_back(!isConstantEquation(equation));
      semiLinears.push_back(semiLinear(equation));
    }
    substitute();
    applyZeroFlowRule(semiLinears);
    reportRedundantEquations(hadUnknowns);
    return eliminated;
  }

private:
  enum class Role : std::uint8_t { Excluded, Kept, Removable };

  // `v = der(x)` with v's stateSelect prefer or always: v stays a variable of its own, so index
  // reduction can make it a state (MLS 4.9.4.3). Merged into der(x), v would be a derivative,
  // which dummy derivative selection never keeps as a state: the MSL's relative-state
  // components (s_rel and v_rel, stateSelect = prefer) would lose v_rel to an absolute velocity.
  static bool namesPreferredDerivative(const dae::Variable& derivative,
                                       const dae::Variable& preferred) {
    return derivative.kind == dae::VariableKind::Derivative &&
           preferred.kind == dae::VariableKind::Algebraic &&
           preferred.stateSelect >= dae::StateSelect::Prefer;
  }

  Role role(std::uint32_t v) const {
    const dae::Variable& variable = system_.variables[v];
    if (variable.kind == dae::VariableKind::Parameter ||
        variable.kind == dae::VariableKind::Internal || variable.alias.valid() ||
        variable.stateSelection || variable.dummy) {
      return Role::Excluded;
    }
    if (variable.kind == dae::VariableKind::State ||
        variable.kind == dae::VariableKind::Derivative ||
        blocks_[v].kind != detail::BlockAssignment::Kind::None || reinitTargets_[v] ||
        initialAlgorithmOutputs_[v]) { // assignment targets stay variables
      return Role::Kept;
    }
    return Role::Removable;
  }

  /// `y = semiLinear(x, a, b)` as the frontend lowers it: y = if x >= 0 then a*x else b*x.
  struct SemiLinear {
    expr::Id x, a, b;
  };

  /// The factor k of `k*x` or `x*k`, or an invalid Id.
  expr::Id factorOf(expr::Id product, expr::Id x) const {
    const expr::Pool& pool = system_.pool;
    if (pool.op(product) != expr::Op::Mul) return {};
    if (pool.arg(product, 1) == x) return pool.arg(product, 0);
    if (pool.arg(product, 0) == x) return pool.arg(product, 1);
    return {};
  }

  std::optional<SemiLinear> semiLinear(const dae::Equation& equation) const {
    const expr::Pool& pool = system_.pool;
    for (expr::Id side : {equation.lhs, equation.rhs}) {
      if (pool.op(side) != expr::Op::If) continue;
      expr::Id condition = pool.arg(side, 0);
      if (pool.op(condition) != expr::Op::Ge || !pool.isConstant(pool.arg(condition, 1), 0))
        continue;
      expr::Id x = pool.arg(condition, 0);
      if (pool.op(x) != expr::Op::Variable) continue;
      expr::Id a = factorOf(pool.arg(side, 1), x), b = factorOf(pool.arg(side, 2), x);
      if (a.valid() && b.valid()) return SemiLinear{x, a, b};
    }
    return std::nullopt;
  }

  // MLS 3.6 section 3.7.4.4: `x = 0; y = 0; y = semiLinear(x, sa, sb)` may be replaced by
  // `x = 0; y = 0; sa = sb`, which picks the meaningful solution at zero flow (an unconnected
  // fluid port: port.h = medium.h) where the semiLinear equation folded to 0 = 0.
  void applyZeroFlowRule(const std::vector<std::optional<SemiLinear>>& semiLinears) {
    expr::Pool& pool = system_.pool;
    expr::Translator translate = substitution();
    for (std::size_t i = 0; i < system_.equations.size(); ++i) {
      dae::Equation& equation = system_.equations[i];
      const std::optional<SemiLinear>& s = semiLinears[i];
      if (!s || !isConstantEquation(equation) || !pool.isConstant(translate(s->x), 0)) continue;
      equation.lhs = translate(s->a);
      equation.rhs = translate(s->b);
    }
  }

  bool isConstantEquation(const dae::Equation& equation) const {
    return system_.pool.isConstant(equation.lhs) && system_.pool.isConstant(equation.rhs);
  }

  // An equation whose unknowns other equations all fix to constants determines nothing: the
  // model is over-determined (MLS 4.7), even when the constants happen to satisfy it
  // (`c1.e = c2.e` with both bound to 1.0), so it is reported rather than left for
  // trivial-elim to drop.
  void reportRedundantEquations(const std::vector<bool>& hadUnknowns) {
    for (std::size_t i = 0; i < system_.equations.size(); ++i) {
      const dae::Equation& equation = system_.equations[i];
      if (!hadUnknowns[i] || !isConstantEquation(equation)) continue;
      diagnostics_.error(DiagnosticKind::StructurallySingular, equation.range,
                         "this equation has no unknown left to determine (over-determined): "
                         "other equations fix each variable it reads to a constant");
    }
  }

  /// The unknown an equation `v = c` (or `c = v`) with a constant c defines, and c.
  std::optional<std::pair<std::uint32_t, expr::Id>>
  constantDefined(const dae::Equation& equation) const {
    const expr::Pool& pool = system_.pool;
    for (auto [side, other] : {std::pair{equation.lhs, equation.rhs}, {equation.rhs, equation.lhs}})
      if (pool.op(side) == expr::Op::Variable && pool.isConstant(other))
        return std::pair{pool.node(side).index, other};
    return std::nullopt;
  }

  // An unknown that an equation fixes to a constant (`m_flow = 0`, or a capacitance `C*f(v)`
  // with C = 0 evaluated) is that constant everywhere, as in other tools: products with it
  // vanish, so a derivative it multiplies may leave the system (the MSL's transistors with
  // zero capacitances). A variable with fixed = true keeps its equation so that a conflicting
  // start value is still reported.
  bool bindConstant(const dae::Equation& equation) {
    auto defined = constantDefined(equation);
    if (!defined) return false;
    auto [v, value] = *defined;
    if (role(v) != Role::Removable || system_.variables[v].fixed) return false;
    system_.variables[v].alias = value;
    return true;
  }

  // Merges the two variables of an alias equation; false leaves the equation in place.
  bool merge(const dae::Equation& equation) {
    std::vector<Term> terms;
    if (!collectTerms(system_.pool, equation.lhs, 1, terms) ||
        !collectTerms(system_.pool, equation.rhs, -1, terms) || terms.size() != 2 ||
        terms[0].variable == terms[1].variable) {
      return false;
    }
    std::uint32_t a = terms[0].variable, b = terms[1].variable;
    int sign = -terms[0].sign * terms[1].sign; // s_a a + s_b b = 0  =>  a = -(s_a s_b) b
    const dae::Variable &va = system_.variables[a], &vb = system_.variables[b];
    if (role(a) == Role::Excluded || role(b) == Role::Excluded || va.type != vb.type ||
        (va.type != expr::Type::Real && sign < 0) || namesPreferredDerivative(va, vb) ||
        namesPreferredDerivative(vb, va)) {
      return false;
    }
    std::uint32_t ra = classes_.find(a).first;
    std::uint32_t rb = classes_.find(b).first;
    if (ra == rb) return false; // closes a cycle: an ordinary equation
    if (keeper_[ra] != dae::kNone && keeper_[rb] != dae::kNone) return false;
    std::uint32_t keepRoot = keeper_[rb] != dae::kNone ? rb : ra;
    std::uint32_t keeper = keeper_[ra] != dae::kNone ? keeper_[ra] : keeper_[rb];
    classes_.join(a, b, sign, keepRoot);
    keeper_[keepRoot] = keeper;
    return true;
  }

  // Gives every merged variable that is not its class's representative an alias binding.
  std::size_t assignAliases() {
    std::size_t n = system_.variables.size();
    std::vector<std::uint32_t> representative(n, dae::kNone); // per root
    std::vector<std::vector<std::uint32_t>> members(n);
    for (std::uint32_t v = 0; v < n; ++v) {
      std::uint32_t root = classes_.find(v).first;
      members[root].push_back(v); // ascending: the first declared comes first
    }
    std::size_t eliminated = 0;
    for (std::uint32_t root = 0; root < n; ++root) {
      if (members[root].size() < 2) continue;
      std::uint32_t kept = keeper_[root] != dae::kNone ? keeper_[root] : members[root].front();
      int keptSign = classes_.find(kept).second;
      for (std::uint32_t v : members[root]) {
        if (v == kept) continue;
        int sign = classes_.find(v).second * keptSign; // v = sign * kept
        mergeAttributes(kept, v, sign);
        expr::Id ref = system_.ref(kept);
        system_.variables[v].alias = sign > 0 ? ref : system_.pool.neg(ref);
        ++eliminated;
      }
    }
    return eliminated;
  }

  expr::Id withSign(expr::Id e, int sign) { return sign > 0 ? e : system_.pool.neg(e); }

  // `kept` takes the attributes `gone` (= sign * kept) has and it lacks.
  void mergeAttributes(std::uint32_t kept, std::uint32_t gone, int sign) {
    dae::Variable& k = system_.variables[kept];
    const dae::Variable g = system_.variables[gone];
    if (g.fixed && k.fixed) checkFixedStarts(kept, gone, sign);
    if (g.start.valid() && (!k.start.valid() || (g.fixed && !k.fixed)))
      k.start = withSign(g.start, sign);
    k.fixed = k.fixed || g.fixed;
    if (!k.nominal.valid() && g.nominal.valid()) k.nominal = g.nominal;
    expr::Id gMin = sign > 0 ? g.min : (g.max.valid() ? withSign(g.max, -1) : expr::Id{});
    expr::Id gMax = sign > 0 ? g.max : (g.min.valid() ? withSign(g.min, -1) : expr::Id{});
    if (!k.min.valid()) k.min = gMin;
    if (!k.max.valid()) k.max = gMax;
    k.stateSelect = std::max(k.stateSelect, g.stateSelect);
  }

  void checkFixedStarts(std::uint32_t kept, std::uint32_t gone, int sign) {
    const dae::Variable &k = system_.variables[kept], &g = system_.variables[gone];
    expr::Pool& pool = system_.pool;
    expr::Id keptStart = k.start.valid() ? k.start : pool.constant(k.type, 0);
    expr::Id goneStart = withSign(g.start.valid() ? g.start : pool.constant(g.type, 0), sign);
    if (keptStart == goneStart) return;
    auto a = values_.evaluate(keptStart), b = values_.evaluate(goneStart);
    if (a && b && *a == *b) return;
    auto names = dae::names(system_);
    auto& d = diagnostics_.warning(
        DiagnosticKind::MissingBinding, g.range,
        fmt::format("'{}' is an alias of {}'{}' but both have fixed = true with different start "
                    "values ({} and {}); using the start value of '{}'",
                    g.name, sign > 0 ? "" : "-", k.name, expr::print(pool, goneStart, names),
                    expr::print(pool, keptStart, names), k.name));
    d.notes.push_back({k.range, "'" + k.name + "' is declared here"});
  }

  void substitute() {
    expr::Translator translate = substitution();
    // Alias bindings name their representative, which is no alias: they stay as they are.
    detail::rewriteExpressions(system_, translate);
  }

  /// Replaces each alias by its binding (pre(a) by ±pre(b), a constant's pre() by it).
  expr::Translator substitution() {
    expr::Pool& pool = system_.pool;
    return expr::Translator(pool, pool, [&](expr::Id id, expr::Translator&) -> expr::Id {
      const expr::Node& node = pool.node(id);
      if (node.op != expr::Op::Variable && node.op != expr::Op::Pre) return {};
      const dae::Variable& v = system_.variables[node.index];
      if (!v.alias.valid()) return {};
      if (node.op == expr::Op::Variable || pool.isConstant(v.alias)) return v.alias;
      // pre(a) with a = ±b is ±pre(b).
      bool negated = pool.op(v.alias) == expr::Op::Neg;
      expr::Id base = negated ? pool.arg(v.alias, 0) : v.alias;
      expr::Id previous = pool.pre(pool.node(base).index, node.type);
      return negated ? pool.neg(previous) : previous;
    });
  }

  dae::System& system_;
  Diagnostics& diagnostics_;
  detail::CompileTimeValues values_;
  SignedUnionFind classes_;
  std::vector<std::uint32_t> keeper_; // per root: the member that must stay, or kNone
  std::vector<detail::BlockAssignment> blocks_;
  std::vector<bool> initialAlgorithmOutputs_;
  std::vector<bool> reinitTargets_;
};

} // namespace

std::size_t eliminateAliases(dae::System& system, Diagnostics& diagnostics) {
  std::size_t total = 0;
  // A substituted constant may fold another equation to `v = c`: repeat until none appears.
  for (;;) {
    auto eliminated = AliasEliminator(system, diagnostics).run();
    total += eliminated.aliases + eliminated.constants;
    if (eliminated.constants == 0) return total;
  }
}

} // namespace mocc::backend::structure
