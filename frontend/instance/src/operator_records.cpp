// Operator records (MLS 14): an operator applied to an operator record, and the record's
// constructor, are short for calls of the functions its operator classes define ('+',
// '-', 'constructor', ...). Each call is resolved to the one function whose inputs match
// the operands (MLS 14.2), converting one operand with a constructor when none does
// (MLS 14.5), and lowered as an ordinary call.
#include "lower_expression.h"

#include "flat_builders.h"

#include <algorithm>

namespace mocc::frontend {

namespace {

bool isFunctionKind(const ClassEntry& cls) {
  return cls.definition && (cls.definition->kind == ast::ClassKind::Function ||
                            cls.definition->kind == ast::ClassKind::OperatorFunction);
}

} // namespace

// MLS 14.1: an operator record derived by a short class definition has the operators of its
// base class.
const ClassEntry* ExpressionLowering::operatorRecordOf(const Tensor& value) {
  return value.isRecord() ? operatorRecordOf(*value.recordType) : nullptr;
}

const ClassEntry* ExpressionLowering::operatorRecordOf(const ClassEntry& type) {
  const ClassEntry* cls = recordClassOf(type);
  bool operatorRecord = cls->definition && cls->definition->kind == ast::ClassKind::OperatorRecord;
  return operatorRecord ? cls : nullptr;
}

const ClassEntry* ExpressionLowering::recordClassOf(const ClassEntry& type) {
  InstanceNode* node = el_.packageInstance(type);
  return node && node->definition ? node->definition : &type;
}

// MLS 4.6: an operator "may only contain declarations of functions" (and imports).
bool ExpressionLowering::containsOnlyFunctions(const ast::ClassDef& op) {
  const auto* specifier = std::get_if<ast::LongClassSpecifier>(&op.specifier);
  if (!specifier) return true;
  for (const ast::Element& element : specifier->composition.elements) {
    if (std::holds_alternative<ast::ImportClause>(element.node)) continue;
    const auto* nested = std::get_if<ast::ClassDefPtr>(&element.node);
    if (nested && (*nested)->kind == ast::ClassKind::Function) continue;
    if (nested && (*nested)->kind == ast::ClassKind::OperatorFunction) continue;
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, element.range,
                            "operator " + op.name +
                                " may only contain declarations of functions (MLS 4.6)");
    return false;
  }
  return true;
}

// `encapsulated operator function '+'` is the one function of '+'; `encapsulated operator
// '-'` holds several (MLS 14.1).
std::vector<ExpressionLowering::OperatorFunction>
ExpressionLowering::operatorFunctions(const ClassEntry& record, const std::string& name) {
  Elaborator::Found found = el_.names().member(record, name);
  if (!found.cls || !found.cls->definition) return {};
  if (isFunctionKind(*found.cls)) return {{found.cls, found.classScope}};
  if (found.cls->definition->kind != ast::ClassKind::Operator) return {};
  if (!containsOnlyFunctions(*found.cls->definition)) return {};
  std::vector<OperatorFunction> functions;
  for (ClassEntry* member : el_.tree().members(const_cast<ClassEntry&>(*found.cls))) {
    if (!isFunctionKind(*member)) continue;
    Elaborator::Found function = el_.names().member(*found.cls, member->name);
    if (function.cls) functions.push_back({function.cls, function.classScope});
  }
  return functions;
}

bool ExpressionLowering::accepts(ComponentInstance& input, const Tensor& arg) {
  if (el_.isScalarType(input)) {
    InstanceNode* type = el_.typeInstance(input);
    if (!type || arg.isRecord() || arg.dims.size() != declaredRank(input, el_)) return false;
    flat::Type expected = flatType(*type);
    for (const flat::Expr& x : arg.elements) {
      // MLS 14.2: Integer and Real count as the same type.
      bool numeric = make::isNumeric(expected) && make::isNumeric(x.type);
      if (!numeric && x.type != expected) return false;
    }
    return true;
  }
  if (!arg.isRecord() || arg.dims.size() != declaredRank(input, el_)) return false;
  const ClassEntry* type = el_.componentType(input);
  if (!type) return false;
  const ClassEntry* expected = operatorRecordOf(*type);
  return expected ? expected == operatorRecordOf(arg) : type == arg.recordType;
}

