// ModelInstance: storage behind a mocc_instance, the guarded copy of the model that the
// runtime calls, the destruction of external objects, and validateModel, the checks the
// runtime makes once before trusting a mocc_model's sizes, pointers and variable table.
#include "mocc/runtime/model_instance.h"

#include "mocc/runtime/external_call_guard.h"
#include "mocc/runtime/instance_services.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <type_traits>
#include <utility>

namespace mocc::runtime {

namespace {

std::optional<std::string> validateVariable(const mocc_model& model, const mocc_variable& variable,
                                            int position) {
  if (variable.name == nullptr) return fmt::format("variable #{} has no name", position);
  if (variable.region < MOCC_REGION_STATE || variable.region > MOCC_REGION_VALUE)
    return fmt::format("variable '{}' has an unknown region {}", variable.name, variable.region);
  int regionSize = variable.region == MOCC_REGION_VALUE ? model.n_values : model.n_states;
  if (variable.index < 0 || variable.index >= regionSize)
    return fmt::format("variable '{}' has index {} outside its region of size {}", variable.name,
                       variable.index, regionSize);
  if (variable.type < MOCC_TYPE_REAL || variable.type > MOCC_TYPE_STRING)
    return fmt::format("variable '{}' has an unknown type {}", variable.name, variable.type);
  if (variable.kind < MOCC_KIND_CONSTANT || variable.kind > MOCC_KIND_INTERNAL)
    return fmt::format("variable '{}' has an unknown kind {}", variable.name, variable.kind);
  return std::nullopt;
}

bool validVariable(const mocc_model& model, int32_t index) {
  return index >= 0 && index < model.n_variables;
}

bool allValid(const mocc_model& model, const int32_t* indices, int count) {
  if (count > 0 && !indices) return false;
  for (int i = 0; i < count; ++i)
    if (!validVariable(model, indices[i])) return false;
  return true;
}

std::optional<std::string> validateSystem(const mocc_model& model, const mocc_system_info& info,
                                          int position) {
  if (!info.description || info.size < 1 || !info.unknowns || info.n_jacobian < 0 ||
      (info.n_jacobian > 0 && (!info.jacobian_rows || !info.jacobian_columns)))
    return fmt::format("algebraic loop #{} has an invalid size or table", position);
  if (!allValid(model, info.unknowns, info.size))
    return fmt::format("algebraic loop #{} ({}) lists an unknown outside the variable table",
                       position, info.description);
  for (int k = 0; k < info.n_jacobian; ++k)
    if (info.jacobian_rows[k] < 0 || info.jacobian_rows[k] >= info.size ||
        info.jacobian_columns[k] < 0 || info.jacobian_columns[k] >= info.size)
      return fmt::format("algebraic loop #{} ({}) has a Jacobian entry outside its {} unknowns",
                         position, info.description, info.size);
  return std::nullopt;
}

std::optional<std::string> validateStateSet(const mocc_model& model,
                                            const mocc_state_set_info& info, int position) {
  if (info.n_states < 1 || info.n_constraints != info.n_candidates - info.n_states ||
      info.n_constraints < 0 || !info.candidates || !info.states || !info.selection)
    return fmt::format("state set #{} has inconsistent sizes ({} candidates, {} states, {} "
                       "constraints)",
                       position, info.n_candidates, info.n_states, info.n_constraints);
  if (!allValid(model, info.candidates, info.n_candidates) ||
      !allValid(model, info.states, info.n_states) ||
      !allValid(model, info.selection, info.n_states * info.n_candidates))
    return fmt::format("state set #{} refers to a variable outside the table", position);
  for (int i = 0; i < info.n_states; ++i)
    if (model.variables[info.states[i]].region != MOCC_REGION_STATE)
      return fmt::format("state set #{}: '{}' is not stored as a state", position,
                         model.variables[info.states[i]].name);
  return std::nullopt;
}

/// The tables of algebraic loops, the Jacobian, state sets and the residual form.
std::optional<std::string> validateSolverTables(const mocc_model& model) {
  if (model.n_systems < 0 || (model.n_systems > 0 && !model.systems))
    return std::string("model has an invalid table of algebraic loops");
  for (int i = 0; i < model.n_systems; ++i)
    if (auto problem = validateSystem(model, model.systems[i], i)) return problem;
  if (model.jacobian &&
      (model.n_jacobian < 0 ||
       (model.n_jacobian > 0 && (!model.jacobian_rows || !model.jacobian_columns))))
    return std::string("model has an invalid Jacobian pattern");
  for (int k = 0; model.jacobian && k < model.n_jacobian; ++k)
    if (model.jacobian_rows[k] < 0 || model.jacobian_rows[k] >= model.n_states ||
        model.jacobian_columns[k] < 0 || model.jacobian_columns[k] >= model.n_states)
      return fmt::format("Jacobian entry #{} lies outside the {} states", k, model.n_states);
  if (model.n_state_sets < 0 ||
      (model.n_state_sets > 0 && (!model.state_sets || !model.state_set_jacobian)))
    return std::string("model has an invalid table of state sets");
  for (int i = 0; i < model.n_state_sets; ++i)
    if (auto problem = validateStateSet(model, model.state_sets[i], i)) return problem;
  if (model.n_relations < 0 || (model.n_relations > 0 && !model.relations))
    return std::string("model has an invalid table of relations");
  for (int k = 0; k < model.n_relations; ++k) {
    int32_t i = model.relations[k];
    if (i < 0 || i >= model.n_variables || model.variables[i].region != MOCC_REGION_VALUE)
      return fmt::format("relation #{} is not stored in a value of the model", k);
  }
  if (model.dae_residuals &&
      (model.n_dae_unknowns < 0 || !allValid(model, model.dae_unknowns, model.n_dae_unknowns)))
    return std::string("model has an invalid table of residual-form unknowns");
  if (model.dae_jacobian &&
      (model.n_dae_jacobian < 0 || !model.dae_residuals ||
       (model.n_dae_jacobian > 0 && (!model.dae_jacobian_rows || !model.dae_jacobian_columns))))
    return std::string("model has an invalid residual-form Jacobian pattern");
  int unknowns = model.n_states + (model.dae_residuals ? model.n_dae_unknowns : 0);
  for (int k = 0; model.dae_jacobian && k < model.n_dae_jacobian; ++k)
    if (model.dae_jacobian_rows[k] < 0 || model.dae_jacobian_rows[k] >= unknowns ||
        model.dae_jacobian_columns[k] < 0 || model.dae_jacobian_columns[k] >= unknowns)
      return fmt::format("residual-form Jacobian entry #{} lies outside the {} unknowns", k,
                         unknowns);
  return std::nullopt;
}

std::optional<std::string> validateMessageTemplates(const mocc_model& model) {
  if (!model.message_templates) return std::nullopt;
  for (int i = 0; i < model.n_messages; ++i) {
    const mocc_message_template& t = model.message_templates[i];
    if (t.n_values == 0) continue;
    bool valid = t.n_values > 0 && t.texts && t.values;
    for (int k = 0; valid && k <= t.n_values; ++k)
      valid = t.texts[k] != nullptr;
    for (int k = 0; valid && k < t.n_values; ++k) {
      const mocc_message_value& v = t.values[k];
      valid = v.format >= MOCC_FORMAT_REAL && v.format <= MOCC_FORMAT_TEXT && v.n_literals >= 0 &&
              (v.n_literals == 0 || v.literals);
    }
    if (!valid) return fmt::format("model has an invalid template for message {}", i);
  }
  return std::nullopt;
}

} // namespace

std::optional<std::string> validateModel(const mocc_model& model) {
  if (model.abi_version != MOCC_ABI_VERSION)
    return fmt::format("model ABI version {} is not the runtime's {}", model.abi_version,
                       MOCC_ABI_VERSION);
  if (model.n_states < 0 || model.n_values < 0 || model.n_crossings < 0 || model.n_variables < 0 ||
      model.n_messages < 0 || model.n_delays < 0)
    return std::string("model has a negative size");
  if (model.n_delays > 0 && !model.delay_inputs)
    return std::string("model has delays but no delay_inputs function");
  if (!model.bind || !model.derivatives || !model.crossings || !model.outputs ||
      !model.event_update || !model.next_time_event)
    return std::string("model lacks a function of the ABI");
  if (model.n_variables > 0 && model.variables == nullptr)
    return std::string("model has no variable table");
  if (model.n_messages > 0 && model.messages == nullptr)
    return std::string("model has no message table");
  for (int i = 0; i < model.n_variables; ++i)
    if (auto problem = validateVariable(model, model.variables[i], i)) return problem;
  if (auto problem = validateMessageTemplates(model)) return problem;
  return validateSolverTables(model);
}

static_assert(std::is_standard_layout_v<detail::OwnedInstance>,
              "the guarded functions find their ModelInstance from the mocc_instance pointer");

// Every function of the model as the runtime sees it: the call of the model's own function
// under a guard (external_call_guard.h). One place for all of them, so that no call site of
// the runtime can forget the guard, and it costs one setjmp per call. An error abandons the
// call; it is reported like a failed assert (InstanceServices::reportExternal), and whoever
// called then sees it as it sees asserts.
struct GuardedModel {
  static ModelInstance& owner(mocc_instance* instance) {
    return *reinterpret_cast<detail::OwnedInstance*>(instance)->owner;
  }

