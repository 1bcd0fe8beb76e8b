// User functions seen from expressions: FunctionCall nodes (arguments into a buffer, one call,
// output elements read from another buffer) and, inside a function body, Local and
// LocalElement nodes reading its frame, with the run-time check of subscripts. Functions are
// pure (MLS 12.3), so one call serves every output element of equal calls while its result is
// remembered, exactly as long as backend/llvm's function_calls.cpp remembers it.
#include "expression_writer.h"

#include <algorithm>
#include <cmath>

namespace mocc::backend::cpp {

using expr::Id;
using expr::Op;

std::string ExpressionWriter::slot(std::uint32_t slot) const {
  if (slot >= function_->frameSize) {
    throw EmitError("slot " + std::to_string(slot) + " is outside the frame of function '" +
                    function_->name + "' (" + std::to_string(function_->frameSize) + " slots)");
  }
  return "frame[" + std::to_string(slot) + "]";
}

Text ExpressionWriter::local(Id id) {
  if (evaluation_ != Evaluation::Function) {
    throw EmitError("expression node " + std::to_string(id.value) +
                    " reads a function's frame outside a function");
  }
  const expr::Node& node = pool().node(id);
  if (node.op == Op::Local) return Text{slot(node.index), 0, false};
  Text offset = asDouble(emit(pool().arg(id, 0)));
  return Text{element(node.index, pool().arg(id, 0), offset), 0, false};
}

namespace {

/// The constant a node stands for, through noEvent() (which the JIT emits as its argument).
std::optional<double> constantOf(const expr::Pool& pool, Id id) {
  while (pool.op(id) == Op::NoEvent)
    id = pool.arg(id, 0);
  if (pool.op(id) != Op::Constant) return std::nullopt;
  return pool.constantValue(id);
}

} // namespace

std::string ExpressionWriter::element(std::uint32_t base, Id offset) {
  return element(base, offset, asDouble(emit(offset)));
}

// A constant offset is checked here; any other at run time, where an offset outside the array
// (NaN included: the comparisons are ordered) reports the array's bounds message and aborts.
std::string ExpressionWriter::element(std::uint32_t base, Id offsetNode, const Text& offset) {
  auto found = arrays_.find(base);
  if (found == arrays_.end()) {
    throw EmitError("function '" + function_->name + "' indexes slot " + std::to_string(base) +
                    ", where it declares no array");
  }
  auto [size, message] = found->second;
  if (std::optional<double> value = constantOf(pool(), offsetNode)) {
    if (!(*value >= 0 && *value < size) || *value != std::floor(*value)) {
      throw EmitError("constant offset " + std::to_string(*value) + " is outside an array of " +
                      std::to_string(size) + " elements in function '" + function_->name + "'");
    }
    return slot(base + static_cast<std::uint32_t>(*value));
  }
  Text index = operand(offset);
  out_->open("if (!(" + index.code + " >= 0.0 && " + index.code + " < " + doubleLiteral(size) +
             "))");
  abort(message);
  out_->close();
  slot(base); // the base lies in the frame
  return "frame[" + std::to_string(base) + " + int64_t(" + index.code + ")]";
}

void ExpressionWriter::abort(std::uint32_t message) {
  if (message >= context_.program.messages.size()) {
    throw EmitError("message " + std::to_string(message) + " of function '" + function_->name +
                    "' is out of range");
  }
  out_->line("report(instance, MOCC_REPORT_ASSERT_ERROR, " + std::to_string(message) + "); // " +
             commentText(context_.program.messages[message].text()));
  out_->line(std::string("goto ") + kFinishLabel + ";");
  code_.useFinish();
}

Text ExpressionWriter::functionCall(Id id) {
  const expr::Node& node = pool().node(id);
  std::string outputs = callOutputs(id);
  const sim::Function& callee = context_.program.functions[node.index];
  if (node.subindex >= callee.outputCount) {
    throw EmitError("call of '" + callee.name + "' reads output element " +
                    std::to_string(node.subindex) + " of " + std::to_string(callee.outputCount));
  }
  return Text{outputs + "[" + std::to_string(node.subindex) + "]", 0, false};
}

std::string ExpressionWriter::outputElement(Id id, const std::string& outputs,
                                            std::uint32_t element) const {
  std::string error =
      sim::outputElementError(context_.program.functions[pool().node(id).index], element);
  if (!error.empty()) throw EmitError(error);
  return outputs + "[" + std::to_string(element) + "]";
}

std::string ExpressionWriter::callOutputs(Id id) {
  sim::CallSite site = sim::callSite(context_.program, id);
  if (const std::string* found = remembered_.call(site.key)) return *found;
  const sim::Function& callee = site.callee;
  std::span<const Id> args = pool().args(id);
  std::vector<std::string> values;
  for (Id arg : args)
    values.push_back(value(arg));
  std::string name = code_.fresh("call");
  std::string inputs = name + "_in", outputs = name + "_out";
  std::string list;
  for (const std::string& v : values)
    list += (list.empty() ? "" : ", ") + v;
  std::string shown;
  for (Id arg : args)
    shown += (shown.empty() ? "" : ", ") + context_.print(arg, function_);
  out_->comment(callee.name + "(" + shown + ")");
  out_->line("const double " + inputs + "[" +
             std::to_string(std::max<std::size_t>(args.size(), 1)) + "] = {" + list + "};");
  out_->line("double " + outputs + "[" +
             std::to_string(std::max<std::uint32_t>(callee.outputCount, 1)) + "];");
  out_->line(context_.functionName(site.key[0]) + "(instance, " + inputs + ", " + outputs + ");");
  remembered_.rememberCall(pool(), std::move(site.key), outputs);
  return outputs;
}

} // namespace mocc::backend::cpp
