// EquationLowering: equation and algorithm sections of one instance to flat equations and
// statements (MLS 8, 11): array equations become scalar ones, for-equations are unrolled,
// if-equations with parameter conditions are decided, connect-equations are collected.
#pragma once

#include "elaborator.h"
#include "iterator_range.h"
#include "model_flattener.h"

#include <functional>

namespace mocc::frontend {

class EquationLowering {
public:
  EquationLowering(Elaborator& elaborator, ModelFlattener& flattener,
                   std::vector<flat::Equation>& equations,
                   std::vector<flat::Equation>& initialEquations,
                   std::vector<flat::Algorithm>& algorithms)
      : el_(elaborator), flattener_(flattener), equations_(equations),
        initialEquations_(initialEquations), algorithms_(algorithms) {}

  void lowerSection(const SectionRef& section);
  /// An equation deferred until the connection graph was solved (connection_graph_ops.cpp).
  void lowerDeferred(const DeferredEquation& deferred);

private:
  using Equations = std::vector<flat::Equation>;

  void lower(const ast::Equation& equation, const LowerContext& context, bool insideWhen,
             Equations& out);
  /// Asserts for the range checks of an always-evaluated equation (MLS 10.5).
  void addRangeChecks(std::vector<RangeCheck> checks, SourceRange range, Equations& out);
  void simple(const ast::Equation& equation, const ast::SimpleEquation& simple,
              const LowerContext& context, bool insideWhen, Equations& out);
  void recordEquation(const ast::Equation& equation, const Tensor& lhs, const Tensor& rhs,
                      bool insideWhen, Equations& out);
  void tupleEquation(const ast::Equation& equation, const ast::TupleExpr& tuple,
                     const ast::Expr& rhs, const LowerContext& context, bool insideWhen,
                     Equations& out);
  void forEquation(const ast::Equation& equation, const ast::ForEquation& loop,
                   const LowerContext& context, bool insideWhen, Equations& out);
  void ifEquation(const ast::Equation& equation, const ast::IfEquation& branches,
                  const LowerContext& context, bool insideWhen, Equations& out);
  void whenEquation(const ast::Equation& equation, const ast::WhenEquation& when,
                    const LowerContext& context, bool insideWhen, Equations& out);
  void whenCallAlgorithm(const flat::When& when, std::vector<std::vector<flat::Statement>> calls,
                         SourceRange range);
  void emptyCallEquation(SourceRange range, const ast::ComponentRef& function,
                         const ast::FunctionArgs& args, const LowerContext& context);
  void callEquation(SourceRange range, const ast::ComponentRef& function,
                    const ast::FunctionArgs& args, const LowerContext& context, bool insideWhen,
                    Equations& out);
  // connection_graph_ops.cpp
  void connectionGraphOperator(SourceRange range, const std::string& name,
                               const ast::FunctionArgs& args, const LowerContext& context);
  std::optional<ConnectionGraph::Node> graphNode(const ast::Expr& arg, const LowerContext& context);
  static bool asksConnectionGraph(const ast::Equation& equation);
  void deferUntilGraphSolved(const ast::Equation& equation, const LowerContext& context,
                             bool insideWhen, Equations& out);

  std::optional<flat::Expr> whenCondition(const ast::Expr& condition, const LowerContext& context);
  std::optional<flat::Expr> message(const ast::Expr& e, const LowerContext& context);

  // lower_statements.cpp
  void lowerAlgorithm(const ast::AlgorithmSection& section, const Scope& scope);
  void statement(const ast::Statement& s, const LowerContext& context, bool insideWhen,
                 std::vector<flat::Statement>& out);
  void assignment(const ast::Statement& s, const ast::AssignStatement& assign,
                  const LowerContext& context, std::vector<flat::Statement>& out);
  void forStatement(const ast::Statement& s, const ast::ForStatement& loop,
                    const LowerContext& context, bool insideWhen,
                    std::vector<flat::Statement>& out);
  static flat::Statement setFlag(std::uint32_t flag, bool value, SourceRange range);
  static bool isBuiltinCallStatement(const ast::ComponentRef& function);
  void callStatement(SourceRange range, const ast::ComponentRef& function,
                     const ast::FunctionArgs& args, const LowerContext& context,
                     std::vector<flat::Statement>& out);
  std::optional<std::vector<flat::StatementBranch>>
  statementBranches(const std::vector<ast::ConditionalBranch<ast::Statement>>& branches,
                    const LowerContext& context, bool insideWhen, bool whenBranches);

  void checkBranchSizes(const ast::Equation& equation, const flat::IfEquation& result,
                        bool hasElse);

  Elaborator& el_;
  ModelFlattener& flattener_;
  int variableIfDepth_ = 0; // inside if-equations whose conditions are not parameters
  /// While a when-equation's branch is lowered: the statements of its function-call equations
  /// (whenEquation makes them an algorithm's when-statement).
  std::vector<flat::Statement>* whenCalls_ = nullptr;
  std::vector<std::uint32_t> breakFlags_; // of the unrolled loops being lowered, innermost last
  Equations& equations_;
  Equations& initialEquations_;
  std::vector<flat::Algorithm>& algorithms_;
};

/// Iterates `body(value)` over the elements of a for-loop range, binding the iterator. An
/// iterator without a range takes the one its `uses` as a subscript imply. With
/// `parameterRange` (for-equations, MLS 8.3.2) a range that is not a parameter expression is
/// an error.
bool forEachIteration(Elaborator& el, const ast::ForIterator& iterator, const LowerContext& context,
                      const std::function<void(const LowerContext&)>& body,
                      const std::vector<IteratorUse>& uses = {}, bool parameterRange = false);

} // namespace mocc::frontend
