/* The Functional Mock-up Interface as the FMUs that `mocc fmu` writes implement it: the types
 * and functions of FMI 2.0 and FMI 3.0 (Modelica Association, https://fmi-standard.org) that
 * an importer looks up by name in the FMU's shared object. The names, types and the order of
 * the enumerations are facts of the standard; this header declares them for the project's
 * own implementation (runtime/fmi/src). Only the C ABI matters to an importer, so the types
 * are spelled as the standard spells them, without its platform macros (x86_64 Linux, where
 * fmi2Boolean is an int and fmi3Boolean a C bool).
 */
#ifndef MOCC_FMI_API_H
#define MOCC_FMI_API_H

#include <stddef.h>
#include <stdint.h>

#ifndef __cplusplus
#include <stdbool.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define MOCC_FMI_EXPORT __attribute__((visibility("default")))

/* ---------------------------------------------------------------- FMI 2.0 */

typedef void* fmi2Component;
typedef void* fmi2ComponentEnvironment;
typedef void* fmi2FMUstate;
typedef unsigned int fmi2ValueReference;
typedef double fmi2Real;
typedef int fmi2Integer;
typedef int fmi2Boolean;
typedef char fmi2Char;
typedef const fmi2Char* fmi2String;
typedef char fmi2Byte;

#define fmi2True 1
#define fmi2False 0

typedef enum { fmi2OK, fmi2Warning, fmi2Discard, fmi2Error, fmi2Fatal, fmi2Pending } fmi2Status;
typedef enum { fmi2ModelExchange, fmi2CoSimulation } fmi2Type;
typedef enum {
  fmi2DoStepStatus,
  fmi2PendingStatus,
  fmi2LastSuccessfulTime,
  fmi2Terminated
} fmi2StatusKind;

typedef void (*fmi2CallbackLogger)(fmi2ComponentEnvironment, fmi2String instanceName, fmi2Status,
                                   fmi2String category, fmi2String message, ...);
typedef void* (*fmi2CallbackAllocateMemory)(size_t nobj, size_t size);
typedef void (*fmi2CallbackFreeMemory)(void* obj);
typedef void (*fmi2StepFinished)(fmi2ComponentEnvironment, fmi2Status);

typedef struct {
  const fmi2CallbackLogger logger;
  const fmi2CallbackAllocateMemory allocateMemory;
  const fmi2CallbackFreeMemory freeMemory;
  const fmi2StepFinished stepFinished;
  const fmi2ComponentEnvironment componentEnvironment;
} fmi2CallbackFunctions;

typedef struct {
  fmi2Boolean newDiscreteStatesNeeded;
  fmi2Boolean terminateSimulation;
  fmi2Boolean nominalsOfContinuousStatesChanged;
  fmi2Boolean valuesOfContinuousStatesChanged;
  fmi2Boolean nextEventTimeDefined;
  fmi2Real nextEventTime;
} fmi2EventInfo;

MOCC_FMI_EXPORT const char* fmi2GetTypesPlatform(void);
MOCC_FMI_EXPORT const char* fmi2GetVersion(void);
MOCC_FMI_EXPORT fmi2Status fmi2SetDebugLogging(fmi2Component, fmi2Boolean loggingOn,
                                               size_t nCategories, const fmi2String categories[]);
MOCC_FMI_EXPORT fmi2Component fmi2Instantiate(fmi2String instanceName, fmi2Type fmuType,
                                              fmi2String fmuGUID, fmi2String fmuResourceLocation,
                                              const fmi2CallbackFunctions* functions,
                                              fmi2Boolean visible, fmi2Boolean loggingOn);
MOCC_FMI_EXPORT void fmi2FreeInstance(fmi2Component);
MOCC_FMI_EXPORT fmi2Status fmi2SetupExperiment(fmi2Component, fmi2Boolean toleranceDefined,
                                               fmi2Real tolerance, fmi2Real startTime,
                                               fmi2Boolean stopTimeDefined, fmi2Real stopTime);
MOCC_FMI_EXPORT fmi2Status fmi2EnterInitializationMode(fmi2Component);
MOCC_FMI_EXPORT fmi2Status fmi2ExitInitializationMode(fmi2Component);
MOCC_FMI_EXPORT fmi2Status fmi2Terminate(fmi2Component);
MOCC_FMI_EXPORT fmi2Status fmi2Reset(fmi2Component);
MOCC_FMI_EXPORT fmi2Status fmi2GetReal(fmi2Component, const fmi2ValueReference vr[], size_t nvr,
                                       fmi2Real value[]);
