// The compiler as a library (CMake: find_package(mocc), target mocc::compiler): compile a
// Modelica model, given as a file or as a qualified class name on the library path, into a
// loaded model (the ABI of mocc/model.h) that mocc::runtime simulates in process. This is what
// `mocc run` does before it simulates; examples/embed shows a program built on it.
#pragma once

#include "mocc/model.h"

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

namespace mocc {

struct CompileOptions {
  std::string className;              // empty: the file's only model
  std::vector<std::string> libraries; // directories searched before MODELICAPATH and stdlib
  int optLevel = -1;                  // LLVM's -O0..-O3; -1: automatic, as `mocc run -O auto`
  bool useCache = true;               // the JIT cache of `mocc run`
  std::string cacheDirectory;         // empty: $XDG_CACHE_HOME/mocc, else ~/.cache/mocc
};

/// A compiled model, loaded in this process; abi() stays valid for the object's lifetime.
class CompiledModel {
public:
  virtual ~CompiledModel() = default;
  virtual const mocc_model& abi() const = 0;
};

/// Compiles `model` (a .mo file or a qualified class name). Returns null after writing the
/// errors (file:line:col, the source line and a caret) to `diagnostics`; warnings go there too.
std::unique_ptr<CompiledModel> compileModel(const std::string& model, const CompileOptions& options,
                                            std::ostream& diagnostics);

} // namespace mocc
