// Lowering operators, if-expressions, ranges and array constructors (MLS 3, 10.4, 10.6).
#include "lower_expression.h"

#include <algorithm>

#include "flat_builders.h"
#include "iterator_range.h"

#include <cmath>
#include <map>

namespace mocc::frontend {

using flat::BinaryOp;
using flat::Expr;
using flat::Type;

namespace {

bool containsDer(const Expr& e) {
  if (e.kind == Expr::Kind::Call && e.text == "der") return true;
  return std::any_of(e.args.begin(), e.args.end(), containsDer);
}

bool containsDer(const Tensor& value) {
  std::vector<Expr> leaves = value.leaves();
  return std::any_of(leaves.begin(), leaves.end(), [](const Expr& e) { return containsDer(e); });
}

std::string dimsText(const std::vector<std::size_t>& dims) {
  if (dims.empty()) return "a scalar or a record";
  std::string text = "an array of size [";
  for (std::size_t i = 0; i < dims.size(); ++i)
    text += (i ? ", " : "") + std::to_string(dims[i]);
  return text + "]";
}

bool isRelation(BinaryOp op) { return op >= BinaryOp::Lt && op <= BinaryOp::Ne; }

struct OperatorInfo {
  BinaryOp op;
  bool elementwise; // the dotted form: broadcasts scalars over arrays
};

OperatorInfo operatorInfo(ast::BinaryOp op) {
  switch (op) {
  case ast::BinaryOp::Add: return {BinaryOp::Add, false};
  case ast::BinaryOp::Sub: return {BinaryOp::Sub, false};
  case ast::BinaryOp::Mul: return {BinaryOp::Mul, false};
  case ast::BinaryOp::Div: return {BinaryOp::Div, false};
  case ast::BinaryOp::Pow: return {BinaryOp::Pow, false};
  case ast::BinaryOp::ElemAdd: return {BinaryOp::Add, true};
  case ast::BinaryOp::ElemSub: return {BinaryOp::Sub, true};
  case ast::BinaryOp::ElemMul: return {BinaryOp::Mul, true};
  case ast::BinaryOp::ElemDiv: return {BinaryOp::Div, true};
  case ast::BinaryOp::ElemPow: return {BinaryOp::Pow, true};
  case ast::BinaryOp::Lt: return {BinaryOp::Lt, false};
  case ast::BinaryOp::Le: return {BinaryOp::Le, false};
  case ast::BinaryOp::Gt: return {BinaryOp::Gt, false};
  case ast::BinaryOp::Ge: return {BinaryOp::Ge, false};
  case ast::BinaryOp::Eq: return {BinaryOp::Eq, false};
  case ast::BinaryOp::Ne: return {BinaryOp::Ne, false};
  case ast::BinaryOp::And: return {BinaryOp::And, true};
  case ast::BinaryOp::Or: return {BinaryOp::Or, true};
  }
  return {BinaryOp::Add, false};
}

} // namespace

std::optional<Tensor> ExpressionLowering::lower(const ast::Expr& e) {
  if (auto* n = std::get_if<ast::NumberLiteral>(&e.node)) {
    return Tensor::scalar(
        make::literal(n->isInteger ? Type::Integer : Type::Real, n->value, e.range));
  }
  if (auto* s = std::get_if<ast::StringLiteral>(&e.node)) {
    return Tensor::scalar(Expr::string(s->value, e.range));
  }
  if (auto* b = std::get_if<ast::BooleanLiteral>(&e.node)) {
    return Tensor::scalar(make::literal(Type::Boolean, b->value ? 1 : 0, e.range));
  }
  if (auto* r = std::get_if<ast::RefExpr>(&e.node)) return reference(e, r->ref);
  if (auto* c = std::get_if<ast::CallExpr>(&e.node)) return call(e, *c);
  if (auto* u = std::get_if<ast::UnaryExpr>(&e.node)) return unary(e, *u);
  if (auto* b = std::get_if<ast::BinaryExpr>(&e.node)) return binary(e, *b);
  if (auto* i = std::get_if<ast::IfExpr>(&e.node)) return ifExpression(e, *i);
  if (auto* r = std::get_if<ast::RangeExpr>(&e.node)) return range(e, *r);
  if (auto* a = std::get_if<ast::ArrayExpr>(&e.node)) return arrayConstructor(e, *a);
  if (auto* m = std::get_if<ast::MatrixExpr>(&e.node)) return matrix(e, *m);
  if (std::holds_alternative<ast::EndExpr>(e.node)) {
    if (context_.end)
      return Tensor::scalar(make::integer(static_cast<long long>(*context_.end), e.range));
    el_.diagnostics().error(DiagnosticKind::InvalidOperator, e.range,
                            "'end' can only be used inside a subscript (MLS 10.5)");
    return std::nullopt;
  }
  if (std::holds_alternative<ast::TupleExpr>(e.node)) {
    el_.diagnostics().error(DiagnosticKind::InvalidOperator, e.range,
                            "a parenthesised list of expressions can only stand on the left of "
                            "an equation or assignment with a function call on the right");
    return std::nullopt;
  }
  el_.diagnostics().error(DiagnosticKind::InvalidOperator, e.range,
                          "`function f(...)` can only be the argument of a functional input "
                          "(MLS 12.4.2.1)");
  return std::nullopt;
}

std::optional<Tensor> ExpressionLowering::unary(const ast::Expr& e, const ast::UnaryExpr& u) {
  auto operand = lower(*u.operand);
  if (!operand) return std::nullopt;
  bool logical = u.op == ast::UnaryOp::Not;
  if (operand->isRecord()) { // MLS 14.6
    bool plus = u.op == ast::UnaryOp::Plus || u.op == ast::UnaryOp::ElemPlus;
    if (plus) return operand;
    return overloadedOperator(e, logical ? "not" : "-", {std::move(*operand)}, true);
  }
  for (Expr& element : operand->elements) {
    bool ok = logical ? element.type == Type::Boolean : make::isNumeric(element.type);
    if (!ok) {
      el_.diagnostics().error(DiagnosticKind::TypeMismatch, e.range,
                              std::string("the operand of '") + ast::spelling(u.op) + "' must be " +
                                  (logical ? "Boolean" : "Real or Integer") + ", but it is " +
                                  flat::spelling(element.type));
      return std::nullopt;
    }
    if (u.op == ast::UnaryOp::Plus || u.op == ast::UnaryOp::ElemPlus) continue;
    Type type = element.type;
    element = make::unary(logical ? flat::UnaryOp::Not : flat::UnaryOp::Minus, std::move(element),
                          type, e.range);
  }
  return operand;
}

std::optional<Expr> ExpressionLowering::scalarBinary(const ast::Expr& e, BinaryOp op, Expr lhs,
                                                     Expr rhs) {
  Type result = Type::Boolean;
  auto mismatch = [&](const char* expected) -> std::optional<Expr> {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, e.range,
                            std::string("the operands of '") + flat::spelling(op) + "' must be " +
                                expected + ", but they are " + flat::spelling(lhs.type) + " and " +
                                flat::spelling(rhs.type));
    return std::nullopt;
  };
  if (op <= BinaryOp::Pow) {
    bool strings = op == BinaryOp::Add && lhs.type == Type::String && rhs.type == Type::String;
    if (!strings && (!make::isNumeric(lhs.type) || !make::isNumeric(rhs.type))) {
      return mismatch("Real or Integer");
    }
    bool integerOp = op == BinaryOp::Add || op == BinaryOp::Sub || op == BinaryOp::Mul;
    result = strings     ? Type::String
             : integerOp ? make::arithmeticType(lhs.type, rhs.type)
                         : Type::Real;
  } else if (isRelation(op)) {
    bool comparable =
        (make::isNumeric(lhs.type) && make::isNumeric(rhs.type)) || (lhs.type == rhs.type);
    if (!comparable)
      return mismatch("both numeric, both Boolean, both String or both of one enumeration");
    bool equality = op == BinaryOp::Eq || op == BinaryOp::Ne;
    // Between constants (`4 / 2 == 2`) the comparison is decided at translation, exactly.
    bool constants = isConstantExpression(lhs) && isConstantExpression(rhs);
    if (equality && !context_.function && !constants &&
        (lhs.type == Type::Real || rhs.type == Type::Real)) {
      el_.diagnostics().error(DiagnosticKind::TypeMismatch, e.range,
                              std::string("'") + flat::spelling(op) +
                                  "' must not compare Real operands outside functions (MLS 3.5); "
                                  "use a relation such as '>=' instead");
      return std::nullopt;
    }
  } else if (lhs.type != Type::Boolean || rhs.type != Type::Boolean) {
    return mismatch("Boolean");
  }
  return make::binary(op, std::move(lhs), std::move(rhs), result, e.range);
}