MOCC_FMI_EXPORT fmi2Status fmi2GetInteger(fmi2Component, const fmi2ValueReference vr[], size_t nvr,
                                          fmi2Integer value[]);
MOCC_FMI_EXPORT fmi2Status fmi2GetBoolean(fmi2Component, const fmi2ValueReference vr[], size_t nvr,
                                          fmi2Boolean value[]);
MOCC_FMI_EXPORT fmi2Status fmi2GetString(fmi2Component, const fmi2ValueReference vr[], size_t nvr,
                                         fmi2String value[]);
MOCC_FMI_EXPORT fmi2Status fmi2SetReal(fmi2Component, const fmi2ValueReference vr[], size_t nvr,
                                       const fmi2Real value[]);
MOCC_FMI_EXPORT fmi2Status fmi2SetInteger(fmi2Component, const fmi2ValueReference vr[], size_t nvr,
                                          const fmi2Integer value[]);
MOCC_FMI_EXPORT fmi2Status fmi2SetBoolean(fmi2Component, const fmi2ValueReference vr[], size_t nvr,
                                          const fmi2Boolean value[]);
MOCC_FMI_EXPORT fmi2Status fmi2SetString(fmi2Component, const fmi2ValueReference vr[], size_t nvr,
                                         const fmi2String value[]);
MOCC_FMI_EXPORT fmi2Status fmi2GetFMUstate(fmi2Component, fmi2FMUstate* state);
MOCC_FMI_EXPORT fmi2Status fmi2SetFMUstate(fmi2Component, fmi2FMUstate state);
MOCC_FMI_EXPORT fmi2Status fmi2FreeFMUstate(fmi2Component, fmi2FMUstate* state);
MOCC_FMI_EXPORT fmi2Status fmi2SerializedFMUstateSize(fmi2Component, fmi2FMUstate state,
                                                      size_t* size);
MOCC_FMI_EXPORT fmi2Status fmi2SerializeFMUstate(fmi2Component, fmi2FMUstate state,
                                                 fmi2Byte serializedState[], size_t size);
MOCC_FMI_EXPORT fmi2Status fmi2DeSerializeFMUstate(fmi2Component, const fmi2Byte serializedState[],
                                                   size_t size, fmi2FMUstate* state);
MOCC_FMI_EXPORT fmi2Status fmi2GetDirectionalDerivative(fmi2Component,
                                                        const fmi2ValueReference vUnknown_ref[],
                                                        size_t nUnknown,
                                                        const fmi2ValueReference vKnown_ref[],
                                                        size_t nKnown, const fmi2Real dvKnown[],
                                                        fmi2Real dvUnknown[]);
/* Model Exchange */
MOCC_FMI_EXPORT fmi2Status fmi2EnterEventMode(fmi2Component);
MOCC_FMI_EXPORT fmi2Status fmi2NewDiscreteStates(fmi2Component, fmi2EventInfo* eventInfo);
MOCC_FMI_EXPORT fmi2Status fmi2EnterContinuousTimeMode(fmi2Component);
MOCC_FMI_EXPORT fmi2Status fmi2CompletedIntegratorStep(fmi2Component,
                                                       fmi2Boolean noSetFMUStatePriorToCurrentPoint,
                                                       fmi2Boolean* enterEventMode,
                                                       fmi2Boolean* terminateSimulation);
MOCC_FMI_EXPORT fmi2Status fmi2SetTime(fmi2Component, fmi2Real time);
MOCC_FMI_EXPORT fmi2Status fmi2SetContinuousStates(fmi2Component, const fmi2Real x[], size_t nx);
MOCC_FMI_EXPORT fmi2Status fmi2GetDerivatives(fmi2Component, fmi2Real derivatives[], size_t nx);
MOCC_FMI_EXPORT fmi2Status fmi2GetEventIndicators(fmi2Component, fmi2Real eventIndicators[],
                                                  size_t ni);
