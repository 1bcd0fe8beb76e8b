// The printer of sim::Function: its locals with their frame slots, then its structured body.
// Used by sim::print and, for functions whose expressions still live in the DAE's pool, by
// the DAE printer. Element offsets are shown 0-based and row-major, as the IR stores them;
// output elements of calls count from 1, as in `mocc flatten`.
#include "mocc/sim/program.h"

#include <fmt/format.h>

namespace mocc::sim {

std::string outputElementError(const Function& callee, std::uint32_t element) {
  if (element < callee.outputCount) return "";
  return "multiple assignment from output element " + std::to_string(element) + " of '" +
         callee.name + "', which has " + std::to_string(callee.outputCount);
}

const char* spelling(CType type) {
  switch (type) {
  case CType::Double: return "double";
  case CType::Int: return "int";
  case CType::String: return "const char*";
  case CType::Pointer: return "void*";
  case CType::Size: return "size_t";
  }
  return "?";
}

expr::VariableNamer localNamer(const Function& function) {
  return [&function](std::uint32_t slot) {
    for (const FunctionLocal& local : function.locals) {
      if (local.slot == slot) return local.name;
    }
    return "$" + std::to_string(slot);
  };
}

namespace {

const char* roleName(FunctionLocal::Role role) {
  switch (role) {
  case FunctionLocal::Role::Input: return "input";
  case FunctionLocal::Role::Output: return "output";
  case FunctionLocal::Role::Protected: return "protected";
  }
  return "?";
}

const char* typeName(expr::Type type) {
  switch (type) {
  case expr::Type::Real: return "Real";
  case expr::Type::Integer: return "Integer";
  case expr::Type::Boolean: return "Boolean";
  case expr::Type::String: return "String";
  }
  return "?";
}

class FunctionPrinter {
public:
  FunctionPrinter(const expr::Pool& pool, const Function& function,
                  const std::vector<Message>& messages, const expr::VariableNamer& functionName)
      : pool_(pool), function_(function),
        messages_(messages), names_{nullptr, localNamer(function), functionName} {}

  std::string run(int indent) {
    out_ += fmt::format("{}function {} ({} inputs, {} outputs, frame {})\n",
                        std::string(indent, ' '), function_.name, function_.inputCount,
                        function_.outputCount, function_.frameSize);
    for (const FunctionLocal& local : function_.locals) {
      out_ += fmt::format("{}  {} {} {}{} @{}\n", std::string(indent, ' '), roleName(local.role),
                          typeName(local.type), local.name,
                          local.isArray ? fmt::format("[{}]", local.size) : "", local.slot);
    }
    statements(function_.body, indent + 2);
    out_ += std::string(indent, ' ') + "end " + function_.name + "\n";
    return out_;
  }

private:
  std::string e(expr::Id id) { return expr::print(pool_, id, names_); }

  std::string target(std::uint32_t slot, expr::Id offset) {
    std::string name = names_.local(slot);
    return offset.valid() ? name + "[" + e(offset) + "]" : name;
  }

  std::string message(std::uint32_t index, const std::vector<expr::Id>& values) {
    if (index >= messages_.size()) return "$message" + std::to_string(index);
    return print(messages_[index], [&](std::size_t i) {
      return i < values.size() ? e(values[i]) : "$value" + std::to_string(i);
    });
  }

  void statements(const std::vector<FunctionStatement>& body, int indent) {
    for (const FunctionStatement& s : body)
      statement(s, indent);
  }

