// Operations on compile-time constants (MLS 3.8), shared by fold.cpp (expressions of
// constants and parameters) and function_evaluation.cpp (function bodies run at translation).
#pragma once

#include "elaborator.h"

namespace mocc::frontend {

std::optional<ConstValue> foldUnary(flat::UnaryOp op, ConstValue operand);
std::optional<ConstValue> foldBinary(flat::BinaryOp op, const ConstValue& a, const ConstValue& b);
/// The built-in functions of MLS 3.7.1-3.7.3 on constants; nullopt for any other name.
std::optional<ConstValue> foldBuiltin(const std::string& name, const std::vector<ConstValue>& a,
                                      flat::Type resultType);

} // namespace mocc::frontend