ExpressionLowering ExpressionLowering::unchecked() {
  if (!uncheckedContext_) {
    uncheckedContext_ = context_;
    uncheckedContext_->readRangeChecks = nullptr;
  }
  ExpressionLowering lowering(el_, *uncheckedContext_);
  lowering.connectorValues_ = connectorValues_;
  return lowering;
}

std::optional<Tensor> ExpressionLowering::binary(const ast::Expr& e, const ast::BinaryExpr& b) {
  auto lhs = lower(*b.lhs);
  // The second operand of and/or may be guarded by the first (`i > 0 and x[i] > 0`).
  bool guarded = b.op == ast::BinaryOp::And || b.op == ast::BinaryOp::Or;
  auto rhs = guarded ? unchecked().lower(*b.rhs) : lower(*b.rhs);
  if (!lhs || !rhs) return std::nullopt;
  OperatorInfo info = operatorInfo(b.op);
  if (lhs->isRecord() || rhs->isRecord()) {
    // MLS 14.5: `a .+ b` is defined by '+' as well.
    return overloadedOperator(e, flat::spelling(info.op), {std::move(*lhs), std::move(*rhs)},
                              info.elementwise);
  }
  if (lhs->isScalar() && rhs->isScalar()) {
    auto result = scalarBinary(e, info.op, lhs->scalarValue(), rhs->scalarValue());
    if (!result) return std::nullopt;
    // Strings exist during translation only: an operation on String values is folded
    // (String comparisons and concatenations of constants, MLS 3.4).
    bool strings = lhs->scalarValue().type == Type::String;
    if (strings && result->kind != Expr::Kind::Literal) {
      if (auto value = el_.fold(*result, context_.function)) {
        *result = value->type == Type::String ? Expr::string(value->text, e.range)
                                              : make::literal(value->type, value->number, e.range);
      }
    }
    return Tensor::scalar(std::move(*result));
  }
  if (info.op == BinaryOp::Mul && !info.elementwise)
    return multiply(e, std::move(*lhs), std::move(*rhs));
  if (isRelation(info.op)) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, e.range,
                            std::string("'") + flat::spelling(info.op) +
                                "' compares scalars, not " +
                                (lhs->isScalar() ? dimsText(rhs->dims) : dimsText(lhs->dims)));
    return std::nullopt;
  }
  // array / scalar divides elementwise (MLS 10.6.5); a^b needs scalars or dotted ^.
  if (info.op == BinaryOp::Div && !info.elementwise && !rhs->isScalar()) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, e.range,
                            "'/' divides by a scalar only, but the divisor is " +
                                dimsText(rhs->dims) +
                                "; use './' for element-wise division (MLS 10.6.5)");
    return std::nullopt;
  }
  bool broadcast = info.elementwise || (info.op == BinaryOp::Div && rhs->isScalar());
  if (info.op == BinaryOp::Pow && !info.elementwise) return matrixPower(e, b, std::move(*lhs));
  return elementwise(e, info.op, std::move(*lhs), std::move(*rhs), broadcast);
}

