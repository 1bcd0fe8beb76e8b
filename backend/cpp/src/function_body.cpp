// FunctionBodyWriter: one user function's statements. Every statement starts with nothing
// remembered, as in the JIT. Slots start at zero (program.h); inputs are copied in on entry and
// outputs copied out at the one exit, the `finish` label, which return and aborts jump to, so
// an early return or an abort leaves the outputs as they are.
#include "function_body.h"

#include "expression_writer.h"

#include <set>
#include <variant>

namespace mocc::backend::cpp {

namespace {

std::string signature(Context& context, std::size_t index) {
  return "void " + context.functionName(static_cast<std::uint32_t>(index)) +
         "(mocc_instance* instance, const double* inputs, double* outputs)";
}

class FunctionBodyWriter {
public:
  FunctionBodyWriter(Context& context, const sim::Function& function)
      : context_(context), function_(function),
        expressions_(context, code_, Evaluation::Function, &function) {}

  /// The body, between the copy of the inputs and the copy of the outputs.
  Code write() {
    statements(function_.body);
    return code_.body;
  }
  bool usesFinish() const { return code_.usesFinish(); }

private:
  Code& out() { return expressions_.out(); }

  void statements(const std::vector<sim::FunctionStatement>& list) {
    for (const sim::FunctionStatement& s : list) {
      expressions_.forgetAll();
      std::visit([&](const auto& node) { statement(node); }, s.node);
    }
  }

  /// frame[slot] = value, or frame[slot + offset] = value (the offset written after the
  /// value, as the JIT does).
  void store(std::uint32_t slot, expr::Id offset, const std::string& value) {
    std::string target =
        offset.valid() ? expressions_.element(slot, offset) : expressions_.slot(slot);
    out().line(target + " = " + value + ";");
  }

  void statement(const sim::LocalAssign& s) {
    expr::Id roots[] = {s.value, s.offset};
    expressions_.countUses(roots);
    store(s.slot, s.offset, expressions_.value(s.value));
  }

  void statement(const sim::FunctionIf& s) {
    writeIfChain(expressions_, s.branches, s.elseBody,
                 [&](const std::vector<sim::FunctionStatement>& body) { statements(body); });
  }

  /// A for-range bound, evaluated once before the loop (a literal stays one).
  std::string bound(expr::Id id) {
    Text text{expressions_.value(id), 1, false};
    if (context_.pool().isConstant(id)) return text.code;
    return expressions_.temporary(text).code;
  }

  // MLS 11.2.2.1: the range is evaluated once; the iterator takes start + k*step, k = 0, 1, ...,
  // each computed in that form so Real ranges do not accumulate rounding.
  void statement(const sim::FunctionFor& s) {
    expr::Id roots[] = {s.start, s.step, s.stop};
    expressions_.countUses(roots);
    std::string start = bound(s.start);
    std::string step = bound(s.step);
    std::string stop = bound(s.stop);
    std::string k = code_.fresh("k"), value = code_.fresh("i");
    std::string slot = expressions_.slot(s.slot);
    out().open("for (double " + k + " = 0.0;; " + k + " = " + k + " + 1.0)");
    out().line("const double " + value + " = " + start + " + " + k + " * " + step + ";");
    out().line("if (!((" + step + " > 0.0 && " + value + " <= " + stop + ") || (" + step +
               " < 0.0 && " + value + " >= " + stop + "))) break;");
    out().line(slot + " = " + value + ";");
    ++loops_;
    statements(s.body);
    --loops_;
    out().close();
  }

  void statement(const sim::FunctionWhile& s) {
    out().open("while (true)");
    expressions_.forgetAll();
    expr::Id roots[] = {s.condition};
    expressions_.countUses(roots);
    out().line("if (!(" + expressions_.condition(s.condition) + ")) break;");
    ++loops_;
    statements(s.body);
    --loops_;
    out().close();
  }

  void statement(const sim::FunctionBreak&) {
    if (loops_ == 0) {
      throw EmitError("break outside a loop in function '" + function_.name + "'");
    }
    out().line("break;");
  }

  void statement(const sim::FunctionReturn&) {
    out().line(std::string("goto ") + kFinishLabel + "; // return");
    code_.useFinish();
  }

