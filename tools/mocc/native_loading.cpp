// prepareNativeCode and loadNativeCode: what the commands do with mocc_native.
#include "native_loading.h"

#include "cpp_toolchain.h"
#include "jit_cache.h"

#include <dlfcn.h>

#include <iostream>

namespace mocc::tool {

namespace fs = std::filesystem;

namespace {

fs::path nativeCacheDirectory(const std::string& cacheDirectory) {
  if (!cacheDirectory.empty()) return fs::path(cacheDirectory) / "native";
  if (auto directory = JitCache::defaultDirectory()) return *directory / "native";
  return fs::temp_directory_path() / "mocc-native";
}

} // namespace

std::optional<backend::native::NativeCode>
prepareNativeCode(const sim::ExternalLibraries& libraries, const std::string& cacheDirectory,
                  bool quiet) {
  if (libraries.empty()) return backend::native::NativeCode{};
  backend::native::NativeOptions options;
  options.cacheDirectory = nativeCacheDirectory(cacheDirectory);
  std::string error;
  // ModelicaUtilities.h (MLS 12.9.6) is the runtime's, installed or in the build tree.
  auto runtime = findRuntime(error);
  if (!runtime) {
    if (!quiet) std::cerr << "mocc: error: " << error << "\n";
    return std::nullopt;
  }
  options.includeDirectories = runtime->includeDirectories;
  auto code = backend::native::prepare(libraries, options, error);
  if (!code && !quiet)
    std::cerr << "mocc: error: the external functions' C code: " << error << "\n";
  return code;
}

bool loadNativeCode(const backend::native::NativeCode& code, bool quiet) {
  // The Include code first in the search order, its calls bound once all are loaded (the
  // loop opens it again with RTLD_NOW): a function it defines replaces a library's default.
  if (code.includeObject) dlopen(code.includeObject->c_str(), RTLD_LAZY | RTLD_GLOBAL);
  for (const fs::path& object : code.sharedObjects) {
    if (dlopen(object.c_str(), RTLD_NOW | RTLD_GLOBAL)) continue;
    const char* why = dlerror();
    if (quiet) return false;
    std::cerr << "mocc: error: cannot load " << object.string() << ": "
              << (why ? why : "unknown error") << "\n";
    return false;
  }
  return true;
}

std::vector<void*> openNativeCodePrivately(const backend::native::NativeCode& code) {
  std::vector<void*> handles;
  for (const fs::path& object : code.sharedObjects) {
    void* handle = dlopen(object.c_str(), RTLD_LAZY | RTLD_LOCAL);
    if (!handle) return {};
    handles.push_back(handle);
  }
  return handles;
}

} // namespace mocc::tool
