// FunctionBodyWriter: one user function's statements. Every statement starts with nothing
// remembered, as in the JIT. Slots start at zero (program.h); inputs are copied in on entry and
// outputs copied out at the one exit, the `finish` label, which return and aborts jump to, so
// an early return or an abort leaves the outputs as they are.
#include "function_body.h"

#include "expression_writer.h"

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
      out().line(std::string("report(instance, ") +
                 (error ? "MOCC_REPORT_ASSERT_ERROR, " : "MOCC_REPORT_ASSERT_WARNING, ") +
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
    const sim::Function& callee = context_.program.functions[context_.pool().node(s.call).index];
    for (const sim::FunctionCallOutputs::Target& target : s.targets) {
      if (target.output >= callee.outputCount) {
        throw EmitError("multiple assignment from output element " + std::to_string(target.output) +
                        " of '" + callee.name + "', which has " +
                        std::to_string(callee.outputCount));
      }
      store(target.slot, target.offset, outputs + "[" + std::to_string(target.output) + "]");
    }
  }

  void statement(const sim::FunctionExternalCall& s) {
    throw EmitError("external call of '" + s.symbol + "' cannot be written yet");
  }

  Context& context_;
  const sim::Function& function_;
  FunctionCode code_;
  ExpressionWriter expressions_;
  int loops_ = 0; // enclosing for and while loops
};

void checkFrame(const sim::Function& function) {
  if (function.inputCount + function.outputCount > function.frameSize) {
    throw EmitError("function '" + function.name + "' has a frame of " +
                    std::to_string(function.frameSize) + " slots for " +
                    std::to_string(function.inputCount) + " inputs and " +
                    std::to_string(function.outputCount) + " outputs");
  }
  for (const sim::FunctionLocal& local : function.locals) {
    if (local.slot + std::uint64_t(local.size) > function.frameSize) {
      throw EmitError("variable '" + local.name + "' of function '" + function.name +
                      "' lies outside its frame");
    }
  }
}

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

Code userFunctionDeclarations(Context& context) {
  Code code;
  for (std::size_t i = 0; i < context.program.functions.size(); ++i)
    code.line(signature(context, i) + ";");
  return code;
}

Code userFunctionDefinition(Context& context, std::size_t index) {
  const sim::Function& function = context.program.functions[index];
  checkFrame(function);
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
