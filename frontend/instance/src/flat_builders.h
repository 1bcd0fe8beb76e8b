// Small constructors for typed flat expressions, used while lowering.
#pragma once

#include "mocc/flat/model.h"

#include <utility>
#include <vector>

namespace mocc::frontend::make {

inline flat::Expr literal(flat::Type type, double value, SourceRange range = {}) {
  return flat::Expr::literal(type, value, range);
}

inline flat::Expr integer(long long value, SourceRange range = {}) {
  return literal(flat::Type::Integer, static_cast<double>(value), range);
}

inline flat::Expr variable(std::uint32_t id, flat::Type type, SourceRange range = {}) {
  flat::Expr e;
  e.kind = flat::Expr::Kind::Variable;
  e.type = type;
  e.variable = id;
  e.range = range;
  return e;
}

inline flat::Expr unary(flat::UnaryOp op, flat::Expr operand, flat::Type type,
                        SourceRange range = {}) {
  flat::Expr e;
  e.kind = flat::Expr::Kind::Unary;
  e.type = type;
  e.unary = op;
  e.range = range;
  e.args.push_back(std::move(operand));
  return e;
}

inline flat::Expr binary(flat::BinaryOp op, flat::Expr lhs, flat::Expr rhs, flat::Type type,
                         SourceRange range = {}) {
  flat::Expr e;
  e.kind = flat::Expr::Kind::Binary;
  e.type = type;
  e.binary = op;
  e.range = range;
  e.args.push_back(std::move(lhs));
  e.args.push_back(std::move(rhs));
  return e;
}

inline flat::Expr call(std::string name, flat::Type type, std::vector<flat::Expr> args,
                       SourceRange range = {}) {
  flat::Expr e;
  e.kind = flat::Expr::Kind::Call;
  e.type = type;
  e.text = std::move(name);
  e.args = std::move(args);
  e.range = range;
  return e;
}

/// A call of model function `function` as a whole (a call statement's call): its outputs are
/// taken by the statement, so the expression itself names none.
inline flat::Expr functionCall(std::uint32_t function, std::vector<flat::Expr> args,
                               SourceRange range = {}) {
  flat::Expr e;
  e.kind = flat::Expr::Kind::FunctionCall;
  e.variable = function;
  e.args = std::move(args);
  e.range = range;
  return e;
}

/// if c then a else b
inline flat::Expr ifThenElse(flat::Expr condition, flat::Expr thenValue, flat::Expr elseValue,
                             flat::Type type, SourceRange range = {}) {
  flat::Expr e;
  e.kind = flat::Expr::Kind::If;
  e.type = type;
  e.range = range;
  e.args.push_back(std::move(condition));
  e.args.push_back(std::move(thenValue));
  e.args.push_back(std::move(elseValue));
  return e;
}

inline bool isNumeric(flat::Type type) {
  return type == flat::Type::Real || type == flat::Type::Integer;
}

/// The type of a + b, a - b, a * b (MLS 10.6): Integer only when both are.
inline flat::Type arithmeticType(flat::Type a, flat::Type b) {
  return a == flat::Type::Integer && b == flat::Type::Integer ? flat::Type::Integer
                                                              : flat::Type::Real;
}

} // namespace mocc::frontend::make
