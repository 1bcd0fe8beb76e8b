// Running a specialised function on constant inputs during translation (MLS 12.4): a small
// interpreter of flat function bodies over ConstValues. It decides the values of parameters
// that fix the structure when they are computed by functions, e.g. `parameter Integer n =
// f(m)` with `Real x[n]`, and the sizes of function variables given by such calls.
#include "constant_ops.h"

#include <bit>
#include <cmath>

namespace mocc::frontend {

namespace {

using flat::Expr;
using flat::Type;

// Enough for the loops of table generators and polynomial computations; a body that runs
// longer is left to run time.
constexpr std::size_t kMaxSteps = 5'000'000;
constexpr int kMaxDepth = 200; // nested calls (recursion)

/// A text that identifies input values exactly (for the table of evaluations).
std::string valuesKey(const std::vector<ConstValue>& values) {
  std::string key;
  for (const ConstValue& v : values) {
    key += std::to_string(static_cast<int>(v.type)) + ":" +
           std::to_string(std::bit_cast<std::uint64_t>(v.number)) + ":" + v.text + ";";
  }
  return key;
}

/// The value stored in a variable of `type`: Integer and Boolean values stay exact numbers.
ConstValue converted(ConstValue value, Type type) {
  if (type == Type::Real && value.type == Type::Integer) value.type = Type::Real;
  return value;
}

class FunctionEvaluation {
public:
  FunctionEvaluation(Elaborator& el, const flat::Function& function, std::size_t& steps)
      : el_(el), function_(function), steps_(steps) {}

  std::optional<std::vector<ConstValue>> run(const std::vector<ConstValue>& inputs) {
    std::size_t next = 0;
    for (const flat::FunctionVariable& v : function_.variables) {
      std::vector<ConstValue> slots(v.elementCount(), ConstValue{v.type, 0, ""});
      if (v.role == flat::FunctionVariable::Role::Input) {
        for (ConstValue& slot : slots) {
          if (next >= inputs.size()) return std::nullopt;
          slot = converted(inputs[next++], v.type);
        }
      }
      frame_.push_back(std::move(slots));
    }
    if (execute(function_.body) == Flow::Fail) return std::nullopt;
    if (function_.external && !runExternal()) return std::nullopt;
    std::vector<ConstValue> outputs;
    for (std::size_t i = 0; i < function_.variables.size(); ++i) {
      if (function_.variables[i].role != flat::FunctionVariable::Role::Output) continue;
      outputs.insert(outputs.end(), frame_[i].begin(), frame_[i].end());
    }
    return outputs;
  }

private:
  enum class Flow { Normal, Break, Return, Fail };

  // The C code itself, through the tool's evaluator (instantiate.h); none: not in translation.
  // Translation evaluates only what it must know (sizes, branches, Strings), so an impure
  // function (MLS 12.3) is run here only when its value fixes the model, as reading the size
  // of a matrix in a file does (Modelica.Utilities.Streams.readMatrixSize).
  bool runExternal() {
    const ExternalEvaluator* external = el_.externalEvaluator();
    return external && (*external)(function_, frame_);
  }

  Flow execute(const std::vector<flat::Statement>& statements) {
    for (const flat::Statement& s : statements) {
      Flow flow = execute(s);
      if (flow != Flow::Normal) return flow;
    }
    return Flow::Normal;
  }

  Flow execute(const flat::Statement& s) {
    if (++steps_ > kMaxSteps) return Flow::Fail;
    return std::visit([&](const auto& node) { return run(node); }, s.node);
  }

  Flow run(const flat::AssignStatement& a) {
    auto value = evaluate(a.value);
    ConstValue* target = value ? slot(a.target) : nullptr;
    if (!target) return Flow::Fail;
    *target = converted(*value, target->type);
    return Flow::Normal;
  }

  Flow run(const flat::CallStatement& c) {
    auto args = arguments(c.call);
    auto outputs = args ? el_.evaluateFunction(c.call.variable, *args) : std::nullopt;
    if (!outputs) return Flow::Fail;
    for (std::size_t i = 0; i < c.outputs.size() && i < outputs->size(); ++i) {
      if (!c.outputs[i]) continue;
      ConstValue* target = slot(*c.outputs[i]);
      if (!target) return Flow::Fail;
      *target = converted((*outputs)[i], target->type);
    }
    return Flow::Normal;
  }

  Flow run(const flat::IfStatement& s) {
    for (const flat::StatementBranch& branch : s.branches) {
      auto condition = evaluate(branch.condition);
      if (!condition) return Flow::Fail;
      if (condition->number != 0) return execute(branch.body);
    }
    return execute(s.elseBody);
  }

  Flow run(const flat::ForStatement& s) {
    auto start = evaluate(s.start), step = evaluate(s.step), stop = evaluate(s.stop);
    if (!start || !step || !stop || step->number == 0) return Flow::Fail;
    ConstValue& iterator = frame_[s.iterator].front();
    for (double i = start->number; step->number > 0 ? i <= stop->number : i >= stop->number;
         i += step->number) {
      iterator.number = i;
      Flow flow = execute(s.body);
      if (flow == Flow::Break) break;
      if (flow != Flow::Normal) return flow;
    }
    return Flow::Normal;
  }

