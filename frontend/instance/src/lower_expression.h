// ExpressionLowering: one AST expression to a Tensor of typed flat expressions, in a scope.
// lower_expression.cpp has operators and constructors, lower_reference.cpp names and
// subscripts, lower_builtins.cpp the built-in functions, lower_call.cpp user functions.
#pragma once

#include "connection_graph.h"
#include "elaborator.h"
#include "function_builder.h"

#include "mocc/support/builtins.h"

#include <map>

namespace mocc::frontend {

class ExpressionLowering {
public:
  /// A function with the scope its definition is interpreted in.
  struct OperatorFunction {
    const ClassEntry* cls;
    Scope scope;
  };

  ExpressionLowering(Elaborator& elaborator, const LowerContext& context)
      : el_(elaborator), context_(context) {}

  std::optional<Tensor> lower(const ast::Expr& e);

  // lower_reference.cpp
  std::optional<Tensor> reference(const ast::Expr& e, const ast::ComponentRef& ref);
  std::optional<Tensor> referenceValue(const ast::Expr& e, const ast::ComponentRef& ref);
  /// A component of the function being lowered, `r.a`, `c[i].re`, `x[i, :]`: a variable or a
  /// record (array) with run-time subscripts where given.
  std::optional<Tensor> functionComponent(const ast::Expr& e, const ast::ComponentRef& ref);
  /// The variable or record `name` of the function being lowered, with `subscripts` over its
  /// dimensions (null for ':').
  std::optional<Tensor> functionValue(const ast::Expr& e, const std::string& name,
                                      const std::vector<const ast::Subscript*>& subscripts);
  std::optional<Tensor> functionReference(const ast::Expr& e, const std::string& name,
                                          const std::vector<const ast::Subscript*>& subscripts);
  /// The subscripts of one part of a reference applied to a tensor (MLS 10.5).
  std::optional<Tensor> subscript(const Tensor& value, const std::vector<ast::Subscript>& subs,
                                  const ast::Expr& e,
                                  const std::vector<IndexKind>* kinds = nullptr);

  // lower_builtins.cpp
  std::optional<Tensor> call(const ast::Expr& e, const ast::CallExpr& c);

  // lower_call.cpp
  bool isExternalObjectClass(const ClassEntry& cls);
  /// The class a function name denotes from the context's scope (MLS 5.3), with the scope its
  /// definition is interpreted in; null after an error.
  const ClassEntry* resolveFunction(const ast::ComponentRef& function, Scope* definitionScope);

private:
  // lower_expression.cpp
  std::optional<Tensor> unary(const ast::Expr& e, const ast::UnaryExpr& u);
  std::optional<Tensor> binary(const ast::Expr& e, const ast::BinaryExpr& b);
  std::optional<Tensor> elementwise(const ast::Expr& e, flat::BinaryOp op, Tensor lhs, Tensor rhs,
                                    bool broadcast);
  std::optional<Tensor> multiply(const ast::Expr& e, Tensor lhs, Tensor rhs);
  std::optional<Tensor> matrixPower(const ast::Expr& e, const ast::BinaryExpr& b, Tensor matrix);
  std::optional<Tensor> ifExpression(const ast::Expr& e, const ast::IfExpr& i);
  std::optional<Tensor> recordIf(const ast::Expr& e, const flat::Expr& condition, Tensor thenValue,
                                 Tensor elseValue);
  std::optional<Tensor> instanceName(const ast::Expr& e, const ast::CallExpr& c);
  std::optional<Tensor> offsetRange(const flat::Expr& start, const ast::Expr& stop);
  std::optional<Tensor> range(const ast::Expr& e, const ast::RangeExpr& r);
  std::optional<Tensor> arrayConstructor(const ast::Expr& e, const ast::ArrayExpr& a);
  std::optional<Tensor> arrayOfRecords(const ast::Expr& e, std::vector<Tensor> elements);
  std::optional<Tensor> comprehension(const ast::Expr& e, const ast::Expr& body,
                                      const std::vector<ast::ForIterator>& iterators);
  std::optional<Tensor> comprehensionRest(const ast::Expr& e, const ast::Expr& body,
                                          const std::vector<ast::ForIterator>& iterators,
                                          std::size_t next);
  std::optional<Tensor> matrix(const ast::Expr& e, const ast::MatrixExpr& m);
  std::optional<flat::Expr> scalarBinary(const ast::Expr& e, flat::BinaryOp op, flat::Expr lhs,
                                         flat::Expr rhs);

