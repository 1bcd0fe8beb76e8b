// compileModel: the JIT compilation of `mocc run` (tools/mocc/jit_compilation.h) behind the
// public API.
#include "mocc/compiler.h"

#include "jit_compilation.h"

namespace mocc {

namespace {

class JitModel final : public CompiledModel {
public:
  explicit JitModel(std::unique_ptr<backend::jit::CompiledModel> compiled)
      : compiled_(std::move(compiled)) {}
  const mocc_model& abi() const override { return compiled_->model(); }

private:
  std::unique_ptr<backend::jit::CompiledModel> compiled_; // owns the JIT and its code
};

} // namespace

std::unique_ptr<CompiledModel> compileModel(const std::string& model, const CompileOptions& options,
                                            std::ostream& diagnostics) {
  tool::JitCompileOptions o;
  o.selection.model = model;
  o.selection.className = options.className;
  o.selection.libraries = options.libraries;
  if (options.optLevel >= 0) o.optLevel = options.optLevel;
  o.noCache = !options.useCache;
  o.cacheDirectory = options.cacheDirectory;
  o.diagnostics = &diagnostics;
  tool::JitCompilation compilation(o);
  auto compiled = compilation.compile();
  if (!compiled) return nullptr;
  return std::make_unique<JitModel>(std::move(compiled));
}

} // namespace mocc
