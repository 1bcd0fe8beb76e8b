// Context: checked access to the program (the same errors backend/llvm reports for a malformed
// program), names for generated functions and comments; FunctionCode's field declarations.
#include "context.h"

#include <cctype>

namespace mocc::backend::cpp {

Context::Context(const sim::Program& program)
    : program(program), relationStorage_(program.variables.size()) {
  for (const sim::Relation& relation : program.relations) {
    if (relation.storage < relationStorage_.size()) relationStorage_[relation.storage] = true;
  }
  for (std::size_t i = 0; i < program.functions.size(); ++i) {
    std::string name = program.functions[i].name;
    for (char& c : name) {
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
    }
    functionNames_.push_back("fn" + std::to_string(i) + "_" + name);
  }
}

const sim::Variable& Context::variable(std::uint32_t index) const {
  return sim::checkedVariable(program, index);
}

bool Context::isRelationStorage(std::uint32_t index) const {
  return index < relationStorage_.size() && relationStorage_[index];
}

const std::string& Context::functionName(std::uint32_t index) const {
  if (index >= functionNames_.size()) {
    throw EmitError("function number " + std::to_string(index) + " is out of range (" +
                    std::to_string(functionNames_.size()) + " functions)");
  }
  return functionNames_[index];
}

std::string Context::variableName(std::uint32_t index) const {
  return sim::variableName(program, index);
}

std::string Context::print(expr::Id id, const sim::Function* function) const {
  expr::Names names;
  names.variable = [this](std::uint32_t i) { return sim::variableName(program, i); };
  names.function = [this](std::uint32_t i) { return sim::functionName(program, i); };
  if (function) names.local = sim::localNamer(*function);
  if (!id.valid() || id.value >= program.pool.size()) return "?";
  return expr::print(program.pool, id, names);
}

Code FunctionCode::fieldDeclarations() const {
  struct Field {
    const char* name;
    const char* declaration;
  };
  static constexpr Field kFields[] = {
      {"time", "const double time = instance->time;"},
      {"x", "double* const x = instance->x;"},
      {"dx", "double* const dx = instance->dx;"},
      {"v", "double* const v = instance->v;"},
      {"pre_x", "const double* const pre_x = instance->pre_x;"},
      {"pre_v", "const double* const pre_v = instance->pre_v;"},
      {"initial", "const bool initial = instance->mode == MOCC_MODE_INITIAL;"},
      {"sampling", "const bool sampling = instance->mode == MOCC_MODE_EVENT;"},
      {"terminal", "const bool terminal = instance->terminal != 0;"},
      {"homotopy_lambda", "const double homotopy_lambda = instance->homotopy_lambda;"},
  };
  Code code;
  for (const Field& field : kFields) {
    if (fields_.count(field.name)) code.line(field.declaration);
  }
  return code;
}

} // namespace mocc::backend::cpp