  // lower_reference.cpp
  /// The positions (from 1) that subscript `s` selects from a dimension of `size` indexed by
  /// `kind` values (unknown: whatever the subscript's type).
  std::optional<std::vector<std::size_t>>
  subscriptIndices(const ast::Subscript& s, std::size_t size, std::optional<IndexKind> kind,
                   bool& keepsDim, std::optional<flat::Expr>& runTime);
  /// The row-major positions, and the resulting sizes, that `subs` select from an array with
  /// sizes `dims` (all of it when there are none); `kinds`, when given, says what indexes each
  /// dimension (ComponentInstance::dimIndexKinds); the subscripts must be of those types.
  struct Selection {
    std::vector<std::size_t> dims;
    std::vector<std::size_t> linear;
    std::vector<std::size_t> from; // the dimension of the value each kept dimension was
    /// Per kept dimension: the subscript that changes during simulation, taken whole here and
    /// chosen by select() (MLS 10.5: Boolean and enumeration indices in equations).
    std::vector<std::optional<flat::Expr>> runTime;
  };
  std::optional<Selection> selection(const std::vector<std::size_t>& dims,
                                     const std::vector<ast::Subscript>& subs, const ast::Expr& e,
                                     const std::vector<IndexKind>* kinds = nullptr);
  /// The selected elements of `value`, with the run-time subscripts of the selection chosen.
  Tensor select(const Tensor& value, const Selection& s);
  /// The component's value with `subscripts` applied. Only the selected elements are built,
  /// so that `x[i]` costs the same for every size of `x`.
  std::optional<Tensor> componentValue(ComponentInstance& component, InstanceNode* owner,
                                       const ast::Expr& e,
                                       const std::vector<ast::Subscript>& subscripts = {});
  std::optional<Tensor> navigate(const ast::Expr& e, const ast::ComponentRef& ref, std::size_t part,
                                 std::vector<InstanceNode*> nodes, std::vector<std::size_t> dims,
                                 ComponentInstance* firstComponent);
  std::optional<Tensor> classMemberReference(const ast::Expr& e, const ast::ComponentRef& ref,
                                             Elaborator::Found found);
  std::optional<Tensor> typeValues(const ClassEntry& type, const ast::Expr& e);
  std::optional<Tensor> enumerationLiteral(const ClassEntry& type, InstanceNode& instance,
                                           const std::string& literal, const ast::Expr& e);

  // lower_builtins.cpp
  bool checkDomain(const std::string& name, const builtins::Domain& domain,
                   const std::vector<flat::Expr>& args);
  std::optional<Tensor> mathFunction(const ast::Expr& e, const std::string& name,
                                     std::vector<Tensor> args);
  std::optional<Tensor> eventOperator(const ast::Expr& e, const std::string& name,
                                      const ast::CallExpr& c);
  std::optional<Tensor> arrayFunction(const ast::Expr& e, const std::string& name,
                                      const ast::CallExpr& c);
  std::optional<Tensor> reduction(const ast::Expr& e, const std::string& name,
                                  const ast::CallExpr& c);
  std::optional<std::vector<Tensor>> positionalArguments(const ast::CallExpr& c);
  std::optional<Tensor> semiLinear(const ast::Expr& e, const ast::CallExpr& c);
  std::optional<Tensor> homotopy(const ast::Expr& e, const ast::CallExpr& c);
  std::optional<Tensor> delay(const ast::Expr& e, const ast::CallExpr& c);
  bool checkDelayTimes(const ast::CallExpr& c, const std::vector<Tensor>& args);
  std::optional<Tensor> stringConversion(const ast::Expr& e, const ast::CallExpr& c);
  std::optional<Tensor> connectionGraphQuery(const ast::Expr& e, const ast::CallExpr& c);
  std::optional<Tensor> cardinality(const ast::Expr& e, const ast::CallExpr& c);
  bool isConstantExpression(const flat::Expr& e, bool structuralParameters = false);
  std::optional<flat::Expr> lowerScalarArgument(const ast::Expr& arg);
  std::optional<Tensor> overloadedString(const ast::Expr& e, const ast::CallExpr& c,
                                         const ClassEntry& record, Tensor value);
  std::optional<Tensor> concatenate(const ast::Expr& e, std::size_t dimension,
                                    std::vector<Tensor> parts);
  std::optional<Tensor> vectorAlgebra(const ast::Expr& e, const std::string& name,
                                      std::vector<Tensor> args);

  // lower_call.cpp
  std::optional<Tensor> userCall(const ast::Expr& e, const ast::CallExpr& c);

