// Linear forms and solve-for over the expression DAG.
#include "mocc/expr/solve.h"

#include <unordered_map>

namespace mocc::expr {

namespace {

class LinearFormBuilder {
public:
  LinearFormBuilder(Pool& pool, Id unknown) : pool_(pool), unknown_(unknown) {}

  std::optional<LinearForm> build(Id e) {
    if (auto found = forms_.find(e.value); found != forms_.end()) return found->second;
    std::optional<LinearForm> form = compute(e);
    forms_.emplace(e.value, form);
    return form;
  }

private:
  bool contains(Id e) {
    if (auto found = contains_.find(e.value); found != contains_.end()) return found->second;
    bool result = e == unknown_;
    // pre() values are known; a Relation is frozen between events (MLS 8.5), so it is a
    // constant wherever equations are solved, even when its comparison reads the unknown.
    if (!result && pool_.op(e) != Op::Pre && pool_.op(e) != Op::Relation) {
      for (Id a : pool_.args(e)) {
        if (contains(a)) {
          result = true;
          break;
        }
      }
    }
    contains_.emplace(e.value, result);
    return result;
  }

  std::optional<LinearForm> compute(Id e) {
    if (e == unknown_) return LinearForm{pool_.real(1), pool_.real(0)};
    if (!contains(e)) return LinearForm{pool_.real(0), e};
    // Arguments are copied: building new nodes may move the pool's argument storage.
    Op op = pool_.op(e);
    Id a = pool_.arg(e, 0);
    Id b = pool_.args(e).size() > 1 ? pool_.arg(e, 1) : Id{};
    switch (op) {
    case Op::Neg: {
      auto f = build(a);
      if (!f) return std::nullopt;
      return LinearForm{pool_.neg(f->coefficient), pool_.neg(f->offset)};
    }
    case Op::Add:
    case Op::Sub: {
      auto fa = build(a);
      auto fb = build(b);
      if (!fa || !fb) return std::nullopt;
      if (op == Op::Add) {
        return LinearForm{pool_.add(fa->coefficient, fb->coefficient),
                          pool_.add(fa->offset, fb->offset)};
      }
      return LinearForm{pool_.sub(fa->coefficient, fb->coefficient),
                        pool_.sub(fa->offset, fb->offset)};
    }
    case Op::Mul: {
      if (contains(a) && contains(b)) return std::nullopt;
      Id factor = contains(a) ? b : a;
      auto f = build(contains(a) ? a : b);
      if (!f) return std::nullopt;
      return LinearForm{pool_.mul(factor, f->coefficient), pool_.mul(factor, f->offset)};
    }
    case Op::Div: {
      if (contains(b)) return std::nullopt;
      auto f = build(a);
      if (!f) return std::nullopt;
      return LinearForm{pool_.div(f->coefficient, b), pool_.div(f->offset, b)};
    }
    case Op::If: {
      Id condition = a;
      Id thenValue = b;
      Id elseValue = pool_.arg(e, 2);
      if (contains(condition)) return std::nullopt;
      auto ft = build(thenValue);
      auto fe = build(elseValue);
      if (!ft || !fe) return std::nullopt;
      return LinearForm{pool_.ifThenElse(condition, ft->coefficient, fe->coefficient),
                        pool_.ifThenElse(condition, ft->offset, fe->offset)};
    }
    case Op::NoEvent: {
      auto f = build(a);
      if (!f) return std::nullopt;
      return LinearForm{pool_.noEvent(f->coefficient), pool_.noEvent(f->offset)};
    }
    case Op::Homotopy: { // a convex combination of linear forms is linear
      auto fa = build(a);
      auto fb = fa ? build(b) : std::nullopt;
      if (!fa || !fb) return std::nullopt;
      return LinearForm{pool_.homotopy(fa->coefficient, fb->coefficient),
                        pool_.homotopy(fa->offset, fb->offset)};
    }
    default: return std::nullopt;
    }
  }

  Pool& pool_;
  Id unknown_;
  std::unordered_map<std::uint32_t, std::optional<LinearForm>> forms_;
  std::unordered_map<std::uint32_t, bool> contains_;
};

} // namespace

std::optional<LinearForm> linearForm(Pool& pool, Id e, Id unknown) {
  return LinearFormBuilder(pool, unknown).build(e);
}

namespace {

bool isFreeOf(Pool& pool, Id e, Id unknown) {
  auto form = linearForm(pool, e, unknown);
  return form && pool.isConstant(form->coefficient, 0);
}

// `a = n / d` with a and n free of the unknown and d linear in it: d = n / a (`R_m = 1/G_m`
// of the FluxTubes permeances solved for G_m). Where a is 0 the equation has no solution and
// the quotient is not finite, as the residual would be.
std::optional<Id> solveReciprocal(Pool& pool, Id quotient, Id other, Id unknown) {
  if (pool.op(quotient) != Op::Div || !isFreeOf(pool, other, unknown)) return std::nullopt;
  Id numerator = pool.arg(quotient, 0), denominator = pool.arg(quotient, 1);
  if (!isFreeOf(pool, numerator, unknown)) return std::nullopt;
  return solveFor(pool, denominator, pool.div(numerator, other), unknown);
}

} // namespace

std::optional<Id> solveFor(Pool& pool, Id lhs, Id rhs, Id unknown) {
  auto form = linearForm(pool, pool.sub(lhs, rhs), unknown);
  if (!form) {
    if (auto solved = solveReciprocal(pool, lhs, rhs, unknown)) return solved;
    return solveReciprocal(pool, rhs, lhs, unknown);
  }
  if (pool.isConstant(form->coefficient, 0)) return std::nullopt;
  if (pool.isConstant(form->coefficient, 1)) return pool.neg(form->offset);
  if (pool.isConstant(form->coefficient, -1)) return form->offset;
  // -(b/a) is bitwise equal to (-b)/a: negation is exact.
  return pool.neg(pool.div(form->offset, form->coefficient));
}

} // namespace mocc::expr
