// Finding the runtime and running the C++ compiler. The paths of the build tree are compiled in
// (MOCC_BUILD_*, tools/mocc/CMakeLists.txt); an install tree is recognised by its layout
// relative to the running binary, so an installed mocc does not depend on its build tree.
#include "cpp_toolchain.h"

#include "mocc/cpp/emit.h"

#include <cerrno>
#include <cstring>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace mocc::tool {

namespace fs = std::filesystem;

namespace {

/// Whether the headers generated code includes are in `includes` and the libraries in `lib`.
bool hasRuntime(const std::vector<fs::path>& includes, const fs::path& lib) {
  std::error_code ignored;
  for (const char* header : {"model.h", "simulator_main.h"}) {
    bool found = false;
    for (const fs::path& include : includes)
      found = found || fs::exists(include / "mocc" / header, ignored);
    if (!found) return false;
  }
  return fs::exists(lib / "libmocc_simulator_cli.so", ignored) &&
         fs::exists(lib / "libmocc_runtime.so", ignored);
}

} // namespace

ScratchDirectory::ScratchDirectory(const std::string& prefix) {
  std::string pattern = (fs::temp_directory_path() / (prefix + "-XXXXXX")).string();
  if (mkdtemp(pattern.data())) path_ = pattern;
}

ScratchDirectory::~ScratchDirectory() {
  std::error_code ignored;
  if (!path_.empty()) fs::remove_all(path_, ignored);
}

void runProcess(CompilerRun& run) {
  int pipeEnds[2];
  if (pipe(pipeEnds) != 0) {
    run.output = std::string("cannot create a pipe: ") + std::strerror(errno);
    return;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addclose(&actions, pipeEnds[0]);
  posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDERR_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipeEnds[1]);
  std::vector<char*> argv;
  for (std::string& argument : run.command)
    argv.push_back(argument.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  int status = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(pipeEnds[1]);
  if (status != 0) {
    close(pipeEnds[0]);
    run.output = std::strerror(status);
    return;
  }
  char buffer[4096];
  for (ssize_t n; (n = read(pipeEnds[0], buffer, sizeof buffer)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    run.output.append(buffer, static_cast<std::size_t>(n));
  }
  close(pipeEnds[0]);
  int waitStatus = 0;
  while (waitpid(pid, &waitStatus, 0) < 0 && errno == EINTR) {
  }
  run.exitCode = WIFEXITED(waitStatus) ? WEXITSTATUS(waitStatus) : 128 + WTERMSIG(waitStatus);
}

std::optional<RuntimeLocation> findRuntime(std::string& error) {
  std::error_code ignored;
  fs::path self = fs::read_symlink("/proc/self/exe", ignored);
  fs::path prefix = self.parent_path().parent_path();
  if (!self.empty() && self.parent_path().filename() == MOCC_INSTALL_BINDIR) {
    RuntimeLocation installed{{prefix / MOCC_INSTALL_INCLUDEDIR},
                              prefix / MOCC_INSTALL_LIBDIR,
                              prefix / MOCC_INSTALL_DATADIR / "mocc" / "runtime"};
    if (hasRuntime(installed.includeDirectories, installed.libraryDirectory)) return installed;
  }
  RuntimeLocation built{{MOCC_BUILD_RUNTIME_INCLUDE_DIR, MOCC_BUILD_CLI_INCLUDE_DIR},
                        MOCC_BUILD_LIBRARY_DIR,
                        MOCC_BUILD_RUNTIME_SOURCE_DIR};
  if (hasRuntime(built.includeDirectories, built.libraryDirectory)) return built;
  error = "cannot find the mocc runtime (mocc/model.h, mocc/simulator_main.h, "
          "libmocc_simulator_cli.so): not in an install tree around " +
          self.string() + ", nor in the build tree's " + built.libraryDirectory.string();
  return std::nullopt;
}

std::vector<fs::path> linkOrder(const std::vector<fs::path>& nativeObjects) {
  std::vector<fs::path> objects(nativeObjects.rbegin(), nativeObjects.rend());
  if (!objects.empty()) std::reverse(objects.begin() + 1, objects.end());
  return objects;
}

CompilerRun compileSimulator(const std::string& compiler, const fs::path& source,
                             const fs::path& executable, int optLevel,
                             const RuntimeLocation& runtime,
                             const std::vector<fs::path>& nativeObjects) {
  CompilerRun run;
  run.command = {compiler};
  for (const std::string& flag : backend::cpp::requiredCompilerFlags())
    run.command.push_back(flag);
  run.command.push_back("-O" + std::to_string(optLevel));
  for (const fs::path& include : runtime.includeDirectories)
    run.command.push_back("-I" + include.string());
  run.command.push_back(source.string());
  run.command.push_back("-o");
  run.command.push_back(executable.string());
  run.command.push_back("-L" + runtime.libraryDirectory.string());
  run.command.push_back("-Wl,-rpath," + runtime.libraryDirectory.string());
  // The external functions' objects by path, found again at run time where they were built.
  for (const fs::path& object : linkOrder(nativeObjects)) {
    run.command.push_back(object.string());
    run.command.push_back("-Wl,-rpath," + object.parent_path().string());
  }
  run.command.push_back("-lmocc_simulator_cli");
  run.command.push_back("-lmocc_runtime");
  runProcess(run);
  return run;
}

} // namespace mocc::tool
