// The FMI functions of an FMU that `mocc fmu` writes, called directly (the FMU's shared object
// loaded with dlopen, its functions found by name as any importer finds them): what fmusim
// does not exercise. Directional derivatives against the closed-form Jacobian, FMU states
// saved and restored in process, terminate() in co-simulation, and errors reported through
// the logger with an error status.
#include "model_test_support.h"

#include "mocc/fmi/fmi_api.h"

#include <gtest/gtest.h>

#include <dlfcn.h>

#include <fstream>

#include <string>
#include <vector>

using namespace mocc::test;

namespace {

namespace fs = std::filesystem;

/// An FMU written by `mocc fmu` for `model`, unpacked and loaded: its own shared object, or one
/// built again from its sources/ (`rebuilt`).
class LoadedFmu {
public:
  explicit LoadedFmu(const std::string& model, std::string modelFile = {}, bool rebuilt = false) {
    if (modelFile.empty())
      modelFile = std::string(MOCC_SOURCE_DIR) + "/tests/fmi/models/" + model + ".mo";
    fs::path dir = scratchDirectory();
    CommandResult r =
        runCommand(moccBinary() + " fmu " + modelFile + " -o " + (dir / "m.fmu").string() +
                   " && cd " + dir.string() + " && unzip -q m.fmu");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    fs::path library = dir / "binaries/x86_64-linux" / (model + ".so");
    if (rebuilt) {
      CommandResult build = runCommand("cd " + dir.string() +
                                       " && cmake -S sources -B rebuilt > /dev/null && "
                                       "cmake --build rebuilt -j 2");
      EXPECT_EQ(build.exitCode, 0) << build.output;
      library = dir / "rebuilt" / (model + ".so");
    }
    handle_ = dlopen(library.c_str(), RTLD_NOW);
    EXPECT_NE(handle_, nullptr) << dlerror();
    std::ifstream description(dir / "modelDescription.xml");
    std::string text((std::istreambuf_iterator<char>(description)), {});
    std::size_t at = text.find("instantiationToken=\"") + 20;
    token_ = text.substr(at, text.find('"', at) - at);
  }
  ~LoadedFmu() {
    if (handle_) dlclose(handle_);
  }
  LoadedFmu(const LoadedFmu&) = delete;
  LoadedFmu& operator=(const LoadedFmu&) = delete;
  template <typename F> F* get(const char* name) const {
    return reinterpret_cast<F*>(dlsym(handle_, name));
  }
  const std::string& token() const { return token_; }

private:
  void* handle_ = nullptr;
  std::string token_;
};

#define FMI(fmu, name) (fmu).get<decltype(name)>(#name)

void collect(fmi3InstanceEnvironment environment, fmi3Status, fmi3String, fmi3String message) {
  static_cast<std::string*>(environment)->append(message).append("\n");
}

/// Value references: the model's variable table in declaration order (Nonlinear.mo: x, y, z,
/// stopAt, der(x), der(y)); they are read from the description in the fmusim tests.
constexpr fmi3ValueReference x = 0, y = 1, z = 2, stopAt = 3, derX = 4, derY = 5;

class Nonlinear : public testing::Test {
protected:
  void SetUp() override {
    instance_ = FMI(fmu_, fmi3InstantiateModelExchange)("nonlinear", fmu_.token().c_str(), "",
                                                        false, false, &log_, collect);
    ASSERT_NE(instance_, nullptr) << log_;
    ASSERT_EQ(FMI(fmu_, fmi3EnterInitializationMode)(instance_, false, 0, 0, false, 0), fmi3OK);
    ASSERT_EQ(FMI(fmu_, fmi3ExitInitializationMode)(instance_), fmi3OK) << log_;
    ASSERT_EQ(FMI(fmu_, fmi3EnterContinuousTimeMode)(instance_), fmi3OK) << log_;
  }
  void TearDown() override {
    if (instance_) FMI(fmu_, fmi3FreeInstance)(instance_);
  }
  std::vector<double> derivative(std::vector<fmi3ValueReference> unknowns,
                                 std::vector<fmi3ValueReference> knowns, std::vector<double> seed) {
    std::vector<double> sensitivity(unknowns.size());
    EXPECT_EQ(FMI(fmu_, fmi3GetDirectionalDerivative)(
                  instance_, unknowns.data(), unknowns.size(), knowns.data(), knowns.size(),
                  seed.data(), seed.size(), sensitivity.data(), sensitivity.size()),
              fmi3OK)
        << log_;
    return sensitivity;
  }
  double read(fmi3ValueReference reference) {
    double value = 0;
    EXPECT_EQ(FMI(fmu_, fmi3GetFloat64)(instance_, &reference, 1, &value, 1), fmi3OK) << log_;
    return value;
  }

