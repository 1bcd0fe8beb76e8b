// Printing expressions with the fewest parentheses that keep the tree's structure. Each node
// has the precedence level of the grammar rule that produces it (MLS A.2.7); an operand whose
// level is below what its position in the grammar accepts is parenthesised.
#include "modelica_printer.h"

#include "literals.h"

namespace mocc::ast {

namespace {

// Levels of the expression grammar, from `expression` down to `primary`.
enum Level : int {
  IfLevel = 0,   // expression
  RangeLevel,    // simple-expression
  OrLevel,       // logical-expression
  AndLevel,      // logical-term
  NotLevel,      // logical-factor
  RelationLevel, // relation
  AdditiveLevel, // arithmetic-expression (also a leading sign)
  MultiplyLevel, // term
  PowerLevel,    // factor
  PrimaryLevel,  // primary
};

int binaryLevel(BinaryOp op) {
  switch (op) {
  case BinaryOp::Or: return OrLevel;
  case BinaryOp::And: return AndLevel;
  case BinaryOp::Lt:
  case BinaryOp::Le:
  case BinaryOp::Gt:
  case BinaryOp::Ge:
  case BinaryOp::Eq:
  case BinaryOp::Ne: return RelationLevel;
  case BinaryOp::Add:
  case BinaryOp::Sub:
  case BinaryOp::ElemAdd:
  case BinaryOp::ElemSub: return AdditiveLevel;
  case BinaryOp::Mul:
  case BinaryOp::Div:
  case BinaryOp::ElemMul:
  case BinaryOp::ElemDiv: return MultiplyLevel;
  case BinaryOp::Pow:
  case BinaryOp::ElemPow: return PowerLevel;
  }
  return PrimaryLevel;
}

int level(const Expr& expr) {
  if (std::holds_alternative<IfExpr>(expr.node)) return IfLevel;
  if (std::holds_alternative<RangeExpr>(expr.node)) return RangeLevel;
  if (const auto* unary = std::get_if<UnaryExpr>(&expr.node)) {
    return unary->op == UnaryOp::Not ? NotLevel : AdditiveLevel;
  }
  if (const auto* node = std::get_if<BinaryExpr>(&expr.node)) return binaryLevel(node->op);
  return PrimaryLevel;
}

// Operand levels: left-associative operators accept their own level on the left only;
// relations and `^` do not associate at all.
int leftOperandLevel(BinaryOp op) {
  int own = binaryLevel(op);
  return own == RelationLevel ? AdditiveLevel : own == PowerLevel ? PrimaryLevel : own;
}

int rightOperandLevel(BinaryOp op) {
  int own = binaryLevel(op);
  return own == RelationLevel ? AdditiveLevel : own == PowerLevel ? PrimaryLevel : own + 1;
}

// `*`, `/` and `^` are written tight (`a*b`), the others with spaces. Element-wise operators
// always get spaces: `2.*3` would lex as `2.` `*` `3`.
bool isTight(BinaryOp op) {
  return op == BinaryOp::Mul || op == BinaryOp::Div || op == BinaryOp::Pow;
}

} // namespace

void ModelicaPrinter::expression(const Expr& expr, int minimumLevel) {
  if (level(expr) < minimumLevel) {
    text += '(';
    node(expr);
    text += ')';
  } else {
    node(expr);
  }
}

void ModelicaPrinter::node(const Expr& expr) {
  std::visit(
      [&](const auto& node) {
        using Node = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<Node, NumberLiteral>) {
          text += node.text;
        } else if constexpr (std::is_same_v<Node, StringLiteral>) {
          text += frontend::quoteString(node.value);
        } else if constexpr (std::is_same_v<Node, BooleanLiteral>) {
          text += node.value ? "true" : "false";
        } else if constexpr (std::is_same_v<Node, RefExpr>) {
          componentRef(node.ref);
        } else if constexpr (std::is_same_v<Node, CallExpr>) {
          componentRef(node.function);
          text += '(';
          functionArgs(node.args);
          text += ')';
        } else if constexpr (std::is_same_v<Node, PartialFunctionExpr>) {
          text += "function ";
          name(node.function);
          text += '(';
          namedArguments(node.args);
          text += ')';
        } else if constexpr (std::is_same_v<Node, UnaryExpr>) {
          unary(node);
        } else if constexpr (std::is_same_v<Node, BinaryExpr>) {
          binary(node);
        } else if constexpr (std::is_same_v<Node, IfExpr>) {
          ifExpression(node);
        } else if constexpr (std::is_same_v<Node, RangeExpr>) {
          expression(*node.start, OrLevel);
          if (node.step) {
            text += ':';
            expression(*node.step, OrLevel);
          }
          text += ':';
          expression(*node.stop, OrLevel);
        } else if constexpr (std::is_same_v<Node, ArrayExpr>) {
          text += '{';
          functionArgs(node.args);
          text += '}';
        } else if constexpr (std::is_same_v<Node, MatrixExpr>) {
          text += '[';
          for (std::size_t row = 0; row < node.rows.size(); ++row) {
            if (row > 0) text += "; ";
            for (std::size_t column = 0; column < node.rows[row].size(); ++column) {
              if (column > 0) text += ", ";
              expression(*node.rows[row][column]);
            }
          }
          text += ']';
        } else if constexpr (std::is_same_v<Node, TupleExpr>) {
          text += '(';
          for (std::size_t i = 0; i < node.elements.size(); ++i) {
            if (i > 0) text += ", ";
            if (node.elements[i]) expression(*node.elements[i]);
          }
          text += ')';
        } else {
          static_assert(std::is_same_v<Node, EndExpr>);
          text += "end";
        }
      },
      expr.node);
}

