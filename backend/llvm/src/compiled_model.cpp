// CompiledModel: the filled mocc_model over a ModelDescription (names, descriptions, messages,
// crossing descriptions, experiment, algebraic loops, Jacobian nonzeros, state sets,
// residual-form unknowns), kept alive with the JIT that owns the code the function pointers
// point into; and its image, the description followed by the object file.
#include "mocc/llvm/jit.h"

#include "model_description.h"

#include <llvm/ExecutionEngine/Orc/LLJIT.h>

namespace mocc::backend::jit {

namespace {

std::vector<const char*> pointersTo(const std::vector<std::string>& strings) {
  std::vector<const char*> pointers;
  for (const std::string& s : strings)
    pointers.push_back(s.c_str());
  return pointers;
}

void fillExperiment(const ModelDescription::Experiment& experiment, mocc_model& model) {
  model.has_start_time = experiment.hasStartTime;
  model.has_stop_time = experiment.hasStopTime;
  model.has_tolerance = experiment.hasTolerance;
  model.has_interval = experiment.hasInterval;
  model.start_time = experiment.startTime;
  model.stop_time = experiment.stopTime;
  model.tolerance = experiment.tolerance;
  model.interval = experiment.interval;
}

std::int32_t count(std::size_t size) { return static_cast<std::int32_t>(size); }

} // namespace

CompiledModel::CompiledModel(std::unique_ptr<ModelDescription> description)
    : description_(std::move(description)) {
  fillTables();
}

// The description is complete and never changes afterwards, so pointers into it stay valid.
void CompiledModel::fillTables() {
  const ModelDescription& d = *description_;
  for (const ModelDescription::Variable& v : d.variables)
    variables_.push_back(mocc_variable{v.name.c_str(), v.description.c_str(), v.region, v.index,
                                       v.type, v.kind, v.hidden, v.origin.c_str(), v.aliasOf + 1,
                                       v.aliasNegated, v.unit.c_str(), v.causality, v.tunable,
                                       v.calculated});
  messagePointers_ = pointersTo(d.messages);
  crossingDescriptionPointers_ = pointersTo(d.crossingDescriptions);
  stringPointers_ = pointersTo(d.strings);
  messageOriginPointers_ = pointersTo(d.messageOrigins);

  model_.abi_version = MOCC_ABI_VERSION;
  model_.name = d.name.c_str();
  model_.n_states = d.stateCount;
  model_.n_values = d.valueCount;
  model_.n_crossings = count(d.crossingDescriptions.size());
  model_.n_variables = count(variables_.size());
  model_.n_messages = count(d.messages.size());
  model_.variables = variables_.data();
  model_.messages = messagePointers_.data();
  model_.crossing_descriptions = crossingDescriptionPointers_.data();
  fillExperiment(d.experiment, model_);
  fillSystems();
  model_.n_jacobian = count(d.jacobianRows.size());
  model_.jacobian_rows = d.jacobianRows.data();
  model_.jacobian_columns = d.jacobianColumns.data();
  fillStateSets();
  fillMessages();
  model_.n_dae_unknowns = count(d.daeUnknowns.size());
  model_.dae_unknowns = d.daeUnknowns.data();
  model_.n_dae_jacobian = count(d.daeJacobianRows.size());
  model_.dae_jacobian_rows = d.daeJacobianRows.data();
  model_.dae_jacobian_columns = d.daeJacobianColumns.data();
  model_.uses_homotopy = d.usesHomotopy;
  model_.n_delays = d.delayCount;
  model_.state_nominals = d.stateNominals.empty() ? nullptr : d.stateNominals.data();
  model_.n_relations = count(d.relations.size());
  model_.relations = d.relations.empty() ? nullptr : d.relations.data();
  model_.crossing_relations = d.crossingRelations.empty() ? nullptr : d.crossingRelations.data();
  model_.crossing_positive_values =
      d.crossingPositiveValues.empty() ? nullptr : d.crossingPositiveValues.data();
  model_.n_strings = count(stringPointers_.size());
  model_.strings = stringPointers_.empty() ? nullptr : stringPointers_.data();
  model_.message_origins = messageOriginPointers_.empty() ? nullptr : messageOriginPointers_.data();
}

void CompiledModel::fillSystems() {
  for (const ModelDescription::System& s : description_->systems)
    systems_.push_back(mocc_system_info{s.description.c_str(), count(s.unknowns.size()), s.linear,
                                        s.unknowns.data(), count(s.jacobianRows.size()),
                                        s.jacobianRows.data(), s.jacobianColumns.data(),
                                        count(s.relations.size()), s.relations.data()});
  model_.n_systems = count(systems_.size());
  model_.systems = systems_.data();
}

void CompiledModel::fillStateSets() {
  for (const ModelDescription::StateSet& s : description_->stateSets)
    stateSets_.push_back(mocc_state_set_info{count(s.candidates.size()), count(s.states.size()),
                                             s.constraintCount, s.candidates.data(),
                                             s.states.data(), s.selection.data()});
  model_.n_state_sets = count(stateSets_.size());
  model_.state_sets = stateSets_.data();
}

void CompiledModel::fillMessages() {
  const auto& templates = description_->messageTemplates;
  bool anyValues = false;
  for (const ModelDescription::Message& m : templates) {
    std::vector<const char*>& texts = messageStrings_.emplace_back(pointersTo(m.texts));
    std::vector<mocc_message_value>& values = messageValues_.emplace_back();
    for (const ModelDescription::MessageValue& v : m.values) {
      std::vector<const char*>& literals = messageStrings_.emplace_back(pointersTo(v.literals));
      values.push_back(mocc_message_value{v.format, v.significantDigits, v.minimumLength,
                                          v.leftJustified, count(literals.size()), literals.data(),
                                          v.formatSpec.empty() ? nullptr : v.formatSpec.c_str()});
    }
    messageTemplates_.push_back(
        mocc_message_template{count(values.size()), texts.data(), values.data()});
    anyValues = anyValues || !values.empty();
  }
  model_.message_templates = anyValues ? messageTemplates_.data() : nullptr;
}

std::string CompiledModel::image() const {
  std::string bytes;
  writeDescription(*description_, bytes);
  bytes += object_; // the rest of the image
  return bytes;
}

CompiledModel::~CompiledModel() = default;

} // namespace mocc::backend::jit
