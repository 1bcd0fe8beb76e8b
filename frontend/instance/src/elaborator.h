// The Elaborator: everything the instance stage knows while it turns classes into a flat
// model. It instantiates classes (instantiate.cpp), looks up names through its NameLookup
// (name_lookup.h, lookup.cpp), keeps the
// scalar variables that components flatten into (variables.cpp), lowers expressions to
// tensors of flat expressions (lower_*.cpp) and folds constant expressions (fold.cpp).
#pragma once

#include <deque>

#include "instance.h"
#include "name_lookup.h"
#include "tensor.h"

#include "mocc/flat/model.h"
#include "mocc/frontend/instantiate.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace mocc::frontend {

/// A scalar element of a component of predefined or enumeration type: a flat variable to be.
/// An assert for an Integer subscript that changes during simulation: outside its dimension it
/// is an error (MLS 10.5), which the selection of the element alone would not show.
struct RangeCheck {
  flat::Expr condition; // 1 <= index and index <= size
  flat::Expr message;   // String, naming the subscript's file:line:col
};

struct ElementVariable {
  flat::Variable variable;
  std::vector<RangeCheck> rangeChecks; // of its binding, which is always evaluated
  ComponentInstance* component = nullptr;
  std::vector<std::size_t> subscripts; // within the component's dimensions
  std::uint64_t sequence = UINT64_MAX; // position in declaration order, once visited
  enum class State : std::uint8_t { Pending, Lowering, Done } bindingState = State::Pending;
  bool enabled = true; // false inside a disabled conditional component
};

/// Names bound while lowering: for-loop iterators (constants) and, inside function bodies,
/// the function's own variables.
struct Binding {
  std::string name;
  Tensor value;
};

class FunctionBuilder;
class ConnectionGraph;

/// A function given as the argument of a functional input (MLS 12.4.2): a function name, or
/// `function f(a = e)`, whose bound inputs the callee receives as extra inputs named
/// "input.a" (their values are the argument Tensor's elements, in this order).
struct FunctionalArgument {
  const ClassEntry* cls = nullptr;
  Scope definitionScope;
  struct Bound {
    std::string name;
    flat::Type type;
    std::vector<std::size_t> dims;
    /// For a functional input of the function bound in turn: the function given for it.
    std::shared_ptr<const FunctionalArgument> functional;
  };
  std::vector<Bound> bound;
  /// How a specialisation's name shows it: `Sine(A,w)`, `fun3(p[2],m)`.
  std::string text() const;
  bool binds(const std::string& input) const {
    for (const Bound& b : bound) {
      if (b.name == input) return true;
    }
    return false;
  }
};

/// The flat type of the values of a predefined, enumeration or ExternalObject type (an
/// external object's handle is kept as an exact Integer, MLS 12.9.7).
flat::Type flatType(const InstanceNode& type);

/// An `actual` value can be used where `expected` is required (Integer converts to Real).
bool typesCompatible(flat::Type expected, flat::Type actual);

struct LowerContext {
  Scope scope;
  std::vector<Binding>* bindings = nullptr; // innermost last
  FunctionBuilder* function = nullptr;      // lowering a function body
  bool whenCondition = false;               // `when {a, b}`: vectors of Booleans allowed
  std::optional<std::size_t> end;           // inside a subscript: the value of `end`
  /// Lowering an assignment target: where the range conditions of its Integer subscripts
  /// that change during simulation go (an assignment out of range is an error, MLS 10.5).
  std::vector<flat::Expr>* targetRangeChecks = nullptr;
  /// Lowering an expression that is always evaluated (an equation, a binding): where the range
  /// checks of its Integer run-time subscripts go. Null inside the branches of if-expressions
  /// and the second operand of and/or, which guard their subscripts (`i > 0 and x[i] > 0`).
  std::vector<RangeCheck>* readRangeChecks = nullptr;
};

class Elaborator {
public:
  explicit Elaborator(ClassTree& tree, const ExternalEvaluator* external = nullptr);
  ~Elaborator();

  ClassTree& tree() { return tree_; }
  Diagnostics& diagnostics() { return tree_.diagnostics(); }

