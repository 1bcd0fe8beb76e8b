// The class hierarchy: files, library roots, directory packages (MLS 13.2, 13.3).
#include "mocc/frontend/class_tree.h"

#include "mocc/syntax/parser.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>

namespace mocc::frontend {

namespace fs = std::filesystem;

std::string ClassEntry::qualifiedName() const {
  if (isRoot()) return "";
  std::string prefix = parent ? parent->qualifiedName() : "";
  return prefix.empty() ? name : prefix + "." + name;
}

ClassTree::ClassTree(SourceManager& sources, Diagnostics& diagnostics)
    : sources_(sources), diagnostics_(diagnostics) {
  entries_.push_back(std::make_unique<ClassEntry>());
  root_ = entries_.back().get();
  root_->nestedIndexed_ = true;
  addPredefinedTypes();
}

// Real, Integer, Boolean and String are classes without a definition; StateSelect and
// AssertionLevel are ordinary enumerations of the global scope (MLS 4.8.5, 8.3.7).
void ClassTree::addPredefinedTypes() {
  const std::pair<const char*, Predefined> types[] = {
      {"Real", Predefined::Real},
      {"Integer", Predefined::Integer},
      {"Boolean", Predefined::Boolean},
      {"String", Predefined::String},
      {"ExternalObject", Predefined::ExternalObject}};
  for (const auto& [name, predefined] : types) {
    entries_.push_back(std::make_unique<ClassEntry>());
    ClassEntry* entry = entries_.back().get();
    entry->name = name;
    entry->predefined = predefined;
    entry->parent = root_;
    root_->members_[name] = entry;
  }
  loadText("<predefined>",
           "type StateSelect = enumeration(never, avoid, default, prefer, always);\n"
           "type AssertionLevel = enumeration(error, warning);\n");
}

ClassTree::~ClassTree() = default;

void ClassTree::addLibraryRoot(const fs::path& directory) {
  if (std::find(roots_.begin(), roots_.end(), directory) == roots_.end()) {
    roots_.push_back(directory);
    root_->absent_.clear(); // the new root may have them
  }
}

ClassEntry* ClassTree::makeEntry(const ast::ClassDef* definition, ClassEntry* parent,
                                 bool finalPrefix) {
  entries_.push_back(std::make_unique<ClassEntry>());
  ClassEntry* entry = entries_.back().get();
  entry->name = definition->name;
  entry->definition = definition;
  entry->parent = parent;
  entry->finalPrefix = finalPrefix;
  return entry;
}

// Nested class definitions of a long class body become members in declaration order.
void ClassTree::indexNested(ClassEntry& entry) {
  if (entry.nestedIndexed_) return;
  entry.nestedIndexed_ = true;
  const auto* body = std::get_if<ast::LongClassSpecifier>(&entry.definition->specifier);
  if (!body) return;
  for (const ast::Element& element : body->composition.elements) {
    const auto* nested = std::get_if<ast::ClassDefPtr>(&element.node);
    if (!nested || entry.members_.count((*nested)->name)) continue;
    ClassEntry* child = makeEntry(nested->get(), &entry, element.isFinal);
    entry.members_[child->name] = child;
    entry.order_.push_back(child);
  }
}

const ast::StoredDefinition* ClassTree::parseFile(const fs::path& path) {
  std::error_code error;
  fs::path canonical = fs::weakly_canonical(path, error);
  if (error) canonical = path;
  if (auto found = parsedFiles_.find(canonical); found != parsedFiles_.end()) {
    return found->second;
  }
  auto file = sources_.load(path.string());
  if (!file) {
    diagnostics_.error(DiagnosticKind::FileNotReadable, {}, "cannot read '" + path.string() + "'");
    parsedFiles_[canonical] = nullptr;
    return nullptr;
  }
  auto parsed = parse(*file, sources_, diagnostics_);
  const ast::StoredDefinition* result = nullptr;
  if (parsed) {
    files_.push_back(std::make_unique<ast::StoredDefinition>(std::move(*parsed)));
    result = files_.back().get();
  }
  parsedFiles_[canonical] = result;
  return result;
}

ClassEntry* ClassTree::withinPackage(const ast::Name& within) {
  ClassEntry* package = root_;
  for (const std::string& part : within.parts) {
    ClassEntry* next = member(*package, part);
    if (!next) {
      diagnostics_.error(DiagnosticKind::ClassNotFound, within.range,
                         "the package '" + within.str() + "' of this within clause is not found");
      return nullptr;
    }
    package = next;
  }
  return package;
}

// Enters the classes of a parsed file into its package; a class already entered from the same
// file (a library file reached twice) keeps its first entry.
std::vector<ClassEntry*> ClassTree::enter(const ast::StoredDefinition& file) {
  ClassEntry* package = file.within ? withinPackage(*file.within) : root_;
  std::vector<ClassEntry*> result;
  if (!package) return result;
  for (std::size_t i = 0; i < file.classes.size(); ++i) {
    const ast::ClassDef* definition = file.classes[i].get();
    auto existing = package->members_.find(definition->name);
    if (existing != package->members_.end() && existing->second->definition == definition) {
      result.push_back(existing->second);
      continue;
    }
    ClassEntry* entry = makeEntry(definition, package, file.finalPrefixes[i]);
    package->members_[entry->name] = entry;
    package->order_.push_back(entry);
    result.push_back(entry);
  }
  return result;
}

std::vector<ClassEntry*> ClassTree::loadFile(const fs::path& path) {
  const ast::StoredDefinition* file = parseFile(path);
  return file ? enter(*file) : std::vector<ClassEntry*>{};
}

std::vector<ClassEntry*> ClassTree::loadText(const std::string& name, std::string text) {
  FileId id = sources_.add(name, std::move(text));
  auto parsed = parse(id, sources_, diagnostics_);
  if (!parsed) return {};
  files_.push_back(std::make_unique<ast::StoredDefinition>(std::move(*parsed)));
  return enter(*files_.back());
}

ClassEntry* ClassTree::loadPackageFile(const fs::path& file, ClassEntry& parent,
                                       const std::string& name, const fs::path& directory) {
  const ast::StoredDefinition* parsed = parseFile(file);
  if (!parsed) return nullptr;
  for (std::size_t i = 0; i < parsed->classes.size(); ++i) {
    const ast::ClassDef* definition = parsed->classes[i].get();
    if (definition->name != name) continue;
    if (auto existing = parent.members_.find(name); existing != parent.members_.end()) {
      return existing->second; // entered before through a within clause
    }
    ClassEntry* entry = makeEntry(definition, &parent, parsed->finalPrefixes[i]);
    entry->directory = directory;
    parent.members_[name] = entry;
    parent.order_.push_back(entry);
    return entry;
  }
  diagnostics_.error(DiagnosticKind::ClassNotFound, {},
                     "'" + file.string() + "' does not define the class '" + name +
                         "' (MLS 13.2.2)");
  return nullptr;
}

// MLS 13.2.2: a member of a directory package is `name.mo` or the directory `name/` with a
// `package.mo`.
ClassEntry* ClassTree::loadFromDirectory(ClassEntry& parent, const std::string& name) {
  if (parent.directory.empty()) return nullptr;
  fs::path asDirectory = parent.directory / name;
  if (fs::exists(asDirectory / "package.mo")) {
    return loadPackageFile(asDirectory / "package.mo", parent, name, asDirectory);
  }
  fs::path asFile = parent.directory / (name + ".mo");
  if (fs::exists(asFile)) return loadPackageFile(asFile, parent, name, {});
  return nullptr;
}

ClassEntry* ClassTree::loadFromRoots(const std::string& name) {
  for (const fs::path& directory : roots_) {
    fs::path asDirectory = directory / name;
    if (fs::exists(asDirectory / "package.mo")) {
      return loadPackageFile(asDirectory / "package.mo", *root_, name, asDirectory);
    }
    fs::path asFile = directory / (name + ".mo");
    if (fs::exists(asFile)) return loadPackageFile(asFile, *root_, name, {});
  }
  return nullptr;
}

ClassEntry* ClassTree::member(ClassEntry& parent, const std::string& name) {
  indexNested(parent);
  if (auto found = parent.members_.find(name); found != parent.members_.end()) {
    return found->second;
  }
  // Lookup asks every enclosing package for every name (MLS 5.3): a name that is not there
  // is looked for on disk once, not once per use.
  if (parent.absent_.count(name)) return nullptr;
  ClassEntry* loaded = parent.isRoot() ? loadFromRoots(name) : loadFromDirectory(parent, name);
  if (!loaded) parent.absent_.insert(name);
  return loaded;
}

std::vector<std::string> ClassTree::packageOrder(const fs::path& directory) {
  std::vector<std::string> names;
  std::ifstream in(directory / "package.order");
  std::string line;
  while (std::getline(in, line)) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
      line.pop_back();
    if (!line.empty()) names.push_back(line);
  }
  std::vector<std::string> rest;
  for (const auto& item : fs::directory_iterator(directory)) {
    std::string stem = item.path().stem().string();
    bool isMember = item.is_directory() ? fs::exists(item.path() / "package.mo")
                                        : item.path().extension() == ".mo" && stem != "package";
    if (isMember && std::find(names.begin(), names.end(), stem) == names.end()) {
      rest.push_back(stem);
    }
  }
  std::sort(rest.begin(), rest.end());
  names.insert(names.end(), rest.begin(), rest.end());
  return names;
}