  Flow run(const flat::WhileStatement& s) {
    for (;;) {
      auto condition = evaluate(s.condition);
      if (!condition || ++steps_ > kMaxSteps) return Flow::Fail;
      if (condition->number == 0) return Flow::Normal;
      Flow flow = execute(s.body);
      if (flow == Flow::Break) return Flow::Normal;
      if (flow != Flow::Normal) return flow;
    }
  }

  Flow run(const flat::BreakStatement&) { return Flow::Break; }
  Flow run(const flat::ReturnStatement&) { return Flow::Return; }

  // A failed assertion of level error leaves the call to run time, where it is reported.
  Flow run(const flat::AssertStatement& s) {
    if (s.level != flat::AssertionLevel::Error) return Flow::Normal;
    auto condition = evaluate(s.condition);
    return condition && condition->number != 0 ? Flow::Normal : Flow::Fail;
  }

  Flow run(const flat::WhenStatement&) { return Flow::Fail; }
  Flow run(const flat::ReinitStatement&) { return Flow::Fail; }
  Flow run(const flat::TerminateStatement&) { return Flow::Fail; }

  std::optional<std::vector<ConstValue>> arguments(const Expr& call) {
    std::vector<ConstValue> args;
    for (const Expr& arg : call.args) {
      auto value = evaluate(arg);
      if (!value) return std::nullopt;
      args.push_back(*value);
    }
    return args;
  }

  /// The storage of a variable or one of its elements; null when a subscript is out of bounds.
  ConstValue* slot(std::uint32_t variable, const std::vector<Expr>& subscripts) {
    if (variable >= frame_.size()) return nullptr;
    const std::vector<std::size_t>& dims = function_.variables[variable].dims;
    if (subscripts.size() != dims.size()) return nullptr;
    std::size_t linear = 0;
    for (std::size_t k = 0; k < dims.size(); ++k) {
      auto index = evaluate(subscripts[k]);
      if (!index || index->number < 1 || index->number > static_cast<double>(dims[k]))
        return nullptr;
      linear = linear * dims[k] + static_cast<std::size_t>(index->number) - 1;
    }
    return &frame_[variable][linear];
  }
  ConstValue* slot(const flat::LValue& target) {
    if (function_.variables[target.variable].dims.empty() && target.subscripts.empty())
      return &frame_[target.variable].front();
    return slot(target.variable, target.subscripts);
  }

  std::optional<ConstValue> evaluate(const Expr& e) {
    switch (e.kind) {
    case Expr::Kind::Local: return frame_[e.variable].front();
    case Expr::Kind::LocalElement: {
      ConstValue* element = slot(e.variable, e.args);
      return element ? std::optional<ConstValue>(*element) : std::nullopt;
    }
    case Expr::Kind::Unary: {
      auto operand = evaluate(e.args[0]);
      return operand ? foldUnary(e.unary, *operand) : std::nullopt;
    }
    case Expr::Kind::Binary: {
      auto lhs = evaluate(e.args[0]);
      auto rhs = lhs ? evaluate(e.args[1]) : std::nullopt;
      return rhs ? foldBinary(e.binary, *lhs, *rhs) : std::nullopt;
    }
    case Expr::Kind::If: {
      for (std::size_t i = 0; i + 1 < e.args.size(); i += 2) {
        auto condition = evaluate(e.args[i]);
        if (!condition) return std::nullopt;
        if (condition->number != 0) return evaluate(e.args[i + 1]);
      }
      return evaluate(e.args.back());
    }
    case Expr::Kind::Call: {
      auto args = arguments(e);
      return args ? foldBuiltin(e.text, *args, e.type) : std::nullopt;
    }
    case Expr::Kind::FunctionCall: {
      auto args = arguments(e);
      auto outputs = args ? el_.evaluateFunction(e.variable, *args) : std::nullopt;
      if (!outputs || e.output >= outputs->size()) return std::nullopt;
      return (*outputs)[e.output];
    }
    case Expr::Kind::Time: return std::nullopt;
    default: return el_.fold(e); // literals, package constants
    }
  }

  Elaborator& el_;
  const flat::Function& function_;
  std::size_t& steps_;
  std::vector<std::vector<ConstValue>> frame_; // per function variable, its elements
};

} // namespace

std::optional<std::vector<ConstValue>>
Elaborator::evaluateFunction(std::uint32_t index, const std::vector<ConstValue>& inputs) {
  if (index >= model_.functions.size() || functionsBuilding_.count(index)) return std::nullopt;
  auto key = std::make_pair(index, valuesKey(inputs));
  if (auto found = evaluations_.find(key); found != evaluations_.end()) return found->second;
  if (evaluationDepth_ >= kMaxDepth) return std::nullopt;
  if (evaluationDepth_ == 0) evaluationSteps_ = 0;
  ++evaluationDepth_;
  // Copied: evaluating may specialise no function, but the list may grow while folding
  // package constants that are read for the first time.
  flat::Function function = model_.functions[index];
  auto outputs = FunctionEvaluation(*this, function, evaluationSteps_).run(inputs);
  --evaluationDepth_;
  // Running out of steps depends on the enclosing evaluation; only complete answers are kept.
  if (outputs || evaluationSteps_ <= kMaxSteps) evaluations_[key] = outputs;
  return outputs;
}

} // namespace mocc::frontend