  // instantiate.cpp ---------------------------------------------------------------------
  /// `cls` with `modifier` applied. `definitionScope` is where the definition itself is
  /// interpreted (for classes declared inside an instance: that instance).
  std::unique_ptr<InstanceNode> instantiate(const ClassEntry& cls, Modifier modifier,
                                            Scope definitionScope, InstanceNode* parent,
                                            std::string path);
  /// A package (or any class) instantiated without modification, cached: for its constants
  /// and the classes it inherits.
  InstanceNode* packageInstance(const ClassEntry& cls);
  /// The component's class, looked up in its scope; null after reporting an error.
  const ClassEntry* componentType(ComponentInstance& component);
  /// The component's type instantiated with its modifier (predefined and enumeration types;
  /// for classes the first element's instance). Null after an error.
  InstanceNode* typeInstance(ComponentInstance& component);
  /// Declaration sizes, then type sizes; null after an error.
  const std::vector<std::size_t>* dims(ComponentInstance& component);
  /// Components of class type: one instance per array element (row-major). Null on error.
  std::vector<InstanceNode*>* elements(ComponentInstance& component);
  /// Predefined or enumeration type (a variable), as opposed to a class with components.
  bool isScalarType(ComponentInstance& component);

  // lookup.cpp: name lookup, its own class -------------------------------------------
  using Found = NameLookup::Found;
  NameLookup& names() { return names_; }

  // variables.cpp -----------------------------------------------------------------------
  /// The flat variables of a component of scalar type (allocated on first use); their ids
  /// are consecutive, row-major. Returns UINT32_MAX after an error.
  std::uint32_t variablesOf(ComponentInstance& component, const std::string& path);
  ElementVariable& variable(std::uint32_t id) { return variables_[id]; }
  /// A variable the compiler adds (flat::Variable::internal), already lowered; its id.
  std::uint32_t addInternalVariable(flat::Variable variable);
  const ElementVariable& variable(std::uint32_t id) const { return variables_[id]; }
  /// MLS 3.8: the variability of an expression (the highest of what it reads).
  flat::Variability expressionVariability(const flat::Expr& e) const;
  /// MLS 6.4: two enumeration types (qualified names) with the same literals in order.
  bool sameEnumeration(const std::string& a, const std::string& b);
  /// The literal names of the enumeration type of `e` (a variable or literal), in order; empty
  /// when its type is not evident.
  std::vector<std::string> enumerationLiterals(const flat::Expr& e);
  std::size_t variableCount() const { return variables_.size(); }
  /// Lowers the binding and attributes of a variable (once; detects cycles).
  void lowerVariable(std::uint32_t id);

  // lower_*.cpp -------------------------------------------------------------------------
  std::optional<Tensor> lower(const ast::Expr& e, const LowerContext& context);
  std::optional<flat::Expr> lowerScalar(const ast::Expr& e, const LowerContext& context);

  // fold.cpp ----------------------------------------------------------------------------
  /// The value of a constant or parameter expression, or nullopt when it is not one.
  /// Parameters it reads are marked structural. Inside a function, `locals` gives the values
  /// its inputs take in the specialisation and its protected parameters' values.
  std::optional<ConstValue> fold(const flat::Expr& e, FunctionBuilder* locals = nullptr);
  /// The value of a constant or parameter without marking parameters structural (a check
  /// that must not fix the model's structure).
  std::optional<ConstValue> peekValue(std::uint32_t id);
  /// fold() without marking parameters structural.
  std::optional<ConstValue> peek(const flat::Expr& e, FunctionBuilder* locals = nullptr);
  /// Lowers and folds to an Integer (array sizes, subscripts, ranges); reports `what`.
  std::optional<long long> evaluateInteger(const ast::Expr& e, const LowerContext& context,
                                           const std::string& what);
  std::optional<bool> evaluateBoolean(const ast::Expr& e, const LowerContext& context,
                                      const std::string& what);

  flat::Model& model() { return model_; }