const std::vector<ClassEntry*>& ClassTree::members(ClassEntry& parent) {
  indexNested(parent);
  if (!parent.membersComplete_ && !parent.directory.empty()) {
    for (const std::string& name : packageOrder(parent.directory))
      member(parent, name);
  }
  parent.membersComplete_ = true;
  return parent.order_;
}

ClassEntry* ClassTree::adopt(const ast::ClassDef* definition, ClassEntry* parent) {
  return makeEntry(definition, parent, false);
}

ClassEntry* ClassTree::find(const std::string& qualifiedName) {
  ClassEntry* entry = root_;
  std::size_t begin = 0;
  while (entry && begin <= qualifiedName.size()) {
    std::size_t end = qualifiedName.find('.', begin);
    if (end == std::string::npos) end = qualifiedName.size();
    entry = member(*entry, qualifiedName.substr(begin, end - begin));
    begin = end + 1;
  }
  return entry;
}

std::vector<fs::path> modelicaPathFromEnvironment() {
  std::vector<fs::path> paths;
  const char* value = std::getenv("MODELICAPATH");
  if (!value) return paths;
  std::string text = value;
  std::size_t begin = 0;
  while (begin <= text.size()) {
    std::size_t end = text.find(':', begin);
    if (end == std::string::npos) end = text.size();
    if (end > begin) paths.emplace_back(text.substr(begin, end - begin));
    begin = end + 1;
  }
  return paths;
}

// An installed mocc (`cmake --install`) is <prefix>/bin/mocc with the library in
// <prefix>/share/mocc/stdlib; anything else (the build tree, tests) uses the sources'.
fs::path defaultStandardLibrary() {
  if (const char* value = std::getenv("MOCC_STDLIB")) return value;
  std::error_code ignored;
  fs::path executable = fs::read_symlink("/proc/self/exe", ignored);
  fs::path installed = executable.parent_path().parent_path() / "share" / "mocc" / "stdlib";
  if (!executable.empty() && executable.parent_path().filename() == "bin" &&
      fs::is_directory(installed, ignored))
    return installed;
  return MOCC_STDLIB_DIR;
}

} // namespace mocc::frontend