namespace {

bool hasDefault(Elaborator& el, ComponentInstance& input) {
  InstanceNode* type = el.typeInstance(input);
  return type && type->attributes.value && type->attributes.value->expr;
}

} // namespace

// MLS 14.2: a valid match takes the arguments as its first inputs, every other input having a
// default.
std::optional<std::size_t>
ExpressionLowering::uniqueMatch(const ast::Expr& e, const std::string& what,
                                const std::vector<OperatorFunction>& candidates,
                                const std::vector<Tensor>& args, bool& ambiguous) {
  std::vector<std::size_t> matches;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    std::vector<ComponentInstance*> inputs = el_.functionInputs(*candidates[i].cls);
    bool valid = inputs.size() >= args.size();
    for (std::size_t k = 0; valid && k < inputs.size(); ++k) {
      valid = k < args.size() ? accepts(*inputs[k], args[k]) : hasDefault(el_, *inputs[k]);
    }
    if (valid) matches.push_back(i);
  }
  if (matches.size() == 1) return matches.front();
  if (matches.size() > 1) {
    ambiguous = true;
    auto& d = el_.diagnostics().error(DiagnosticKind::TypeMismatch, e.range,
                                      "several functions of " + what +
                                          " match these operands (MLS 14.2)");
    for (std::size_t i : matches)
      d.notes.push_back({candidates[i].cls->definition->nameRange,
                         "'" + candidates[i].cls->qualifiedName() + "' matches"});
  }
  return std::nullopt;
}

std::optional<Tensor> ExpressionLowering::callWithValues(const ast::Expr& e,
                                                         const OperatorFunction& function,
                                                         std::vector<Tensor> args) {
  std::vector<ComponentInstance*> inputs = el_.functionInputs(*function.cls);
  std::vector<std::optional<Tensor>> values(inputs.size());
  for (std::size_t k = 0; k < args.size(); ++k)
    values[k] = std::move(args[k]);
  auto complete = completeArguments(e, function.cls->qualifiedName(), inputs, std::move(values));
  if (!complete) return std::nullopt;
  auto call = specialisedCall(e, *function.cls, function.scope, inputs, *complete);
  if (!call || call->outputs.empty()) return std::nullopt;
  return std::move(call->outputs.front());
}

namespace {

/// An operand's type for messages: its record class, or its element type.
std::string describe(const Tensor& operand) {
  if (operand.isRecord()) return operand.recordType->qualifiedName();
  if (operand.elements.empty()) return "an empty array";
  return std::string(flat::spelling(operand.elements.front().type)) +
         (operand.dims.empty() ? "" : " array");
}

} // namespace

// MLS 14.5 step 3: f(a, C.'constructor'.g(b)) with f of A, and f(D.'constructor'.h(a), b)
// with f of B; the converted operand's class differs from the record converting it. `failed`
// after an ambiguous constructor was reported.
std::vector<ExpressionLowering::Conversion>
ExpressionLowering::constructorConversions(const ast::Expr& e, const std::string& name,
                                           const std::vector<Tensor>& operands, bool& failed) {
  std::vector<Conversion> conversions;
  for (std::size_t converted = 0; operands.size() == 2 && converted < 2; ++converted) {
    const ClassEntry* other = operatorRecordOf(operands[1 - converted]);
    if (!other) continue;
    for (const OperatorFunction& f : operatorFunctions(*other, name)) {
      std::vector<ComponentInstance*> inputs = el_.functionInputs(*f.cls);
      if (inputs.size() < 2 || el_.isScalarType(*inputs[converted])) continue;
      const ClassEntry* target = el_.componentType(*inputs[converted]);
      const ClassEntry* record = target ? operatorRecordOf(*target) : nullptr;
      if (!record || record == operatorRecordOf(operands[converted])) continue;
      if (!accepts(*inputs[1 - converted], operands[1 - converted])) continue;
      auto constructors = operatorFunctions(*record, "'constructor'");
      auto g = uniqueMatch(e, "'" + record->qualifiedName() + "'.'constructor'", constructors,
                           {operands[converted]}, failed);
      if (failed) return {};
      if (g) conversions.push_back({converted, constructors[*g], f});
    }
  }
  return conversions;
}

