// FMI 3.0 (Model Exchange and Co-Simulation) over FmuInstance: argument checks, type
// conversions, event indicators as variables; the life cycle is FmuInstance's. Scheduled
// execution, clocks, binaries and the configuration mode are not offered (the model
// description says so), and their functions return fmi3Error with a message.
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

fmi3Status status(Status s) { return static_cast<fmi3Status>(s); }

FmuInstance* instanceOf(fmi3Instance i) { return static_cast<FmuInstance*>(i); }

#define MOCC_FMI3_INSTANCE(i)                                                                      \
  if (!(i)) return fmi3Error;                                                                      \
  FmuInstance& fmu = *instanceOf(i)

FmuInstance* instantiate(fmi3String token, Interface interface, fmi3InstanceEnvironment environment,
                         fmi3LogMessageCallback log) {
  mocc::fmi::Logger logger;
  if (log)
    logger = [log, environment](Status s, const char* category, const std::string& text) {
      log(environment, status(s), category, text.c_str());
    };
  const mocc_model* model = mocc::fmi::checkedModel(token, logger);
  if (!model) return nullptr;
  return new FmuInstance(*model, interface, logger);
}

fmi3Status unsupported(fmi3Instance i, const char* function, const char* what) {
  MOCC_FMI3_INSTANCE(i);
  return status(fmu.fail(function, std::string("the FMU has no ") + what));
}

/// The variable types mocc's values map to: Float64 (Real), Int32 (Integer and enumerations),
/// Boolean and String. Other types name no variable of the FMU.
template <typename T>
fmi3Status getAs(fmi3Instance i, const fmi3ValueReference vr[], size_t nvr, T values[],
                 size_t nValues, int type, const char* function) {
  MOCC_FMI3_INSTANCE(i);
  if (nValues != nvr)
    return status(fmu.fail(function, "the FMU has scalar variables only (nValues != nvr)"));
  for (size_t k = 0; k < nvr; ++k)
    if (!fmu.hasType(vr[k], type))
      return status(fmu.fail(function, "value reference " + std::to_string(vr[k]) +
                                           " has another type or names no variable"));
  std::vector<double> read(nvr);
  Status result = fmu.get({vr, nvr}, read);
  for (size_t k = 0; k < nvr; ++k)
    values[k] = static_cast<T>(read[k]);
  return status(result);
}

template <typename T>
fmi3Status setAs(fmi3Instance i, const fmi3ValueReference vr[], size_t nvr, const T values[],
                 size_t nValues, int type, const char* function) {
  MOCC_FMI3_INSTANCE(i);
  if (nValues != nvr)
    return status(fmu.fail(function, "the FMU has scalar variables only (nValues != nvr)"));
  for (size_t k = 0; k < nvr; ++k)
    if (!fmu.hasType(vr[k], type))
      return status(fmu.fail(function, "value reference " + std::to_string(vr[k]) +
                                           " has another type or names no variable"));
  std::vector<double> written(nvr);
  for (size_t k = 0; k < nvr; ++k)
    written[k] = static_cast<double>(values[k]);
  return status(fmu.set({vr, nvr}, written));
}

} // namespace