// MLS 10.6.8: A^k of a square matrix and a constant Integer k >= 0 is the identity for k = 0,
// else A^(k-1) * A.
std::optional<Tensor> ExpressionLowering::matrixPower(const ast::Expr& e, const ast::BinaryExpr& b,
                                                      Tensor matrix) {
  if (matrix.dims.size() != 2 || matrix.dims[0] != matrix.dims[1]) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, b.lhs->range,
                            "'^' of an array needs a square matrix, but this is " +
                                dimsText(matrix.dims) + "; use '.^' for element-wise powers");
    return std::nullopt;
  }
  auto exponent = el_.evaluateInteger(*b.rhs, context_, "the exponent of a matrix power");
  if (!exponent) return std::nullopt;
  if (*exponent < 0) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, b.rhs->range,
                            "the exponent of a matrix power must be >= 0 (MLS 10.6.8)");
    return std::nullopt;
  }
  std::size_t n = matrix.dims[0];
  Tensor power;
  power.dims = matrix.dims;
  if (*exponent == 0) {
    for (std::size_t i = 0; i < n * n; ++i)
      power.elements.push_back(make::integer(i % (n + 1) == 0 ? 1 : 0));
    return power;
  }
  power = matrix;
  for (long long k = 1; k < *exponent; ++k) {
    auto next = multiply(e, power, matrix);
    if (!next) return std::nullopt;
    power = std::move(*next);
  }
  return power;
}

