// The small helpers declared in ast.h: names as text and operator and class-kind spellings.
#include "mocc/ast/ast.h"

namespace mocc::ast {

std::string Name::str() const {
  std::string text = global ? "." : "";
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) text += '.';
    text += parts[i];
  }
  return text;
}

std::string ComponentRef::str() const {
  std::string text = global ? "." : "";
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) text += '.';
    text += parts[i].ident;
    if (!parts[i].subscripts.empty()) text += "[...]";
  }
  return text;
}

const char* spelling(UnaryOp op) {
  switch (op) {
  case UnaryOp::Minus: return "-";
  case UnaryOp::Plus: return "+";
  case UnaryOp::ElemMinus: return ".-";
  case UnaryOp::ElemPlus: return ".+";
  case UnaryOp::Not: return "not ";
  }
  return "?";
}

const char* spelling(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add: return "+";
  case BinaryOp::Sub: return "-";
  case BinaryOp::Mul: return "*";
  case BinaryOp::Div: return "/";
  case BinaryOp::Pow: return "^";
  case BinaryOp::ElemAdd: return ".+";
  case BinaryOp::ElemSub: return ".-";
  case BinaryOp::ElemMul: return ".*";
  case BinaryOp::ElemDiv: return "./";
  case BinaryOp::ElemPow: return ".^";
  case BinaryOp::Lt: return "<";
  case BinaryOp::Le: return "<=";
  case BinaryOp::Gt: return ">";
  case BinaryOp::Ge: return ">=";
  case BinaryOp::Eq: return "==";
  case BinaryOp::Ne: return "<>";
  case BinaryOp::And: return "and";
  case BinaryOp::Or: return "or";
  }
  return "?";
}

const char* spelling(ClassKind kind) {
  switch (kind) {
  case ClassKind::Class: return "class";
  case ClassKind::Model: return "model";
  case ClassKind::Record: return "record";
  case ClassKind::OperatorRecord: return "operator record";
  case ClassKind::Block: return "block";
  case ClassKind::Connector: return "connector";
  case ClassKind::ExpandableConnector: return "expandable connector";
  case ClassKind::Type: return "type";
  case ClassKind::Package: return "package";
  case ClassKind::Function: return "function";
  case ClassKind::OperatorFunction: return "operator function";
  case ClassKind::Operator: return "operator";
  }
  return "class";
}

} // namespace mocc::ast
