// The classes the compiler knows: parsed files and libraries (MLS 13.2, 13.3). Top-level names
// are found among the loaded files, then in the library roots (--lib directories, then
// MODELICAPATH, then the project's stdlib/). Directory packages (package.mo, package.order)
// are loaded lazily, one member at a time, as lookup asks for them.
#pragma once

#include "mocc/ast/ast.h"
#include "mocc/support/diagnostics.h"

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace mocc::frontend {

/// The predefined types (MLS 4.8), which have no definition in Modelica source, and the
/// predefined partial class ExternalObject (MLS 12.9.7).
enum class Predefined : std::uint8_t { None, Real, Integer, Boolean, String, ExternalObject };

/// One class definition, with the place it sits in the package hierarchy.
struct ClassEntry {
  std::string name;
  const ast::ClassDef* definition = nullptr; // null for the root and the predefined types
  Predefined predefined = Predefined::None;
  ClassEntry* parent = nullptr;              // lexically enclosing class; the root at top level
  std::filesystem::path directory;           // a directory package: where its members live
  bool finalPrefix = false;                  // `final` on a top-level definition

  /// "A.B.C"; "" for the root.
  std::string qualifiedName() const;
  bool isRoot() const { return definition == nullptr && predefined == Predefined::None; }

private:
  friend class ClassTree;
  std::map<std::string, ClassEntry*> members_;   // found so far
  std::set<std::string> absent_;                 // names looked for on disk in vain
  std::vector<ClassEntry*> order_;               // members in declaration / package.order order
  bool membersComplete_ = false;                 // every member of a directory package is loaded
  bool nestedIndexed_ = false;                   // nested class definitions indexed
};

class ClassTree {
public:
  ClassTree(SourceManager& sources, Diagnostics& diagnostics);
  ~ClassTree();
  ClassTree(const ClassTree&) = delete;
  ClassTree& operator=(const ClassTree&) = delete;

  /// Adds a directory whose subdirectories and .mo files are top-level libraries. Earlier
  /// roots win (MLS 13.3: the first root that contains a name is the only one searched).
  void addLibraryRoot(const std::filesystem::path& directory);

  /// Parses a file and enters its classes: at the top level, or into the package named by its
  /// `within` clause. Returns the entries of the file's classes (empty after a syntax error).
  std::vector<ClassEntry*> loadFile(const std::filesystem::path& path);
  /// The same for text held in memory (tests, tools).
  std::vector<ClassEntry*> loadText(const std::string& name, std::string text);

  ClassEntry& root() { return *root_; }

  /// The member class `name` of `parent` (the root for top-level names), loading it from disk
  /// when needed; null when there is none.
  ClassEntry* member(ClassEntry& parent, const std::string& name);
  /// Every member class of `parent`, in order (loads a whole directory package).
  const std::vector<ClassEntry*>& members(ClassEntry& parent);
  /// Follows a dotted name from the root: "Modelica.Blocks.Sources".
  ClassEntry* find(const std::string& qualifiedName);
  /// An entry for a class definition made during instantiation (a redeclaration's short class
  /// definition), lexically inside `parent`; owned by the tree.
  ClassEntry* adopt(const ast::ClassDef* definition, ClassEntry* parent);

  SourceManager& sources() { return sources_; }
  Diagnostics& diagnostics() { return diagnostics_; }

private:
  void addPredefinedTypes();
  ClassEntry* makeEntry(const ast::ClassDef* definition, ClassEntry* parent, bool finalPrefix);
  void indexNested(ClassEntry& entry);
  ClassEntry* loadFromDirectory(ClassEntry& parent, const std::string& name);
  ClassEntry* loadFromRoots(const std::string& name);
  ClassEntry* loadPackageFile(const std::filesystem::path& file, ClassEntry& parent,
                              const std::string& name, const std::filesystem::path& directory);
  const ast::StoredDefinition* parseFile(const std::filesystem::path& path);
  std::vector<ClassEntry*> enter(const ast::StoredDefinition& file);
  ClassEntry* withinPackage(const ast::Name& within);
  std::vector<std::string> packageOrder(const std::filesystem::path& directory);

  SourceManager& sources_;
  Diagnostics& diagnostics_;
  std::vector<std::filesystem::path> roots_;
  std::vector<std::unique_ptr<ast::StoredDefinition>> files_;
  std::map<std::filesystem::path, const ast::StoredDefinition*> parsedFiles_; // canonical path
  std::vector<std::unique_ptr<ClassEntry>> entries_;
  ClassEntry* root_;
};

/// The library roots from the environment: MODELICAPATH split at ':'.
std::vector<std::filesystem::path> modelicaPathFromEnvironment();

/// The project's stdlib/ directory: MOCC_STDLIB if set, else the one this build was made from.
std::filesystem::path defaultStandardLibrary();

} // namespace mocc::frontend