MOCC_FMI_EXPORT fmi2Status fmi2GetContinuousStates(fmi2Component, fmi2Real x[], size_t nx);
MOCC_FMI_EXPORT fmi2Status fmi2GetNominalsOfContinuousStates(fmi2Component, fmi2Real x_nominal[],
                                                             size_t nx);
/* Co-Simulation */
MOCC_FMI_EXPORT fmi2Status fmi2SetRealInputDerivatives(fmi2Component, const fmi2ValueReference vr[],
                                                       size_t nvr, const fmi2Integer order[],
                                                       const fmi2Real value[]);
MOCC_FMI_EXPORT fmi2Status fmi2GetRealOutputDerivatives(fmi2Component,
                                                        const fmi2ValueReference vr[], size_t nvr,
                                                        const fmi2Integer order[],
                                                        fmi2Real value[]);
MOCC_FMI_EXPORT fmi2Status fmi2DoStep(fmi2Component, fmi2Real currentCommunicationPoint,
                                      fmi2Real communicationStepSize,
                                      fmi2Boolean noSetFMUStatePriorToCurrentPoint);
MOCC_FMI_EXPORT fmi2Status fmi2CancelStep(fmi2Component);
MOCC_FMI_EXPORT fmi2Status fmi2GetStatus(fmi2Component, const fmi2StatusKind s, fmi2Status* value);
MOCC_FMI_EXPORT fmi2Status fmi2GetRealStatus(fmi2Component, const fmi2StatusKind s,
                                             fmi2Real* value);
MOCC_FMI_EXPORT fmi2Status fmi2GetIntegerStatus(fmi2Component, const fmi2StatusKind s,
                                                fmi2Integer* value);
MOCC_FMI_EXPORT fmi2Status fmi2GetBooleanStatus(fmi2Component, const fmi2StatusKind s,
                                                fmi2Boolean* value);
MOCC_FMI_EXPORT fmi2Status fmi2GetStringStatus(fmi2Component, const fmi2StatusKind s,
                                               fmi2String* value);

/* ---------------------------------------------------------------- FMI 3.0 */

typedef void* fmi3Instance;
typedef void* fmi3InstanceEnvironment;
typedef void* fmi3FMUState;
typedef uint32_t fmi3ValueReference;
typedef float fmi3Float32;
typedef double fmi3Float64;
typedef int8_t fmi3Int8;
typedef uint8_t fmi3UInt8;
typedef int16_t fmi3Int16;
typedef uint16_t fmi3UInt16;
typedef int32_t fmi3Int32;
typedef uint32_t fmi3UInt32;
typedef int64_t fmi3Int64;
typedef uint64_t fmi3UInt64;
typedef bool fmi3Boolean;
typedef char fmi3Char;
typedef const fmi3Char* fmi3String;
typedef uint8_t fmi3Byte;
typedef const fmi3Byte* fmi3Binary;
typedef bool fmi3Clock;

typedef enum { fmi3OK, fmi3Warning, fmi3Discard, fmi3Error, fmi3Fatal } fmi3Status;
typedef enum {
  fmi3Independent,
  fmi3Constant,
  fmi3Fixed,
  fmi3Tunable,
  fmi3Discrete,
  fmi3Dependent
} fmi3DependencyKind;
typedef enum {
  fmi3IntervalNotYetKnown,
  fmi3IntervalUnchanged,
  fmi3IntervalChanged
} fmi3IntervalQualifier;

typedef void (*fmi3LogMessageCallback)(fmi3InstanceEnvironment, fmi3Status status,
                                       fmi3String category, fmi3String message);
typedef void (*fmi3ClockUpdateCallback)(fmi3InstanceEnvironment);
typedef void (*fmi3IntermediateUpdateCallback)(
    fmi3InstanceEnvironment, fmi3Float64 intermediateUpdateTime,
    fmi3Boolean intermediateVariableSetRequested, fmi3Boolean intermediateVariableGetAllowed,
    fmi3Boolean intermediateStepFinished, fmi3Boolean canReturnEarly,
    fmi3Boolean* earlyReturnRequested, fmi3Float64* earlyReturnTime);
typedef void (*fmi3LockPreemptionCallback)(void);
typedef void (*fmi3UnlockPreemptionCallback)(void);