  // operator_records.cpp
  /// Whether `arg` can be passed to `input` as it is (Integer for Real allowed).
  bool accepts(ComponentInstance& input, const Tensor& arg);
  /// The one function of `candidates` whose first inputs accept `args` and whose other inputs
  /// have defaults: its index, none, or an error for several.
  std::optional<std::size_t> uniqueMatch(const ast::Expr& e, const std::string& what,
                                         const std::vector<OperatorFunction>& candidates,
                                         const std::vector<Tensor>& args, bool& ambiguous);
  /// One operand converted by a constructor for a function of the operator (MLS 14.5).
  struct Conversion {
    std::size_t operand;
    OperatorFunction constructor;
    OperatorFunction function;
  };
  std::vector<Conversion> constructorConversions(const ast::Expr& e, const std::string& name,
                                                 const std::vector<Tensor>& operands, bool& failed);
  std::optional<Tensor> overloadedOperator(const ast::Expr& e, const std::string& op,
                                           std::vector<Tensor> operands, bool elementwise);
  std::optional<Tensor> overloadedElementwise(const ast::Expr& e, const std::string& op,
                                              std::vector<Tensor> operands, bool elementwise);
  /// Values of one shape stacked into an array with `dims` ahead of theirs.
  static Tensor stack(const std::vector<std::size_t>& dims, std::vector<Tensor> values);
  /// `C(args)` of an operator record with overloaded constructors (MLS 14.3); nullopt with no
  /// error when none of them accepts the arguments, so that the record constructor applies.
  std::optional<Tensor> overloadedConstructor(const ast::Expr& e, const ClassEntry& record,
                                              const std::vector<Tensor>& args, bool& failed);

public:
  // operator_records.cpp
  /// The operator record whose operators apply to `value` (after short class definitions
  /// such as `SI.ComplexVoltage = Complex(...)`); null when it is no operator record.
  const ClassEntry* operatorRecordOf(const Tensor& value);
  const ClassEntry* operatorRecordOf(const ClassEntry& type);
  bool constructorsReturnTheRecord(const std::vector<OperatorFunction>& functions,
                                   const ClassEntry& record, const std::string& what);
  /// The class whose fields a record type has (after short class definitions).
  const ClassEntry* recordClassOf(const ClassEntry& type);
  /// The functions of operator `name` ("'+'", "'constructor'") of an operator record.
  bool containsOnlyFunctions(const ast::ClassDef& op);
  std::vector<OperatorFunction> operatorFunctions(const ClassEntry& record,
                                                  const std::string& name);
  /// The value of a record instance: its fields' variables.
  std::optional<Tensor> recordValue(InstanceNode& node, const ast::Expr& e);
  std::optional<Tensor> recordArrayValue(const std::vector<InstanceNode*>& nodes,
                                         const std::vector<std::size_t>& dims, const ast::Expr& e);
  /// The value of calling `function` with `args` as its first inputs, the rest defaulted.
  std::optional<Tensor> callWithValues(const ast::Expr& e, const OperatorFunction& function,
                                       std::vector<Tensor> args);