std::optional<Tensor> ExpressionLowering::elementwise(const ast::Expr& e, BinaryOp op, Tensor lhs,
                                                      Tensor rhs, bool broadcast) {
  if (lhs.dims != rhs.dims && !(broadcast && (lhs.isScalar() || rhs.isScalar()))) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, e.range,
                            std::string("the operands of '") + flat::spelling(op) +
                                "' must have the same size, but they are " + dimsText(lhs.dims) +
                                " and " + dimsText(rhs.dims));
    return std::nullopt;
  }
  Tensor result;
  result.dims = lhs.isScalar() ? rhs.dims : lhs.dims;
  std::size_t n = lhs.isScalar() ? rhs.size() : lhs.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Expr& a = lhs.isScalar() ? lhs.elements[0] : lhs.elements[i];
    const Expr& b = rhs.isScalar() ? rhs.elements[0] : rhs.elements[i];
    auto element = scalarBinary(e, op, a, b);
    if (!element) return std::nullopt;
    result.elements.push_back(std::move(*element));
  }
  return result;
}

// MLS 10.6.4: scalar * array, vector * vector (scalar product), matrix * vector,
// vector * matrix, matrix * matrix.
std::optional<Tensor> ExpressionLowering::multiply(const ast::Expr& e, Tensor lhs, Tensor rhs) {
  if (lhs.isScalar() || rhs.isScalar()) {
    return elementwise(e, BinaryOp::Mul, std::move(lhs), std::move(rhs), true);
  }
  std::size_t inner = lhs.dims.back();
  if (lhs.dims.size() > 2 || rhs.dims.size() > 2 || inner != rhs.dims.front()) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, e.range,
                            "cannot multiply " + dimsText(lhs.dims) + " by " + dimsText(rhs.dims));
    return std::nullopt;
  }
  std::size_t rows = lhs.dims.size() == 2 ? lhs.dims[0] : 1;
  std::size_t columns = rhs.dims.size() == 2 ? rhs.dims[1] : 1;
  Tensor result;
  if (lhs.dims.size() == 2) result.dims.push_back(rows);
  if (rhs.dims.size() == 2) result.dims.push_back(columns);
  for (std::size_t i = 0; i < rows; ++i) {
    for (std::size_t j = 0; j < columns; ++j) {
      std::optional<Expr> sum;
      for (std::size_t k = 0; k < inner; ++k) {
        auto product = scalarBinary(e, BinaryOp::Mul, lhs.elements[i * inner + k],
                                    rhs.elements[k * columns + j]);
        if (!product) return std::nullopt;
        sum = sum ? scalarBinary(e, BinaryOp::Add, std::move(*sum), std::move(*product))
                  : std::move(product);
        if (!sum) return std::nullopt;
      }
      result.elements.push_back(sum ? std::move(*sum) : make::literal(Type::Real, 0, e.range));
    }
  }
  return result;
}

// Literals and constants only (a for-iterator's value is a literal), and with
// `structuralParameters` parameters whose values translation has fixed: no parameter whose
// value could still change, and nothing evaluated during simulation. Stricter than
// Elaborator::expressionVariability, which takes a function's locals and calls on constants
// for constants: a local's value is known only when the function runs.
bool ExpressionLowering::isConstantExpression(const Expr& e, bool structuralParameters) {
  switch (e.kind) {
  case Expr::Kind::Literal:
  case Expr::Kind::EnumLiteral: return true;
  case Expr::Kind::Variable: {
    const flat::Variable& v = el_.variable(e.variable).variable;
    return v.variability == flat::Variability::Constant ||
           (structuralParameters && v.variability == flat::Variability::Parameter && v.structural);
  }
  case Expr::Kind::Unary:
  case Expr::Kind::Binary:
  case Expr::Kind::If:
    return std::all_of(e.args.begin(), e.args.end(), [&](const Expr& arg) {
      return isConstantExpression(arg, structuralParameters);
    });
  default: return false;
  }
}