MOCC_FMI_EXPORT const char* fmi3GetVersion(void);
MOCC_FMI_EXPORT fmi3Status fmi3SetDebugLogging(fmi3Instance, fmi3Boolean loggingOn,
                                               size_t nCategories, const fmi3String categories[]);
MOCC_FMI_EXPORT fmi3Instance fmi3InstantiateModelExchange(
    fmi3String instanceName, fmi3String instantiationToken, fmi3String resourcePath,
    fmi3Boolean visible, fmi3Boolean loggingOn, fmi3InstanceEnvironment instanceEnvironment,
    fmi3LogMessageCallback logMessage);
MOCC_FMI_EXPORT fmi3Instance fmi3InstantiateCoSimulation(
    fmi3String instanceName, fmi3String instantiationToken, fmi3String resourcePath,
    fmi3Boolean visible, fmi3Boolean loggingOn, fmi3Boolean eventModeUsed,
    fmi3Boolean earlyReturnAllowed, const fmi3ValueReference requiredIntermediateVariables[],
    size_t nRequiredIntermediateVariables, fmi3InstanceEnvironment instanceEnvironment,
    fmi3LogMessageCallback logMessage, fmi3IntermediateUpdateCallback intermediateUpdate);
MOCC_FMI_EXPORT fmi3Instance fmi3InstantiateScheduledExecution(
    fmi3String instanceName, fmi3String instantiationToken, fmi3String resourcePath,
    fmi3Boolean visible, fmi3Boolean loggingOn, fmi3InstanceEnvironment instanceEnvironment,
    fmi3LogMessageCallback logMessage, fmi3ClockUpdateCallback clockUpdate,
    fmi3LockPreemptionCallback lockPreemption, fmi3UnlockPreemptionCallback unlockPreemption);
MOCC_FMI_EXPORT void fmi3FreeInstance(fmi3Instance);
MOCC_FMI_EXPORT fmi3Status fmi3EnterInitializationMode(fmi3Instance, fmi3Boolean toleranceDefined,
                                                       fmi3Float64 tolerance, fmi3Float64 startTime,
                                                       fmi3Boolean stopTimeDefined,
                                                       fmi3Float64 stopTime);
MOCC_FMI_EXPORT fmi3Status fmi3ExitInitializationMode(fmi3Instance);
MOCC_FMI_EXPORT fmi3Status fmi3EnterEventMode(fmi3Instance);
MOCC_FMI_EXPORT fmi3Status fmi3Terminate(fmi3Instance);
MOCC_FMI_EXPORT fmi3Status fmi3Reset(fmi3Instance);

/* The getters and setters of every type have the same shape. */
#define MOCC_FMI3_ACCESSORS(Name, Type)                                                            \
  MOCC_FMI_EXPORT fmi3Status fmi3Get##Name(fmi3Instance, const fmi3ValueReference vr[],            \
                                           size_t nvr, Type values[], size_t nValues);             \
  MOCC_FMI_EXPORT fmi3Status fmi3Set##Name(fmi3Instance, const fmi3ValueReference vr[],            \
                                           size_t nvr, const Type values[], size_t nValues);
MOCC_FMI3_ACCESSORS(Float32, fmi3Float32)
MOCC_FMI3_ACCESSORS(Float64, fmi3Float64)
MOCC_FMI3_ACCESSORS(Int8, fmi3Int8)
MOCC_FMI3_ACCESSORS(UInt8, fmi3UInt8)
MOCC_FMI3_ACCESSORS(Int16, fmi3Int16)
MOCC_FMI3_ACCESSORS(UInt16, fmi3UInt16)
MOCC_FMI3_ACCESSORS(Int32, fmi3Int32)
MOCC_FMI3_ACCESSORS(UInt32, fmi3UInt32)
MOCC_FMI3_ACCESSORS(Int64, fmi3Int64)
MOCC_FMI3_ACCESSORS(UInt64, fmi3UInt64)
MOCC_FMI3_ACCESSORS(Boolean, fmi3Boolean)
MOCC_FMI3_ACCESSORS(String, fmi3String)
#undef MOCC_FMI3_ACCESSORS
MOCC_FMI_EXPORT fmi3Status fmi3GetBinary(fmi3Instance, const fmi3ValueReference vr[], size_t nvr,
                                         size_t valueSizes[], fmi3Binary values[], size_t nValues);
