// The instance tree (MLS 5.6): classes instantiated with their modifications, inheritance
// merged in, redeclarations applied. Flattening walks it; name lookup navigates it.
#pragma once

#include "mocc/frontend/class_tree.h"

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace mocc::frontend {

struct InstanceNode;

/// Where a piece of source text is interpreted: component names are looked up in `instance`
/// (the class instance the text belongs to, with everything it inherits), other names in the
/// classes lexically around `lexical` (MLS 5.3). `instance` may be null for text read
/// outside any instance (annotations, package constants read through a class name).
struct Scope {
  InstanceNode* instance = nullptr;
  const ClassEntry* lexical = nullptr;
};

/// A merged modification (MLS 7.2): an optional value and modifications of named elements.
/// Each value remembers the scope its expression is written in.
struct Modifier {
  struct Value {
    const ast::Expr* expr = nullptr; // null for `break`
    Scope scope;
    SourceRange range;
    /// `each`: the value applies to every element of an array component as it is.
    bool each = false;
    /// Element of the value to take: a modification of an array of components without
    /// `each` gives element i of its (array) value to component element i (MLS 7.2.5).
    std::vector<std::size_t> slice;
    /// An outer modification gave the whole component a value (MLS 7.2.4: `x5 = x3` merged
    /// over `x5(a = 5)`): for a record field, the enclosing record's value replaces this one.
    bool superseded = false;
  };

  std::optional<Value> value;
  std::vector<std::pair<std::string, Modifier>> elements;
  bool isFinal = false;
  /// A `redeclare` (or `replaceable`) of the element this modifier is for.
  const ast::Argument* redeclaration = nullptr;
  Scope redeclarationScope;
  SourceRange range;

  // Special members defined in modifier.cpp, where the element type is complete: `elements`
  // holds Modifiers, and clang checks that pair<string, Modifier> can be destroyed (the
  // vector's destructor) while it instantiates the pair for the first time.
  Modifier();
  Modifier(const Modifier&);
  Modifier(Modifier&&) noexcept;
  Modifier& operator=(const Modifier&);
  Modifier& operator=(Modifier&&) noexcept;
  ~Modifier();

  bool empty() const;
  const Modifier* find(const std::string& name) const;
  Modifier* find(const std::string& name);
  /// The modifier for element `index` (1-based subscripts) of an array component: every
  /// value without `each` takes that element of its array value.
  Modifier sliced(const std::vector<std::size_t>& index) const;
};

/// A modification as written; `scope` is where its expressions are interpreted. Reports
/// an element modified twice in one modification (MLS 7.2.6).
Modifier makeModifier(const ast::Modification& modification, Scope scope, Diagnostics& diagnostics);
Modifier makeModifier(const ast::ClassModification& modification, Scope scope,
                      Diagnostics& diagnostics);
/// `outer` merged over `inner`: outer values win (MLS 7.2.4). Modifying an element the inner
/// modifier made final is reported.
Modifier merge(Modifier outer, Modifier inner, Diagnostics& diagnostics);
/// Marks every value `each`: it applies whole to each element of an array component.
void markEach(Modifier& modifier);

/// A type that a replaceable element's class must be a subtype of (MLS 7.3.2): its
/// constraining clause, or the type of its original declaration.
struct Constraint {
  const ClassEntry* cls = nullptr; // resolved already, or ...
  const ast::Name* name = nullptr; // ... looked up in `scope` when checked
  Scope scope;
  SourceRange range;      // for the note pointing at it
  bool sameClass = false; // a non-replaceable element: only its own class is allowed
};

/// What MLS 7.3 needs to know about a replaceable element when it is redeclared.
struct Replaceability {
  bool replaceable = false;
  bool isFinal = false;
  bool constant = false;
  std::vector<Constraint> constraints; // every one must hold
  bool checked = false;                // constraints checked against the element's class
};

/// What indexes an array dimension (MLS 10.5.1): `Real x[3]`, `Real x[Boolean]`, `Real x[E]`.
enum class IndexKind : std::uint8_t { Integer, Boolean, Enumeration };

/// A component declared in a class instance (or inherited into it).
struct ComponentInstance {
  std::string name;
  const ast::Element* element = nullptr;
  const ast::Component* clause = nullptr;
  const ast::Declaration* declaration = nullptr;
  /// A redeclaration without sizes keeps those of the declaration it replaces (MLS 7.3.1).
  const ast::Declaration* sizeDeclaration = nullptr;
  const ast::Component* sizeClause = nullptr;
  InstanceNode* owner = nullptr; // the instance it is an element of (names its variables)
  Scope scope;       // where it is declared: type, sizes and condition are looked up here
  Modifier modifier; // every modification that applies, merged
  /// What every redeclaration of a replaceable component inherits (MLS 7.3.2): the modifiers
  /// of its constraining clause, else those of its original declaration.
  Modifier constraintModifier;
  bool isProtected = false;
  const ClassEntry* declaringClass = nullptr; // for messages

  // Filled on demand by the Elaborator.
  enum class Progress : std::uint8_t { Pending, Working, Done, Failed };
  Progress typeProgress = Progress::Pending;
  const ClassEntry* type = nullptr;
  Scope typeScope;                            // where the type's definition is interpreted
  std::unique_ptr<InstanceNode> typeInstance; // the type with the component's modifier
  Progress dimsProgress = Progress::Pending;
  std::vector<std::size_t> dims;
  std::vector<IndexKind> dimIndexKinds; // one per dimension, with dims
  Progress elementsProgress = Progress::Pending;
  std::vector<InstanceNode*> elements; // class types: one per array element (row-major)
  std::vector<std::unique_ptr<InstanceNode>> ownedElements;
  /// Conditional components (MLS 4.4.5): false when the condition is false.
  std::optional<bool> enabled;
  bool missingInnerReported = false;
  bool outerModifierReported = false; // MLS 5.4, reported once
  Replaceability replaceability;
};

/// A class declared in an instance (or inherited into it, or redeclared).
struct LocalClass {
  std::string name;
  const ClassEntry* entry = nullptr;
  Scope scope;             // where its own definition is interpreted
  bool redeclared = false; // by a `redeclare` element: inherited definitions do not replace it
  bool isProtected = false;
  Replaceability replaceability;
  const ast::Element* element = nullptr; // the declaring element
  /// `model extends M` without `redeclare` (MLS 7.3.1): the inherited text still sees the
  /// original M; only the declaring class's own text sees the extension.
  bool extensionForOwnText = false;
  bool originalSeen = false; // a redeclaration met the inherited declaration it replaces
  bool redeclaredByModifier = false; // `m(redeclare model M = N)` (MLS 7.3)
};

/// An equation or algorithm section and the scope of its text.
struct SectionRef {
  const ast::EquationSection* equations = nullptr;
  const ast::AlgorithmSection* algorithm = nullptr;
  Scope scope;
};

struct InstanceNode {
  const ClassEntry* entry = nullptr; // the class as named (a short class keeps its own name)
  ast::ClassKind kind = ast::ClassKind::Class;
  bool partial = false;
  std::string path; // "" for the simulated model, "a.b[2]" below it
  InstanceNode* parent = nullptr;
  ComponentInstance* component = nullptr; // the component this is (an element of), if any

  /// Types derived from a predefined type: `Real`, `type Voltage = Real(unit = "V")`.
  Predefined predefined = Predefined::None;
  /// `connector RealInput = input Real`: a causality the type gives its components.
  ast::Causality causality = ast::Causality::None;
  Modifier attributes; // predefined types: attribute modifications and the value
  /// Enumeration types: the literals, and the class that declared them.
  std::vector<std::string> enumeration;
  const ClassEntry* enumerationType = nullptr;
  /// `type E = enumeration(:)`: literals left open, to be given by a redeclaration.
  bool unspecifiedEnumeration = false;
  /// Array dimensions a short class definition adds (`type Vector = Real[3]`), outermost
  /// first, with the scope they are evaluated in.
  std::vector<std::pair<const ast::Subscript*, Scope>> typeDims;

  std::vector<ComponentInstance> components;                   // append with addComponent only
  std::unordered_map<std::string, std::size_t> componentIndex; // name -> first in components
  std::vector<LocalClass> classes;
  std::vector<SectionRef> sections;
  const ast::ExternalClause* external = nullptr;
  std::vector<const ast::ClassModification*> annotations;
  /// The class definition whose annotations and restriction apply (after short classes).
  const ClassEntry* definition = nullptr;

  /// Appends a component; the first of a name is the one findComponent finds.
  void addComponent(ComponentInstance component);
  /// By hashed name: a model of thousands of components looks names up all the time.
  ComponentInstance* findComponent(const std::string& name);
  LocalClass* findClass(const std::string& name);
  bool isPredefined() const { return predefined != Predefined::None; }
  bool isEnumeration() const { return !enumeration.empty() || unspecifiedEnumeration; }
};

} // namespace mocc::frontend