std::optional<Tensor> ExpressionLowering::ifExpression(const ast::Expr& e, const ast::IfExpr& i) {
  std::vector<std::pair<Expr, Tensor>> branches;
  for (const ast::IfBranch& branch : i.branches) {
    auto condition = lower(*branch.condition);
    if (!condition) return std::nullopt;
    if (!condition->isScalar() || condition->scalarValue().type != Type::Boolean) {
      el_.diagnostics().error(DiagnosticKind::TypeMismatch, branch.condition->range,
                              "the condition of an if-expression must be a Boolean scalar");
      return std::nullopt;
    }
    // A constant condition selects its branch now: the others need not be valid (`if i == 1
    // then a else x[i - 1]` in a for-equation, as StateGraph's steps write it, MLS 8.3.3). So
    // does one of parameters whose values translation has fixed already, such as the size
    // of an array: `if i < n then x[i + 1] else 0` over `Real x[n]`.
    if (isConstantExpression(condition->scalarValue(), true)) {
      if (auto known = el_.peek(condition->scalarValue(), context_.function)) {
        if (known->number != 0 && branches.empty()) return lower(*branch.value);
        if (known->number == 0) continue;
      }
    }
    auto value = unchecked().lower(*branch.value);
    if (!value) return std::nullopt;
    branches.emplace_back(condition->scalarValue(), std::move(*value));
  }
  auto result = unchecked().lower(*i.elseValue);
  if (!result) return std::nullopt;
  for (auto it = branches.rbegin(); it != branches.rend(); ++it) {
    Tensor& value = it->second;
    // `y2 = if use_der2 then der(y1) else 0` (Modelica.Blocks.Interfaces.Adaptors): a parameter
    // condition decides whether derivatives exist at all, so it is taken now (and its
    // parameters fixed), as a tool must to find the model's states and index (MLS 4.5).
    if (containsDer(value) || containsDer(*result)) {
      if (auto folded = el_.peek(it->first, context_.function)) {
        el_.fold(it->first, context_.function); // marks the parameters structural
        if (folded->number != 0) result = std::move(value);
        continue;
      }
    }
    if (value.isRecord() || result->isRecord()) {
      auto chosen = recordIf(e, it->first, std::move(value), std::move(*result));
      if (!chosen) return std::nullopt;
      result = std::move(*chosen);
      continue;
    }
    if (value.dims != result->dims) {
      // Branches of different sizes need a condition known at compile time (MLS 3.6.5).
      auto folded = el_.fold(it->first, context_.function);
      if (!folded) {
        el_.diagnostics().error(DiagnosticKind::TypeMismatch, e.range,
                                "the branches of this if-expression have different sizes (" +
                                    dimsText(value.dims) + ", " + dimsText(result->dims) +
                                    "), so its condition must be a parameter expression");
        return std::nullopt;
      }
      if (folded->number != 0) result = std::move(value);
      continue;
    }
    for (std::size_t k = 0; k < value.size(); ++k) {
      Expr& thenValue = value.elements[k];
      Expr& elseValue = result->elements[k];
      Type type = thenValue.type;
      if (thenValue.type != elseValue.type) {
        if (!make::isNumeric(thenValue.type) || !make::isNumeric(elseValue.type)) {
          el_.diagnostics().error(DiagnosticKind::TypeMismatch, e.range,
                                  std::string("the branches of an if-expression must have "
                                              "compatible types, but they are ") +
                                      flat::spelling(thenValue.type) + " and " +
                                      flat::spelling(elseValue.type));
          return std::nullopt;
        }
        type = Type::Real;
      }
      elseValue =
          make::ifThenElse(it->first, std::move(thenValue), std::move(elseValue), type, e.range);
    }
  }
  return result;
}

namespace {

// `else` becomes `if c then then else else`, scalar by scalar (of two values of one shape).
void chooseScalars(const Expr& condition, Tensor& thenValue, Tensor& elseValue, SourceRange range) {
  if (thenValue.isRecord()) {
    auto& thenParts = thenValue.isRecordArray() ? thenValue.records : thenValue.fieldValues;
    auto& elseParts = elseValue.isRecordArray() ? elseValue.records : elseValue.fieldValues;
    for (std::size_t k = 0; k < thenParts.size(); ++k)
      chooseScalars(condition, thenParts[k], elseParts[k], range);
    return;
  }
  for (std::size_t k = 0; k < thenValue.elements.size(); ++k) {
    Expr& a = thenValue.elements[k];
    Expr& b = elseValue.elements[k];
    Type type = a.type == b.type ? a.type : Type::Real;
    b = make::ifThenElse(condition, std::move(a), std::move(b), type, range);
  }
}

} // namespace

// `if c then r1 else r2` of records: decided now when c is a parameter expression, else
// scalar by scalar (MLS 3.6.5).
std::optional<Tensor> ExpressionLowering::recordIf(const ast::Expr& e, const Expr& condition,
                                                   Tensor thenValue, Tensor elseValue) {
  if (auto folded = el_.fold(condition, context_.function))
    return folded->number != 0 ? std::move(thenValue) : std::move(elseValue);
  if (!sameShape(thenValue, elseValue)) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, e.range,
                            "the branches of this if-expression are not records of one type");
    return std::nullopt;
  }
  chooseScalars(condition, thenValue, elseValue, e.range);
  return elseValue;
}