MOCC_FMI_EXPORT fmi3Status fmi3SetBinary(fmi3Instance, const fmi3ValueReference vr[], size_t nvr,
                                         const size_t valueSizes[], const fmi3Binary values[],
                                         size_t nValues);
MOCC_FMI_EXPORT fmi3Status fmi3GetClock(fmi3Instance, const fmi3ValueReference vr[], size_t nvr,
                                        fmi3Clock values[]);
MOCC_FMI_EXPORT fmi3Status fmi3SetClock(fmi3Instance, const fmi3ValueReference vr[], size_t nvr,
                                        const fmi3Clock values[]);
MOCC_FMI_EXPORT fmi3Status fmi3GetNumberOfVariableDependencies(fmi3Instance, fmi3ValueReference vr,
                                                               size_t* nDependencies);
MOCC_FMI_EXPORT fmi3Status fmi3GetVariableDependencies(fmi3Instance, fmi3ValueReference dependent,
                                                       size_t elementIndicesOfDependent[],
                                                       fmi3ValueReference independents[],
                                                       size_t elementIndicesOfIndependents[],
                                                       fmi3DependencyKind dependencyKinds[],
                                                       size_t nDependencies);
MOCC_FMI_EXPORT fmi3Status fmi3GetFMUState(fmi3Instance, fmi3FMUState* state);
MOCC_FMI_EXPORT fmi3Status fmi3SetFMUState(fmi3Instance, fmi3FMUState state);
MOCC_FMI_EXPORT fmi3Status fmi3FreeFMUState(fmi3Instance, fmi3FMUState* state);
MOCC_FMI_EXPORT fmi3Status fmi3SerializedFMUStateSize(fmi3Instance, fmi3FMUState state,
                                                      size_t* size);
MOCC_FMI_EXPORT fmi3Status fmi3SerializeFMUState(fmi3Instance, fmi3FMUState state,
                                                 fmi3Byte serializedState[], size_t size);
MOCC_FMI_EXPORT fmi3Status fmi3DeserializeFMUState(fmi3Instance, const fmi3Byte serializedState[],
                                                   size_t size, fmi3FMUState* state);
MOCC_FMI_EXPORT fmi3Status fmi3GetDirectionalDerivative(
    fmi3Instance, const fmi3ValueReference unknowns[], size_t nUnknowns,
    const fmi3ValueReference knowns[], size_t nKnowns, const fmi3Float64 seed[], size_t nSeed,
    fmi3Float64 sensitivity[], size_t nSensitivity);
MOCC_FMI_EXPORT fmi3Status fmi3GetAdjointDerivative(
    fmi3Instance, const fmi3ValueReference unknowns[], size_t nUnknowns,
    const fmi3ValueReference knowns[], size_t nKnowns, const fmi3Float64 seed[], size_t nSeed,
    fmi3Float64 sensitivity[], size_t nSensitivity);
MOCC_FMI_EXPORT fmi3Status fmi3EnterConfigurationMode(fmi3Instance);
MOCC_FMI_EXPORT fmi3Status fmi3ExitConfigurationMode(fmi3Instance);
MOCC_FMI_EXPORT fmi3Status fmi3GetIntervalDecimal(fmi3Instance, const fmi3ValueReference vr[],
                                                  size_t nvr, fmi3Float64 intervals[],
                                                  fmi3IntervalQualifier qualifiers[]);
MOCC_FMI_EXPORT fmi3Status fmi3GetIntervalFraction(fmi3Instance, const fmi3ValueReference vr[],
                                                   size_t nvr, fmi3UInt64 counters[],
                                                   fmi3UInt64 resolutions[],
                                                   fmi3IntervalQualifier qualifiers[]);
MOCC_FMI_EXPORT fmi3Status fmi3GetShiftDecimal(fmi3Instance, const fmi3ValueReference vr[],
                                               size_t nvr, fmi3Float64 shifts[]);
MOCC_FMI_EXPORT fmi3Status fmi3GetShiftFraction(fmi3Instance, const fmi3ValueReference vr[],
                                                size_t nvr, fmi3UInt64 counters[],
                                                fmi3UInt64 resolutions[]);
MOCC_FMI_EXPORT fmi3Status fmi3SetIntervalDecimal(fmi3Instance, const fmi3ValueReference vr[],
                                                  size_t nvr, const fmi3Float64 intervals[]);
