// FMI 2.0 (Model Exchange and Co-Simulation) over FmuInstance: argument checks, type
// conversions and the event info; the life cycle is FmuInstance's.
#include "fmu_instance.h"
#include "fmu_model.h"
#include "fmu_states.h"

#include "mocc/fmi/fmi_api.h"

#include <cstring>
#include <string>
#include <vector>

namespace {

using mocc::fmi::FmuInstance;
using mocc::fmi::Interface;
using mocc::fmi::Status;

/// What fmi2Instantiate hands out: the instance and the importer's callbacks.
struct Component {
  FmuInstance instance;
  double lastSuccessfulTime = 0.0;
  bool terminated = false;
};

fmi2Status status(Status s) { return static_cast<fmi2Status>(s); }

Component* component(fmi2Component c) { return static_cast<Component*>(c); }

#define MOCC_FMI2_INSTANCE(c)                                                                      \
  if (!(c)) return fmi2Error;                                                                      \
  FmuInstance& fmu = component(c)->instance

template <typename T>
fmi2Status getAs(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, T value[], int type,
                 const char* function) {
  MOCC_FMI2_INSTANCE(c);
  for (size_t i = 0; i < nvr; ++i)
    if (!fmu.hasType(vr[i], type))
      return status(fmu.fail(function, "value reference " + std::to_string(vr[i]) +
                                           " has another type or names no variable"));
  std::vector<double> values(nvr);
  Status result = fmu.get({vr, nvr}, values);
  for (size_t i = 0; i < nvr; ++i)
    value[i] = static_cast<T>(values[i]);
  return status(result);
}

template <typename T>
fmi2Status setAs(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const T value[],
                 int type, const char* function) {
  MOCC_FMI2_INSTANCE(c);
  for (size_t i = 0; i < nvr; ++i)
    if (!fmu.hasType(vr[i], type))
      return status(fmu.fail(function, "value reference " + std::to_string(vr[i]) +
                                           " has another type or names no variable"));
  std::vector<double> values(value, value + nvr);
  return status(fmu.set({vr, nvr}, values));
}

} // namespace