std::optional<std::vector<ConstValue>> foldAll(Elaborator& el, const Tensor& tensor,
                                               const ast::Expr& e, const std::string& what,
                                               FunctionBuilder* locals) {
  std::vector<ConstValue> values;
  for (const Expr& element : tensor.elements) {
    auto value = el.fold(element, locals);
    if (!value) {
      el.diagnostics().error(DiagnosticKind::NotConstant, e.range,
                             what + " must be a constant or parameter expression");
      return std::nullopt;
    }
    values.push_back(*value);
  }
  return values;
}

namespace {

/// An Integer expression as constant + sum of coefficient * atom, where the atoms are the
/// subexpressions known only at run time (loop iterators, locals) and keyed by their text.
struct LinearForm {
  long long constant = 0;
  std::map<std::string, long long> coefficients;

  LinearForm scaled(long long by) const {
    LinearForm result{constant * by, {}};
    for (const auto& [atom, coefficient] : coefficients)
      result.coefficients[atom] = coefficient * by;
    return result;
  }
  LinearForm plus(const LinearForm& other, long long sign) const {
    LinearForm result = *this;
    result.constant += sign * other.constant;
    for (const auto& [atom, coefficient] : other.coefficients) {
      long long& sum = result.coefficients[atom];
      sum += sign * coefficient;
      if (sum == 0) result.coefficients.erase(atom);
    }
    return result;
  }
};

/// e as a LinearForm: sums, differences, negations and products with a factor that folds to
/// a constant are followed; anything else is an atom.
LinearForm linearForm(Elaborator& el, const Expr& e, FunctionBuilder* locals) {
  if (e.type == Type::Integer) {
    if (auto folded = el.fold(e, locals)) return {static_cast<long long>(folded->number), {}};
  }
  if (e.type == Type::Integer && e.kind == Expr::Kind::Unary && e.args.size() == 1 &&
      e.unary == flat::UnaryOp::Minus)
    return linearForm(el, e.args[0], locals).scaled(-1);
  if (e.type == Type::Integer && e.kind == Expr::Kind::Binary && e.args.size() == 2) {
    LinearForm a = linearForm(el, e.args[0], locals);
    LinearForm b = linearForm(el, e.args[1], locals);
    if (e.binary == flat::BinaryOp::Add) return a.plus(b, 1);
    if (e.binary == flat::BinaryOp::Sub) return a.plus(b, -1);
    if (e.binary == flat::BinaryOp::Mul && a.coefficients.empty()) return b.scaled(a.constant);
    if (e.binary == flat::BinaryOp::Mul && b.coefficients.empty()) return a.scaled(b.constant);
  }
  return {0, {{flat::print(el.model(), e), 1}}};
}

} // namespace

// i:i+1 or (n-1)*(k-1)+1:(n-1)*k in a function, with i and k known only at run time (loop
// iterators): the size is known when stop - start folds to a constant, and the elements are
// start, start + 1, ... (MLS 10.5, slices).
std::optional<Tensor> ExpressionLowering::offsetRange(const Expr& start, const ast::Expr& stopAst) {
  auto stop = lower(stopAst);
  if (!stop || !stop->isScalar() || start.type != Type::Integer) return std::nullopt;
  LinearForm difference = linearForm(el_, stop->scalarValue(), context_.function)
                              .plus(linearForm(el_, start, context_.function), -1);
  if (!difference.coefficients.empty()) return std::nullopt;
  Tensor result;
  for (long long k = 0; k <= difference.constant; ++k) {
    result.elements.push_back(k == 0 ? start
                                     : make::binary(flat::BinaryOp::Add, start, make::integer(k),
                                                    Type::Integer, start.range));
  }
  result.dims = {result.elements.size()};
  return result;
}