  LoadedFmu fmu_{"Nonlinear"};
  std::string log_;
  fmi3Instance instance_ = nullptr;
};

// d(der(x), der(y))/d(x, y) = [-y, -x; 2x, 0], at x = 2, y = 1 from the compiler's analytic
// Jacobian: exact.
TEST_F(Nonlinear, DirectionalDerivativesOfTheStateDerivativesAreTheJacobian) {
  EXPECT_EQ(derivative({derX, derY}, {x, y}, {1, 0}), (std::vector<double>{-1, 4}));
  EXPECT_EQ(derivative({derX, derY}, {x, y}, {0, 1}), (std::vector<double>{-2, 0}));
  EXPECT_EQ(derivative({derY}, {x}, {0.5}), (std::vector<double>{2}));
}

// An output's derivative comes from central differences: z = x + 3 y is linear, so only
// rounding remains, eps |z| over the step cbrt(eps) |x|: below 1e-10.
TEST_F(Nonlinear, DirectionalDerivativesOfOutputsByCentralDifferences) {
  std::vector<double> dz = derivative({z}, {x, y}, {1, 1});
  EXPECT_NEAR(dz[0], 4.0, 1e-10);
  EXPECT_EQ(read(x), 2.0) << "the knowns are restored";
}

TEST_F(Nonlinear, FmuStateSavedAndRestored) {
  fmi3FMUState state = nullptr;
  ASSERT_EQ(FMI(fmu_, fmi3GetFMUState)(instance_, &state), fmi3OK) << log_;
  double moved[] = {5, 7};
  ASSERT_EQ(FMI(fmu_, fmi3SetTime)(instance_, 0.25), fmi3OK);
  ASSERT_EQ(FMI(fmu_, fmi3SetContinuousStates)(instance_, moved, 2), fmi3OK);
  EXPECT_EQ(read(z), 5 + 3 * 7);
  size_t size = 0;
  ASSERT_EQ(FMI(fmu_, fmi3SerializedFMUStateSize)(instance_, state, &size), fmi3OK);
  std::vector<fmi3Byte> bytes(size);
  ASSERT_EQ(FMI(fmu_, fmi3SerializeFMUState)(instance_, state, bytes.data(), size), fmi3OK);
  fmi3FMUState copy = nullptr;
  ASSERT_EQ(FMI(fmu_, fmi3DeserializeFMUState)(instance_, bytes.data(), size, &copy), fmi3OK);
  ASSERT_EQ(FMI(fmu_, fmi3SetFMUState)(instance_, copy), fmi3OK) << log_;
  double states[2];
  ASSERT_EQ(FMI(fmu_, fmi3GetContinuousStates)(instance_, states, 2), fmi3OK);
  EXPECT_EQ(states[0], 2.0);
  EXPECT_EQ(states[1], 1.0);
  EXPECT_EQ(read(z), 2 + 3 * 1);
  FMI(fmu_, fmi3FreeFMUState)(instance_, &state);
  FMI(fmu_, fmi3FreeFMUState)(instance_, &copy);
  EXPECT_EQ(state, nullptr);
  // A state the FMU did not make is refused, not dereferenced.
  int foreign = 0;
  EXPECT_EQ(FMI(fmu_, fmi3SetFMUState)(instance_, &foreign), fmi3Error);
  EXPECT_NE(log_.find("not made by this FMU"), std::string::npos) << log_;
}

// FMI 3.0 section 3.2.1: in continuous-time mode only continuous inputs change; a tunable
// parameter waits for event mode, where the when-clause reads its new value.
TEST_F(Nonlinear, TunableParametersChangeOnlyInEventMode) {
  double value = 0.1;
  fmi3ValueReference reference = stopAt;
  EXPECT_EQ(FMI(fmu_, fmi3SetFloat64)(instance_, &reference, 1, &value, 1), fmi3Error);
  EXPECT_NE(log_.find("'stopAt' can be set only in event mode"), std::string::npos) << log_;
}

TEST_F(Nonlinear, TunedParameterTakesEffectAtTheEventIteration) {
  ASSERT_EQ(FMI(fmu_, fmi3EnterEventMode)(instance_), fmi3OK) << log_;
  double value = -1; // time > stopAt holds at once: terminate()
  fmi3ValueReference reference = stopAt;
  ASSERT_EQ(FMI(fmu_, fmi3SetFloat64)(instance_, &reference, 1, &value, 1), fmi3OK) << log_;
  fmi3Boolean discreteStatesNeedUpdate = false, terminate = false, nominalsChanged = false,
              statesChanged = false, nextEventTimeDefined = false;
  double nextEventTime = 0;
  ASSERT_EQ(FMI(fmu_, fmi3UpdateDiscreteStates)(instance_, &discreteStatesNeedUpdate, &terminate,
                                                &nominalsChanged, &statesChanged,
                                                &nextEventTimeDefined, &nextEventTime),
            fmi3OK)
      << log_;
  EXPECT_TRUE(terminate);
}

TEST_F(Nonlinear, UnknownValueReferencesAreErrors) {
  fmi3ValueReference reference = 1000;
  double value = 0;
  EXPECT_EQ(FMI(fmu_, fmi3GetFloat64)(instance_, &reference, 1, &value, 1), fmi3Error);
  EXPECT_NE(log_.find("value reference 1000"), std::string::npos) << log_;
}

TEST(FmuApi, WrongTokenIsRefused) {
  LoadedFmu fmu("Nonlinear");
  std::string log;
  fmi3Instance instance = FMI(fmu, fmi3InstantiateCoSimulation)(
      "x", "{00000000-0000-0000-0000-000000000000}", "", false, false, false, false, nullptr, 0,
      &log, collect, nullptr);
  EXPECT_EQ(instance, nullptr);
  EXPECT_NE(log.find("belongs to another model"), std::string::npos) << log;
}

// terminate() at t > 0.5 (MLS 8.3.8) ends a co-simulation step there, successfully.
TEST(FmuApi, TerminateEndsTheCoSimulation) {
  LoadedFmu fmu("Nonlinear");
  std::string log;
  fmi3Instance instance = FMI(fmu, fmi3InstantiateCoSimulation)(
      "x", fmu.token().c_str(), "", false, false, false, false, nullptr, 0, &log, collect, nullptr);
  ASSERT_NE(instance, nullptr) << log;
  ASSERT_EQ(FMI(fmu, fmi3EnterInitializationMode)(instance, true, 1e-8, 0, true, 2), fmi3OK);
  ASSERT_EQ(FMI(fmu, fmi3ExitInitializationMode)(instance), fmi3OK) << log;
  fmi3Boolean eventNeeded = false, terminate = false, early = false;
  double reached = 0, t = 0;
  for (; t < 2 && !terminate; t += 0.25) {
    ASSERT_EQ(
        FMI(fmu, fmi3DoStep)(instance, t, 0.25, true, &eventNeeded, &terminate, &early, &reached),
        fmi3OK)
        << log;
  }
  EXPECT_TRUE(terminate);
  EXPECT_NEAR(reached, 0.5, 1e-9); // the crossing of time > 0.5, located by the runtime
  EXPECT_EQ(FMI(fmu, fmi3Terminate)(instance), fmi3OK);
  FMI(fmu, fmi3FreeInstance)(instance);
}

/// Tuned.mo's value references: k, rate = 2 k, x0 (fixed = false), x (y is its alias), z,
/// fast = k > 2.
namespace tuned {
constexpr fmi3ValueReference k = 0, rate = 1, x0 = 2, x = 3, z = 5, fast = 6;
}

/// A co-simulation instance of Tuned.mo, initialized at t = 0.
class TunedCoSimulation : public testing::Test {
protected:
  void SetUp() override {
    instance_ =
        FMI(fmu_, fmi3InstantiateCoSimulation)("tuned", fmu_.token().c_str(), "", false, false,
                                               false, false, nullptr, 0, &log_, collect, nullptr);
    ASSERT_NE(instance_, nullptr) << log_;
    ASSERT_EQ(FMI(fmu_, fmi3EnterInitializationMode)(instance_, true, 1e-10, 0, false, 0), fmi3OK);
    ASSERT_EQ(FMI(fmu_, fmi3ExitInitializationMode)(instance_), fmi3OK) << log_;
  }
  void TearDown() override {
    if (instance_) FMI(fmu_, fmi3FreeInstance)(instance_);
  }
  void step(double from, double size) {
    fmi3Boolean eventNeeded = false, terminate = false, early = false;
    double reached = 0;
    ASSERT_EQ(FMI(fmu_, fmi3DoStep)(instance_, from, size, true, &eventNeeded, &terminate, &early,
                                    &reached),
              fmi3OK)
        << log_;
  }
  double read(fmi3ValueReference reference) {
    double value = 0;
    EXPECT_EQ(FMI(fmu_, fmi3GetFloat64)(instance_, &reference, 1, &value, 1), fmi3OK) << log_;
    return value;
  }
  bool readBoolean(fmi3ValueReference reference) {
    fmi3Boolean value = false;
    EXPECT_EQ(FMI(fmu_, fmi3GetBoolean)(instance_, &reference, 1, &value, 1), fmi3OK) << log_;
    return value;
  }
  fmi3Status write(fmi3ValueReference reference, double value) {
    return FMI(fmu_, fmi3SetFloat64)(instance_, &reference, 1, &value, 1);
  }