  static void reportError(mocc_instance* instance, const std::string& message) {
    if (InstanceServices* services = InstanceServices::of(instance)) {
      services->reportExternal(ExternalReportKind::Error, instance->time, message);
    } else {
      std::fputs(
          fmt::format("mocc runtime: ModelicaError at time {}: {}\n", instance->time, message)
              .c_str(),
          stderr);
    }
  }

  template <auto Function, typename Pointer> struct Call;
  template <auto Function, typename Result, typename... Arguments>
  struct Call<Function, Result (*)(mocc_instance*, Arguments...)> {
    static Result guarded(mocc_instance* instance, Arguments... arguments) {
      const mocc_model& model = owner(instance).model_;
      Result result{};
      auto call = [&] { result = (model.*Function)(instance, arguments...); };
      if (auto error = guardedCall(instance, call)) {
        reportError(instance, *error);
        return Result{};
      }
      return result;
    }
  };
  template <auto Function, typename... Arguments>
  struct Call<Function, void (*)(mocc_instance*, Arguments...)> {
    static void guarded(mocc_instance* instance, Arguments... arguments) {
      const mocc_model& model = owner(instance).model_;
      auto call = [&] { (model.*Function)(instance, arguments...); };
      if (auto error = guardedCall(instance, call)) reportError(instance, *error);
    }
  };