  // function_builder.cpp ----------------------------------------------------------------
  /// The function `cls` specialised for these input sizes and, for the inputs that sizes
  /// depend on (sizeInputs), these values: its index in model().functions, built on first
  /// use. Null after an error.
  std::optional<std::uint32_t>
  specialize(const ClassEntry& cls, Scope definitionScope,
             const std::vector<std::vector<std::size_t>>& inputDims,
             std::vector<std::optional<ConstValue>> inputValues, SourceRange use,
             std::vector<std::shared_ptr<const FunctionalArgument>> functionals = {});
  /// How a call of function `cls` passes each of its inputs, in order.
  enum class InputFolding : std::uint8_t {
    None,      // at run time
    Required,  // the sizes of its variables may depend on the input's value (read in a size,
               // directly or through a protected variable's binding): known in translation
    Preferred, // a String (isStringScalar): folded into the body when known in translation,
               // else passed at run time
  };
  const std::vector<InputFolding>& sizeInputs(const ClassEntry& cls);
  /// The inputs (outputs) of function `cls`, in declaration order.
  std::vector<ComponentInstance*> functionInputs(const ClassEntry& cls);
  std::vector<ComponentInstance*> functionOutputs(const ClassEntry& cls);
  bool isStringScalar(ComponentInstance& component);
  std::optional<std::uint32_t> externalObjectDestructor(const InstanceNode& type, SourceRange use);

  // function_evaluation.cpp -------------------------------------------------------------
  /// Runs function `index` of the model on constant inputs (flattened in declaration order):
  /// its flattened outputs, or nullopt when the body cannot be evaluated at translation time
  /// (a failed assert, a non-constant operation, too many steps).
  std::optional<std::vector<ConstValue>> evaluateFunction(std::uint32_t index,
                                                          const std::vector<ConstValue>& inputs);
  const ExternalEvaluator* externalEvaluator() const { return external_; }

private:
  friend class ExpressionLowering;
  friend class FunctionBuilder;
  friend class NameLookup;

  // instantiate.cpp
  /// `baseClassModifier`: the modifier is an extends clause's, which may modify protected
  /// elements (MLS 4.1).
  void fill(InstanceNode& node, const ClassEntry& cls, Modifier modifier, Scope definitionScope,
            bool baseClassModifier = false);
  void fillShort(InstanceNode& node, const ClassEntry& cls, const ast::ShortClassSpecifier& s,
                 Modifier modifier, Scope definitionScope, bool baseClassModifier);
  void fillLong(InstanceNode& node, const ClassEntry& cls, const ast::LongClassSpecifier& body,
                Modifier modifier, bool baseClassModifier);
  static bool isClassExtension(const ClassEntry& cls);
  bool inheritForClassExtension(InstanceNode& node, const ClassEntry& cls,
                                const ast::LongClassSpecifier& body);
  void addElements(InstanceNode& node, const ClassEntry& cls, const ast::Composition& body);
  bool declaredLexically(const ClassEntry& cls, const std::string& name);
  /// MLS 5.6.1 and 7.1.4 on the name after `extends`; false after reporting.
  bool checkBaseClassName(InstanceNode& node, const ClassEntry& cls, const ast::Name& base);
  bool operatorRecordsAllowExtending(const ClassEntry& base, SourceRange range);
  void inherit(InstanceNode& node, const ClassEntry& cls, const ast::Element& element,
               const ast::ExtendsClause& extends);
  void addComponent(InstanceNode& node, const ClassEntry& cls, const ast::Element& element,
                    const ast::Component& clause, const ast::Declaration& declaration);
  void applyModifier(InstanceNode& node, Modifier modifier, std::size_t firstComponent,
                     std::size_t firstClass, bool baseClassModifier);
  void checkProtectedModification(bool isProtected, const std::string& name, const Modifier& child,
                                  bool baseClassModifier);
  void redeclareComponent(ComponentInstance& component, const Modifier& modifier);
  Modifier constraintModifierOf(const ast::Element& element, const Modifier& declared, Scope scope);
  template <typename Redeclaring>
  Modifier redeclaredConstraintModifier(const Redeclaring& redeclaring, Modifier inherited,
                                        Scope scope);
  void redeclareClass(LocalClass& local, const Modifier& modifier);
  void checkRestrictions(const ClassEntry& cls, const ast::Composition& body);
  const ast::Component& withInheritedPrefixes(const ast::Component& redeclared,
                                              const ast::Component& original);
  void checkAloneWithBase(const ClassEntry& cls, const ast::Element& extends,
                          const std::string& baseKind);
  void checkEnumerationLiteral(const InstanceNode& node, const ast::EnumerationLiteral& literal);

