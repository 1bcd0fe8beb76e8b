// User functions into the program: the DAE already holds them in the function IR, so they are
// copied with their expressions translated into the program's pool and their messages moved
// into the program's message table. Function numbers stay the same.
#include "program_builder.h"

namespace mocc::backend::program {

void ProgramBuilder::addFunctions() {
  for (const dae::Function& f : system_.functions) {
    std::vector<std::uint32_t> messageOf;
    for (const sim::Message& m : f.messages)
      messageOf.push_back(message(m));
    sim::Function out = f.code;
    for (sim::FunctionLocal& local : out.locals) {
      if (local.boundsMessage < messageOf.size())
        local.boundsMessage = messageOf[local.boundsMessage];
    }
    out.body = functionStatements(f.code.body, messageOf);
    program_.functions.push_back(std::move(out));
  }
  program_.externalLibraries = system_.externalLibraries;
}

namespace {

/// Copies a function body with every expression passed through `translate`.
class FunctionCopier {
public:
  FunctionCopier(expr::Translator& translate, const std::vector<std::uint32_t>& messageOf)
      : translate_(translate), messageOf_(messageOf) {}

  std::vector<sim::FunctionStatement> body(const std::vector<sim::FunctionStatement>& list) {
    std::vector<sim::FunctionStatement> out;
    for (const sim::FunctionStatement& s : list)
      out.push_back({std::visit([&](const auto& node) { return copy(node); }, s.node)});
    return out;
  }

private:
  expr::Id e(expr::Id id) { return id.valid() ? translate_(id) : id; }

  decltype(sim::FunctionStatement::node) copy(const sim::LocalAssign& s) {
    return sim::LocalAssign{s.slot, e(s.offset), e(s.value)};
  }
  decltype(sim::FunctionStatement::node) copy(const sim::FunctionIf& s) {
    sim::FunctionIf out;
    for (const sim::FunctionBranch& branch : s.branches)
      out.branches.push_back({e(branch.condition), body(branch.body)});
    out.elseBody = body(s.elseBody);
    return out;
  }
  decltype(sim::FunctionStatement::node) copy(const sim::FunctionFor& s) {
    return sim::FunctionFor{s.slot, e(s.start), e(s.step), e(s.stop), body(s.body)};
  }
  decltype(sim::FunctionStatement::node) copy(const sim::FunctionWhile& s) {
    return sim::FunctionWhile{e(s.condition), body(s.body)};
  }
  decltype(sim::FunctionStatement::node) copy(const sim::FunctionBreak& s) { return s; }
  decltype(sim::FunctionStatement::node) copy(const sim::FunctionReturn& s) { return s; }
  decltype(sim::FunctionStatement::node) copy(const sim::FunctionAssert& s) {
    std::uint32_t message = s.message < messageOf_.size() ? messageOf_[s.message] : s.message;
    std::vector<expr::Id> values;
    for (expr::Id value : s.values)
      values.push_back(e(value));
    return sim::FunctionAssert{e(s.condition), message, s.level, std::move(values)};
  }
  decltype(sim::FunctionStatement::node) copy(const sim::FunctionCallOutputs& s) {
    sim::FunctionCallOutputs out{e(s.call), {}};
    for (const sim::FunctionCallOutputs::Target& t : s.targets)
      out.targets.push_back({t.output, t.slot, e(t.offset)});
    return out;
  }

  decltype(sim::FunctionStatement::node) copy(const sim::FunctionExternalCall& s) {
    sim::FunctionExternalCall out = s;
    for (sim::ExternalArgument& a : out.arguments)
      a.value = e(a.value);
    return out;
  }

  expr::Translator& translate_;
  const std::vector<std::uint32_t>& messageOf_;
};

} // namespace

std::vector<sim::FunctionStatement>
ProgramBuilder::functionStatements(const std::vector<sim::FunctionStatement>& body,
                                   const std::vector<std::uint32_t>& messageOf) {
  return FunctionCopier(translator_, messageOf).body(body);
}

} // namespace mocc::backend::program
