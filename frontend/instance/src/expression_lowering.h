// Lowering of AST expressions to typed flat expressions: name resolution against the model's
// variables, built-in operators and functions with their argument rules, and type checking.
#pragma once

#include "mocc/ast/ast.h"
#include "mocc/flat/model.h"
#include "mocc/support/diagnostics.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mocc::frontend {

/// The names visible in the class being flattened.
class Scope {
public:
  void add(const std::string& name, std::uint32_t variable) { names_.emplace(name, variable); }
  std::optional<std::uint32_t> find(const std::string& name) const;
  std::vector<std::string> names() const;

private:
  std::map<std::string, std::uint32_t> names_;
};

/// Where an expression stands; some constructs are legal only in some places.
struct LoweringContext {
  bool whenCondition = false; // `when {a, b}`: a Boolean vector is allowed
};

class ExpressionLowering {
public:
  ExpressionLowering(const flat::Model& model, const Scope& scope, Diagnostics& diagnostics)
      : model_(model), scope_(scope), diagnostics_(diagnostics) {}

  /// The lowered expression, or nullopt after reporting why it is not valid.
  std::optional<flat::Expr> lower(const ast::Expr& e, LoweringContext context = {});

  /// Lowers and checks that the result has one of the given types.
  std::optional<flat::Expr> lowerExpecting(const ast::Expr& e, std::vector<flat::Type> types,
                                           const std::string& what, LoweringContext context = {});

private:
  std::optional<flat::Expr> reference(const ast::Expr& e, const ast::ComponentRef& ref);
  std::optional<flat::Expr> call(const ast::Expr& e, const ast::CallExpr& c,
                                 LoweringContext context);
  std::optional<flat::Expr> operatorCall(const ast::Expr& e, const std::string& name,
                                         std::vector<flat::Expr> args);
  std::optional<flat::Expr> mathCall(const ast::Expr& e, const std::string& name,
                                     std::vector<flat::Expr> args);
  std::optional<flat::Expr> unary(const ast::Expr& e, const ast::UnaryExpr& u);
  std::optional<flat::Expr> binary(const ast::Expr& e, const ast::BinaryExpr& b);
  std::optional<flat::Expr> ifExpression(const ast::Expr& e, const ast::IfExpr& i);
  std::optional<flat::Expr> booleanVector(const ast::Expr& e, const ast::ArrayExpr& a);

  bool checkArgumentCount(const ast::Expr& e, const std::string& name, std::size_t count,
                          std::size_t minimum, std::size_t maximum);
  bool checkNumeric(const flat::Expr& arg, const std::string& function, std::size_t position);
  bool checkVariable(const flat::Expr& arg, const std::string& function);
  void unsupported(const ast::Expr& e, const std::string& what);

  const flat::Model& model_;
  const Scope& scope_;
  Diagnostics& diagnostics_;
};

/// The variability of an expression (MLS 3.8): the highest of its parts, where `time`,
/// der() and continuous variables are continuous, and pre(), sample(), initial(), edge() and
/// change() are discrete.
flat::Variability variabilityOf(const flat::Model& model, const flat::Expr& e);

bool isNumeric(flat::Type type);
const char* typeName(flat::Type type);

} // namespace mocc::frontend
