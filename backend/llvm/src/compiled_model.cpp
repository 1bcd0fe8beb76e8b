// CompiledModel: the tables of the filled mocc_model (names, descriptions, messages, crossing
// descriptions, experiment) built from a sim::Program and kept alive with the JIT that owns
// the code the function pointers point into.
#include "mocc/llvm/jit.h"

#include <llvm/ExecutionEngine/Orc/LLJIT.h>

namespace mocc::backend::jit {

namespace {

std::vector<const char*> pointersTo(const std::vector<std::string>& strings) {
  std::vector<const char*> pointers;
  for (const std::string& s : strings)
    pointers.push_back(s.c_str());
  return pointers;
}

void fillExperiment(const sim::Experiment& experiment, mocc_model& model) {
  model.has_start_time = experiment.startTime.has_value();
  model.has_stop_time = experiment.stopTime.has_value();
  model.has_tolerance = experiment.tolerance.has_value();
  model.has_interval = experiment.interval.has_value();
  model.start_time = experiment.startTime.value_or(0);
  model.stop_time = experiment.stopTime.value_or(0);
  model.tolerance = experiment.tolerance.value_or(0);
  model.interval = experiment.interval.value_or(0);
}

} // namespace

CompiledModel::CompiledModel(const sim::Program& program)
    : name_(program.modelName), messages_(program.messages) {
  for (const sim::Variable& variable : program.variables) {
    variableNames_.push_back(variable.name);
    variableDescriptions_.push_back(variable.description);
  }
  for (const sim::Crossing& crossing : program.crossings) {
    crossingDescriptions_.push_back(crossing.description);
  }
  // The enums of sim:: and expr:: share their numbering with mocc_region/type/kind.
  for (std::size_t i = 0; i < program.variables.size(); ++i) {
    const sim::Variable& v = program.variables[i];
    variables_.push_back(mocc_variable{
        variableNames_[i].c_str(), variableDescriptions_[i].c_str(),
        static_cast<std::int32_t>(v.region), static_cast<std::int32_t>(v.index),
        static_cast<std::int32_t>(v.type), static_cast<std::int32_t>(v.kind), v.hidden ? 1 : 0});
  }
  messagePointers_ = pointersTo(messages_);
  crossingDescriptionPointers_ = pointersTo(crossingDescriptions_);

  model_.abi_version = MOCC_ABI_VERSION;
  model_.name = name_.c_str();
  model_.n_states = static_cast<std::int32_t>(program.stateCount);
  model_.n_values = static_cast<std::int32_t>(program.valueCount);
  model_.n_crossings = static_cast<std::int32_t>(program.crossings.size());
  model_.n_variables = static_cast<std::int32_t>(variables_.size());
  model_.n_messages = static_cast<std::int32_t>(messages_.size());
  model_.variables = variables_.data();
  model_.messages = messagePointers_.data();
  model_.crossing_descriptions = crossingDescriptionPointers_.data();
  fillExperiment(program.experiment, model_);
}

CompiledModel::~CompiledModel() = default;

} // namespace mocc::backend::jit
