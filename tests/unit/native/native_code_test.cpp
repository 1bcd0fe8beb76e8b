// mocc_native: Include code and Library names (MLS 3.6 section 12.9.4) turned into shared
// objects by the system C compiler, in a fresh cache directory per test, and loaded with
// dlopen as the JIT loads them.
#include "mocc/native/native_code.h"

#include <gtest/gtest.h>

#include <dlfcn.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

namespace fs = std::filesystem;
using namespace mocc;
using namespace mocc::backend::native;

namespace {

// A loaded object, closed at the end of the test.
class Loaded {
public:
  Loaded(const fs::path& object, int mode) : handle_(dlopen(object.c_str(), mode)) {}
  ~Loaded() {
    if (handle_) dlclose(handle_);
  }
  explicit operator bool() const { return handle_ != nullptr; }
  template <typename Function> Function* function(const char* name) const {
    return reinterpret_cast<Function*>(dlsym(handle_, name));
  }

private:
  void* handle_;
};

class NativeCodeTest : public testing::Test {
protected:
  void SetUp() override {
    const auto* test = testing::UnitTest::GetInstance()->current_test_info();
    root_ = fs::path(testing::TempDir()) /
            ("mocc-native-" + std::to_string(getpid()) + "-" + test->name());
    fs::remove_all(root_);
    fs::create_directories(root_);
    options_.cacheDirectory = root_ / "cache";
  }
  void TearDown() override { fs::remove_all(root_); }

  std::optional<NativeCode> prepare(const sim::ExternalLibraries& libraries) {
    error_.clear();
    return backend::native::prepare(libraries, options_, error_);
  }

  fs::path write(const fs::path& relative, const std::string& text) {
    fs::path file = root_ / relative;
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
    return file;
  }

  // A shared library built from `code` outside mocc_native, as a package would ship it.
  fs::path buildLibrary(const fs::path& relative, const std::string& code) {
    fs::path source = write(relative.string() + ".c", code);
    fs::path object = root_ / relative;
    std::string command = "cc -shared -fPIC -o '" + object.string() + "' '" + source.string() + "'";
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
    return object;
  }

