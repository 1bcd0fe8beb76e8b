// emitCpp: the prelude, the user functions, the ABI functions, the tables and the entry point,
// in the order a C++ compiler needs them; and the CMakeLists.txt of a standalone simulator.
#include "mocc/cpp/emit.h"

#include "function_body.h"
#include "model_functions.h"
#include "model_tables.h"
#include "prelude.h"

#include <cctype>

namespace mocc::backend::cpp {

namespace {

/// The user functions, the ABI functions and the tables of `program`, ending with its
/// descriptor `model`.
Code modelCode(const sim::Program& program) {
  Context context(program);
  Code code;
  if (!program.functions.empty()) {
    code.comment("Functions (MLS 12): inputs, outputs and protected variables in a frame");
    code.append(userFunctionDeclarations(context));
    code.blank();
    for (std::size_t i = 0; i < program.functions.size(); ++i) {
      code.append(userFunctionDefinition(context, i));
      code.blank();
    }
  }
  writeModelFunctions(context, code);
  code.append(modelTables(context));
  return code;
}

std::string modeNamespace(std::size_t index) { return "mode" + std::to_string(index + 1); }

std::string integerArray(const std::vector<int>& values) {
  std::string text;
  for (int value : values)
    text += (text.empty() ? "" : ", ") + std::to_string(value);
  return "{" + text + "}";
}

/// The mocc_mode_set `mode_set` over the modes' namespaces (mocc/model.h).
Code modeSetTable(const sim::ModalProgram& modal) {
  Code code;
  code.comment("The modes: every branch combination of the structural if-equations, the "
               "selectors that tell them apart, where the run starts, the derivative levels "
               "that order the projection at a switch");
  std::string selectors;
  for (const std::string& name : modal.selectors)
    selectors += (selectors.empty() ? "" : ", ") + stringLiteral(name);
  code.line("const char* const mode_selectors[] = {" + selectors + "};");
  for (std::size_t m = 0; m < modal.modes.size(); ++m)
    code.line("const int32_t mode_key" + std::to_string(m + 1) +
              "[] = " + integerArray(modal.modes[m].key) + ";");
  code.open("const mocc_mode_entry mode_entries[] =");
  for (std::size_t m = 0; m < modal.modes.size(); ++m) {
    const sim::ModeProgram& mode = modal.modes[m];
    code.line("{mode_key" + std::to_string(m + 1) + ", " + stringLiteral(mode.description) + ", " +
              (mode.program ? "&" + modeNamespace(m) + "::model, nullptr"
                            : "nullptr, " + stringLiteral(mode.error)) +
              "},");
  }
  code.close("};");
  code.line("const int32_t mode_initial_key[] = " + integerArray(modal.initialKey) + ";");
  std::string names, levels;
  for (const auto& [name, level] : modal.derivativeLevels) {
    names += (names.empty() ? "" : ", ") + stringLiteral(name);
    levels += (levels.empty() ? "" : ", ") + std::to_string(level);
  }
  // An empty array is no C++: a single unused entry stands in for none.
  code.line("const char* const mode_derivative_names[] = {" + (names.empty() ? "\"\"" : names) +
            "};");
  code.line("const int32_t mode_derivative_levels[] = {" + (levels.empty() ? "0" : levels) + "};");
  code.open("const mocc_mode_set mode_set =");
  code.line(".abi_version = MOCC_ABI_VERSION,");
  code.line(".n_selectors = " + std::to_string(modal.selectors.size()) + ",");
  code.line(".selectors = mode_selectors,");
  code.line(".n_modes = " + std::to_string(modal.modes.size()) + ",");
  code.line(".modes = mode_entries,");
  code.line(".initial_key = mode_initial_key,");
  code.line(".n_derivatives = " + std::to_string(modal.derivativeLevels.size()) + ",");
  code.line(".derivative_names = mode_derivative_names,");
  code.line(".derivative_levels = mode_derivative_levels,");
  code.close("};");
  return code;
}

} // namespace

std::string emitCpp(const sim::Program& program, const EmitOptions& options) {
  Code code = prelude(program.modelName, fileStem(program.modelName) + ".cpp", options.source);
  code.append(modelCode(program));
  code.append(epilogue());
  return code.str();
}

std::string emitModalCpp(const sim::ModalProgram& modal, const EmitOptions& options) {
  Code code = prelude(modal.modelName, fileStem(modal.modelName) + ".cpp", options.source);
  std::string initialModel;
  for (std::size_t m = 0; m < modal.modes.size(); ++m) {
    const sim::ModeProgram& mode = modal.modes[m];
    if (!mode.program) continue;
    if (mode.key == modal.initialKey) initialModel = modeNamespace(m) + "::model";
    code.comment("Mode " + std::to_string(m + 1) + ": " + mode.description);
    code.open("namespace " + modeNamespace(m));
    code.append(modelCode(*mode.program));
    code.close("} // namespace " + modeNamespace(m));
    code.blank();
  }
  if (initialModel.empty()) throw EmitError("the initial mode has no program");
  code.append(modeSetTable(modal));
  code.append(modalEpilogue("mode_set", initialModel));
  return code.str();
}

std::vector<std::string> requiredCompilerFlags() {
  return {"-std=c++20", "-ffp-contract=off", "-fno-builtin"};
}

std::string fileStem(const std::string& modelName) {
  std::string stem = modelName.empty() ? "model" : modelName;
  for (char& c : stem) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
  }
  return stem;
}

std::string emitCMakeLists(const std::string& stem, const std::string& modelName) {
  std::string flags;
  for (const std::string& flag : requiredCompilerFlags()) {
    if (flag.rfind("-std=", 0) != 0) flags += " " + flag;
  }
  return "# Builds " + stem + ", a standalone simulator of the model " + modelName +
         " generated by mocc\n"
         "# (`mocc emit-cpp`). It takes the options of `mocc run`: run `" +
         stem +
         " --help`.\n"
         "#   cmake -S . -B build [-Dmocc_DIR=<mocc install or build tree>/lib/cmake/mocc]\n"
         "#   cmake --build build\n"
         "cmake_minimum_required(VERSION 3.16)\n"
         "project(" +
         stem +
         " LANGUAGES CXX)\n"
         "\n"
         "if(NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)\n"
         "  set(CMAKE_BUILD_TYPE Release CACHE STRING \"Build type\" FORCE)\n"
         "endif()\n"
         "\n"
         "find_package(mocc REQUIRED CONFIG)\n"
         "\n"
         "add_executable(" +
         stem + " " + stem +
         ".cpp)\n"
         "target_compile_features(" +
         stem +
         " PRIVATE cxx_std_20)\n"
         "# The generated code computes what the LLVM JIT computes, bit for bit, only without\n"
         "# fused multiply-adds; no built-in treatment of libm calls keeps them calls.\n"
         "target_compile_options(" +
         stem + " PRIVATE" + flags +
         ")\n"
         "target_link_libraries(" +
         stem + " PRIVATE mocc::simulator_cli)\n";
}

} // namespace mocc::backend::cpp