extern "C" {

const char* fmi3GetVersion(void) { return "3.0"; }

fmi3Status fmi3SetDebugLogging(fmi3Instance i, fmi3Boolean, size_t, const fmi3String[]) {
  return i ? fmi3OK : fmi3Error;
}

fmi3Instance fmi3InstantiateModelExchange(fmi3String, fmi3String token, fmi3String, fmi3Boolean,
                                          fmi3Boolean, fmi3InstanceEnvironment environment,
                                          fmi3LogMessageCallback log) {
  return instantiate(token, Interface::ModelExchange, environment, log);
}

fmi3Instance fmi3InstantiateCoSimulation(fmi3String, fmi3String token, fmi3String, fmi3Boolean,
                                         fmi3Boolean, fmi3Boolean, fmi3Boolean earlyReturnAllowed,
                                         const fmi3ValueReference[], size_t,
                                         fmi3InstanceEnvironment environment,
                                         fmi3LogMessageCallback log,
                                         fmi3IntermediateUpdateCallback) {
  FmuInstance* fmu = instantiate(token, Interface::CoSimulation, environment, log);
  // mightReturnEarlyFromDoStep: with the importer's consent, a step ends at its first event.
  if (fmu) fmu->allowEarlyReturn(earlyReturnAllowed);
  return fmu;
}

fmi3Instance fmi3InstantiateScheduledExecution(fmi3String, fmi3String, fmi3String, fmi3Boolean,
                                               fmi3Boolean, fmi3InstanceEnvironment environment,
                                               fmi3LogMessageCallback log, fmi3ClockUpdateCallback,
                                               fmi3LockPreemptionCallback,
                                               fmi3UnlockPreemptionCallback) {
  if (log)
    log(environment, fmi3Error, "logStatusError",
        "fmi3InstantiateScheduledExecution: the FMU offers Model Exchange and Co-Simulation only");
  return nullptr;
}

void fmi3FreeInstance(fmi3Instance i) { delete instanceOf(i); }

fmi3Status fmi3EnterInitializationMode(fmi3Instance i, fmi3Boolean toleranceDefined,
                                       fmi3Float64 tolerance, fmi3Float64 startTime,
                                       fmi3Boolean stopTimeDefined, fmi3Float64 stopTime) {
  MOCC_FMI3_INSTANCE(i);
  Status setup =
      fmu.setupExperiment(toleranceDefined ? std::optional(tolerance) : std::nullopt, startTime,
                          stopTimeDefined ? std::optional(stopTime) : std::nullopt);
  if (setup != Status::Ok) return status(setup);
  return status(fmu.enterInitializationMode());
}

fmi3Status fmi3ExitInitializationMode(fmi3Instance i) {
  MOCC_FMI3_INSTANCE(i);
  Status result = fmu.exitInitializationMode();
  // Without event mode (eventModeUsed = false), co-simulation goes straight to step mode.
  if (result == Status::Ok && fmu.interface() == Interface::CoSimulation) fmu.enterStepMode();
  return status(result);
}

fmi3Status fmi3EnterEventMode(fmi3Instance i) {
  MOCC_FMI3_INSTANCE(i);
  return status(fmu.enterEventMode());
}

fmi3Status fmi3Terminate(fmi3Instance i) {
  MOCC_FMI3_INSTANCE(i);
  return status(fmu.terminate());
}

fmi3Status fmi3Reset(fmi3Instance i) {
  MOCC_FMI3_INSTANCE(i);
  return status(fmu.reset());
}

#define MOCC_FMI3_SUPPORTED(Name, Type, ModelType)                                                 \
  fmi3Status fmi3Get##Name(fmi3Instance i, const fmi3ValueReference vr[], size_t nvr,              \
                           Type values[], size_t nValues) {                                        \
    return getAs(i, vr, nvr, values, nValues, ModelType, "fmi3Get" #Name);                         \
  }                                                                                                \
  fmi3Status fmi3Set##Name(fmi3Instance i, const fmi3ValueReference vr[], size_t nvr,              \
                           const Type values[], size_t nValues) {                                  \
    return setAs(i, vr, nvr, values, nValues, ModelType, "fmi3Set" #Name);                         \
  }
MOCC_FMI3_SUPPORTED(Float64, fmi3Float64, MOCC_TYPE_REAL)
MOCC_FMI3_SUPPORTED(Int32, fmi3Int32, MOCC_TYPE_INTEGER)
MOCC_FMI3_SUPPORTED(Boolean, fmi3Boolean, MOCC_TYPE_BOOLEAN)
#undef MOCC_FMI3_SUPPORTED

#define MOCC_FMI3_ABSENT(Name, Type)                                                               \
  fmi3Status fmi3Get##Name(fmi3Instance i, const fmi3ValueReference[], size_t nvr, Type[],         \
                           size_t) {                                                               \
    return nvr == 0 ? fmi3OK : unsupported(i, "fmi3Get" #Name, #Name " variables");                \
  }                                                                                                \
  fmi3Status fmi3Set##Name(fmi3Instance i, const fmi3ValueReference[], size_t nvr, const Type[],   \
                           size_t) {                                                               \
    return nvr == 0 ? fmi3OK : unsupported(i, "fmi3Set" #Name, #Name " variables");                \
  }
MOCC_FMI3_ABSENT(Float32, fmi3Float32)
MOCC_FMI3_ABSENT(Int8, fmi3Int8)
MOCC_FMI3_ABSENT(UInt8, fmi3UInt8)
MOCC_FMI3_ABSENT(Int16, fmi3Int16)
MOCC_FMI3_ABSENT(UInt16, fmi3UInt16)
MOCC_FMI3_ABSENT(UInt32, fmi3UInt32)
MOCC_FMI3_ABSENT(Int64, fmi3Int64)
MOCC_FMI3_ABSENT(UInt64, fmi3UInt64)
#undef MOCC_FMI3_ABSENT

fmi3Status fmi3GetString(fmi3Instance i, const fmi3ValueReference vr[], size_t nvr,
                         fmi3String values[], size_t nValues) {
  MOCC_FMI3_INSTANCE(i);
  if (nValues != nvr) return status(fmu.fail("fmi3GetString", "the FMU has scalar variables only"));
  return status(fmu.getStrings({vr, nvr}, {values, nvr}));
}

fmi3Status fmi3SetString(fmi3Instance i, const fmi3ValueReference[], size_t nvr, const fmi3String[],
                         size_t) {
  return nvr == 0 ? fmi3OK : unsupported(i, "fmi3SetString", "String variable that can be set");
}

fmi3Status fmi3GetBinary(fmi3Instance i, const fmi3ValueReference[], size_t nvr, size_t[],
                         fmi3Binary[], size_t) {
  return nvr == 0 ? fmi3OK : unsupported(i, "fmi3GetBinary", "Binary variables");
}
fmi3Status fmi3SetBinary(fmi3Instance i, const fmi3ValueReference[], size_t nvr, const size_t[],
                         const fmi3Binary[], size_t) {
  return nvr == 0 ? fmi3OK : unsupported(i, "fmi3SetBinary", "Binary variables");
}
fmi3Status fmi3GetClock(fmi3Instance i, const fmi3ValueReference[], size_t nvr, fmi3Clock[]) {
  return nvr == 0 ? fmi3OK : unsupported(i, "fmi3GetClock", "clocks");
}
fmi3Status fmi3SetClock(fmi3Instance i, const fmi3ValueReference[], size_t nvr, const fmi3Clock[]) {
  return nvr == 0 ? fmi3OK : unsupported(i, "fmi3SetClock", "clocks");
}

fmi3Status fmi3GetNumberOfVariableDependencies(fmi3Instance i, fmi3ValueReference, size_t*) {
  return unsupported(i, "fmi3GetNumberOfVariableDependencies",
                     "dependency information at run time (the model description has it)");
}
fmi3Status fmi3GetVariableDependencies(fmi3Instance i, fmi3ValueReference, size_t[],
                                       fmi3ValueReference[], size_t[], fmi3DependencyKind[],
                                       size_t) {
  return unsupported(i, "fmi3GetVariableDependencies",
                     "dependency information at run time (the model description has it)");
}

fmi3Status fmi3GetFMUState(fmi3Instance i, fmi3FMUState* state) {
  MOCC_FMI3_INSTANCE(i);
  return status(mocc::fmi::getFmuState(fmu, state));
}

fmi3Status fmi3SetFMUState(fmi3Instance i, fmi3FMUState state) {
  MOCC_FMI3_INSTANCE(i);
  return status(mocc::fmi::setFmuState(fmu, state));
}

fmi3Status fmi3FreeFMUState(fmi3Instance, fmi3FMUState* state) {
  mocc::fmi::freeFmuState(state);
  return fmi3OK;
}

fmi3Status fmi3SerializedFMUStateSize(fmi3Instance i, fmi3FMUState state, size_t* size) {
  MOCC_FMI3_INSTANCE(i);
  return status(mocc::fmi::serializedFmuStateSize(fmu, state, size));
}

fmi3Status fmi3SerializeFMUState(fmi3Instance i, fmi3FMUState state, fmi3Byte bytes[],
                                 size_t size) {
  MOCC_FMI3_INSTANCE(i);
  return status(mocc::fmi::serializeFmuState(fmu, state, bytes, size));
}

fmi3Status fmi3DeserializeFMUState(fmi3Instance i, const fmi3Byte bytes[], size_t size,
                                   fmi3FMUState* state) {
  MOCC_FMI3_INSTANCE(i);
  return status(mocc::fmi::deserializeFmuState(fmu, bytes, size, state));
}

fmi3Status fmi3GetDirectionalDerivative(fmi3Instance i, const fmi3ValueReference unknowns[],
                                        size_t nUnknowns, const fmi3ValueReference knowns[],
                                        size_t nKnowns, const fmi3Float64 seed[], size_t nSeed,
                                        fmi3Float64 sensitivity[], size_t nSensitivity) {
  MOCC_FMI3_INSTANCE(i);
  if (nSeed != nKnowns || nSensitivity != nUnknowns)
    return status(fmu.fail("fmi3GetDirectionalDerivative",
                           "the FMU has scalar variables only (nSeed != nKnowns or "
                           "nSensitivity != nUnknowns)"));
  return status(fmu.directionalDerivative({unknowns, nUnknowns}, {knowns, nKnowns}, {seed, nSeed},
                                          {sensitivity, nSensitivity}));
}

fmi3Status fmi3GetAdjointDerivative(fmi3Instance i, const fmi3ValueReference[], size_t,
                                    const fmi3ValueReference[], size_t, const fmi3Float64[], size_t,
                                    fmi3Float64[], size_t) {
  return unsupported(i, "fmi3GetAdjointDerivative",
                     "adjoint derivatives (providesAdjointDerivatives=false)");
}

fmi3Status fmi3EnterConfigurationMode(fmi3Instance i) {
  return unsupported(i, "fmi3EnterConfigurationMode", "structural parameters to configure");
}
fmi3Status fmi3ExitConfigurationMode(fmi3Instance i) {
  return unsupported(i, "fmi3ExitConfigurationMode", "structural parameters to configure");
}

fmi3Status fmi3GetIntervalDecimal(fmi3Instance i, const fmi3ValueReference[], size_t, fmi3Float64[],
                                  fmi3IntervalQualifier[]) {
  return unsupported(i, "fmi3GetIntervalDecimal", "clocks");
}
fmi3Status fmi3GetIntervalFraction(fmi3Instance i, const fmi3ValueReference[], size_t, fmi3UInt64[],
                                   fmi3UInt64[], fmi3IntervalQualifier[]) {
  return unsupported(i, "fmi3GetIntervalFraction", "clocks");
}
fmi3Status fmi3GetShiftDecimal(fmi3Instance i, const fmi3ValueReference[], size_t, fmi3Float64[]) {
  return unsupported(i, "fmi3GetShiftDecimal", "clocks");
}
fmi3Status fmi3GetShiftFraction(fmi3Instance i, const fmi3ValueReference[], size_t, fmi3UInt64[],
                                fmi3UInt64[]) {
  return unsupported(i, "fmi3GetShiftFraction", "clocks");
}
fmi3Status fmi3SetIntervalDecimal(fmi3Instance i, const fmi3ValueReference[], size_t,
                                  const fmi3Float64[]) {
  return unsupported(i, "fmi3SetIntervalDecimal", "clocks");
}
fmi3Status fmi3SetIntervalFraction(fmi3Instance i, const fmi3ValueReference[], size_t,
                                   const fmi3UInt64[], const fmi3UInt64[]) {
  return unsupported(i, "fmi3SetIntervalFraction", "clocks");
}
fmi3Status fmi3SetShiftDecimal(fmi3Instance i, const fmi3ValueReference[], size_t,
                               const fmi3Float64[]) {
  return unsupported(i, "fmi3SetShiftDecimal", "clocks");
}
fmi3Status fmi3SetShiftFraction(fmi3Instance i, const fmi3ValueReference[], size_t,
                                const fmi3UInt64[], const fmi3UInt64[]) {
  return unsupported(i, "fmi3SetShiftFraction", "clocks");
}
fmi3Status fmi3EvaluateDiscreteStates(fmi3Instance i) {
  return unsupported(i, "fmi3EvaluateDiscreteStates", "clocked partitions");
}

fmi3Status fmi3UpdateDiscreteStates(fmi3Instance i, fmi3Boolean* discreteStatesNeedUpdate,
                                    fmi3Boolean* terminateSimulation,
                                    fmi3Boolean* nominalsOfContinuousStatesChanged,
                                    fmi3Boolean* valuesOfContinuousStatesChanged,
                                    fmi3Boolean* nextEventTimeDefined, fmi3Float64* nextEventTime) {
  MOCC_FMI3_INSTANCE(i);
  mocc::fmi::EventUpdate update;
  Status result = fmu.updateDiscreteStates(update);
  if (discreteStatesNeedUpdate) *discreteStatesNeedUpdate = false; // converged
  if (terminateSimulation) *terminateSimulation = update.terminateSimulation;
  if (nominalsOfContinuousStatesChanged) *nominalsOfContinuousStatesChanged = false;
  if (valuesOfContinuousStatesChanged)
    *valuesOfContinuousStatesChanged = update.valuesOfContinuousStatesChanged;
  if (nextEventTimeDefined) *nextEventTimeDefined = update.nextEventTime.has_value();
  if (nextEventTime) *nextEventTime = update.nextEventTime.value_or(0.0);
  return status(result);
}

fmi3Status fmi3EnterContinuousTimeMode(fmi3Instance i) {
  MOCC_FMI3_INSTANCE(i);
  return status(fmu.enterContinuousTimeMode());
}

fmi3Status fmi3CompletedIntegratorStep(fmi3Instance i, fmi3Boolean, fmi3Boolean* enterEventMode,
                                       fmi3Boolean* terminateSimulation) {
  MOCC_FMI3_INSTANCE(i);
  bool event = false, terminate = false;
  Status result = fmu.completedIntegratorStep(event, terminate);
  if (enterEventMode) *enterEventMode = event;
  if (terminateSimulation) *terminateSimulation = terminate;
  return status(result);
}

fmi3Status fmi3SetTime(fmi3Instance i, fmi3Float64 time) {
  MOCC_FMI3_INSTANCE(i);
  return status(fmu.setTime(time));
}

fmi3Status fmi3SetContinuousStates(fmi3Instance i, const fmi3Float64 states[], size_t n) {
  MOCC_FMI3_INSTANCE(i);
  return status(fmu.setContinuousStates({states, n}));
}

fmi3Status fmi3GetContinuousStateDerivatives(fmi3Instance i, fmi3Float64 derivatives[], size_t n) {
  MOCC_FMI3_INSTANCE(i);
  return status(fmu.getDerivatives({derivatives, n}));
}

fmi3Status fmi3GetEventIndicators(fmi3Instance i, fmi3Float64 indicators[], size_t n) {
  MOCC_FMI3_INSTANCE(i);
  return status(fmu.getEventIndicators({indicators, n}));
}

fmi3Status fmi3GetContinuousStates(fmi3Instance i, fmi3Float64 states[], size_t n) {
  MOCC_FMI3_INSTANCE(i);
  return status(fmu.getContinuousStates({states, n}));
}

fmi3Status fmi3GetNominalsOfContinuousStates(fmi3Instance i, fmi3Float64 nominals[], size_t n) {
  MOCC_FMI3_INSTANCE(i);
  return status(fmu.getNominals({nominals, n}));
}

fmi3Status fmi3GetNumberOfEventIndicators(fmi3Instance i, size_t* n) {
  MOCC_FMI3_INSTANCE(i);
  if (n) *n = fmu.eventIndicatorCount();
  return fmi3OK;
}

fmi3Status fmi3GetNumberOfContinuousStates(fmi3Instance i, size_t* n) {
  MOCC_FMI3_INSTANCE(i);
  if (n) *n = fmu.stateCount();
  return fmi3OK;
}

fmi3Status fmi3EnterStepMode(fmi3Instance i) {
  MOCC_FMI3_INSTANCE(i);
  return status(fmu.enterStepMode());
}

fmi3Status fmi3GetOutputDerivatives(fmi3Instance i, const fmi3ValueReference[], size_t nvr,
                                    const fmi3Int32[], fmi3Float64[], size_t) {
  return nvr == 0 ? fmi3OK
                  : unsupported(i, "fmi3GetOutputDerivatives",
                                "output derivatives (maxOutputDerivativeOrder=0)");
}

fmi3Status fmi3DoStep(fmi3Instance i, fmi3Float64 currentCommunicationPoint,
                      fmi3Float64 communicationStepSize, fmi3Boolean,
                      fmi3Boolean* eventHandlingNeeded, fmi3Boolean* terminateSimulation,
                      fmi3Boolean* earlyReturn, fmi3Float64* lastSuccessfulTime) {
  MOCC_FMI3_INSTANCE(i);
  bool terminate = false;
  double reached = currentCommunicationPoint;
  Status result = fmu.doStep(currentCommunicationPoint, communicationStepSize, terminate, reached);
  // Events inside the step are handled inside it (eventModeUsed is not needed).
  if (eventHandlingNeeded) *eventHandlingNeeded = false;
  if (terminateSimulation) *terminateSimulation = terminate;
  // A step that ends before its end returns early, which the importer must have allowed;
  // without that, terminate() shows in terminateSimulation alone.
  if (earlyReturn)
    *earlyReturn =
        fmu.earlyReturnAllowed() && reached < currentCommunicationPoint + communicationStepSize;
  if (lastSuccessfulTime) *lastSuccessfulTime = reached;
  return status(result);
}

fmi3Status fmi3ActivateModelPartition(fmi3Instance i, fmi3ValueReference, fmi3Float64) {
  return unsupported(i, "fmi3ActivateModelPartition", "scheduled execution");
}

} // extern "C"
