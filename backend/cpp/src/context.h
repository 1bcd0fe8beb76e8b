// Shared state while one sim::Program is translated into one C++ file: the program with its
// checked accessors and names, and the function being written (its code, its fresh names and
// the instance fields it reads). Mirrors backend/llvm's ModuleContext and Frame.
#pragma once

#include "code.h"

#include "mocc/cpp/emit.h"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace mocc::backend::cpp {

using Evaluation = sim::Evaluation;

class Context {
public:
  explicit Context(const sim::Program& program);

  const sim::Program& program;
  const expr::Pool& pool() const { return program.pool; }

  /// variables[index], checked against the table and its region's size.
  const sim::Variable& variable(std::uint32_t index) const;
  /// Whether variables[index] stores the value of an event-generating relation.
  bool isRelationStorage(std::uint32_t index) const;
  /// The C++ name of program.functions[index]: "fn<index>_<name with [^A-Za-z0-9_] as _>".
  const std::string& functionName(std::uint32_t index) const;
  /// Modelica-like text of `id` for comments, with the program's variable and function names
  /// (and the locals of `function` inside a function).
  std::string print(expr::Id id, const sim::Function* function = nullptr) const;
  std::string variableName(std::uint32_t index) const;

private:
  std::vector<bool> relationStorage_;
  std::vector<std::string> functionNames_;
};

/// One C++ function under construction: its body and the names it declares.
class FunctionCode {
public:
  Code body;

  /// A name not used before in this function: prefix + number.
  std::string fresh(const std::string& prefix = "t") { return prefix + std::to_string(counter_++); }
  /// Notes that the body reads the local copy of an instance field (see fieldDeclarations).
  void use(const char* field) { fields_.insert(field); }
  /// `const` locals for every used field among x, dx, v, pre_x, pre_v, time, initial,
  /// terminal, read once on entry as the JIT does (generated code never writes the fields).
  Code fieldDeclarations() const;
  /// Notes that the body jumps to the finish label (user functions).
  void useFinish() { finish_ = true; }
  bool usesFinish() const { return finish_; }

private:
  int counter_ = 0;
  bool finish_ = false;
  std::set<std::string> fields_;
};

} // namespace mocc::backend::cpp
