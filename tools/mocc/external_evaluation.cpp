// externalEvaluator: libffi calls of external C functions during translation (MLS 12.9.1.1
// types: Real is double; Integer, Boolean and enumerations are int; String is const char*;
// size(a, k) is size_t; arrays and outputs by address).
#include "external_evaluation.h"

#include "native_loading.h"

#include "mocc/runtime/external_call_guard.h"

#include <dlfcn.h>
#include <ffi.h>

#include <deque>
#include <map>
#include <memory>
#include <set>

namespace mocc::tool {

namespace {

using frontend::ConstValue;

/// The storage of one argument: what libffi reads through the pointer in `values`.
struct Argument {
  ffi_type* type = nullptr;
  double real = 0;
  int integer = 0;
  std::size_t size = 0;
  const char* text = nullptr;
  void* address = nullptr;   // by address: the buffer's first element
  std::vector<double> reals; // buffers of arrays and outputs
  std::vector<int> integers;
  std::vector<const char*> texts;
  std::vector<std::string> strings; // String inputs' storage
};

bool isInteger(flat::Type type) { return type != flat::Type::Real && type != flat::Type::String; }

/// One C call prepared from the function's variables (`variables` as the frontend holds them).
class ExternalCall {
public:
  ExternalCall(const flat::Function& function, std::vector<std::vector<ConstValue>>& variables)
      : function_(function), variables_(variables) {}

  bool run(void* symbol) {
    const flat::ExternalCall& call = *function_.external;
    for (const flat::ExternalArgument& a : call.arguments)
      if (!prepare(a)) return false;
    std::vector<ffi_type*> types;
    std::vector<void*> values;
    for (Argument& a : arguments_) {
      types.push_back(a.type);
      values.push_back(valuePointer(a));
    }
    ffi_type* result = &ffi_type_void;
    if (call.result) {
      const flat::FunctionVariable& v = function_.variables[*call.result];
      if (v.externalObject) return false;
      result = v.type == flat::Type::Real     ? &ffi_type_double
               : v.type == flat::Type::String ? &ffi_type_pointer
                                              : &ffi_type_sint;
    }
    ffi_cif cif;
    if (ffi_prep_cif(&cif, FFI_DEFAULT_ABI, static_cast<unsigned>(types.size()), result,
                     types.data()) != FFI_OK)
      return false;
    // libffi wants at least a word for integral results.
    union {
      double real;
      ffi_sarg integer;
      const char* text;
    } returned{};
    auto invoke = [&] { ffi_call(&cif, FFI_FN(symbol), &returned, values.data()); };
    if (runtime::guardedCall(nullptr, invoke)) return false; // a ModelicaError: not now
    if (call.result)
      store(*call.result, 0, returned.real, static_cast<int>(returned.integer), returned.text);
    for (std::size_t i = 0; i < call.arguments.size(); ++i)
      copyBack(call.arguments[i], arguments_[i]);
    return true;
  }

private:
  static void* valuePointer(Argument& a) {
    if (a.address) return &a.address;
    if (a.type == &ffi_type_double) return &a.real;
    if (a.type == &ffi_type_sint) return &a.integer;
    if (a.type == &ffi_type_uint64) return &a.size;
    return &a.text;
  }

  bool prepare(const flat::ExternalArgument& a) {
    Argument& out = arguments_.emplace_back();
    if (!a.variable) {
      const flat::Expr& value = a.value;
      if (a.isSize) {
        out.type = &ffi_type_uint64;
        out.size = static_cast<std::size_t>(value.number);
      } else if (value.type == flat::Type::String) {
        out.type = &ffi_type_pointer;
        out.strings.push_back(value.text);
        out.text = out.strings.back().c_str();
      } else if (value.type == flat::Type::Real) {
        out.type = &ffi_type_double;
        out.real = value.number;
      } else {
        out.type = &ffi_type_sint;
        out.integer = static_cast<int>(value.number);
      }
      return true;
    }
    const flat::FunctionVariable& v = function_.variables[*a.variable];
    const std::vector<ConstValue>& elements = variables_[*a.variable];
    if (v.externalObject) return false; // no objects exist during translation
    bool byAddress = v.role != flat::FunctionVariable::Role::Input || !v.dims.empty();
    if (!byAddress) {
      if (v.type == flat::Type::Real) {
        out.type = &ffi_type_double;
        out.real = elements[0].number;
      } else if (v.type == flat::Type::String) {
        out.type = &ffi_type_pointer;
        out.strings.push_back(elements[0].text);
        out.text = out.strings.back().c_str();
      } else {
        out.type = &ffi_type_sint;
        out.integer = static_cast<int>(elements[0].number);
      }
      return true;
    }
    out.type = &ffi_type_pointer;
    for (const ConstValue& e : elements) {
      if (v.type == flat::Type::Real) out.reals.push_back(e.number);
      if (isInteger(v.type)) out.integers.push_back(static_cast<int>(e.number));
      if (v.type == flat::Type::String) {
        out.strings.push_back(e.text);
        out.texts.push_back(nullptr);
      }
    }
    for (std::size_t k = 0; k < out.strings.size(); ++k)
      out.texts[k] = out.strings[k].c_str();
    out.address = v.type == flat::Type::Real     ? static_cast<void*>(out.reals.data())
                  : v.type == flat::Type::String ? static_cast<void*>(out.texts.data())
                                                 : static_cast<void*>(out.integers.data());
    return true;
  }

