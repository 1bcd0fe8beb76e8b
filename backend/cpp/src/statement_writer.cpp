// StatementWriter: statements in order. In bind, an Assign is skipped when the runtime marked
// its target overridden. In event and initial mode, when/elsewhen executes at most one branch
// (MLS 8.3.5, 8.6) and reinit() values wait in locals until the end of event_update.
// if/elseif/else (algorithm sections) runs in every mode.
#include "statement_writer.h"

#include <optional>
#include <type_traits>
#include <variant>

namespace mocc::backend::cpp {

namespace {

/// Printed expressions in comments are cut here; the code below them is the full truth.
constexpr std::size_t kCommentExpression = 240;

std::string shortened(std::string text) {
  if (text.size() > kCommentExpression) text = text.substr(0, kCommentExpression) + " ...";
  return text;
}

} // namespace

StatementWriter::StatementWriter(Context& context, FunctionCode& code, Evaluation evaluation)
    : StatementWalk(evaluation), context_(context), code_(code),
      expressions_(context, code, evaluation) {}

std::string StatementWriter::describe(const sim::Statement& statement) const {
  std::string text = std::visit(
      [&](const auto& node) -> std::string {
        using T = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<T, sim::Assign>) {
          return context_.variableName(node.variable) + " := " + context_.print(node.value);
        } else if constexpr (std::is_same_v<T, sim::AssignPre>) {
          return "pre(" + context_.variableName(node.variable) +
                 ") := " + context_.print(node.value);
        } else if constexpr (std::is_same_v<T, sim::Call>) {
          return "call " + context_.print(node.call);
        } else if constexpr (std::is_same_v<T, sim::Reinit>) {
          return "reinit(" + context_.variableName(node.variable) + ", " +
                 context_.print(node.value) + ")";
        } else if constexpr (std::is_same_v<T, sim::Assert>) {
          return "assert(" + context_.print(node.condition) + ")";
        } else if constexpr (std::is_same_v<T, sim::Terminate>) {
          return "terminate()";
        } else if constexpr (std::is_same_v<T, sim::When>) {
          return "when";
        } else if constexpr (std::is_same_v<T, sim::If>) {
          return "if";
        } else {
          return "solve system " + std::to_string(node.system);
        }
      },
      statement.node);
  text = shortened(std::move(text));
  return statement.origin.empty() ? text : text + "   [" + statement.origin + "]";
}

// For its effects, and assigning the output elements that `call.outputs` name.
void StatementWriter::call(const sim::Call& call) {
  expr::Id roots[] = {call.call};
  expressions_.countUses(roots);
  std::string outputs = expressions_.callOutputs(call.call);
  for (const sim::Call::Output& output : call.outputs) {
    out().line(expressions_.storage(output.variable) + " = " +
               expressions_.outputElement(call.call, outputs, output.element) + ";");
    expressions_.assigned(output.variable);
  }
}

void StatementWriter::assign(const sim::Assign& assign) {
  expr::Id roots[] = {assign.value};
  expressions_.countUses(roots);
  std::string value = expressions_.value(assign.value);
  out().line(expressions_.storage(assign.variable) + " = " + value + ";");
  expressions_.assigned(assign.variable);
}

// The model's own pre_x/pre_v pointers are const: the initialization problem's pre() values
// (MLS 8.6) are the only pre() stores of generated code.
void StatementWriter::assignPre(const sim::AssignPre& assign) {
  const sim::Variable& target = context_.variable(assign.variable);
  sim::checkHasPre(target);
  expr::Id roots[] = {assign.value};
  expressions_.countUses(roots);
  std::string value = expressions_.value(assign.value);
  const char* field = target.region == sim::Region::State ? "pre_x" : "pre_v";
  out().line("instance->" + std::string(field) + "[" + std::to_string(target.index) +
             "] = " + value + ";");
}

// overridden[] has a slot per state, then per value; derivatives have none.
void StatementWriter::bindAssign(const sim::Assign& assign) {
  std::optional<std::uint32_t> slot = sim::overriddenSlot(context_.program, assign.variable);
  if (!slot) return this->assign(assign); // storage() reports an out-of-range variable
  out().open("if (!instance->overridden[" + std::to_string(*slot) + "])");
  this->assign(assign);
  out().close();
}