  void statement(const FunctionStatement& s, int indent) {
    std::string pad(indent, ' ');
    std::visit(
        [&](const auto& node) {
          using T = std::decay_t<decltype(node)>;
          if constexpr (std::is_same_v<T, LocalAssign>) {
            out_ += fmt::format("{}{} := {}\n", pad, target(node.slot, node.offset), e(node.value));
          } else if constexpr (std::is_same_v<T, FunctionIf>) {
            ifStatement(node, indent);
          } else if constexpr (std::is_same_v<T, FunctionFor>) {
            out_ += fmt::format("{}for {} in {}:{}:{} loop\n", pad, names_.local(node.slot),
                                e(node.start), e(node.step), e(node.stop));
            statements(node.body, indent + 2);
            out_ += pad + "end for\n";
          } else if constexpr (std::is_same_v<T, FunctionWhile>) {
            out_ += fmt::format("{}while {} loop\n", pad, e(node.condition));
            statements(node.body, indent + 2);
            out_ += pad + "end while\n";
          } else if constexpr (std::is_same_v<T, FunctionBreak>) {
            out_ += pad + "break\n";
          } else if constexpr (std::is_same_v<T, FunctionReturn>) {
            out_ += pad + "return\n";
          } else if constexpr (std::is_same_v<T, FunctionAssert>) {
            out_ += fmt::format("{}assert({}, {}{})\n", pad, e(node.condition),
                                message(node.message, node.values), levelSuffix(node.level));
          } else if constexpr (std::is_same_v<T, FunctionExternalCall>) {
            externalCall(node, pad);
          } else {
            callOutputs(node, pad);
          }
        },
        s.node);
  }

  void ifStatement(const FunctionIf& node, int indent) {
    std::string pad(indent, ' ');
    for (std::size_t i = 0; i < node.branches.size(); ++i) {
      out_ += fmt::format("{}{} {} then\n", pad, i == 0 ? "if" : "elseif",
                          e(node.branches[i].condition));
      statements(node.branches[i].body, indent + 2);
    }
    if (!node.elseBody.empty()) {
      out_ += pad + "else\n";
      statements(node.elseBody, indent + 2);
    }
    out_ += pad + "end if\n";
  }

  // y := external "C" f(double x, int* &n[3], out double* &a[4]): each argument with its C
  // type; by-address arguments as the frame slots they are copied from (and back, `out`).
  void externalCall(const FunctionExternalCall& node, const std::string& pad) {
    std::string args;
    for (const ExternalArgument& a : node.arguments) {
      std::string arg = std::string(a.output ? "out " : "") + spelling(a.type);
      if (a.byAddress) {
        arg += fmt::format("* &{}[{}]", names_.local(a.slot), a.size);
      } else if (a.type == CType::String) {
        arg += " \"" + a.text + "\"";
      } else {
        arg += " " + e(a.value);
      }
      args += (args.empty() ? "" : ", ") + arg;
    }
    std::string result = node.hasResult ? fmt::format("{} := ({}) ", names_.local(node.resultSlot),
                                                      spelling(node.resultType))
                                        : "";
    out_ += fmt::format("{}{}external \"C\" {}({})\n", pad, result, node.symbol, args);
  }

  // (a <- [1], b[i] <- [2]) := f(x): each target with the output element it receives. The
  // call node's own output element does not matter here, so it is not printed.
  void callOutputs(const FunctionCallOutputs& node, const std::string& pad) {
    std::string targets;
    for (const FunctionCallOutputs::Target& t : node.targets) {
      if (!targets.empty()) targets += ", ";
      targets += fmt::format("{} <- [{}]", target(t.slot, t.offset), t.output + 1);
    }
    std::string call = names_.function ? names_.function(pool_.node(node.call).index)
                                       : "$fn" + std::to_string(pool_.node(node.call).index);
    std::string args;
    for (expr::Id arg : pool_.args(node.call))
      args += (args.empty() ? "" : ", ") + e(arg);
    out_ += fmt::format("{}({}) := {}({})\n", pad, targets, call, args);
  }

  const expr::Pool& pool_;
  const Function& function_;
  const std::vector<Message>& messages_;
  expr::Names names_;
  std::string out_;
};

} // namespace

std::string print(const expr::Pool& pool, const Function& function,
                  const std::vector<Message>& messages, const expr::VariableNamer& functionName,
                  int indent) {
  return FunctionPrinter(pool, function, messages, functionName).run(indent);
}

} // namespace mocc::sim