// MLS 3.4.4 and 10.4.2: start:stop and start:step:stop of Integers, Reals, Booleans or
// enumerations, evaluated at compile time.
std::optional<Tensor> ExpressionLowering::range(const ast::Expr& e, const ast::RangeExpr& r) {
  std::vector<const ast::Expr*> parts = {r.start.get(), r.step.get(), r.stop.get()};
  std::vector<ConstValue> values;
  std::vector<Expr> lowered;
  for (const ast::Expr* part : parts) {
    if (!part) continue;
    auto t = lower(*part);
    if (!t) return std::nullopt;
    if (!t->isScalar()) {
      el_.diagnostics().error(DiagnosticKind::TypeMismatch, part->range,
                              "the bounds of a range must be scalars");
      return std::nullopt;
    }
    if (parts[1] == nullptr && part == parts[0] && context_.function &&
        !el_.fold(t->scalarValue(), context_.function)) {
      if (auto offsets = offsetRange(t->scalarValue(), *r.stop)) return offsets;
    }
    auto folded = foldAll(el_, *t, *part, "a range bound", context_.function);
    if (!folded) return std::nullopt;
    values.push_back(folded->front());
    lowered.push_back(t->scalarValue());
  }
  const ConstValue& start = values.front();
  const ConstValue& stop = values.back();
  Tensor result;
  if (start.type == Type::Boolean || start.type == Type::Enumeration) {
    // false:true, E.a:E.c: the literals in order (inner enumeration literals are named by
    // their ordinal; only the bounds keep their names)
    for (double v = start.number; v <= stop.number; v += 1) {
      Expr literal = v == stop.number ? lowered.back() : lowered.front();
      if (v != start.number && v != stop.number) literal.text.clear();
      literal.number = v;
      result.elements.push_back(literal);
    }
  } else {
    double step = values.size() == 3 ? values[1].number : 1.0;
    bool integer = start.type == Type::Integer && stop.type == Type::Integer &&
                   (values.size() == 2 || values[1].type == Type::Integer);
    if (step == 0) {
      el_.diagnostics().error(DiagnosticKind::InvalidOperator, e.range,
                              "a range step must not be 0");
      return std::nullopt;
    }
    // MLS 3.4.4.2: n = floor((stop - start)/step) + 1 elements start + i*step.
    double count = std::floor((stop.number - start.number) / step) + 1;
    for (double k = 0; k < count; ++k) {
      result.elements.push_back(
          make::literal(integer ? Type::Integer : Type::Real, start.number + k * step, e.range));
    }
  }
  result.dims = {result.elements.size()};
  return result;
}

// {r1, r2, ...} of records (or of arrays of records) of one type (MLS 10.4, 12.6).
std::optional<Tensor> ExpressionLowering::arrayOfRecords(const ast::Expr& e,
                                                         std::vector<Tensor> elements) {
  for (const Tensor& element : elements) {
    bool same = element.isRecord() && element.recordType && elements.front().recordType &&
                recordClassOf(*element.recordType) == recordClassOf(*elements.front().recordType);
    if (!same) {
      el_.diagnostics().error(DiagnosticKind::TypeMismatch, e.range,
                              "the elements of an array constructor must have one type, but "
                              "they are records of different types or records and numbers");
      return std::nullopt;
    }
  }
  std::vector<std::size_t> dims{elements.size()};
  return stack(dims, std::move(elements));
}

std::optional<Tensor> ExpressionLowering::arrayConstructor(const ast::Expr& e,
                                                           const ast::ArrayExpr& a) {
  if (!a.args.iterators.empty())
    return comprehension(e, *a.args.positional.front(), a.args.iterators);
  if (!a.args.named.empty()) {
    el_.diagnostics().error(DiagnosticKind::WrongArguments, a.args.named.front().range,
                            "an array constructor has no named arguments");
    return std::nullopt;
  }
  std::vector<Tensor> elements;
  for (const ast::ExprPtr& element : a.args.positional) {
    auto t = lower(*element);
    if (!t) return std::nullopt;
    if (!elements.empty() && t->dims != elements.front().dims) {
      el_.diagnostics().error(DiagnosticKind::TypeMismatch, element->range,
                              "the elements of an array constructor must have the same size, "
                              "but this one is " +
                                  dimsText(t->dims) + " and the first " +
                                  dimsText(elements.front().dims));
      return std::nullopt;
    }
    elements.push_back(std::move(*t));
  }
  if (!elements.empty() && elements.front().isRecord())
    return arrayOfRecords(e, std::move(elements));
  Tensor result;
  result.dims.push_back(elements.size());
  if (!elements.empty()) {
    result.dims.insert(result.dims.end(), elements.front().dims.begin(),
                       elements.front().dims.end());
  }
  bool anyReal = false;
  for (const Tensor& t : elements) {
    for (const Expr& x : t.elements)
      anyReal = anyReal || x.type == Type::Real;
  }
  for (Tensor& t : elements) {
    for (Expr& x : t.elements) {
      if (anyReal && x.type == Type::Integer) x.type = x.isLiteral() ? Type::Real : x.type;
      result.elements.push_back(std::move(x));
    }
  }
  if (elements.empty()) {
    el_.diagnostics().error(DiagnosticKind::Unsupported, e.range,
                            "empty array constructors {} are not supported yet");
    return std::nullopt;
  }
  return result;
}