void StatementWriter::reinit(const sim::Reinit& reinit) {
  sim::checkReinit(context_.program, reinit, evaluation());
  PendingReinit pending{reinit.variable, code_.fresh("reinit")};
  expr::Id roots[] = {reinit.value};
  expressions_.countUses(roots);
  out().line(pending.value + " = " + expressions_.value(reinit.value) + ";");
  out().line(pending.value + "_done = true;");
  reinits_.push_back(pending);
}

Code StatementWriter::reinitDeclarations() const {
  Code code;
  for (const PendingReinit& pending : reinits_) {
    code.line("double " + pending.value + " = 0.0; // reinit(" +
              context_.variableName(pending.variable) + ")");
    code.line("bool " + pending.value + "_done = false;");
  }
  return code;
}

std::string StatementWriter::applyReinits() {
  out().comment("reinit() takes effect after the whole step (MLS 8.3.6)");
  out().line("int32_t reinitialized = 0;");
  for (const PendingReinit& pending : reinits_) {
    out().open("if (" + pending.value + "_done)");
    out().line(expressions_.storage(pending.variable) + " = " + pending.value + ";");
    out().line("reinitialized = 1;");
    out().close();
  }
  return "reinitialized";
}

void StatementWriter::report(const char* kind, std::uint32_t message,
                             const std::vector<expr::Id>& values) {
  sim::checkMessage(context_.program, message, values.size());
  std::string buffer = expressions_.messageValues(values);
  out().line(std::string("report(instance, ") + kind + ", " + std::to_string(message) +
             (values.empty() ? "" : ", " + buffer) + "); // " +
             commentText(context_.program.messages[message].text()));
}

void StatementWriter::assertion(const sim::Assert& check) {
  expr::Id roots[] = {check.condition};
  expressions_.countUses(roots);
  std::string holds = expressions_.condition(check.condition);
  out().open("if (!(" + holds + "))");
  report(sim::reportKindName(check.level), check.message, check.values);
  out().close();
}

void StatementWriter::terminate(const sim::Terminate& stop) {
  report("MOCC_REPORT_TERMINATE", stop.message, stop.values);
}

std::string StatementWriter::fires(const sim::WhenBranch& branch) {
  std::string any;
  for (std::uint32_t condition : branch.conditions) {
    // pre() == 0.0 is the JIT's `not (pre() != 0)`, NaN included.
    std::string now = expressions_.storage(condition);
    const sim::Variable& v = context_.variable(condition);
    sim::checkHasPre(v);
    const char* preField = v.region == sim::Region::State ? "pre_x" : "pre_v";
    code_.use(preField);
    std::string before = std::string(preField) + "[" + std::to_string(v.index) + "]";
    any += (any.empty() ? "" : " || ") + ("(" + now + " != 0.0 && " + before + " == 0.0)");
  }
  return any.empty() ? "false" : any;
}

// Event mode: the first branch whose condition has a rising edge; initial mode: the first
// branch active at initialization (MLS 8.6). Outside events when-clauses are inactive.
void StatementWriter::when(const sim::When& when) {
  std::string branch = code_.fresh("branch");
  code_.use("initial");
  out().line("int " + branch + " = -1; // the branch that executes, if any");
  out().open("if (initial)");
  if (auto active = sim::initialBranch(when)) {
    out().line(branch + " = " + std::to_string(*active) + ";");
  }
  for (std::size_t i = 0; i < when.branches.size(); ++i) {
    out().between("} else if (" + fires(when.branches[i]) + ") {");
    out().line(branch + " = " + std::to_string(i) + ";");
  }
  out().close();
  for (std::size_t i = 0; i < when.branches.size(); ++i) {
    out().open("if (" + branch + " == " + std::to_string(i) + ")");
    walkNested(when.branches[i].body);
    out().close();
  }
}

// if/elseif/else of an algorithm (writeIfChain); nothing remembered is reused after it.
void StatementWriter::ifStatement(const sim::If& statement) {
  writeIfChain(expressions_, statement.branches, statement.elseBody,
               [&](const std::vector<sim::Statement>& body) { walkNested(body); });
  expressions_.forgetAll();
}

} // namespace mocc::backend::cpp
