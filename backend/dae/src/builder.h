// SystemBuilder: the state of building one dae::System from a flat::Model.
#pragma once

#include "mocc/dae/system.h"
#include "mocc/flat/model.h"
#include "mocc/support/diagnostics.h"

#include <optional>
#include <vector>

namespace mocc::dae {

class SystemBuilder {
public:
  SystemBuilder(const flat::Model& model, Diagnostics& diagnostics);
  std::optional<System> run();

private:
  enum class ConstantState : std::uint8_t { Unvisited, Evaluating, Done, Failed };

  // build.cpp
  void declareVariables();
  void addBindingEquations();
  static expr::Type exprType(flat::Type type);

  // expressions.cpp
  std::optional<expr::Id> translate(const flat::Expr& e);
  std::optional<expr::Id> variable(const flat::Expr& e);
  std::optional<expr::Id> constant(std::uint32_t flatIndex, SourceRange use);
  std::optional<expr::Id> call(const flat::Expr& e);
  std::optional<expr::Id> unary(const flat::Expr& e);
  std::optional<expr::Id> binary(const flat::Expr& e);
  std::optional<expr::Id> ifExpression(const flat::Expr& e);
  std::optional<expr::Id> derivative(const flat::Expr& argument);
  std::optional<std::uint32_t> variableIndex(const flat::Expr& e);
  std::optional<std::string> constantString(const flat::Expr& e);

  // equations.cpp
  void addEquation(const flat::Equation& equation);
  void addWhen(const flat::When& when, SourceRange range);
  std::optional<WhenBranch> whenBranch(const flat::EquationBranch& branch);
  std::uint32_t conditionVariable(expr::Id condition, SourceRange range);
  std::optional<WhenStatement> whenStatement(const flat::Equation& equation);
  std::optional<Assertion> assertion(const flat::AssertEquation& a, SourceRange range);
  void orderBranch(WhenBranch& branch);
  void checkBranchesAssignSameVariables(const WhenClause& clause);

  // classify.cpp
  void classifyVariables();
  void checkReinitTargets();
  void addAttributes();
  void addParameterValue(std::uint32_t flatIndex, Variable& variable);
  std::optional<expr::Id> attribute(const std::optional<flat::Expr>& value);

  const flat::Model& model_;
  Diagnostics& diagnostics_;
  System system_;
  std::vector<std::uint32_t> daeIndex_; // flat variable -> dae variable (kNone: constant)
  std::vector<ConstantState> constantState_;
  std::vector<expr::Id> constantValue_;
  std::vector<std::uint32_t> whenAssigned_; // dae variable -> when-clause index, or kNone
  std::uint32_t nextCondition_ = 0;
};

} // namespace mocc::dae