  /// A call of a user-defined function with every output (for `(a, b) = f(x)`).
  struct CallResult {
    std::uint32_t function = 0;
    std::vector<flat::Expr> args; // the flattened input elements
    std::vector<Tensor> outputs;  // one per output, FunctionCall expressions
  };
  std::optional<CallResult> functionCall(const ast::Expr& e, const ast::CallExpr& c);
  /// What the outputs of a CallResult are for: values in expressions, or the sizes and types
  /// of what a statement assigns from its one call (their FunctionCall elements then carry no
  /// arguments: copying n arguments into each of m output elements is quadratic).
  enum class CallUse { Value, Statement };
  /// A call statement of a library function that only reports: one whose body is
  /// `external "C" ModelicaError(s)` or ModelicaWarning(s) (Modelica.Utilities.Streams.error)
  /// as an assert of that level, and Streams.print(s) to the log as a message; nullopt for
  /// other calls. Their texts may be computed during simulation (String(x)).
  std::optional<flat::AssertStatement> utilityReport(SourceRange range,
                                                     const ast::ComponentRef& function,
                                                     const ast::FunctionArgs& args);
  void foldStringParts(flat::Expr& text);
  /// The same for a call written as a statement or a tuple assignment.
  std::optional<CallResult> functionCallOf(const ast::Expr& e, const ast::ComponentRef& function,
                                           const ast::FunctionArgs& args,
                                           CallUse use = CallUse::Statement);

private:
  /// The arguments given by position and name, matched to `inputs` (nullopt where none).
  std::optional<std::vector<std::optional<Tensor>>>
  givenArguments(const ast::Expr& e, const ast::ComponentRef& function,
                 const ast::FunctionArgs& args, const std::vector<ComponentInstance*>& inputs);
  std::optional<Tensor> argument(const ast::Expr& arg, ComponentInstance& input);
  // lower_functional.cpp (MLS 12.4.2)
  bool isFunctionalInput(ComponentInstance& input);
  /// The functional input of the function being lowered that `ref` names, or null.
  const FunctionBuilder::FunctionalInput* functionalInputNamed(const ast::ComponentRef& ref);
  std::optional<Tensor> namedFunction(const ast::ComponentRef& ref);
  std::optional<Tensor> partialApplication(const ast::PartialFunctionExpr& p);
  bool fitsFunctionalInput(const ast::Expr& arg, const FunctionalArgument& given,
                           ComponentInstance& input);
  std::optional<Tensor> functionalArgument(const ast::Expr& arg, ComponentInstance& input);
  std::optional<CallResult> functionalInputCall(const ast::Expr& e,
                                                const ast::ComponentRef& function,
                                                const ast::FunctionArgs& args, CallUse use);
  std::optional<std::vector<Tensor>> matchArguments(const ast::Expr& e,
                                                    const ast::ComponentRef& function,
                                                    const ast::FunctionArgs& args,
                                                    const std::vector<ComponentInstance*>& inputs);
  /// The arguments with every input not given filled in from its default (MLS 12.4.1).
  std::optional<std::vector<Tensor>>
  completeArguments(const ast::Expr& e, const std::string& name,
                    const std::vector<ComponentInstance*>& inputs,
                    std::vector<std::optional<Tensor>> values);
  std::optional<CallResult> specialisedCall(const ast::Expr& e, const ClassEntry& cls,
                                            Scope definitionScope,
                                            const std::vector<ComponentInstance*>& inputs,
                                            const std::vector<Tensor>& args,
                                            CallUse use = CallUse::Value);
  std::optional<Tensor> outputValue(const ast::Expr& e, const flat::Function& function,
                                    std::uint32_t index, const std::vector<flat::Expr>& args,
                                    const std::string& name, ComponentInstance& output,
                                    const std::map<std::string, std::uint32_t>& offsets,
                                    CallUse use);
  std::optional<Tensor> recordConstructor(const ast::Expr& e, const ClassEntry& cls,
                                          const ast::ComponentRef& function,
                                          const ast::FunctionArgs& args);
  std::optional<Tensor> vectorisedCall(const ast::Expr& e, const ClassEntry& cls,
                                       Scope definitionScope,
                                       const std::vector<ComponentInstance*>& inputs,
                                       const std::vector<Tensor>& args,
                                       const std::vector<std::size_t>& outer);

public:
  /// Binds `name` to `value` while `body` runs (for-iterators, comprehensions).
  template <class F> auto withBinding(std::string name, Tensor value, F&& body);

  /// This lowering for an operand that may not be evaluated (a branch of an if-expression):
  /// without the range checks of always-evaluated reads (LowerContext::readRangeChecks).
  ExpressionLowering unchecked();

  Elaborator& el_;
  const LowerContext& context_;
  /// A connector reference lowers to the value of its variables, as a record does: the
  /// argument of cardinality() names a connector instance by them.
  bool connectorValues_ = false;
  std::optional<LowerContext> uncheckedContext_; // what unchecked() lowerings refer to
};

template <class F> auto ExpressionLowering::withBinding(std::string name, Tensor value, F&& body) {
  LowerContext inner = context_;
  std::vector<Binding> bindings = context_.bindings ? *context_.bindings : std::vector<Binding>{};
  bindings.push_back({std::move(name), std::move(value)});
  inner.bindings = &bindings;
  ExpressionLowering nested(el_, inner);
  return body(nested);
}

/// The number of dimensions a function input is declared with (its own and its type's).
std::size_t declaredRank(ComponentInstance& input, Elaborator& el);

/// The built-in functions and operators lowered here rather than looked up as classes (the
/// registry, mocc/support/builtins.h).
bool isBuiltinFunction(const std::string& name);
/// The element-wise numeric built-ins (Kind::Math), which an `external "builtin"` may name.
bool isMathFunction(const std::string& name);

/// Folds every element of a tensor to a constant, or reports `what` and returns nullopt.
/// `locals`: the function being lowered, whose inputs and unassigned variables may have values.
std::optional<std::vector<ConstValue>> foldAll(Elaborator& el, const Tensor& tensor,
                                               const ast::Expr& e, const std::string& what,
                                               FunctionBuilder* locals = nullptr);

} // namespace mocc::frontend