  LoadedFmu fmu_{"Tuned"};
  std::string log_;
  fmi3Instance instance_ = nullptr;
};

// FMI 3.0 section 2.2.5.2: a tunable parameter changes between steps. x integrates the constant
// rate 2 k exactly (BDF integrates constants exactly), up to rounding over a few hundred
// steps: 1e-12. After k := 3 at t = 1, rate = 6 at once and x(2) = 2 + 6; the discrete
// fast = k > 2 follows at the event iteration of the next step; x0 = 3 k, computed by the
// initialization, keeps its value.
TEST_F(TunedCoSimulation, TunableParameterChangesBetweenSteps) {
  step(0, 1);
  EXPECT_NEAR(read(tuned::x), 2.0, 1e-12);
  EXPECT_FALSE(readBoolean(tuned::fast));
  ASSERT_EQ(write(tuned::k, 3), fmi3OK) << log_;
  EXPECT_EQ(read(tuned::rate), 6.0);
  step(1, 1);
  EXPECT_NEAR(read(tuned::x), 8.0, 1e-12);
  EXPECT_NEAR(read(tuned::z), 16.0, 2e-12);
  EXPECT_TRUE(readBoolean(tuned::fast));
  EXPECT_EQ(read(tuned::x0), 3.0);
}

// A tunable parameter set directly keeps its value although it is bound (rate = 2 k).
TEST_F(TunedCoSimulation, BoundTunableParameterKeepsTheValueSet) {
  ASSERT_EQ(write(tuned::rate, 10), fmi3OK) << log_;
  ASSERT_EQ(write(tuned::k, 3), fmi3OK) << log_;
  EXPECT_EQ(read(tuned::rate), 10.0);
  step(0, 1);
  EXPECT_NEAR(read(tuned::x), 10.0, 1e-12);
}

TEST_F(TunedCoSimulation, CalculatedParameterCannotBeSet) {
  EXPECT_EQ(write(tuned::x0, 1), fmi3Error);
  EXPECT_NE(log_.find("'x0' cannot be set after initialization"), std::string::npos) << log_;
}

// sources/ holds the generated C++ and the runtime's sources with a CMakeLists.txt that builds
// them into the FMU's shared object with nothing of mocc installed (Debian's packages only):
// the rebuilt object drops the ball from 10 m, h(1) = 10 - g/2, integrated exactly but for the
// tolerance 1e-8 on the first steps (K TOL (1 + h) with K = 10, bouncing_ball_bounds.h).
TEST(FmuApi, SourcesBuildTheSharedObjectAgain) {
  LoadedFmu fmu("BouncingBall", std::string(MOCC_SOURCE_DIR) + "/examples/BouncingBall.mo", true);
  std::string log;
  fmi3Instance instance =
      FMI(fmu, fmi3InstantiateCoSimulation)("ball", fmu.token().c_str(), "", false, false, false,
                                            false, nullptr, 0, &log, collect, nullptr);
  ASSERT_NE(instance, nullptr) << log;
  ASSERT_EQ(FMI(fmu, fmi3EnterInitializationMode)(instance, true, 1e-8, 0, true, 1), fmi3OK);
  ASSERT_EQ(FMI(fmu, fmi3ExitInitializationMode)(instance), fmi3OK) << log;
  fmi3Boolean eventNeeded = false, terminate = false, early = false;
  double reached = 0;
  for (double t = 0; t < 1; t += 0.25)
    ASSERT_EQ(
        FMI(fmu, fmi3DoStep)(instance, t, 0.25, true, &eventNeeded, &terminate, &early, &reached),
        fmi3OK)
        << log;
  fmi3ValueReference h = 3; // g, e, h0, h, ...: examples/BouncingBall.mo
  double height = 0;
  ASSERT_EQ(FMI(fmu, fmi3GetFloat64)(instance, &h, 1, &height, 1), fmi3OK);
  EXPECT_NEAR(height, 10 - 9.81 / 2, 10 * 1e-8 * (1 + 10));
  FMI(fmu, fmi3FreeInstance)(instance);
}

} // namespace
