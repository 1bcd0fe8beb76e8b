// `external "FORTRAN 77"` (MLS 12.9.1.2): Fortran takes every argument by reference and
// stores arrays column-major, and gfortran names the routine in lower case with a trailing
// underscore. The call is made a C call of that shape within the function's frame: constants
// and sizes get scratch slots of their own, and each array of two or more dimensions is copied
// transposed into scratch slots before the call (and back after it when it is an output), so
// both emitters call it like any external C function.
#include "builder.h"

#include <cctype>

namespace mocc::dae {

namespace {

/// Row-major offset -> column-major offset of each element of an array of `dims`.
std::vector<std::uint32_t> columnMajorOffsets(const std::vector<std::size_t>& dims) {
  std::size_t count = 1;
  for (std::size_t d : dims)
    count *= d;
  std::vector<std::uint32_t> offsets(count);
  for (std::size_t row = 0; row < count; ++row) {
    std::size_t rest = row, column = 0, stride = 1;
    std::vector<std::size_t> index(dims.size());
    for (std::size_t k = dims.size(); k-- > 0;) {
      index[k] = rest % dims[k];
      rest /= dims[k];
    }
    for (std::size_t k = 0; k < dims.size(); ++k) {
      column += index[k] * stride;
      stride *= dims[k];
    }
    offsets[row] = static_cast<std::uint32_t>(column);
  }
  return offsets;
}

std::string fortranSymbol(const std::string& name) {
  std::string symbol;
  for (char c : name)
    symbol += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return symbol + "_";
}

} // namespace

std::uint32_t SystemBuilder::scratchSlots(std::uint32_t count, expr::Type type) {
  sim::Function& code = function_->out->code;
  sim::FunctionLocal local;
  local.name = "$fortran" + std::to_string(code.locals.size());
  local.slot = code.frameSize;
  local.size = count;
  local.type = type;
  local.isArray = count > 1;
  code.locals.push_back(local);
  code.frameSize += count;
  return local.slot;
}

std::vector<sim::FunctionStatement> SystemBuilder::fortranCall(const flat::ExternalCall& flatCall,
                                                               sim::FunctionExternalCall call) {
  expr::Pool& pool = system_.pool;
  const flat::Function& f = *function_->function;
  std::vector<sim::FunctionStatement> before, after;
  auto copy = [&](std::vector<sim::FunctionStatement>& into, std::uint32_t to, std::uint32_t from,
                  const std::vector<std::uint32_t>& toOffsets,
                  const std::vector<std::uint32_t>& fromOffsets, expr::Type type) {
    for (std::size_t k = 0; k < toOffsets.size(); ++k) {
      expr::Id value = pool.localElement(from, pool.integer(fromOffsets[k]), type);
      into.push_back({sim::LocalAssign{to, pool.integer(toOffsets[k]), value}});
    }
  };
  for (std::size_t i = 0; i < call.arguments.size(); ++i) {
    sim::ExternalArgument& arg = call.arguments[i];
    const flat::ExternalArgument& source = flatCall.arguments[i];
    if (arg.type == sim::CType::Size) arg.type = sim::CType::Int; // INTEGER
    if (!arg.byAddress) {
      // A scalar: a constant, a size or an input, by reference from a slot of its own.
      expr::Type type = arg.type == sim::CType::Double ? expr::Type::Real : expr::Type::Integer;
      arg.slot = scratchSlots(1, type);
      arg.size = 1;
      before.push_back({sim::LocalAssign{arg.slot, expr::Id{}, arg.value}});
      arg.byAddress = true;
      continue;
    }
    const flat::FunctionVariable& v = f.variables[*source.variable];
    if (v.dims.size() < 2) continue; // scalars and vectors are the same in both orders
    std::vector<std::uint32_t> rowMajor(arg.size), columnMajor = columnMajorOffsets(v.dims);
    for (std::uint32_t k = 0; k < arg.size; ++k)
      rowMajor[k] = k;
    expr::Type type = exprType(v.type);
    std::uint32_t transposed = scratchSlots(arg.size, type);
    copy(before, transposed, arg.slot, columnMajor, rowMajor, type);
    if (arg.output) copy(after, arg.slot, transposed, rowMajor, columnMajor, type);
    arg.slot = transposed;
  }
  call.symbol = fortranSymbol(call.symbol);
  before.push_back({std::move(call)});
  before.insert(before.end(), after.begin(), after.end());
  return before;
}

} // namespace mocc::dae
