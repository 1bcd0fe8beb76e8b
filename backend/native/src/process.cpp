#include "process.h"

#include <fmt/format.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace mocc::backend::native {

namespace {

namespace fs = std::filesystem;

struct Running {
  std::size_t index;
  pid_t pid;
};

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Starts `command` with stdin from /dev/null and stdout and stderr into `output`; -1 with
// `error` set when it cannot be started (no such compiler).
pid_t start(const std::vector<std::string>& command, const fs::path& output, std::string& error) {
  std::vector<char*> argv;
  for (const std::string& argument : command)
    argv.push_back(const_cast<char*>(argument.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  pid_t pid = -1;
  int status = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (status != 0) {
    error = fmt::format("cannot run {}: {}", command[0], std::strerror(status));
    return -1;
  }
  return pid;
}

// Whether `child` has ended (without blocking); `succeeded` when it exited with status 0.
bool ended(pid_t child, bool& succeeded) {
  int status = 0;
  pid_t result = waitpid(child, &status, WNOHANG);
  if (result == 0 || (result < 0 && errno == EINTR)) return false;
  succeeded = result == child && WIFEXITED(status) && WEXITSTATUS(status) == 0;
  return true;
}

} // namespace

std::vector<ProcessResult> runCommands(const std::vector<std::vector<std::string>>& commands,
                                       unsigned jobs, const fs::path& scratch) {
  std::vector<ProcessResult> results(commands.size());
  auto outputPath = [&](std::size_t i) { return scratch / fmt::format("output-{}.txt", i); };
  std::vector<Running> running;
  std::size_t next = 0;
  // Polled rather than waited for in order, so that a long compilation started first does not
  // keep the other processors idle; children are waited for by pid, never another's.
  while (next < commands.size() || !running.empty()) {
    while (running.size() < std::max(jobs, 1u) && next < commands.size()) {
      pid_t pid = start(commands[next], outputPath(next), results[next].output);
      if (pid > 0) running.push_back({next, pid});
      ++next;
    }
    bool progress = false;
    for (auto it = running.begin(); it != running.end();) {
      bool succeeded = false;
      if (!ended(it->pid, succeeded)) {
        ++it;
        continue;
      }
      results[it->index].succeeded = succeeded;
      results[it->index].output = readFile(outputPath(it->index));
      it = running.erase(it);
      progress = true;
    }
    if (!progress && !running.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return results;
}

} // namespace mocc::backend::native
