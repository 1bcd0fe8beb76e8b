// CompiledModel: the tables of the filled mocc_model (names, descriptions, messages, crossing
// descriptions, experiment, algebraic loops, Jacobian nonzeros, state sets, residual-form
// unknowns) built from a sim::Program and kept alive with the JIT that owns the code the
// function pointers point into.
#include "mocc/llvm/jit.h"

#include "system_functions.h"

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
  fillSystems(program);
  fillJacobian(program);
  fillStateSets(program);
}

namespace {

std::vector<std::int32_t> toInt32(const std::vector<std::uint32_t>& values) {
  return std::vector<std::int32_t>(values.begin(), values.end());
}

} // namespace

// The vectors are filled completely before any pointer into them is taken.
void CompiledModel::fillSystems(const sim::Program& program) {
  for (const sim::AlgebraicSystem& system : program.systems) {
    systemDescriptions_.push_back(system.description);
    LoopTables tables{toInt32(system.unknowns), {}, {}};
    for (auto [row, column] : jacobianNonzeros(system)) {
      tables.rows.push_back(row);
      tables.columns.push_back(column);
    }
    loopTables_.push_back(std::move(tables));
  }
  for (std::size_t k = 0; k < program.systems.size(); ++k) {
    const LoopTables& tables = loopTables_[k];
    systems_.push_back(mocc_system_info{
        systemDescriptions_[k].c_str(), static_cast<std::int32_t>(tables.unknowns.size()),
        program.systems[k].linear ? 1 : 0, tables.unknowns.data(),
        static_cast<std::int32_t>(tables.rows.size()), tables.rows.data(), tables.columns.data()});
  }
  model_.n_systems = static_cast<std::int32_t>(systems_.size());
  model_.systems = systems_.data();
  for (std::uint32_t k : openedSystems(program))
    for (std::uint32_t v : program.systems[k].unknowns)
      daeUnknowns_.push_back(static_cast<std::int32_t>(v));
  model_.n_dae_unknowns = static_cast<std::int32_t>(daeUnknowns_.size());
  model_.dae_unknowns = daeUnknowns_.data();
}

void CompiledModel::fillJacobian(const sim::Program& program) {
  for (const sim::JacobianEntry& entry : program.jacobian) {
    jacobianRows_.push_back(static_cast<std::int32_t>(entry.row));
    jacobianColumns_.push_back(static_cast<std::int32_t>(entry.column));
  }
  model_.n_jacobian = static_cast<std::int32_t>(jacobianRows_.size());
  model_.jacobian_rows = jacobianRows_.data();
  model_.jacobian_columns = jacobianColumns_.data();
}

void CompiledModel::fillStateSets(const sim::Program& program) {
  for (const sim::StateSet& set : program.stateSets)
    setTables_.push_back(
        SetTables{toInt32(set.candidates), toInt32(set.states), toInt32(set.selection)});
  for (std::size_t k = 0; k < program.stateSets.size(); ++k) {
    const SetTables& tables = setTables_[k];
    stateSets_.push_back(mocc_state_set_info{
        static_cast<std::int32_t>(tables.candidates.size()),
        static_cast<std::int32_t>(tables.states.size()),
        static_cast<std::int32_t>(program.stateSets[k].constraintCount), tables.candidates.data(),
        tables.states.data(), tables.selection.data()});
  }
  model_.n_state_sets = static_cast<std::int32_t>(stateSets_.size());
  model_.state_sets = stateSets_.data();
}

CompiledModel::~CompiledModel() = default;

} // namespace mocc::backend::jit