  fs::path root_;
  NativeOptions options_;
  std::string error_;
};

sim::ExternalLibraries includeCode(std::string code) {
  sim::ExternalLibraries libraries;
  libraries.includes.push_back(std::move(code));
  return libraries;
}

const char* kTwice = "double twice(double x) { return 2 * x; }";

TEST_F(NativeCodeTest, IncludeCodeIsCompiledAndLoads) {
  std::optional<NativeCode> code = prepare(includeCode(kTwice));
  ASSERT_TRUE(code) << error_;
  ASSERT_EQ(code->sharedObjects.size(), 1u);
  EXPECT_EQ(code->compiledObjects, 1);
  Loaded object(code->sharedObjects[0], RTLD_NOW);
  ASSERT_TRUE(object) << dlerror();
  auto* twice = object.function<double(double)>("twice");
  ASSERT_TRUE(twice);
  EXPECT_EQ(twice(21.5), 43.0);
}

TEST_F(NativeCodeTest, CacheHitDoesNotRecompile) {
  std::optional<NativeCode> first = prepare(includeCode(kTwice));
  ASSERT_TRUE(first) << error_;
  fs::file_time_type built = fs::last_write_time(first->sharedObjects[0]);
  std::optional<NativeCode> second = prepare(includeCode(kTwice));
  ASSERT_TRUE(second) << error_;
  EXPECT_EQ(second->compiledObjects, 0);
  EXPECT_EQ(second->sharedObjects, first->sharedObjects);
  EXPECT_EQ(fs::last_write_time(second->sharedObjects[0]), built);
  // Other code is another object.
  std::optional<NativeCode> other =
      prepare(includeCode("double thrice(double x) { return 3 * x; }"));
  ASSERT_TRUE(other) << error_;
  EXPECT_EQ(other->compiledObjects, 1);
  EXPECT_NE(other->sharedObjects, first->sharedObjects);
}

TEST_F(NativeCodeTest, ChangedHeaderRebuilds) {
  write("include/twice.h", "double twice(double x);\n");
  sim::ExternalLibraries libraries =
      includeCode("#include \"twice.h\"\ndouble twice(double x) { return 2 * x; }");
  libraries.includeDirectories.push_back((root_ / "include").string());
  ASSERT_TRUE(prepare(libraries)) << error_;
  write("include/twice.h", "double twice(double x); /* changed */\n");
  fs::last_write_time(root_ / "include/twice.h",
                      fs::file_time_type::clock::now() + std::chrono::seconds(5));
  std::optional<NativeCode> again = prepare(libraries);
  ASSERT_TRUE(again) << error_;
  EXPECT_EQ(again->compiledObjects, 1);
}

// The MSL's Include annotations only declare: the object is empty, but the header was checked.
TEST_F(NativeCodeTest, DeclarationsOnlyCompileToAnEmptyObject) {
  write("include/Tables.h", "void* Tables_init(const char* name);\n");
  sim::ExternalLibraries libraries = includeCode("#include \"Tables.h\"");
  libraries.includeDirectories.push_back((root_ / "include").string());
  std::optional<NativeCode> code = prepare(libraries);
  ASSERT_TRUE(code) << error_;
  Loaded object(code->sharedObjects[0], RTLD_NOW);
  EXPECT_TRUE(object) << dlerror();

  libraries.includes = {"#include \"Missing.h\""};
  EXPECT_FALSE(prepare(libraries));
  EXPECT_NE(error_.find("Missing.h"), std::string::npos) << error_;
}

TEST_F(NativeCodeTest, OptionIncludeDirectoriesComeFirst) {
  write("runtime/ModelicaUtilities.h", "#define FROM_RUNTIME 1\n");
  write("library/ModelicaUtilities.h", "#define FROM_LIBRARY 1\n");
  options_.includeDirectories.push_back(root_ / "runtime");
  sim::ExternalLibraries libraries = includeCode(
      "#include \"ModelicaUtilities.h\"\n#ifndef FROM_RUNTIME\n#error wrong header\n#endif");
  libraries.includeDirectories.push_back((root_ / "library").string());
  EXPECT_TRUE(prepare(libraries)) << error_;
}

TEST_F(NativeCodeTest, SyntaxErrorGivesTheCompilerMessage) {
  EXPECT_FALSE(prepare(includeCode("double broken(double x) { return 2 * x }")));
  EXPECT_NE(error_.find("Include code"), std::string::npos) << error_;
  EXPECT_NE(error_.find("error:"), std::string::npos) << error_;
  EXPECT_NE(error_.find("expected"), std::string::npos) << error_;
  // No object, and no scratch directory left behind; the source stays for the message.
  for (const fs::directory_entry& entry : fs::directory_iterator(options_.cacheDirectory))
    EXPECT_EQ(entry.path().extension(), ".c") << entry.path();
}

// ModelicaUtilities functions are left to the process that loads the object (the runtime).
TEST_F(NativeCodeTest, ModelicaUtilitiesStayUndefined) {
  std::optional<NativeCode> code = prepare(includeCode(
      "void ModelicaError(const char* message);\n"
      "double checked(double x) { if (x < 0) ModelicaError(\"negative\"); return x; }"));
  ASSERT_TRUE(code) << error_;
  // This executable does not provide ModelicaError: binding it now fails, lazily it works.
  EXPECT_FALSE(Loaded(code->sharedObjects[0], RTLD_NOW));
  Loaded object(code->sharedObjects[0], RTLD_LAZY);
  ASSERT_TRUE(object) << dlerror();
  EXPECT_EQ(object.function<double(double)>("checked")(4.0), 4.0);
}

TEST_F(NativeCodeTest, UnknownLibraryIsNamed) {
  sim::ExternalLibraries libraries;
  libraries.libraries = {"NoSuchLibrary"};
  libraries.libraryDirectories = {(root_ / "Resources/Library").string()};
  EXPECT_FALSE(prepare(libraries));
  EXPECT_NE(error_.find("\"NoSuchLibrary\""), std::string::npos) << error_;
  EXPECT_NE(error_.find((root_ / "Resources/Library").string()), std::string::npos) << error_;
  EXPECT_NE(error_.find("libNoSuchLibrary.so"), std::string::npos) << error_;
}

TEST_F(NativeCodeTest, ZlibIsTheSystemLibz) {
  sim::ExternalLibraries libraries;
  libraries.libraries = {"zlib"};
  std::optional<NativeCode> code = prepare(libraries);
  ASSERT_TRUE(code) << error_;
  ASSERT_EQ(code->sharedObjects.size(), 1u);
  EXPECT_EQ(code->sharedObjects[0].filename().string().rfind("libz.so", 0), 0u);
  Loaded object(code->sharedObjects[0], RTLD_NOW);
  ASSERT_TRUE(object) << dlerror();
  EXPECT_TRUE(object.function<const char*()>("zlibVersion"));
}

// libm.so is a GNU ld script, which dlopen cannot load: the object it names stands for it.
TEST_F(NativeCodeTest, LinkerScriptsResolveToTheirObject) {
  sim::ExternalLibraries libraries;
  libraries.libraries = {"m"};
  std::optional<NativeCode> code = prepare(libraries);
  ASSERT_TRUE(code) << error_;
  ASSERT_EQ(code->sharedObjects.size(), 1u);
  Loaded object(code->sharedObjects[0], RTLD_NOW);
  ASSERT_TRUE(object) << code->sharedObjects[0] << ": " << dlerror();
  EXPECT_TRUE(object.function<double(double)>("cbrt"));
}

// MLS 12.9.4: the platform directory below the LibraryDirectory first.
TEST_F(NativeCodeTest, LibraryDirectoryAndItsPlatformDirectory) {
  buildLibrary("Resources/Library/libAnswer.so", "int answer(void) { return 41; }");
  fs::create_directories(root_ / "Resources/Library/linux64");
  fs::path platform =
      buildLibrary("Resources/Library/linux64/libAnswer.so", "int answer(void) { return 42; }");
  sim::ExternalLibraries libraries;
  libraries.libraries = {"Answer"};
  libraries.libraryDirectories = {(root_ / "Resources/Library").string()};
  std::optional<NativeCode> code = prepare(libraries);
  ASSERT_TRUE(code) << error_;
  EXPECT_EQ(code->sharedObjects, std::vector<fs::path>{platform});
  EXPECT_EQ(code->compiledObjects, 0);
}

// Resources/C-Sources beside Resources/Library (which need not exist): one object for every
// name found nowhere else, after the system libraries it uses.
TEST_F(NativeCodeTest, CSourcesBesideTheLibraryDirectory) {
  write("Resources/C-Sources/Answer.h", "int answer(void);\n");
  write("Resources/C-Sources/answer.c", "#include \"Answer.h\"\nint answer(void) { return 42; }\n");
  write("Resources/C-Sources/twice.c",
        "#include <zlib.h>\nconst char* version(void) { return zlibVersion(); }\n"
        "int twiceAnswer(void);\n");
  write("Resources/C-Sources/more.c",
        "#include \"Answer.h\"\nint twiceAnswer(void) { return 2 * answer(); }\n");
  sim::ExternalLibraries libraries;
  libraries.libraries = {"Answer", "Twice", "zlib"};
  libraries.libraryDirectories = {(root_ / "Resources/Library/").string()};
  libraries.includes = {"#include \"Answer.h\"", "int plusOne(void) { return answer() + 1; }"};
  libraries.includeDirectories = {(root_ / "Resources/C-Sources").string()};
  std::optional<NativeCode> code = prepare(libraries);
  ASSERT_TRUE(code) << error_;
  EXPECT_EQ(code->compiledObjects, 2);
  ASSERT_EQ(code->sharedObjects.size(), 3u);
  EXPECT_EQ(code->sharedObjects[0].filename().string().rfind("libz.so", 0), 0u);
  EXPECT_EQ(code->sharedObjects[1].parent_path(), options_.cacheDirectory);
  std::vector<std::unique_ptr<Loaded>> loaded;
  for (const fs::path& object : code->sharedObjects) {
    loaded.push_back(std::make_unique<Loaded>(object, RTLD_NOW | RTLD_GLOBAL));
    ASSERT_TRUE(*loaded.back()) << dlerror();
  }
  EXPECT_EQ(loaded[1]->function<int()>("twiceAnswer")(), 84);
  EXPECT_EQ(loaded[2]->function<int()>("plusOne")(), 43);

  std::optional<NativeCode> again = prepare(libraries);
  ASSERT_TRUE(again) << error_;
  EXPECT_EQ(again->compiledObjects, 0);
  EXPECT_EQ(again->sharedObjects, code->sharedObjects);
}

TEST_F(NativeCodeTest, CSourcesThatDoNotCompileAreReported) {
  write("Resources/C-Sources/good.c", "int good(void) { return 1; }\n");
  write("Resources/C-Sources/bad.c", "int bad(void) { return undeclared; }\n");
  sim::ExternalLibraries libraries;
  libraries.libraries = {"Bad"};
  libraries.libraryDirectories = {(root_ / "Resources/Library").string()};
  EXPECT_FALSE(prepare(libraries));
  EXPECT_NE(error_.find("C-Sources"), std::string::npos) << error_;
  EXPECT_NE(error_.find("undeclared"), std::string::npos) << error_;
}

TEST_F(NativeCodeTest, MissingCompilerIsReported) {
  options_.compiler = "mocc-no-such-compiler";
  EXPECT_FALSE(prepare(includeCode(kTwice)));
  EXPECT_NE(error_.find("mocc-no-such-compiler"), std::string::npos) << error_;
}

// Two builders of one object at once (ctest runs tests in parallel, and so may mocc): one
// compiles, the other waits for its object.
TEST_F(NativeCodeTest, ConcurrentBuildsAgree) {
  std::optional<NativeCode> results[2];
  std::string errors[2];
  std::thread other(
      [&] { results[1] = backend::native::prepare(includeCode(kTwice), options_, errors[1]); });
  results[0] = backend::native::prepare(includeCode(kTwice), options_, errors[0]);
  other.join();
  ASSERT_TRUE(results[0]) << errors[0];
  ASSERT_TRUE(results[1]) << errors[1];
  EXPECT_EQ(results[0]->sharedObjects, results[1]->sharedObjects);
  EXPECT_EQ(results[0]->compiledObjects + results[1]->compiledObjects, 1);
  Loaded object(results[0]->sharedObjects[0], RTLD_NOW);
  ASSERT_TRUE(object) << dlerror();
  EXPECT_EQ(object.function<double(double)>("twice")(1.5), 3.0);
}

// A build killed half-way leaves its scratch directory; the next build removes it once it is
// old enough that no running build can own it.
TEST_F(NativeCodeTest, BuildsRemoveStaleScratchDirectories) {
  fs::create_directories(options_.cacheDirectory / "tmp-killed");
  fs::create_directories(options_.cacheDirectory / "tmp-running");
  fs::last_write_time(options_.cacheDirectory / "tmp-killed",
                      fs::file_time_type::clock::now() - std::chrono::hours(2));
  ASSERT_TRUE(prepare(includeCode(kTwice))) << error_;
  EXPECT_FALSE(fs::exists(options_.cacheDirectory / "tmp-killed"));
  EXPECT_TRUE(fs::exists(options_.cacheDirectory / "tmp-running"));
}

TEST_F(NativeCodeTest, NothingToPrepare) {
  std::optional<NativeCode> code = prepare({});
  ASSERT_TRUE(code) << error_;
  EXPECT_TRUE(code->sharedObjects.empty());
}

} // namespace