extern "C" {

const char* fmi2GetTypesPlatform(void) { return "default"; }
const char* fmi2GetVersion(void) { return "2.0"; }

fmi2Status fmi2SetDebugLogging(fmi2Component c, fmi2Boolean, size_t, const fmi2String[]) {
  return c ? fmi2OK : fmi2Error;
}

fmi2Component fmi2Instantiate(fmi2String instanceName, fmi2Type fmuType, fmi2String fmuGUID,
                              fmi2String, const fmi2CallbackFunctions* functions, fmi2Boolean,
                              fmi2Boolean) {
  std::string name = instanceName ? instanceName : "";
  mocc::fmi::Logger logger;
  if (functions && functions->logger) {
    fmi2CallbackLogger log = functions->logger;
    fmi2ComponentEnvironment environment = functions->componentEnvironment;
    logger = [log, environment, name](Status s, const char* category, const std::string& text) {
      log(environment, name.c_str(), status(s), category, "%s", text.c_str());
    };
  }
  const mocc_model* model = mocc::fmi::checkedModel(fmuGUID, logger);
  if (!model) return nullptr;
  Interface interface =
      fmuType == fmi2CoSimulation ? Interface::CoSimulation : Interface::ModelExchange;
  return new Component{FmuInstance(*model, interface, logger)};
}

void fmi2FreeInstance(fmi2Component c) { delete component(c); }

fmi2Status fmi2SetupExperiment(fmi2Component c, fmi2Boolean toleranceDefined, fmi2Real tolerance,
                               fmi2Real startTime, fmi2Boolean stopTimeDefined, fmi2Real stopTime) {
  MOCC_FMI2_INSTANCE(c);
  component(c)->lastSuccessfulTime = startTime;
  return status(fmu.setupExperiment(toleranceDefined ? std::optional(tolerance) : std::nullopt,
                                    startTime,
                                    stopTimeDefined ? std::optional(stopTime) : std::nullopt));
}

fmi2Status fmi2EnterInitializationMode(fmi2Component c) {
  MOCC_FMI2_INSTANCE(c);
  return status(fmu.enterInitializationMode());
}

fmi2Status fmi2ExitInitializationMode(fmi2Component c) {
  MOCC_FMI2_INSTANCE(c);
  Status result = fmu.exitInitializationMode();
  // FMI 2.0 co-simulation has no event mode: after initialization the steps begin.
  if (result == Status::Ok && fmu.interface() == Interface::CoSimulation) fmu.enterStepMode();
  return status(result);
}

fmi2Status fmi2Terminate(fmi2Component c) {
  MOCC_FMI2_INSTANCE(c);
  return status(fmu.terminate());
}

fmi2Status fmi2Reset(fmi2Component c) {
  MOCC_FMI2_INSTANCE(c);
  return status(fmu.reset());
}

fmi2Status fmi2GetReal(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                       fmi2Real value[]) {
  return getAs(c, vr, nvr, value, MOCC_TYPE_REAL, "fmi2GetReal");
}
fmi2Status fmi2GetInteger(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                          fmi2Integer value[]) {
  return getAs(c, vr, nvr, value, MOCC_TYPE_INTEGER, "fmi2GetInteger");
}
fmi2Status fmi2GetBoolean(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                          fmi2Boolean value[]) {
  return getAs(c, vr, nvr, value, MOCC_TYPE_BOOLEAN, "fmi2GetBoolean");
}
fmi2Status fmi2GetString(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                         fmi2String value[]) {
  MOCC_FMI2_INSTANCE(c);
  return status(fmu.getStrings({vr, nvr}, {value, nvr}));
}

fmi2Status fmi2SetReal(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                       const fmi2Real value[]) {
  return setAs(c, vr, nvr, value, MOCC_TYPE_REAL, "fmi2SetReal");
}
fmi2Status fmi2SetInteger(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                          const fmi2Integer value[]) {
  return setAs(c, vr, nvr, value, MOCC_TYPE_INTEGER, "fmi2SetInteger");
}
fmi2Status fmi2SetBoolean(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                          const fmi2Boolean value[]) {
  std::vector<fmi2Boolean> normalised(value, value + nvr);
  for (fmi2Boolean& b : normalised)
    b = b ? 1 : 0;
  return setAs(c, vr, nvr, normalised.data(), MOCC_TYPE_BOOLEAN, "fmi2SetBoolean");
}
fmi2Status fmi2SetString(fmi2Component c, const fmi2ValueReference[], size_t nvr,
                         const fmi2String[]) {
  MOCC_FMI2_INSTANCE(c);
  if (nvr == 0) return fmi2OK;
  return status(fmu.fail("fmi2SetString", "the FMU has no String variable that can be set"));
}

fmi2Status fmi2GetFMUstate(fmi2Component c, fmi2FMUstate* state) {
  MOCC_FMI2_INSTANCE(c);
  return status(mocc::fmi::getFmuState(fmu, state));
}

fmi2Status fmi2SetFMUstate(fmi2Component c, fmi2FMUstate state) {
  MOCC_FMI2_INSTANCE(c);
  return status(mocc::fmi::setFmuState(fmu, state));
}

fmi2Status fmi2FreeFMUstate(fmi2Component, fmi2FMUstate* state) {
  mocc::fmi::freeFmuState(state);
  return fmi2OK;
}

fmi2Status fmi2SerializedFMUstateSize(fmi2Component c, fmi2FMUstate state, size_t* size) {
  MOCC_FMI2_INSTANCE(c);
  return status(mocc::fmi::serializedFmuStateSize(fmu, state, size));
}

fmi2Status fmi2SerializeFMUstate(fmi2Component c, fmi2FMUstate state, fmi2Byte bytes[],
                                 size_t size) {
  MOCC_FMI2_INSTANCE(c);
  return status(mocc::fmi::serializeFmuState(fmu, state, reinterpret_cast<uint8_t*>(bytes), size));
}

fmi2Status fmi2DeSerializeFMUstate(fmi2Component c, const fmi2Byte bytes[], size_t size,
                                   fmi2FMUstate* state) {
  MOCC_FMI2_INSTANCE(c);
  return status(
      mocc::fmi::deserializeFmuState(fmu, reinterpret_cast<const uint8_t*>(bytes), size, state));
}

fmi2Status fmi2GetDirectionalDerivative(fmi2Component c, const fmi2ValueReference unknowns[],
                                        size_t nUnknown, const fmi2ValueReference knowns[],
                                        size_t nKnown, const fmi2Real seed[],
                                        fmi2Real sensitivity[]) {
  MOCC_FMI2_INSTANCE(c);
  return status(fmu.directionalDerivative({unknowns, nUnknown}, {knowns, nKnown}, {seed, nKnown},
                                          {sensitivity, nUnknown}));
}

fmi2Status fmi2EnterEventMode(fmi2Component c) {
  MOCC_FMI2_INSTANCE(c);
  return status(fmu.enterEventMode());
}

fmi2Status fmi2NewDiscreteStates(fmi2Component c, fmi2EventInfo* info) {
  MOCC_FMI2_INSTANCE(c);
  mocc::fmi::EventUpdate update;
  Status result = fmu.updateDiscreteStates(update);
  if (info) {
    info->newDiscreteStatesNeeded = fmi2False; // the event iteration has converged
    info->terminateSimulation = update.terminateSimulation;
    info->nominalsOfContinuousStatesChanged = fmi2False;
    info->valuesOfContinuousStatesChanged = update.valuesOfContinuousStatesChanged;
    info->nextEventTimeDefined = update.nextEventTime.has_value();
    info->nextEventTime = update.nextEventTime.value_or(0.0);
  }
  return status(result);
}

fmi2Status fmi2EnterContinuousTimeMode(fmi2Component c) {
  MOCC_FMI2_INSTANCE(c);
  return status(fmu.enterContinuousTimeMode());
}

fmi2Status fmi2CompletedIntegratorStep(fmi2Component c, fmi2Boolean, fmi2Boolean* enterEventMode,
                                       fmi2Boolean* terminateSimulation) {
  MOCC_FMI2_INSTANCE(c);
  bool event = false, terminate = false;
  Status result = fmu.completedIntegratorStep(event, terminate);
  if (enterEventMode) *enterEventMode = event;
  if (terminateSimulation) *terminateSimulation = terminate;
  return status(result);
}

fmi2Status fmi2SetTime(fmi2Component c, fmi2Real time) {
  MOCC_FMI2_INSTANCE(c);
  return status(fmu.setTime(time));
}

fmi2Status fmi2SetContinuousStates(fmi2Component c, const fmi2Real x[], size_t nx) {
  MOCC_FMI2_INSTANCE(c);
  return status(fmu.setContinuousStates({x, nx}));
}

fmi2Status fmi2GetDerivatives(fmi2Component c, fmi2Real derivatives[], size_t nx) {
  MOCC_FMI2_INSTANCE(c);
  return status(fmu.getDerivatives({derivatives, nx}));
}

fmi2Status fmi2GetEventIndicators(fmi2Component c, fmi2Real indicators[], size_t ni) {
  MOCC_FMI2_INSTANCE(c);
  return status(fmu.getEventIndicators({indicators, ni}));
}

fmi2Status fmi2GetContinuousStates(fmi2Component c, fmi2Real x[], size_t nx) {
  MOCC_FMI2_INSTANCE(c);
  return status(fmu.getContinuousStates({x, nx}));
}

fmi2Status fmi2GetNominalsOfContinuousStates(fmi2Component c, fmi2Real nominals[], size_t nx) {
  MOCC_FMI2_INSTANCE(c);
  return status(fmu.getNominals({nominals, nx}));
}

fmi2Status fmi2SetRealInputDerivatives(fmi2Component c, const fmi2ValueReference[], size_t nvr,
                                       const fmi2Integer[], const fmi2Real[]) {
  MOCC_FMI2_INSTANCE(c);
  if (nvr == 0) return fmi2OK;
  return status(fmu.fail("fmi2SetRealInputDerivatives",
                         "the FMU does not interpolate inputs (canInterpolateInputs=false)"));
}

fmi2Status fmi2GetRealOutputDerivatives(fmi2Component c, const fmi2ValueReference[], size_t nvr,
                                        const fmi2Integer[], fmi2Real[]) {
  MOCC_FMI2_INSTANCE(c);
  if (nvr == 0) return fmi2OK;
  return status(fmu.fail("fmi2GetRealOutputDerivatives",
                         "the FMU gives no output derivatives (maxOutputDerivativeOrder=0)"));
}

fmi2Status fmi2DoStep(fmi2Component c, fmi2Real currentCommunicationPoint,
                      fmi2Real communicationStepSize, fmi2Boolean) {
  MOCC_FMI2_INSTANCE(c);
  bool terminate = false;
  double reached = currentCommunicationPoint;
  Status result = fmu.doStep(currentCommunicationPoint, communicationStepSize, terminate, reached);
  component(c)->lastSuccessfulTime = reached;
  component(c)->terminated = terminate;
  // terminate() in the model ends the run early: the importer learns it from the status.
  return result == Status::Ok && terminate ? fmi2Discard : status(result);
}

fmi2Status fmi2CancelStep(fmi2Component c) {
  MOCC_FMI2_INSTANCE(c);
  return status(fmu.fail("fmi2CancelStep", "doStep never runs asynchronously"));
}

fmi2Status fmi2GetStatus(fmi2Component c, const fmi2StatusKind kind, fmi2Status* value) {
  MOCC_FMI2_INSTANCE(c);
  if (kind != fmi2DoStepStatus || !value) return fmi2Discard;
  *value = fmu.phase() == mocc::fmi::Phase::Failed ? fmi2Error : fmi2OK;
  return fmi2OK;
}

fmi2Status fmi2GetRealStatus(fmi2Component c, const fmi2StatusKind kind, fmi2Real* value) {
  if (!c || kind != fmi2LastSuccessfulTime || !value) return fmi2Discard;
  *value = component(c)->lastSuccessfulTime;
  return fmi2OK;
}

fmi2Status fmi2GetIntegerStatus(fmi2Component, const fmi2StatusKind, fmi2Integer*) {
  return fmi2Discard;
}

fmi2Status fmi2GetBooleanStatus(fmi2Component c, const fmi2StatusKind kind, fmi2Boolean* value) {
  if (!c || kind != fmi2Terminated || !value) return fmi2Discard;
  *value = component(c)->terminated;
  return fmi2OK;
}

fmi2Status fmi2GetStringStatus(fmi2Component, const fmi2StatusKind, fmi2String*) {
  return fmi2Discard;
}

} // extern "C"
