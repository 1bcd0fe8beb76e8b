// FunctionBuilder: a user-defined function (MLS 12), specialised for the sizes of its
// arguments, into a flat::Function: its variables (inputs, outputs, protected) with static
// sizes, and its algorithm as statements over them. Loops over ranges stay loops.
#pragma once

#include "elaborator.h"

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace mocc::frontend {

class FunctionBuilder {
public:
  /// `inputDims[i]` are the sizes of the i-th input's argument, `inputValues[i]` its value
  /// when the specialisation is for one (an input that sizes depend on).
  FunctionBuilder(Elaborator& elaborator, const ClassEntry& function, Scope definitionScope,
                  std::vector<std::vector<std::size_t>> inputDims,
                  std::vector<std::optional<ConstValue>> inputValues,
                  std::vector<std::shared_ptr<const FunctionalArgument>> inputFunctionals,
                  std::uint32_t index);

  /// Builds the function into the model's function list at `index`; false after an error.
  /// Its variables are published there before the body is lowered, so recursive calls work.
  bool build();

  /// The value of a function variable by name (a tensor of Local/LocalElement expressions),
  /// or nullopt when the function has no such variable.
  std::optional<Tensor> variable(const std::string& name) const;
  /// The variable index of `name` ("x", or "r.a" for a field of record r), or nullopt.
  std::optional<std::uint32_t> index(const std::string& name) const;
  /// `name` is a variable or a record variable of the function.
  bool declares(const std::string& name) const {
    return index(name) || records_.count(name) || stringInputs_.count(name) ||
           functionalInputs_.count(name);
  }
  /// A functional input (MLS 12.4.2): the function this specialisation was made for, and the
  /// partial function type the input is declared with (null for a function that the given
  /// function binds in turn, "f.g", which the body cannot call by name).
  struct FunctionalInput {
    std::shared_ptr<const FunctionalArgument> argument;
    const ClassEntry* declaredType;
  };
  const FunctionalInput* functionalInput(const std::string& name) const {
    auto found = functionalInputs_.find(name);
    return found == functionalInputs_.end() ? nullptr : &found->second;
  }
  /// A record variable (or array of records): its type, its fields in declaration order, and
  /// the sizes of the arrays of records it is in and of its own, which every field variable's
  /// sizes begin with (arrays of records are stored field by field).
  struct RecordLayout {
    const ClassEntry* type;
    std::vector<std::string> fields;
    std::vector<std::size_t> dims;
  };
  const RecordLayout* record(const std::string& name) const {
    auto found = records_.find(name);
    return found == records_.end() ? nullptr : &found->second;
  }
  /// The number of dimensions of a variable or record that declares() knows.
  std::size_t rank(const std::string& name) const;
  /// Adds a protected Integer/Real scalar (for-loop iterators).
  std::uint32_t addLocal(const std::string& name, flat::Type type);

  const flat::Function& function() const { return out_; }

  /// The value of a Local or LocalElement expression during translation (MLS 12.4.4: sizes
  /// of non-input variables are evaluated on entry): an input of this specialisation with its
  /// value, or an element of a variable that the algorithm never assigns (protected
  /// parameters and constants among them) whose binding folds.
  std::optional<ConstValue> constantValue(const flat::Expr& local);

private:
  bool declareVariables();
  bool declare(ComponentInstance& component, flat::FunctionVariable::Role role,
               std::size_t& nextInput);
  bool declareStringInput(ComponentInstance& component, std::size_t position);
  bool declareFunctionalInput(ComponentInstance& component, InstanceNode& type,
                              std::size_t position);
  /// The frame inputs for what `argument` binds, named after `name`; a bound function's own
  /// bound inputs in turn.
  void declareBoundInputs(const std::string& name,
                          const std::shared_ptr<const FunctionalArgument>& argument,
                          const ClassEntry* declaredType);
  bool declareRecord(ComponentInstance& component, const std::string& name,
                     flat::FunctionVariable::Role role, const std::vector<std::size_t>& outer,
                     const std::vector<std::size_t>* actual);
  bool declareScalar(ComponentInstance& component, const std::string& name,
                     flat::FunctionVariable::Role role, const std::vector<std::size_t>& outer,
                     const std::vector<std::size_t>* actual);
  std::optional<std::vector<std::size_t>> declaredSizes(ComponentInstance& component,
                                                        const std::vector<std::size_t>* actual);
  void lowerBindings();
  void lowerBinding(ComponentInstance& component, const std::string& name);
  void lowerAlgorithm(const ast::AlgorithmSection& section);
  void statement(const ast::Statement& s, const LowerContext& context,
                 std::vector<flat::Statement>& out);
  void assignment(const ast::Statement& s, const ast::ComponentRef& target, const ast::Expr& value,
                  const LowerContext& context, std::vector<flat::Statement>& out);
  void tupleAssignment(const ast::Statement& s, const ast::TupleAssignStatement& t,
                       const LowerContext& context, std::vector<flat::Statement>& out);
  void ifStatement(const ast::Statement& s, const ast::IfStatement& i, const LowerContext& context,
                   std::vector<flat::Statement>& out);
  void forLoop(const ast::Statement& s, const ast::ForStatement& loop, std::size_t iterator,
               const LowerContext& context, std::vector<flat::Statement>& out);
  std::optional<std::vector<flat::LValue>> targets(const ast::ComponentRef& ref,
                                                   const LowerContext& context,
                                                   std::vector<std::size_t>& dims);
  std::optional<std::vector<ConstValue>> constantElements(std::uint32_t variable);
  std::optional<std::vector<ConstValue>> bindingElements(const std::string& name);
  void readAnnotations();
  // external_call.cpp (MLS 12.9)
  void buildExternalCall(const ast::ExternalClause& clause);
  bool loadResourceOfThisTool();
  std::optional<flat::ExternalArgument> externalArgument(const ast::Expr& arg);
  void defaultExternalArguments(flat::ExternalCall& call);
  void readExternalAnnotations(const ast::ExternalClause& clause);
  std::filesystem::path classDirectory(const ClassEntry& entry) const;
  std::optional<std::string> resourcePath(const std::string& uri, SourceRange where);
  /// The flat name of the function a `derivative` annotation names.
  std::string derivativeFunction(const ast::ComponentRef& written,
                                 const std::set<std::string>& withoutDerivative);
  static std::set<std::string> inputsWithoutDerivative(const ast::Modification& modification);
  static int derivativeOrder(const ast::Modification& modification);

  Elaborator& el_;
  const ClassEntry& class_;
  Scope definitionScope_;
  std::vector<std::vector<std::size_t>> inputDims_;
  std::vector<std::optional<ConstValue>> inputValues_;
  std::map<std::string, std::size_t> inputPositions_; // scalar inputs by name
  /// constantElements() by variable; nullopt also while one is being computed (cycles).
  std::map<std::uint32_t, std::optional<std::vector<ConstValue>>> constants_;
  std::optional<std::set<std::string>> assigned_; // variables the algorithm assigns
  std::unique_ptr<InstanceNode> instance_;
  std::uint32_t index_;                         // position in the model's function list
  std::map<std::string, RecordLayout> records_; // record variables by name
  /// String inputs: the specialisation is made for their values (Strings are translation-time
  /// values), so they are literals in the body, not frame variables.
  std::map<std::string, flat::Expr> stringInputs_;
  /// Functional inputs: the specialisation is made for the function they are given; the
  /// inputs its partial application binds are frame variables "f.a".
  std::vector<std::shared_ptr<const FunctionalArgument>> inputFunctionals_;
  std::map<std::string, FunctionalInput> functionalInputs_;
  flat::Function out_; // moved into the model when complete
};

} // namespace mocc::frontend