MOCC_FMI_EXPORT fmi3Status fmi3SetIntervalFraction(fmi3Instance, const fmi3ValueReference vr[],
                                                   size_t nvr, const fmi3UInt64 counters[],
                                                   const fmi3UInt64 resolutions[]);
MOCC_FMI_EXPORT fmi3Status fmi3SetShiftDecimal(fmi3Instance, const fmi3ValueReference vr[],
                                               size_t nvr, const fmi3Float64 shifts[]);
MOCC_FMI_EXPORT fmi3Status fmi3SetShiftFraction(fmi3Instance, const fmi3ValueReference vr[],
                                                size_t nvr, const fmi3UInt64 counters[],
                                                const fmi3UInt64 resolutions[]);
MOCC_FMI_EXPORT fmi3Status fmi3EvaluateDiscreteStates(fmi3Instance);
MOCC_FMI_EXPORT fmi3Status fmi3UpdateDiscreteStates(
    fmi3Instance, fmi3Boolean* discreteStatesNeedUpdate, fmi3Boolean* terminateSimulation,
    fmi3Boolean* nominalsOfContinuousStatesChanged, fmi3Boolean* valuesOfContinuousStatesChanged,
    fmi3Boolean* nextEventTimeDefined, fmi3Float64* nextEventTime);
/* Model Exchange */
MOCC_FMI_EXPORT fmi3Status fmi3EnterContinuousTimeMode(fmi3Instance);
MOCC_FMI_EXPORT fmi3Status fmi3CompletedIntegratorStep(fmi3Instance,
                                                       fmi3Boolean noSetFMUStatePriorToCurrentPoint,
                                                       fmi3Boolean* enterEventMode,
                                                       fmi3Boolean* terminateSimulation);
MOCC_FMI_EXPORT fmi3Status fmi3SetTime(fmi3Instance, fmi3Float64 time);
MOCC_FMI_EXPORT fmi3Status fmi3SetContinuousStates(fmi3Instance, const fmi3Float64 states[],
                                                   size_t nStates);
MOCC_FMI_EXPORT fmi3Status fmi3GetContinuousStateDerivatives(fmi3Instance,
                                                             fmi3Float64 derivatives[],
                                                             size_t nStates);
MOCC_FMI_EXPORT fmi3Status fmi3GetEventIndicators(fmi3Instance, fmi3Float64 eventIndicators[],
                                                  size_t nEventIndicators);
MOCC_FMI_EXPORT fmi3Status fmi3GetContinuousStates(fmi3Instance, fmi3Float64 states[],
                                                   size_t nStates);
MOCC_FMI_EXPORT fmi3Status fmi3GetNominalsOfContinuousStates(fmi3Instance, fmi3Float64 nominals[],
                                                             size_t nStates);
MOCC_FMI_EXPORT fmi3Status fmi3GetNumberOfEventIndicators(fmi3Instance, size_t* nEventIndicators);
MOCC_FMI_EXPORT fmi3Status fmi3GetNumberOfContinuousStates(fmi3Instance, size_t* nStates);
/* Co-Simulation */
MOCC_FMI_EXPORT fmi3Status fmi3EnterStepMode(fmi3Instance);
MOCC_FMI_EXPORT fmi3Status fmi3GetOutputDerivatives(fmi3Instance, const fmi3ValueReference vr[],
                                                    size_t nvr, const fmi3Int32 orders[],
                                                    fmi3Float64 values[], size_t nValues);
MOCC_FMI_EXPORT fmi3Status fmi3DoStep(fmi3Instance, fmi3Float64 currentCommunicationPoint,
                                      fmi3Float64 communicationStepSize,
                                      fmi3Boolean noSetFMUStatePriorToCurrentPoint,
                                      fmi3Boolean* eventHandlingNeeded,
                                      fmi3Boolean* terminateSimulation, fmi3Boolean* earlyReturn,
                                      fmi3Float64* lastSuccessfulTime);
/* Scheduled Execution */
MOCC_FMI_EXPORT fmi3Status fmi3ActivateModelPartition(fmi3Instance,
                                                      fmi3ValueReference clockReference,
                                                      fmi3Float64 activationTime);

#ifdef __cplusplus
}
#endif

#endif /* MOCC_FMI_API_H */