  // redeclaration_rules.cpp
  /// The prefixes of a redeclaration (a redeclare element or modifier argument).
  struct RedeclarationPrefixes {
    bool replaceable = false;
    bool isFinal = false;
    const ast::ConstrainingClause* constraining = nullptr;
    Scope scope;
    SourceRange range;
    const char* protectedChange = nullptr; // why a visibility change is illegal, if it is one
  };
  static RedeclarationPrefixes prefixesOf(const ast::Element& redeclaring, Scope scope,
                                          const ast::Element& original);
  static RedeclarationPrefixes prefixesOf(const ast::Argument& redeclaring, Scope scope);
  template <class Redeclaring>
  static RedeclarationPrefixes commonPrefixes(const Redeclaring& redeclaring, Scope scope);
  Replaceability replaceabilityOf(const ast::Element& element, const ast::Name& type, Scope scope,
                                  SourceRange range, bool constant);
  Replaceability classReplaceability(const ast::Element& element, const ClassEntry& entry,
                                     Scope scope);
  void redeclare(Replaceability& current, const std::string& name, const RedeclarationPrefixes& by,
                 Constraint original);
  std::optional<std::string> subtypeMismatch(InstanceNode& a, InstanceNode& b, int depth);
  std::optional<std::string> elementMismatch(ComponentInstance& a, ComponentInstance& b, int depth);
  bool constrainsWithin(const ClassEntry& constraining,
                        const std::vector<const ClassEntry*>& earlier, const std::string& name,
                        SourceRange range);
  void checkConstraints(Replaceability& r, const std::string& name, const ClassEntry& actual,
                        InstanceNode& actualInstance, std::size_t dims, SourceRange range);
  bool isInstantiating(const ClassEntry& cls) const;
  void checkComponentConstraints(ComponentInstance& component);
  void checkClassConstraints(LocalClass& local);

  // prefix_rules.cpp
  void checkTypePrefixes(ComponentInstance& component, InstanceNode& type);
  void checkStructuredPrefixes(ComponentInstance& component, InstanceNode& type);
  const ComponentInstance* prefixedElement(InstanceNode& type, bool causalities);

public:
  /// The component's own input/output, else the one its type gives (`connector RealInput =
  /// input Real`). Call after typeInstance().
  ast::Causality effectiveCausality(ComponentInstance& component);
  /// effectiveCausality() after resolving the type (`type In = input Real; In u;`).
  ast::Causality causalityOf(ComponentInstance& component);
  std::vector<ComponentInstance*> functionComponents(const ClassEntry& cls,
                                                     ast::Causality causality);
  /// A flow variable: declared `flow`, or an element of a structured `flow` component.
  static bool isFlow(const ComponentInstance& component);

  /// The solved connection graph (MLS 9.4) that Connections.isRoot and rooted ask; null
  /// before the connections are generated.
  const ConnectionGraph* connectionGraph() const { return connectionGraph_; }
  void setConnectionGraph(const ConnectionGraph* graph) { connectionGraph_ = graph; }
  /// A connector instance as the connect-equations name it: its first variable and its number
  /// of variables (a connector and its first sub-connector differ in the count).
  using ConnectorKey = std::pair<std::uint32_t, std::size_t>;
  /// How often each connector occurs in the connect-equations after conditional components
  /// are removed: cardinality() (MLS 3.7.4.4); known once the connections are generated.
  const std::map<ConnectorKey, int>* connectorCardinality() const {
    return connectorCardinality_ ? &*connectorCardinality_ : nullptr;
  }
  void setConnectorCardinality(std::map<ConnectorKey, int> counts) {
    connectorCardinality_ = std::move(counts);
  }

private:
  // component_types.cpp
  std::optional<std::size_t> flexibleSize(ComponentInstance& component, std::size_t dimension);
  /// The size of a dimension and what indexes it.
  std::optional<long long> dimensionSize(const ast::Expr& e, const LowerContext& context,
                                         const std::string& what, IndexKind& kind);

  // fold.cpp
  std::optional<ConstValue> foldVariable(std::uint32_t id);