// MLS 14.5 (binary, two operands) and 14.6 (unary, one): a unique direct match, else for
// arrays the operator element-wise, else for a binary operator a unique match after
// converting one operand with a constructor of the other's operator record.
std::optional<Tensor> ExpressionLowering::overloadedOperator(const ast::Expr& e,
                                                             const std::string& op,
                                                             std::vector<Tensor> operands,
                                                             bool elementwise) {
  const std::string name = "'" + op + "'";
  std::vector<const ClassEntry*> records;
  for (const Tensor& operand : operands) {
    const ClassEntry* record = operatorRecordOf(operand);
    if (record && std::find(records.begin(), records.end(), record) == records.end())
      records.push_back(record);
  }
  if (records.empty()) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, e.range,
                            "'" + op + "' is applied to a record that is no operator record; " +
                                "only operator records define operators (MLS 14.1)");
    return std::nullopt;
  }
  std::vector<OperatorFunction> candidates;
  for (const ClassEntry* record : records) {
    auto more = operatorFunctions(*record, name);
    candidates.insert(candidates.end(), more.begin(), more.end());
  }
  std::string what = "operator " + name + " of '" + records.front()->qualifiedName() + "'";
  bool ambiguous = false;
  if (auto match = uniqueMatch(e, what, candidates, operands, ambiguous))
    return callWithValues(e, candidates[*match], std::move(operands));
  if (ambiguous) return std::nullopt;
  // A function taking the arrays as they are, as Complex's '*'.scalarProduct, came first.
  bool arrays = std::any_of(operands.begin(), operands.end(),
                            [](const Tensor& t) { return !t.dims.empty(); });
  if (arrays) return overloadedElementwise(e, op, std::move(operands), elementwise);
  bool failed = false;
  std::vector<Conversion> conversions = constructorConversions(e, name, operands, failed);
  if (failed) return std::nullopt;
  if (conversions.size() == 1) {
    const Conversion& c = conversions.front();
    auto value = callWithValues(e, c.constructor, {operands[c.operand]});
    if (!value) return std::nullopt;
    operands[c.operand] = std::move(*value);
    return callWithValues(e, c.function, std::move(operands));
  }
  std::string kinds;
  for (const Tensor& operand : operands)
    kinds += (kinds.empty() ? "" : ", ") + describe(operand);
  el_.diagnostics().error(DiagnosticKind::TypeMismatch, e.range,
                          conversions.empty()
                              ? "no function of " + what + " accepts (" + kinds + ") (MLS 14.5)"
                              : "several constructor conversions make " + what + " accept (" +
                                    kinds + ") (MLS 14.5)");
  return std::nullopt;
}

// MLS 14.5 step 4 and 14.6 step 3: an operator on arrays of operator records applies to their
// elements as for numbers (MLS 10.6): arrays of equal sizes element by element, a scalar with
// every element where `*`, `/` (array by scalar) or an element-wise operator allow it. The
// products of two arrays are only defined by functions of the record (MLS 14.5 a, b).
std::optional<Tensor> ExpressionLowering::overloadedElementwise(const ast::Expr& e,
                                                                const std::string& op,
                                                                std::vector<Tensor> operands,
                                                                bool elementwise) {
  auto elementsOf = [](const Tensor& t) {
    std::vector<Tensor> out;
    if (t.isRecordArray()) return t.records;
    for (const flat::Expr& x : t.elements)
      out.push_back(Tensor::scalar(x));
    return out;
  };
  const Tensor* array = nullptr;
  for (const Tensor& operand : operands)
    if (!operand.dims.empty()) array = array ? array : &operand;
  bool twoArrays = operands.size() == 2 && !operands[0].dims.empty() && !operands[1].dims.empty();
  bool broadcast = operands.size() == 2 && !twoArrays &&
                   (elementwise || op == "*" || (op == "/" && operands[1].dims.empty()));
  bool sameSizes = twoArrays && operands[0].dims == operands[1].dims && (elementwise || op != "*");
  if (operands.size() == 2 && !broadcast && !sameSizes) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, e.range,
                            "'" + op + "' on these arrays of operator records is not defined " +
                                "element-wise (MLS 14.5, 10.6)");
    return std::nullopt;
  }
  std::vector<std::vector<Tensor>> elements;
  for (const Tensor& operand : operands)
    elements.push_back(operand.dims.empty() ? std::vector<Tensor>{operand} : elementsOf(operand));
  std::size_t count = elementCount(array->dims);
  std::vector<Tensor> results;
  for (std::size_t k = 0; k < count; ++k) {
    std::vector<Tensor> args;
    for (const auto& list : elements)
      args.push_back(list.size() == 1 && count != 1 ? list.front() : list[k]);
    auto value = overloadedOperator(e, op, std::move(args), false);
    if (!value) return std::nullopt;
    results.push_back(std::move(*value));
  }
  return stack(array->dims, std::move(results));
}

