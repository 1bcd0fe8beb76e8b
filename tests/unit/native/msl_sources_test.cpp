// The MSL's C sources (Modelica/Resources/C-Sources, read in place from MOCC_MSL_DIR) built by
// mocc_native into one object that stands for ModelicaExternalC, ModelicaStandardTables,
// ModelicaIO and ModelicaMatIO, loaded with every symbol bound (RTLD_NOW) against the
// runtime's ModelicaUtilities (mocc_runtime, linked by this test), and called.
#include "mocc/native/native_code.h"

#include "ModelicaUtilities.h"

#include <gtest/gtest.h>

#include <dlfcn.h>
#include <unistd.h>

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <iostream>

namespace fs = std::filesystem;
using namespace mocc;
using namespace mocc::backend::native;

namespace {

const fs::path kResources =
    fs::path(MOCC_MSL_DIR) / "ModelicaStandardLibrary-4.0.0/Modelica/Resources";

// What the frontend gathers for the MSL's table functions (MLS 12.9.4 annotations, the
// default LibraryDirectory resolved though the MSL has no such directory).
sim::ExternalLibraries mslTables() {
  sim::ExternalLibraries libraries;
  libraries.includes = {"#include \"ModelicaStandardTables.h\""};
  libraries.includeDirectories = {(kResources / "C-Sources").string()};
  libraries.libraries = {"ModelicaStandardTables", "ModelicaIO", "ModelicaMatIO", "zlib",
                         "ModelicaExternalC"};
  libraries.libraryDirectories = {(kResources / "Library").string()};
  return libraries;
}

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

using TableInit = void*(const char*, const char*, double*, std::size_t, std::size_t, double, int*,
                        std::size_t, int, int, double, int, int);
using TableValue = double(void*, int, double, double, double);

TEST(MslCSources, BuildIntoOneLoadableObject) {
  // The runtime provides what the objects call (kept linked: the test calls one of them).
  ASSERT_STREQ(ModelicaDuplicateString("runtime"), "runtime");
  NativeOptions options;
  options.cacheDirectory =
      fs::path(testing::TempDir()) / ("mocc-native-msl-" + std::to_string(getpid()));
  fs::remove_all(options.cacheDirectory);
  std::string error;
  auto start = std::chrono::steady_clock::now();
  std::optional<NativeCode> code = prepare(mslTables(), options, error);
  double buildSeconds = secondsSince(start);
  ASSERT_TRUE(code) << error;
  EXPECT_EQ(code->compiledObjects, 2); // the C-Sources and the Include code
  start = std::chrono::steady_clock::now();
  std::optional<NativeCode> hit = prepare(mslTables(), options, error);
  double hitSeconds = secondsSince(start);
  ASSERT_TRUE(hit) << error;
  EXPECT_EQ(hit->compiledObjects, 0);
  std::cout << "MSL C-Sources: built in " << buildSeconds << " s, cache hit in " << hitSeconds * 1e3
            << " ms\n";
  testing::Test::RecordProperty("build_seconds", std::to_string(buildSeconds));
  testing::Test::RecordProperty("hit_milliseconds", std::to_string(hitSeconds * 1e3));

  // libz, the C-Sources object (after libz, which it uses), the (empty) Include object.
  ASSERT_EQ(code->sharedObjects.size(), 3u);
  EXPECT_EQ(code->sharedObjects[0].filename().string().rfind("libz.so", 0), 0u);
  EXPECT_EQ(code->sharedObjects[1].filename().string().rfind("c-sources-", 0), 0u);
  EXPECT_EQ(code->sharedObjects[2].filename().string().rfind("include-", 0), 0u);
  std::vector<void*> handles;
  for (const fs::path& object : code->sharedObjects) {
    handles.push_back(dlopen(object.c_str(), RTLD_NOW | RTLD_GLOBAL));
    ASSERT_TRUE(handles.back()) << dlerror();
  }
  void* msl = handles[1];
  for (const char* symbol : {"ModelicaStandardTables_CombiTimeTable_init2",
                             "ModelicaStrings_length", "ModelicaRandom_xorshift64star",
                             "ModelicaInternal_print", "ModelicaIO_readMatrixSizes", "usertab"})
    EXPECT_TRUE(dlsym(msl, symbol)) << symbol;

  auto* length = reinterpret_cast<int (*)(const char*)>(dlsym(msl, "ModelicaStrings_length"));
  EXPECT_EQ(length("Modelica"), 8);
  auto* xorshift =
      reinterpret_cast<void (*)(int*, int*, double*)>(dlsym(msl, "ModelicaRandom_xorshift64star"));
  int state[2] = {1, 2}, next[2] = {};
  double y = -1;
  xorshift(state, next, &y);
  EXPECT_GT(y, 0.0);
  EXPECT_LE(y, 1.0);

  // A table given as a matrix: linear segments, hold the last point, no time events.
  auto* init =
      reinterpret_cast<TableInit*>(dlsym(msl, "ModelicaStandardTables_CombiTimeTable_init2"));
  auto* value =
      reinterpret_cast<TableValue*>(dlsym(msl, "ModelicaStandardTables_CombiTimeTable_getValue"));
  auto* close =
      reinterpret_cast<void (*)(void*)>(dlsym(msl, "ModelicaStandardTables_CombiTimeTable_close"));
  double table[] = {0, 0, 1, 2, 2, 3};
  int columns[] = {2};
  void* id = init("NoName", "NoName", table, 3, 2, 0.0, columns, 1, 1, 1, 0.0, 3, 0);
  ASSERT_TRUE(id);
  EXPECT_DOUBLE_EQ(value(id, 1, 0.5, 1e60, 1e60), 1.0);
  EXPECT_DOUBLE_EQ(value(id, 1, 1.5, 1e60, 1e60), 2.5);
  close(id);

  for (auto handle = handles.rbegin(); handle != handles.rend(); ++handle)
    dlclose(*handle);
  fs::remove_all(options.cacheDirectory);
}

} // namespace