  void copyBack(const flat::ExternalArgument& a, const Argument& passed) {
    if (!a.variable) return;
    const flat::FunctionVariable& v = function_.variables[*a.variable];
    if (v.role == flat::FunctionVariable::Role::Input) return;
    for (std::size_t k = 0; k < variables_[*a.variable].size(); ++k) {
      store(*a.variable, k, k < passed.reals.size() ? passed.reals[k] : 0,
            k < passed.integers.size() ? passed.integers[k] : 0,
            k < passed.texts.size() ? passed.texts[k] : nullptr);
    }
  }

  // MLS 12.9.1.1: a Boolean is true when C returns anything but 0.
  void store(std::uint32_t variable, std::size_t element, double real, int integer,
             const char* text) {
    const flat::FunctionVariable& v = function_.variables[variable];
    ConstValue& target = variables_[variable][element];
    target.type = v.type;
    if (v.type == flat::Type::Real) target.number = real;
    if (v.type == flat::Type::Boolean) target.number = integer != 0 ? 1 : 0;
    if (v.type == flat::Type::Integer || v.type == flat::Type::Enumeration) target.number = integer;
    if (v.type == flat::Type::String) target.text = text ? text : "";
  }

  const flat::Function& function_;
  std::vector<std::vector<ConstValue>>& variables_;
  std::deque<Argument> arguments_; // stable addresses for libffi
};

sim::ExternalLibraries simLibraries(const flat::ExternalLibraries& libraries) {
  return {libraries.includes, libraries.includeDirectories, libraries.libraries,
          libraries.libraryDirectories};
}

} // namespace

frontend::ExternalEvaluator externalEvaluator(std::string cacheDirectory) {
  // Each set of libraries is prepared and loaded once per process; failures are remembered
  // so that a missing library is not built again for every call (the simulation reports it).
  auto loaded = std::make_shared<std::map<std::string, std::vector<void*>>>();
  return [cacheDirectory, loaded](const flat::Function& function,
                                  std::vector<std::vector<ConstValue>>& variables) {
    if (!function.external || function.external->language == "FORTRAN 77") return false;
    const flat::ExternalLibraries& libraries = function.externalLibraries;
    std::string key;
    for (const auto* list : {&libraries.includes, &libraries.libraries,
                             &libraries.includeDirectories, &libraries.libraryDirectories})
      for (const std::string& item : *list)
        key += item + '\n';
    auto found = loaded->find(key);
    if (found == loaded->end()) {
      auto code = prepareNativeCode(simLibraries(libraries), cacheDirectory, /*quiet=*/true);
      found =
          loaded->emplace(key, code ? openNativeCodePrivately(*code) : std::vector<void*>{}).first;
    }
    // The function's own objects first, then the process (libm, the runtime).
    void* symbol = nullptr;
    for (auto handle = found->second.rbegin(); !symbol && handle != found->second.rend(); ++handle)
      symbol = dlsym(*handle, function.external->symbol.c_str());
    if (!symbol && libraries.includes.empty() && libraries.libraries.empty())
      symbol = dlsym(RTLD_DEFAULT, function.external->symbol.c_str());
    return symbol && ExternalCall(function, variables).run(symbol);
  };
}

} // namespace mocc::tool
