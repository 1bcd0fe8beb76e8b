// Name lookup (MLS 5.3, 5.4, 13.2) over the instance tree and the class tree: the first
// identifier of a name from a scope outwards, members of classes, imports, inner/outer. The
// Elaborator owns one and asks it (Elaborator::names()); lookup instantiates classes through the
// Elaborator on demand, so the two know each other.
#pragma once

#include "instance.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace mocc::frontend {

class Elaborator;

class NameLookup {
public:
  explicit NameLookup(Elaborator& elaborator) : el_(elaborator) {}

  struct Found {
    const ClassEntry* cls = nullptr;        // a class ...
    Scope classScope;                       // ... and where its definition is interpreted
    ComponentInstance* component = nullptr; // or a component ...
    InstanceNode* owner = nullptr;          // ... of this instance
    bool isProtected = false;
    explicit operator bool() const { return cls || component; }
  };
  /// MLS 5.3.1: the first identifier of a name, from `scope` outwards.
  Found lookup(const std::string& name, Scope scope);
  /// A member class or component of `cls` (nested, inherited, or in its directory).
  Found member(const ClassEntry& cls, const std::string& name);
  /// member() reached through dot notation (`P.x`): a protected element is reported (MLS 4.1)
  /// and still returned, so that one error does not cause others.
  Found memberAccess(const ClassEntry& cls, const std::string& name, SourceRange range);
  /// Reports the access of protected `name` of `owner` through dot notation (MLS 4.1).
  void reportProtectedAccess(const std::string& name, const std::string& owner, SourceRange range);
  /// A class by dotted name; reports an error (with a suggestion) when it is not found.
  const ClassEntry* lookupClass(const ast::Name& name, Scope scope, Scope* definitionScope);
  /// Names visible from `scope`, for suggestions.
  std::vector<std::string> visibleNames(Scope scope);
  /// The inner class an outer one stands for (MLS 5.4); itself without one.
  LocalClass* innerClassOf(InstanceNode& instance, LocalClass& outer);
  /// The inner component an outer one stands for (MLS 5.4); null after reporting an error.
  ComponentInstance* innerOf(ComponentInstance& outer, SourceRange use = {});
  /// Whether a reference to the component means its inner counterpart (innerOf): an outer
  /// element's always, an `inner outer` one's when the reference is local to the class that
  /// declares it (MLS 5.4: local references reference the outer element; the components
  /// inside see the inner one).
  static bool refersToOuter(const ComponentInstance& c, bool local) {
    return c.element->outer && (!c.element->inner || local);
  }

private:
  /// MLS 5.3.2: what may be looked up inside `cls` (not a partial class; in a class that is
  /// not package-like only encapsulated classes).
  void checkLookupInside(const ClassEntry& cls, const Found& found, const std::string& name,
                         SourceRange range);
  /// What an import clause provides under `name`, if anything.
  Found importedName(const ast::ImportClause& import, const std::string& name);
  Found importedFrom(const ast::Composition& body, const std::string& name);

  Elaborator& el_;
  std::vector<std::pair<const ClassEntry*, std::string>> importing_; // imports being followed
  std::set<const ast::ImportClause*> reportedImports_;               // each import errs once
};

} // namespace mocc::frontend