  // A failed Error assert aborts the call (reported once, outputs as they are); a Warning is
  // reported and the function carries on.
  void statement(const sim::FunctionAssert& s) {
    if (s.message >= context_.program.messages.size() ||
        s.values.size() != context_.program.messages[s.message].values.size()) {
      throw EmitError("message " + std::to_string(s.message) + " of function '" + function_.name +
                      "' is out of range or does not match its values");
    }
    expr::Id roots[] = {s.condition};
    expressions_.countUses(roots);
    out().open("if (!(" + expressions_.condition(s.condition) + "))");
    if (s.level == sim::AssertLevel::Error && s.values.empty()) {
      expressions_.abort(s.message);
    } else {
      // A message with values is reported where they are computed; an Error then leaves.
      bool error = s.level == sim::AssertLevel::Error;
      std::string values = expressions_.messageValues(s.values);
      out().line(std::string("report(instance, ") + sim::reportKindName(s.level) + ", " +
                 std::to_string(s.message) + (s.values.empty() ? "" : ", " + values) + "); // " +
                 commentText(context_.program.messages[s.message].text()));
      if (error) {
        out().line(std::string("goto ") + kFinishLabel + ";");
        code_.useFinish();
      }
    }
    out().close();
  }

  void statement(const sim::FunctionCallOutputs& s) {
    std::vector<expr::Id> roots{s.call};
    for (const sim::FunctionCallOutputs::Target& target : s.targets)
      roots.push_back(target.offset);
    expressions_.countUses(roots);
    std::string outputs = expressions_.callOutputs(s.call);
    for (const sim::FunctionCallOutputs::Target& target : s.targets)
      store(target.slot, target.offset, expressions_.outputElement(s.call, outputs, target.output));
  }

  // MLS 12.9: the frame's doubles converted to the C types, as the JIT converts them (casts
  // are fptosi/fptoui, and back sitofp/uitofp); arrays of doubles are passed in place, other
  // arrays and scalar outputs through temporaries, which outputs are copied back from.
  void statement(const sim::FunctionExternalCall& s) {
    std::vector<expr::Id> roots;
    for (const sim::ExternalArgument& a : s.arguments)
      if (!a.byAddress && a.value.valid()) roots.push_back(a.value);
    expressions_.countUses(roots);
    out().open("");
    std::vector<std::string> args, temporaries;
    for (const sim::ExternalArgument& a : s.arguments) {
      temporaries.push_back(a.byAddress && a.type != sim::CType::Double ? code_.fresh("ext") : "");
      args.push_back(argument(a, temporaries.back()));
    }
    std::string call = s.symbol + "(" + join(args) + ")";
    if (s.hasResult) {
      out().line(expressions_.slot(s.resultSlot) + " = " +
                 toDouble(call, s.resultType, s.resultSlot) + ";");
    } else {
      out().line(call + ";");
    }
    for (std::size_t i = 0; i < s.arguments.size(); ++i) {
      const sim::ExternalArgument& a = s.arguments[i];
      if (!a.output || temporaries[i].empty()) continue;
      out().line("for (uint32_t i = 0; i < " + std::to_string(a.size) + "; ++i) " +
                 element(a.slot) + " = " + toDouble(temporaries[i] + "[i]", a.type, a.slot) + ";");
    }
    out().close();
  }

  /// Element i of the array at `slot` (in the copy loops).
  std::string element(std::uint32_t slot) { return "(&" + expressions_.slot(slot) + ")[i]"; }

  static std::string join(const std::vector<std::string>& parts) {
    std::string out;
    for (const std::string& part : parts)
      out += (out.empty() ? "" : ", ") + part;
    return out;
  }

  std::string argument(const sim::ExternalArgument& a, const std::string& temporary) {
    if (!a.byAddress) {
      if (a.type == sim::CType::String && !a.value.valid()) return stringLiteral(a.text);
      return fromDouble(expressions_.value(a.value), a.type);
    }
    if (a.type == sim::CType::Double) return "&" + expressions_.slot(a.slot);
    std::string size = std::to_string(a.size);
    out().line(std::string(sim::spelling(a.type)) + " " + temporary + "[" +
               std::to_string(std::max<std::uint32_t>(a.size, 1)) + "];");
    out().line("for (uint32_t i = 0; i < " + size + "; ++i) " + temporary +
               "[i] = " + fromDouble(element(a.slot), a.type) + ";");
    return temporary;
  }