  /// Points `Function` of `guarded` at its guarded call where the model has the function.
  template <auto Function> static void route(mocc_model& guarded) {
    using Pointer = std::remove_reference_t<decltype(guarded.*Function)>;
    if (guarded.*Function) guarded.*Function = &Call<Function, Pointer>::guarded;
  }

  static void destroyExternalObjects(mocc_instance* instance) {
    if (auto error = owner(instance).destroyExternalObjects()) reportError(instance, *error);
  }

  static mocc_model of(const mocc_model& model) {
    // A guarded copy given again would find the wrong ModelInstance behind the instance.
    assert((model.bind != &Call<&mocc_model::bind, decltype(model.bind)>::guarded));
    mocc_model guarded = model;
    route<&mocc_model::bind>(guarded);
    route<&mocc_model::derivatives>(guarded);
    route<&mocc_model::crossings>(guarded);
    route<&mocc_model::outputs>(guarded);
    route<&mocc_model::event_update>(guarded);
    route<&mocc_model::next_time_event>(guarded);
    route<&mocc_model::initialize>(guarded);
    route<&mocc_model::jacobian>(guarded);
    route<&mocc_model::state_set_jacobian>(guarded);
    route<&mocc_model::dae_residuals>(guarded);
    route<&mocc_model::crossing_rates>(guarded);
    route<&mocc_model::dae_jacobian>(guarded);
    route<&mocc_model::delay_inputs>(guarded);
    route<&mocc_model::update_parameters>(guarded);
    if (guarded.destroy_external_objects)
      guarded.destroy_external_objects = &GuardedModel::destroyExternalObjects;
    return guarded;
  }
};

ModelInstance::ModelInstance(const mocc_model& model)
    : model_(model), guarded_(GuardedModel::of(model)),
      states_(static_cast<std::size_t>(model.n_states)), derivatives_(states_.size()),
      values_(static_cast<std::size_t>(model.n_values)), preStates_(states_.size()),
      preValues_(values_.size()), crossingDirections_(static_cast<std::size_t>(model.n_crossings)),
      overridden_(states_.size() + values_.size()) {
  instance_.abi.time = 0.0;
  useOwnStateArrays();
  instance_.abi.v = values_.data();
  instance_.abi.pre_x = preStates_.data();
  instance_.abi.pre_v = preValues_.data();
  instance_.abi.crossing_direction = crossingDirections_.data();
  instance_.abi.overridden = overridden_.data();
  instance_.abi.mode = MOCC_MODE_CONTINUOUS;
  instance_.abi.terminal = 0;
  instance_.abi.homotopy_lambda = 1.0; // homotopy() is its actual argument (MLS 3.7.4.4)
  instance_.owner = this;
}

ModelInstance::~ModelInstance() {
  try {
    if (auto error = destroyExternalObjects())
      std::fputs(fmt::format("mocc runtime: ModelicaError while destroying the external objects "
                             "of {}: {}\n",
                             model_.name ? model_.name : "the model", *error)
                     .c_str(),
                 stderr);
  } catch (...) {
    // Out of memory for the message: the objects are destroyed all the same.
  }
}

std::optional<std::string> ModelInstance::destroyExternalObjects() {
  if (externalObjectsDestroyed_ || !model_.destroy_external_objects) return std::nullopt;
  // Marked first: a destructor that fails is not called again.
  externalObjectsDestroyed_ = true;
  mocc_instance* instance = &instance_.abi;
  auto call = [&] { model_.destroy_external_objects(instance); };
  return guardedCall(instance, call);
}

void ModelInstance::useOwnStateArrays() {
  instance_.abi.x = states_.data();
  instance_.abi.dx = derivatives_.data();
}

std::size_t ModelInstance::overrideIndex(const mocc_variable& variable) const {
  assert(variable.region != MOCC_REGION_DERIVATIVE);
  std::size_t index = static_cast<std::size_t>(variable.index);
  return variable.region == MOCC_REGION_STATE ? index : states_.size() + index;
}

double ModelInstance::read(const mocc_variable& variable) const {
  std::size_t index = static_cast<std::size_t>(variable.index);
  switch (variable.region) {
  case MOCC_REGION_STATE: return instance_.abi.x[index];
  case MOCC_REGION_DERIVATIVE: return instance_.abi.dx[index];
  default: return instance_.abi.v[index];
  }
}

double& ModelInstance::slot(const mocc_variable& variable) {
  std::size_t index = static_cast<std::size_t>(variable.index);
  switch (variable.region) {
  case MOCC_REGION_STATE: return instance_.abi.x[index];
  case MOCC_REGION_DERIVATIVE: return instance_.abi.dx[index];
  default: return instance_.abi.v[index];
  }
}

void ModelInstance::markOverridden(const mocc_variable& variable) {
  overridden_[overrideIndex(variable)] = 1;
}

bool ModelInstance::isOverridden(const mocc_variable& variable) const {
  return overridden_[overrideIndex(variable)] != 0;
}

void ModelInstance::copyCurrentToPre() {
  std::copy_n(instance_.abi.x, states_.size(), preStates_.begin());
  std::copy_n(instance_.abi.v, values_.size(), preValues_.begin());
}

} // namespace mocc::runtime
