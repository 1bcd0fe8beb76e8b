// The external clause of a function (MLS 12.9): the call that is its body, and the annotations
// that say where its C code is (MLS 12.9.4). The call's arguments are function variables
// passed whole, or constants; size(a, k) is a constant because functions are specialised for
// the sizes of their arguments.
#include "function_builder.h"

#include "lower_expression.h"

#include <algorithm>
#include <filesystem>

namespace mocc::frontend {

using flat::Expr;
using flat::FunctionVariable;

namespace {

bool isSizeCall(const ast::Expr& arg) {
  auto* call = std::get_if<ast::CallExpr>(&arg.node);
  return call && !call->function.global && call->function.parts.size() == 1 &&
         call->function.parts[0].ident == "size";
}

/// The name of a plain reference `a` or `r.b` (no subscripts), or "".
std::string plainName(const ast::Expr& arg) {
  auto* ref = std::get_if<ast::RefExpr>(&arg.node);
  if (!ref || ref->ref.global) return "";
  std::string name;
  for (const ast::RefPart& part : ref->ref.parts) {
    if (!part.subscripts.empty()) return "";
    name += (name.empty() ? "" : ".") + part.ident;
  }
  return name;
}

/// The Modelica name's last part: the C name of the default call form (MLS 12.9).
std::string lastPart(const std::string& qualified) {
  auto dot = qualified.rfind('.');
  return dot == std::string::npos ? qualified : qualified.substr(dot + 1);
}

} // namespace

void FunctionBuilder::buildExternalCall(const ast::ExternalClause& clause) {
  Diagnostics& d = el_.diagnostics();
  flat::ExternalCall call;
  call.language = clause.language.empty() ? "C" : clause.language;
  call.range = clause.range;
  bool c = call.language == "builtin" || call.language.rfind("C", 0) == 0;
  if (!c && call.language != "FORTRAN 77") {
    d.error(DiagnosticKind::InvalidOperator, clause.range,
            "unknown external language \"" + call.language +
                "\"; expected \"C\", \"C89\", \"C99\", \"C11\", \"builtin\" or \"FORTRAN 77\" "
                "(MLS 12.9)");
    return;
  }
  if (clause.function.empty()) {
    call.symbol = lastPart(class_.qualifiedName());
    defaultExternalArguments(call);
  } else {
    call.symbol = clause.function;
    for (const ast::ExprPtr& arg : clause.args) {
      auto argument = externalArgument(*arg);
      if (!argument) return;
      call.arguments.push_back(std::move(*argument));
    }
    if (clause.output) {
      std::string name = clause.output->str();
      auto output = index(name);
      if (!output || out_.variables[*output].role != FunctionVariable::Role::Output ||
          !out_.variables[*output].dims.empty()) {
        d.error(DiagnosticKind::InvalidOperator, clause.output->range,
                "'" + name +
                    "' must be a scalar output of the function to receive the "
                    "external function's value (MLS 12.9.2)");
        return;
      }
      call.result = *output;
    }
  }
  readExternalAnnotations(clause);
  out_.external = std::move(call);
}

// MLS 12.9.1: without an explicit call, a single output is the function's value and the
// other public variables are passed in declaration order, each array followed by its sizes.
void FunctionBuilder::defaultExternalArguments(flat::ExternalCall& call) {
  std::vector<std::uint32_t> outputs;
  for (std::uint32_t i = 0; i < out_.variables.size(); ++i)
    if (out_.variables[i].role == FunctionVariable::Role::Output) outputs.push_back(i);
  if (outputs.size() == 1 && out_.variables[outputs[0]].dims.empty()) call.result = outputs[0];
  for (ComponentInstance& component : instance_->components) {
    if (component.isProtected) continue;
    if (auto text = stringInputs_.find(component.name); text != stringInputs_.end()) {
      call.arguments.push_back({std::nullopt, text->second, false});
      continue;
    }
    auto i = index(component.name);
    if (!i || (call.result && *call.result == *i)) continue;
    call.arguments.push_back({*i, Expr{}, false});
    for (std::size_t size : out_.variables[*i].dims)
      call.arguments.push_back(
          {std::nullopt, Expr::literal(flat::Type::Integer, static_cast<double>(size), {}), true});
  }
}

// MLS 12.9: component references, scalar constants and size(a, k).
std::optional<flat::ExternalArgument> FunctionBuilder::externalArgument(const ast::Expr& arg) {
  std::string name = plainName(arg);
  if (auto i = index(name); !name.empty() && i) return flat::ExternalArgument{*i, Expr{}, false};
  LowerContext context;
  context.scope = Scope{instance_.get(), &class_};
  context.function = this;
  auto value = el_.lower(arg, context);
  if (!value) return std::nullopt;
  std::optional<ConstValue> constant;
  if (value->isScalar()) constant = el_.fold(value->scalarValue(), this);
  if (!constant) {
    el_.diagnostics().error(DiagnosticKind::InvalidOperator, arg.range,
                            "an argument of an external call must be a variable of the "
                            "function, a scalar constant or size(a, k) (MLS 12.9)");
    return std::nullopt;
  }
  Expr literal = constant->type == flat::Type::String
                     ? Expr::string(constant->text, arg.range)
                     : Expr::literal(constant->type, constant->number, arg.range);
  return flat::ExternalArgument{std::nullopt, std::move(literal), isSizeCall(arg)};
}

} // namespace mocc::frontend

