// The native code of a model's external functions (MLS 12.9.4) for the commands: built or
// found by mocc_native in <cache>/native, then loaded into the mocc process for the JIT, or
// linked into a generated simulator.
#pragma once

#include "mocc/native/native_code.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mocc::tool {

/// The shared objects that external functions need; nullopt after printing why.
/// `cacheDirectory` is the JIT cache's (empty: the default one); objects go to its native/.
/// `quiet`: say nothing (translation-time evaluation, which the simulation repeats loudly).
std::optional<backend::native::NativeCode>
prepareNativeCode(const sim::ExternalLibraries& libraries, const std::string& cacheDirectory = {},
                  bool quiet = false);

/// Loads every object into the process, visible to the JIT's symbol lookup (RTLD_GLOBAL);
/// false after printing why.
bool loadNativeCode(const backend::native::NativeCode& code, bool quiet = false);

/// Opens every object privately (RTLD_LOCAL) with its calls bound at first use (RTLD_LAZY),
/// for calls during translation: nothing is bound before loadNativeCode has put the model's
/// Include code first (a model's `usertab` over the MSL's default). The handles, or an empty
/// list when an object cannot be opened.
std::vector<void*> openNativeCodePrivately(const backend::native::NativeCode& code);

} // namespace mocc::tool