void ModelicaPrinter::unary(const UnaryExpr& node) {
  text += spelling(node.op);
  // `not` applies to a relation; a sign to a term (MLS A.2.7: `-a^b` is `-(a^b)`).
  expression(*node.operand, node.op == UnaryOp::Not ? RelationLevel : MultiplyLevel);
}

void ModelicaPrinter::binary(const BinaryExpr& node) {
  expression(*node.lhs, leftOperandLevel(node.op));
  if (isTight(node.op)) {
    text += spelling(node.op);
  } else {
    text += ' ';
    text += spelling(node.op);
    text += ' ';
  }
  expression(*node.rhs, rightOperandLevel(node.op));
}

void ModelicaPrinter::ifExpression(const IfExpr& node) {
  for (std::size_t i = 0; i < node.branches.size(); ++i) {
    text += i == 0 ? "if " : " elseif ";
    expression(*node.branches[i].condition);
    text += " then ";
    expression(*node.branches[i].value);
  }
  text += " else ";
  expression(*node.elseValue);
}

void ModelicaPrinter::name(const Name& name) { text += name.str(); }

void ModelicaPrinter::componentRef(const ComponentRef& ref) {
  if (ref.global) text += '.';
  for (std::size_t i = 0; i < ref.parts.size(); ++i) {
    if (i > 0) text += '.';
    text += ref.parts[i].ident;
    subscripts(ref.parts[i].subscripts);
  }
}

void ModelicaPrinter::subscripts(const std::vector<Subscript>& subscripts) {
  if (subscripts.empty()) return;
  text += '[';
  for (std::size_t i = 0; i < subscripts.size(); ++i) {
    if (i > 0) text += ", ";
    if (subscripts[i].value) {
      expression(*subscripts[i].value);
    } else {
      text += ':';
    }
  }
  text += ']';
}

void ModelicaPrinter::functionArgs(const FunctionArgs& args) {
  for (std::size_t i = 0; i < args.positional.size(); ++i) {
    if (i > 0) text += ", ";
    expression(*args.positional[i]);
  }
  if (!args.iterators.empty()) {
    text += " for ";
    forIterators(args.iterators);
    return;
  }
  if (!args.positional.empty() && !args.named.empty()) text += ", ";
  namedArguments(args.named);
}

void ModelicaPrinter::namedArguments(const std::vector<NamedArgument>& named) {
  for (std::size_t i = 0; i < named.size(); ++i) {
    if (i > 0) text += ", ";
    text += named[i].name;
    text += " = ";
    expression(*named[i].value);
  }
}

void ModelicaPrinter::forIterators(const std::vector<ForIterator>& iterators) {
  for (std::size_t i = 0; i < iterators.size(); ++i) {
    if (i > 0) text += ", ";
    text += iterators[i].name;
    if (iterators[i].range) {
      text += " in ";
      expression(*iterators[i].range);
    }
  }
}

} // namespace mocc::ast