  static std::string fromDouble(const std::string& value, sim::CType type) {
    switch (type) {
    case sim::CType::Int: return "static_cast<int>(" + value + ")";
    case sim::CType::Size: return "static_cast<size_t>(" + value + ")";
    case sim::CType::Pointer:
      return "reinterpret_cast<void*>(static_cast<uintptr_t>(" + value + "))";
    case sim::CType::String: // a handle into the run's texts (model.h)
      return "mocc_string_text(instance, " + value + ")";
    default: return value;
    }
  }

  // MLS 12.9.1.1: a Boolean is true when C returns anything but 0.
  std::string toDouble(const std::string& value, sim::CType type, std::uint32_t slot) {
    switch (type) {
    case sim::CType::Int: {
      const sim::FunctionLocal* local = sim::localAt(function_, slot);
      if (local && local->type == expr::Type::Boolean) return "(" + value + " != 0 ? 1.0 : 0.0)";
      return "static_cast<double>(" + value + ")";
    }
    case sim::CType::Size: return "static_cast<double>(" + value + ")";
    case sim::CType::Pointer:
      return "static_cast<double>(reinterpret_cast<uintptr_t>(" + value + "))";
    case sim::CType::String: // interned: the run keeps the text
      return "mocc_string_handle(instance, " + value + ")";
    default: return value;
    }
  }

  Context& context_;
  const sim::Function& function_;
  FunctionCode code_;
  ExpressionWriter expressions_;
  int loops_ = 0; // enclosing for and while loops
};

/// The frame's layout as comments: which slots hold which declared variable.
void describeLocals(Code& code, const sim::Function& function) {
  for (const sim::FunctionLocal& local : function.locals) {
    const char* role = local.role == sim::FunctionLocal::Role::Input    ? "input"
                       : local.role == sim::FunctionLocal::Role::Output ? "output"
                                                                        : "protected";
    std::string where = local.isArray ? "frame[" + std::to_string(local.slot) + ".." +
                                            std::to_string(local.slot + local.size - 1) + "]"
                                      : "frame[" + std::to_string(local.slot) + "]";
    code.comment(where + ": " + role + " " + local.name);
  }
}

} // namespace

/// `extern "C" double f(double, int*);` for every C function the external calls name, once,
/// with the types the calls pass (the Include code is compiled apart, MLS 12.9.4).
Code externalPrototypes(const sim::Program& program) {
  Code code;
  std::set<std::string> declared;
  for (const sim::Function& function : program.functions) {
    for (const sim::FunctionStatement& s : function.body) {
      auto* call = std::get_if<sim::FunctionExternalCall>(&s.node);
      if (!call || !declared.insert(call->symbol).second) continue;
      std::string parameters;
      for (const sim::ExternalArgument& a : call->arguments)
        parameters += std::string(parameters.empty() ? "" : ", ") + sim::spelling(a.type) +
                      (a.byAddress ? "*" : "");
      code.line(std::string("extern \"C\" ") +
                (call->hasResult ? sim::spelling(call->resultType) : "void") + " " + call->symbol +
                "(" + parameters + ");");
    }
  }
  return code;
}

Code userFunctionDeclarations(Context& context) {
  Code code = externalPrototypes(context.program);
  for (uint32_t i = 0; i < context.program.functions.size(); ++i)
    code.line(signature(context, i) + ";");
  return code;
}

Code userFunctionDefinition(Context& context, std::size_t index) {
  const sim::Function& function = context.program.functions[index];
  sim::checkFrame(function);
  FunctionBodyWriter writer(context, function);
  Code body = writer.write();

  Code code;
  code.comment("function " + function.name);
  code.open(signature(context, index));
  describeLocals(code, function);
  std::uint32_t size = std::max<std::uint32_t>(function.frameSize, 1);
  code.line("double frame[" + std::to_string(size) + "] = {};");
  for (std::uint32_t i = 0; i < function.inputCount; ++i)
    code.line("frame[" + std::to_string(i) + "] = inputs[" + std::to_string(i) + "];");
  code.open("");
  code.append(body);
  code.close();
  if (writer.usesFinish()) code.between(std::string(kFinishLabel) + ":");
  for (std::uint32_t i = 0; i < function.outputCount; ++i) {
    code.line("outputs[" + std::to_string(i) + "] = frame[" +
              std::to_string(function.inputCount + i) + "];");
  }
  if (function.outputCount == 0) code.line("(void)outputs;");
  code.close();
  return code;
}

} // namespace mocc::backend::cpp
