// SystemBuilder: the state of building one dae::System from a flat::Model. Its parts live in
// one file each: variables (build.cpp), expressions, equations, if-equations, algorithms,
// functions and classification.
#pragma once

#include "mocc/dae/system.h"
#include "mocc/flat/model.h"
#include "mocc/support/diagnostics.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <utility>
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
  void addInitialEquation(const flat::Equation& equation);
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
  /// Every expression translated, in order; nullopt when one cannot be.
  std::optional<std::vector<expr::Id>> translateAll(const std::vector<flat::Expr>& exprs);
  std::optional<expr::Id> derivative(const flat::Expr& argument);
  std::optional<expr::Id> derivativeOfExpression(const flat::Expr& argument);
  expr::Id derivativeVariable(std::uint32_t index, SourceRange range);
  std::optional<expr::Id> functionCall(const flat::Expr& e);
  /// delay(value, delayTime[, delayMax]) with its translated arguments (MLS 3.7.4.2).
  expr::Id delay(const flat::Expr& e, const std::vector<expr::Id>& args);
  std::optional<sim::MessageValue> stringOptions(const flat::Expr& e);
  std::optional<expr::Id> stringConversion(const flat::Expr& e, expr::Id value);
  std::optional<expr::Id> local(const flat::Expr& e);
  std::optional<expr::Id> localElement(const flat::Expr& e);
  /// Reports that `what` cannot be used inside the function being translated.
  void notInFunction(const std::string& what, SourceRange range);
  std::optional<std::uint32_t> variableIndex(const flat::Expr& e);
  /// A message with the expressions of its values (sim::Message).
  struct MessageCode {
    sim::Message message;
    std::vector<expr::Id> values;
  };
  /// An assert or terminate message: String literals and constants, String() conversions
  /// and their concatenation with `+`.
  std::optional<MessageCode> message(const flat::Expr& e);
  bool appendMessage(const flat::Expr& e, MessageCode& out);

  // functions.cpp (MLS 12)
  struct FunctionScope {
    const flat::Function* function = nullptr;
    std::vector<std::uint32_t> slot; // flat function variable -> first frame slot
    Function* out = nullptr;
    int loopDepth = 0;
  };
  struct Signature {
    std::vector<expr::Type> inputs, outputs; // flattened elements
  };
  void addFunctions();
  void resolveDerivativeAnnotations();
  void checkDerivativeArities();
  std::optional<sim::FunctionExternalCall> externalCall(const flat::ExternalCall& call);
  /// `external "FORTRAN 77"`: the C call made Fortran's (fortran_calls.cpp).
  std::vector<sim::FunctionStatement> fortranCall(const flat::ExternalCall& flatCall,
                                                  sim::FunctionExternalCall call);
  /// `count` new frame slots of the function being translated, after all others.
  std::uint32_t scratchSlots(std::uint32_t count, expr::Type type);
  std::optional<Function> translateFunction(const flat::Function& f);
  void layOutFrame(FunctionScope& scope);
  std::optional<std::vector<sim::FunctionStatement>>
  functionStatements(const std::vector<flat::Statement>& statements);
  std::optional<sim::FunctionStatement> functionStatement(const flat::Statement& statement);
  std::optional<sim::FunctionStatement> functionAssign(const flat::AssignStatement& assign,
                                                       SourceRange range);
  std::optional<sim::FunctionStatement> functionIf(const flat::IfStatement& statement);
  std::optional<sim::FunctionStatement> functionFor(const flat::ForStatement& loop,
                                                    SourceRange range);
  std::optional<sim::FunctionStatement> functionCallOutputs(const flat::CallStatement& call,
                                                            SourceRange range);
  std::optional<std::pair<std::uint32_t, expr::Id>> localTarget(const flat::LValue& target,
                                                                SourceRange range);
  std::optional<expr::Id> elementOffset(std::uint32_t variable,
                                        const std::vector<flat::Expr>& subscripts,
                                        SourceRange range);
  std::uint32_t functionMessage(const sim::Message& message);
  /// False (with an error) when a Real value is assigned to an Integer or Boolean target.
  bool checkAssignedType(expr::Type target, expr::Id value, const std::string& name,
                         SourceRange range);

  // algorithms.cpp (MLS 11.1)
  struct AlgorithmScope {
    Algorithm* out = nullptr;
    std::size_t index = 0;
    bool insideWhen = false;
    bool insideIf = false;
    bool initial = false; // an initial algorithm section
  };
  void addAlgorithm(const flat::Algorithm& algorithm);
  void addInitialAlgorithm(const flat::Algorithm& algorithm);
  bool appendStatements(const std::vector<flat::Statement>& statements, AlgorithmScope& scope,
                        std::vector<AlgorithmStatement>& out);
  bool appendStatement(const flat::Statement& statement, AlgorithmScope& scope,
                       std::vector<AlgorithmStatement>& out);
  bool appendAssign(const flat::AssignStatement& assign, SourceRange range, AlgorithmScope& scope,
                    std::vector<AlgorithmStatement>& out);
  std::optional<expr::Id> callForEffects(const flat::Expr& call, SourceRange range);
  bool appendCall(const flat::CallStatement& call, SourceRange range, AlgorithmScope& scope,
                  std::vector<AlgorithmStatement>& out);
  bool appendIf(const flat::IfStatement& statement, SourceRange range, AlgorithmScope& scope,
                std::vector<AlgorithmStatement>& out);
  bool appendWhen(const flat::WhenStatement& when, SourceRange range, AlgorithmScope& scope,
                  std::vector<AlgorithmStatement>& out);
  bool addWhenConditions(const flat::StatementBranch& branch, AlgorithmWhenBranch& lowered,
                         std::vector<AlgorithmStatement>& assignments);
  std::optional<std::uint32_t> algorithmTarget(const flat::LValue& target, SourceRange range,
                                               AlgorithmScope& scope);
  std::uint32_t addInternal(std::string name, expr::Type type, SourceRange range);
  void recordAlgorithmOutputs(Algorithm& algorithm, std::size_t index);

  // if_equations.cpp (MLS 8.3.4)
  struct LoweredEquation {
    expr::Id lhs, rhs;
    SourceRange range;
  };
  struct LoweredBody {
    std::vector<LoweredEquation> equations;
    std::vector<Assertion> assertions;
  };
  void addIfEquation(const flat::IfEquation& equation, SourceRange range);
  std::optional<LoweredBody> lowerIfEquation(const flat::IfEquation& equation, SourceRange range);
  std::optional<LoweredBody> lowerBody(const std::vector<flat::Equation>& body);
  bool checkBranchSizes(const flat::IfEquation& equation, SourceRange range,
                        const std::vector<LoweredBody>& bodies);
  LoweredEquation combine(const std::vector<expr::Id>& conditions,
                          const std::vector<LoweredBody>& bodies, std::size_t k);
  expr::Id chain(const std::vector<expr::Id>& conditions, const std::vector<expr::Id>& values);
  std::optional<std::vector<WhenStatement>> whenIfStatements(const flat::IfEquation& equation,
                                                             SourceRange range);

  // equations.cpp
  void addEquation(const flat::Equation& equation);
  void addWhen(const flat::When& when, SourceRange range);
  std::optional<WhenBranch> whenBranch(const flat::EquationBranch& branch);
  std::uint32_t conditionVariable(expr::Id condition, SourceRange range);
  /// Translates each element of a when-condition (a vector `{c1, c2}` or a scalar) and hands
  /// it to `use` with its source range, in order; sets activeAtInitial when one is initial().
  /// False when an element did not translate (reported).
  bool translateWhenCondition(const flat::Expr& condition, bool& activeAtInitial,
                              const std::function<void(expr::Id, SourceRange)>& use);
  std::optional<WhenStatement> whenStatement(const flat::Equation& equation);
  std::optional<Assertion> assertion(const flat::AssertEquation& a, SourceRange range);
  void orderBranch(WhenBranch& branch);
  void checkBranchesAssignSameVariables(const WhenClause& clause);

  // classify.cpp
  void classifyVariables();
  void checkDeclaredDiscrete(std::uint32_t variable);
  void checkReinitTargets();
  void checkReinitTarget(const Reinit& reinit);
  void classifyAlgorithmOutput(std::uint32_t variable);
  void addAttributes();
  void freeParametersBoundToFreeOnes();
  void addParameterValue(std::uint32_t flatIndex, Variable& variable);
  std::optional<expr::Id> attribute(const std::optional<flat::Expr>& value);
  std::optional<double> parameterValue(expr::Id e);
  std::optional<bool> fixedAttribute(const flat::Expr& fixed);

  const flat::Model& model_;
  Diagnostics& diagnostics_;
  System system_;
  std::vector<std::uint32_t> daeIndex_;  // flat variable -> dae variable (kNone: constant)
  std::vector<std::uint32_t> flatIndex_; // declared dae variable -> flat variable
  std::vector<ConstantState> constantState_;
  std::vector<expr::Id> constantValue_;
  std::vector<std::uint32_t> whenAssigned_; // dae variable -> when-clause index, or kNone
  std::vector<std::uint32_t> algorithmOf_;  // dae variable -> algorithm index, or kNone
  std::vector<bool> assignedInAlgorithmWhen_;
  std::uint32_t nextCondition_ = 0;
  std::uint32_t nextTemporary_ = 0;
  std::uint32_t multipleAssignments_ = 0; // numbers dae::Assignment::multiple
  std::vector<Signature> signatures_;     // per flat function
  FunctionScope* function_ = nullptr;     // set while a function body is translated
  /// (delayTime, delayMax) pairs of delay() whose run-time check is an assertion already.
  std::set<std::pair<std::uint32_t, std::uint32_t>> checkedDelays_;
};

} // namespace mocc::dae