// Values of one shape stacked into an array with `dims` ahead of theirs: records into an
// array of records, numbers into a numeric array.
Tensor ExpressionLowering::stack(const std::vector<std::size_t>& dims, std::vector<Tensor> values) {
  if (!values.empty() && values.front().isRecord() && !values.front().isRecordArray()) {
    const ClassEntry* type = values.front().recordType;
    return Tensor::recordArray(dims, std::move(values), type);
  }
  Tensor result;
  result.dims = dims;
  if (!values.empty())
    result.dims.insert(result.dims.end(), values.front().dims.begin(), values.front().dims.end());
  for (Tensor& value : values) {
    if (value.isRecordArray()) {
      result.recordType = value.recordType;
      for (Tensor& record : value.records)
        result.records.push_back(std::move(record));
      continue;
    }
    for (flat::Expr& x : value.elements)
      result.elements.push_back(std::move(x));
  }
  return result;
}

// MLS 14.2: each function of an operator record's 'constructor' declares one output, of the
// operator record itself.
bool ExpressionLowering::constructorsReturnTheRecord(const std::vector<OperatorFunction>& functions,
                                                     const ClassEntry& record,
                                                     const std::string& what) {
  bool ok = true;
  for (const OperatorFunction& f : functions) {
    std::vector<ComponentInstance*> outputs = el_.functionOutputs(*f.cls);
    const ClassEntry* type = outputs.size() == 1 ? el_.componentType(*outputs[0]) : nullptr;
    if (type && operatorRecordOf(*type) == operatorRecordOf(record)) continue;
    SourceRange where = f.cls->definition ? f.cls->definition->nameRange : SourceRange{};
    std::string declared = outputs.size() == 1
                               ? "its output is not of that record"
                               : "it declares " + std::to_string(outputs.size()) + " outputs";
    el_.diagnostics().error(DiagnosticKind::InvalidOperator, where,
                            "function '" + f.cls->name + "' of " + what +
                                " must declare one output, of the operator record '" + record.name +
                                "' (MLS 14.2); " + declared);
    ok = false;
  }
  return ok;
}

// MLS 14.3: `C(args)` calls the unique function of C.'constructor' that matches; without
// such an operator, the record constructor.
std::optional<Tensor> ExpressionLowering::overloadedConstructor(const ast::Expr& e,
                                                                const ClassEntry& record,
                                                                const std::vector<Tensor>& args,
                                                                bool& failed) {
  auto constructors = operatorFunctions(record, "'constructor'");
  if (constructors.empty()) return std::nullopt;
  std::string what = "'" + record.qualifiedName() + "'.'constructor'";
  if (!constructorsReturnTheRecord(constructors, record, what)) {
    failed = true;
    return std::nullopt;
  }
  bool ambiguous = false;
  auto match = uniqueMatch(e, what, constructors, args, ambiguous);
  failed = true;
  if (!match) {
    if (!ambiguous) {
      el_.diagnostics().error(DiagnosticKind::WrongArguments, e.range,
                              "no function of " + what + " accepts these arguments (MLS 14.3)");
    }
    return std::nullopt;
  }
  auto value = callWithValues(e, constructors[*match], args);
  failed = !value;
  return value;
}

} // namespace mocc::frontend