// {expr for i in r, j in s}: the first iterator varies slowest (MLS 10.4.1).
std::optional<Tensor>
ExpressionLowering::comprehension(const ast::Expr& e, const ast::Expr& body,
                                  const std::vector<ast::ForIterator>& iterators) {
  return comprehensionRest(e, body, iterators, 0);
}

std::optional<Tensor>
ExpressionLowering::comprehensionRest(const ast::Expr& e, const ast::Expr& body,
                                      const std::vector<ast::ForIterator>& iterators,
                                      std::size_t next) {
  if (next == iterators.size()) return lower(body);
  const ast::ForIterator& iterator = iterators[next];
  auto values = iterator.range
                    ? lower(*iterator.range)
                    : deducedRange(el_, iterator, iteratorUses(iterator.name, body), context_);
  if (!values) return std::nullopt;
  if (values->dims.size() != 1) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, iterator.range->range,
                            "the range of an iterator must be a vector (MLS 10.4.1)");
    return std::nullopt;
  }
  Tensor result;
  // An empty range gives an empty vector (MLS 10.4.1: size 0 along this iterator); the body is
  // never evaluated, so a body that is itself an array contributes no further dimensions.
  if (values->size() == 0) result.dims = {0};
  std::vector<Tensor> records; // a comprehension of records (MLS 10.4.1, 12.6)
  for (std::size_t k = 0; k < values->size(); ++k) {
    auto element = withBinding(iterator.name, values->row(k), [&](ExpressionLowering& nested) {
      return nested.comprehensionRest(e, body, iterators, next + 1);
    });
    if (!element) return std::nullopt;
    if (element->isRecord() != (k == 0 ? element->isRecord() : !records.empty())) {
      el_.diagnostics().error(DiagnosticKind::TypeMismatch, body.range,
                              "the elements of this array comprehension are records and numbers");
      return std::nullopt;
    }
    if (element->isRecord()) {
      records.push_back(std::move(*element));
      continue;
    }
    if (k == 0) {
      result.dims.push_back(values->size());
      result.dims.insert(result.dims.end(), element->dims.begin(), element->dims.end());
    }
    for (Expr& x : element->elements)
      result.elements.push_back(std::move(x));
  }
  if (!records.empty()) return stack({values->size()}, std::move(records));
  return result;
}

namespace {

// Promotes for [..] concatenation (MLS 10.4.2): to at least two dimensions, a scalar as 1x1
// and a vector of n as n x 1; arrays of more dimensions stay.
Tensor promoted(Tensor t, std::size_t dimensions) {
  while (t.dims.size() < dimensions)
    t.dims.push_back(1);
  return t;
}

} // namespace

// [a, b; c, d] = cat(1, cat(2, a, b), cat(2, c, d)) after promoting every element to
// max(2, ndims) dimensions (MLS 10.4.2).
std::optional<Tensor> ExpressionLowering::matrix(const ast::Expr& e, const ast::MatrixExpr& m) {
  std::vector<std::vector<Tensor>> elements;
  std::size_t dimensions = 2;
  for (const auto& row : m.rows) {
    elements.emplace_back();
    for (const ast::ExprPtr& element : row) {
      auto t = lower(*element);
      if (!t) return std::nullopt;
      dimensions = std::max(dimensions, t->dims.size());
      elements.back().push_back(std::move(*t));
    }
  }
  std::vector<Tensor> rows;
  for (std::vector<Tensor>& row : elements) {
    for (Tensor& element : row)
      element = promoted(std::move(element), dimensions);
    auto joined = concatenate(e, 2, std::move(row));
    if (!joined) return std::nullopt;
    rows.push_back(std::move(*joined));
  }
  return concatenate(e, 1, std::move(rows));
}

std::optional<Tensor> Elaborator::lower(const ast::Expr& e, const LowerContext& context) {
  return ExpressionLowering(*this, context).lower(e);
}

std::optional<flat::Expr> Elaborator::lowerScalar(const ast::Expr& e, const LowerContext& context) {
  auto t = lower(e, context);
  if (!t) return std::nullopt;
  if (!t->isScalar()) {
    diagnostics().error(DiagnosticKind::TypeMismatch, e.range,
                        "a scalar is needed here, but this is " + dimsText(t->dims));
    return std::nullopt;
  }
  return t->scalarValue();
}

} // namespace mocc::frontend