namespace mocc::frontend {

namespace {

/// The Strings of an annotation value: "a" or {"a", "b"}.
std::vector<std::string> annotationStrings(const ast::Expr& value) {
  if (auto* text = std::get_if<ast::StringLiteral>(&value.node)) return {text->value};
  std::vector<std::string> out;
  if (auto* array = std::get_if<ast::ArrayExpr>(&value.node)) {
    for (const ast::ExprPtr& element : array->args.positional)
      if (auto* text = element ? std::get_if<ast::StringLiteral>(&element->node) : nullptr)
        out.push_back(text->value);
  }
  return out;
}

void addOnce(std::vector<std::string>& list, const std::string& value) {
  if (std::find(list.begin(), list.end(), value) == list.end()) list.push_back(value);
}

} // namespace

/// Where a class's resources are relative to (MLS 13.5): a directory package's directory,
/// else the directory of the file that defines the class.
std::filesystem::path FunctionBuilder::classDirectory(const ClassEntry& entry) const {
  if (!entry.directory.empty()) return std::filesystem::absolute(entry.directory);
  if (!entry.definition) return {};
  std::filesystem::path file = el_.tree().sources().path(entry.definition->range.begin.file);
  return std::filesystem::absolute(file).parent_path();
}

// MLS 13.5: modelica://Package.Name/path is relative to the class's directory; file:// URIs
// and plain paths are taken as they are (plain relative paths from the function's file).
std::optional<std::string> FunctionBuilder::resourcePath(const std::string& uri,
                                                         SourceRange where) {
  const std::string scheme = "modelica://";
  if (uri.rfind("file://", 0) == 0) return uri.substr(7);
  if (uri.rfind(scheme, 0) != 0) {
    std::filesystem::path path(uri);
    if (path.is_relative()) path = classDirectory(class_) / path;
    return path.lexically_normal().string();
  }
  std::string rest = uri.substr(scheme.size());
  auto slash = rest.find('/');
  std::string className = rest.substr(0, slash);
  ClassEntry* entry = el_.tree().find(className);
  if (!entry) {
    el_.diagnostics().error(DiagnosticKind::UndefinedName, where,
                            "'" + uri + "' names class '" + className + "', which is not found");
    return std::nullopt;
  }
  std::filesystem::path path = classDirectory(*entry);
  if (slash != std::string::npos) path /= rest.substr(slash + 1);
  return path.lexically_normal().string();
}

// MLS 12.9.4: Include, Library, IncludeDirectory and LibraryDirectory, with the defaults
// modelica://TopLevel/Resources/Include and .../Resources/Library of the declaring library.
void FunctionBuilder::readExternalAnnotations(const ast::ExternalClause& clause) {
  flat::ExternalLibraries& out = out_.externalLibraries;
  std::optional<std::string> includeDirectory, libraryDirectory;
  if (clause.annotation) {
    for (const ast::Argument& argument : clause.annotation->arguments) {
      if (!argument.modification || argument.modification->name.parts.size() != 1) continue;
      const auto& modification = argument.modification->modification;
      if (!modification || !modification->value || !modification->value->value) continue;
      const std::string& name = argument.modification->name.parts[0];
      std::vector<std::string> values = annotationStrings(*modification->value->value);
      if (name == "Include") {
        for (const std::string& v : values)
          addOnce(out.includes, v);
      } else if (name == "Library") {
        for (const std::string& v : values)
          addOnce(out.libraries, v);
      } else if ((name == "IncludeDirectory" || name == "LibraryDirectory") && !values.empty()) {
        auto path = resourcePath(values.front(), argument.range);
        (name == "IncludeDirectory" ? includeDirectory : libraryDirectory) = path;
      }
    }
  }
  const ClassEntry* top = &class_;
  while (top->parent && !top->parent->isRoot())
    top = top->parent;
  std::filesystem::path resources = classDirectory(*top) / "Resources";
  addOnce(out.includeDirectories, includeDirectory.value_or((resources / "Include").string()));
  addOnce(out.libraryDirectories, libraryDirectory.value_or((resources / "Library").string()));
}

// ModelicaServices holds what each tool implements its own way (MLS 13.5: a URI names a
// resource of a library). The MSL's default loadResource takes local file names only; mocc's
// resolves modelica:// and file:// URIs as the annotations above do, so that tables and data
// files are found where the library keeps them.
bool FunctionBuilder::loadResourceOfThisTool() {
  const std::string name = class_.qualifiedName();
  if (name != "ModelicaServices.ExternalReferences.loadResource" &&
      name != "Modelica.Utilities.Files.loadResource") // which extends it
    return false;
  auto uri = stringInputs_.find("uri");
  std::optional<std::uint32_t> output;
  for (std::uint32_t i = 0; i < out_.variables.size(); ++i)
    if (out_.variables[i].role == FunctionVariable::Role::Output) output = i;
  if (uri == stringInputs_.end() || !output) return false;
  const std::string& text = uri->second.text;
  bool isUri = text.rfind("modelica://", 0) == 0 || text.rfind("file://", 0) == 0;
  auto path = isUri ? resourcePath(text, uri->second.range)
                    : std::optional<std::string>(std::filesystem::absolute(text).string());
  if (!path) return false;
  out_.body.clear();
  out_.body.push_back(flat::Statement{
      flat::AssignStatement{flat::LValue{*output, {}}, Expr::string(*path, uri->second.range)},
      uri->second.range});
  return true;
}

} // namespace mocc::frontend