  // variables.cpp
  std::optional<flat::Expr> lowerModifierValue(const Modifier::Value& value, std::uint32_t id,
                                               flat::Type expected, const std::string& what,
                                               std::vector<RangeCheck>* rangeChecks = nullptr);
  void checkBindingVariability(std::uint32_t id, const flat::Expr& binding, SourceRange range);
  std::string enumerationTypeOf(const flat::Expr& e) const;
  static bool isFirstElement(const ElementVariable& element);
  std::optional<flat::Expr> recordFieldBinding(std::uint32_t id);
  InstanceNode* enclosingRecordValue(const ComponentInstance& component);
  void foldConstantBinding(flat::Variable& v);
  std::set<std::uint32_t> foldingVariables_; // foldVariable's cycle guard
  bool isRecordDefaultOverridden(std::uint32_t id, const Modifier::Value& own);
  bool isRecordDefaultOverridden(const ComponentInstance& component, const Modifier::Value& own);
  std::optional<Tensor> enclosingRecordFieldValue(ComponentInstance& component, bool& failed);
  void checkArrayValueSize(std::uint32_t id, const Modifier::Value& value);
  const std::optional<Tensor>& lowerSlicedValue(const Modifier::Value& value,
                                                LowerContext& context);
  void lowerAttribute(std::uint32_t id, const std::string& name, const Modifier& modifier,
                      flat::Attributes& attributes);

  ClassTree& tree_;
  std::map<const ClassEntry*, std::unique_ptr<InstanceNode>> packages_;
  /// A deque: lowering a binding may add variables while references to others are held.
  std::deque<ElementVariable> variables_;
  std::map<const ComponentInstance*, std::uint32_t> firstVariable_;
  std::vector<const ClassEntry*> instantiating_; // classes being filled, to detect recursion
  std::map<std::pair<const ClassEntry*, std::string>, std::optional<std::uint32_t>> functions_;
  std::set<std::uint32_t> functionsBuilding_; // their bodies are not complete yet
  std::map<const ClassEntry*, std::vector<InputFolding>> sizeInputs_;
  /// Results of evaluateFunction by function and input values.
  std::map<std::pair<std::uint32_t, std::string>, std::optional<std::vector<ConstValue>>>
      evaluations_;
  std::size_t evaluationSteps_ = 0; // statements run by the current outermost evaluation
  const ExternalEvaluator* external_ = nullptr; // runs external functions in evaluateFunction
  int evaluationDepth_ = 0;
  /// Arguments reported as not constant for an input that sizes depend on: each errs once
  /// (a binding is lowered once per element).
  std::set<std::tuple<FileId, std::uint32_t, std::uint32_t>> reportedSizeArguments_;
  const ConnectionGraph* connectionGraph_ = nullptr;
  std::optional<std::map<ConnectorKey, int>> connectorCardinality_;
  std::set<const ClassEntry*> checkedRestrictions_;
  std::set<const ast::Element*> checkedExtends_;
  /// The inherited class each class extension (`model extends M`) extends, and its scope.
  struct ClassExtensionBase {
    const ClassEntry* original = nullptr;
    Scope scope;
  };
  std::map<const ClassEntry*, ClassExtensionBase> classExtensionBases_;
  /// Redeclared component clauses with the prefixes they inherit (MLS 7.3).
  std::vector<std::unique_ptr<ast::Component>> inheritedPrefixClauses_;
  std::set<const ast::Declaration*> prefixesChecked_;
  std::set<const ast::EnumerationLiteral*> enumerationsChecked_;
  bool markStructural_ = true;
  /// `fold()` run with markStructural_ off (peek, peekValue).
  template <class Fold> std::optional<ConstValue> withoutMarking(Fold&& fold);
  std::map<std::uint32_t, ConstValue> peekedValues_; // found while markStructural_ is false
  /// Array values of modifiers that are sliced for the elements of array components, lowered
  /// once per expression and scope (lowerSlicedValue).
  std::map<std::tuple<const ast::Expr*, InstanceNode*, const ClassEntry*>, std::optional<Tensor>>
      slicedValues_;
  flat::Model model_;
  NameLookup names_{*this};
};

} // namespace mocc::frontend
