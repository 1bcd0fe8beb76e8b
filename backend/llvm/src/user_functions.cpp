// Declaring user functions and choosing their attributes. A function that can never report
// only touches its argument buffers, and LLVM is told so (memory(argmem: readwrite), inputs
// read-only, outputs write-only), which lets it keep model values in registers across calls.
// A function that may call instance->report gets no memory attribute: the callback is opaque,
// so LLVM must neither merge nor drop such calls nor move memory accesses across them.
#include "user_functions.h"

#include "function_body.h"

#include <llvm/Support/ModRef.h>

#include <cctype>
#include <unordered_set>

namespace mocc::backend::jit {

std::string userFunctionSymbol(const sim::Program& program, std::size_t index) {
  std::string name = program.functions[index].name;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
  }
  return "mocc_fn" + std::to_string(index) + "_" + name;
}

namespace {

/// What the body of one function does that matters for its attributes.
struct BodyFacts {
  bool reportsItself = false;              // an assert or a run-time subscript check
  std::unordered_set<std::uint32_t> calls; // functions it calls
};

class FactCollector {
public:
  explicit FactCollector(const expr::Pool& pool) : pool_(pool) {}

  BodyFacts collect(const std::vector<sim::FunctionStatement>& body) {
    statements(body);
    return facts_;
  }

private:
  void offset(expr::Id id) {
    if (id.valid() && !pool_.isConstant(id)) facts_.reportsItself = true;
    expression(id);
  }

  void expression(expr::Id root) {
    if (!root.valid()) return;
    std::vector<expr::Id> stack{root};
    while (!stack.empty()) {
      expr::Id id = stack.back();
      stack.pop_back();
      if (id.value >= pool_.size() || !seen_.insert(id.value).second) continue;
      const expr::Node& node = pool_.node(id);
      if (node.op == expr::Op::FunctionCall) facts_.calls.insert(node.index);
      if (node.op == expr::Op::LocalElement && !pool_.isConstant(pool_.arg(id, 0))) {
        facts_.reportsItself = true;
      }
      for (expr::Id arg : pool_.args(id))
        stack.push_back(arg);
    }
  }

  void statements(const std::vector<sim::FunctionStatement>& list) {
    for (const sim::FunctionStatement& s : list)
      std::visit([&](const auto& node) { statement(node); }, s.node);
  }

  void statement(const sim::LocalAssign& s) {
    offset(s.offset);
    expression(s.value);
  }
  void statement(const sim::FunctionIf& s) {
    for (const sim::FunctionBranch& branch : s.branches) {
      expression(branch.condition);
      statements(branch.body);
    }
    statements(s.elseBody);
  }
  void statement(const sim::FunctionFor& s) {
    expression(s.start);
    expression(s.step);
    expression(s.stop);
    statements(s.body);
  }
  void statement(const sim::FunctionWhile& s) {
    expression(s.condition);
    statements(s.body);
  }
  void statement(const sim::FunctionBreak&) {}
  void statement(const sim::FunctionReturn&) {}
  void statement(const sim::FunctionAssert& s) {
    facts_.reportsItself = true;
    expression(s.condition);
    for (expr::Id value : s.values)
      expression(value);
  }
  void statement(const sim::FunctionCallOutputs& s) {
    expression(s.call);
    for (const sim::FunctionCallOutputs::Target& t : s.targets)
      offset(t.offset);
  }

  // External code is opaque to LLVM: it may read and write any memory.
  void statement(const sim::FunctionExternalCall& s) {
    facts_.reportsItself = true;
    for (const sim::ExternalArgument& a : s.arguments)
      expression(a.value);
  }

  const expr::Pool& pool_;
  BodyFacts facts_;
  std::unordered_set<std::uint32_t> seen_;
};

} // namespace

// A fixpoint over the call graph: reporting spreads from callees to callers.
std::vector<bool> userFunctionsThatReport(const sim::Program& program) {
  std::vector<BodyFacts> facts;
  for (const sim::Function& f : program.functions)
    facts.push_back(FactCollector(program.pool).collect(f.body));
  std::vector<bool> reports(facts.size());
  for (std::size_t i = 0; i < facts.size(); ++i)
    reports[i] = facts[i].reportsItself;
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < facts.size(); ++i) {
      if (reports[i]) continue;
      for (std::uint32_t callee : facts[i].calls) {
        if (callee < reports.size() && reports[callee]) {
          reports[i] = true;
          changed = true;
          break;
        }
      }
    }
  }
  return reports;
}

void declareUserFunctions(ModuleContext& module) {
  const sim::Program& program = module.program;
  std::vector<bool> reports = userFunctionsThatReport(program);
  auto* type = llvm::FunctionType::get(module.builder.getVoidTy(),
                                       {module.ptr, module.ptr, module.ptr}, false);
  for (std::size_t i = 0; i < program.functions.size(); ++i) {
    llvm::Function* f = llvm::Function::Create(type, llvm::Function::ExternalLinkage,
                                               userFunctionSymbol(program, i), module.module);
    f->setDoesNotThrow();
    f->getArg(0)->setName("instance");
    f->getArg(1)->setName("inputs");
    f->getArg(2)->setName("outputs");
    for (unsigned buffer : {1u, 2u}) {
      f->addParamAttr(buffer, llvm::Attribute::NoCapture);
      f->addParamAttr(buffer, llvm::Attribute::NoAlias);
    }
    f->addParamAttr(1, llvm::Attribute::ReadOnly);
    f->addParamAttr(2, llvm::Attribute::WriteOnly);
    if (!reports[i]) {
      f->setMemoryEffects(llvm::MemoryEffects::argMemOnly());
      f->addParamAttr(0, llvm::Attribute::NoCapture);
      f->addParamAttr(0, llvm::Attribute::ReadNone);
    }
    module.userFunctions.push_back(f);
  }
}

void emitUserFunctions(ModuleContext& module) {
  for (std::size_t i = 0; i < module.program.functions.size(); ++i)
    FunctionBodyEmitter(module, i).emit();
}

} // namespace mocc::backend::jit
