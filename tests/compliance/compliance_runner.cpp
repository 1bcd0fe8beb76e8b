// Runs `mocc check` semantics (flatten, then the variable/equation balance) over the Modelica
// Association's compliance suite and compares each outcome with the test's shouldPass
// annotation. Each test runs in a child process, so a crash or a hang counts as a failure and
// never stops the run. Prints the pass count per folder and writes the failures to a report.
//
//   compliance_runner SUITE_DIR REPORT_FILE
//
// Exits 1 when any test crashed. A model accepted here may still fail its simulation: the gate
// on outcomes is simulate_suite.py, per model, by the suite's usual rule.
#include "mocc/frontend/instantiate.h"

#include <algorithm>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace mocc;

namespace {

struct TestCase {
  fs::path file;
  bool shouldPass;
};

std::vector<TestCase> findTests(const fs::path& suite) {
  std::vector<TestCase> tests;
  for (const auto& entry : fs::recursive_directory_iterator(suite / "ModelicaCompliance")) {
    if (entry.path().extension() != ".mo") continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    std::string s = text.str();
    auto marker = s.find("TestCase(shouldPass");
    if (marker == std::string::npos) continue;
    auto value = s.find_first_not_of(" =", marker + 19);
    tests.push_back({entry.path(), s.compare(value, 4, "true") == 0});
  }
  std::sort(tests.begin(), tests.end(),
            [](const TestCase& a, const TestCase& b) { return a.file < b.file; });
  return tests;
}

// In the child: 0 when the model flattens and is balanced, 1 when it is rejected.
int check(const fs::path& suite, const fs::path& file, std::string& message) {
  SourceManager sources;
  Diagnostics diagnostics;
  frontend::ClassTree tree(sources, diagnostics);
  frontend::LibraryOptions libraries;
  libraries.libraries.push_back(suite);
  libraries.useModelicaPath = false;
  frontend::addLibraryRoots(tree, libraries);
  auto entries = tree.loadFile(file);
  std::optional<flat::Model> model;
  if (!diagnostics.hasErrors()) {
    if (frontend::ClassEntry* selected = frontend::selectClass(tree, entries, "")) {
      model = frontend::flatten(tree, *selected);
    }
  }
  if (model) {
    frontend::BalanceReport report = frontend::checkBalance(*model);
    if (report.balanced()) return 0;
    message = "not balanced: " + std::to_string(report.equations) + " equations, " +
              std::to_string(report.variables) + " variables";
    return 1;
  }
  for (const Diagnostic& d : diagnostics.all()) {
    if (d.severity == Severity::Error) {
      message = d.message;
      break;
    }
  }
  return 1;
}

// Runs the check in a child process with a time limit; -1 for a crash or a timeout.
int runIsolated(const fs::path& suite, const fs::path& file, std::string& message) {
  int pipeFds[2];
  if (pipe(pipeFds) != 0) return -1;
  pid_t pid = fork();
  if (pid == 0) {
    close(pipeFds[0]);
    alarm(30);
    std::string text;
    int result = check(suite, file, text);
    (void)!write(pipeFds[1], text.data(), text.size());
    _exit(result);
  }
  close(pipeFds[1]);
  char buffer[512];
  ssize_t n;
  while ((n = read(pipeFds[0], buffer, sizeof buffer)) > 0)
    message.append(buffer, static_cast<std::size_t>(n));
  close(pipeFds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFSIGNALED(status)) {
    message = std::string("crashed with signal ") + strsignal(WTERMSIG(status));
    return -1;
  }
  return WEXITSTATUS(status);
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: compliance_runner SUITE_DIR REPORT_FILE\n";
    return 2;
  }
  fs::path suite = argv[1];
  if (!fs::exists(suite / "ModelicaCompliance")) {
    std::cout << "compliance suite not found at " << suite << "; skipped\n";
    return 77; // ctest's SKIP_RETURN_CODE
  }
  std::ofstream report(argv[2]);
  std::map<std::string, std::pair<int, int>> folders; // passed, total
  int passed = 0, positives = 0, positivePassed = 0, crashes = 0;
  std::vector<TestCase> tests = findTests(suite);
  for (const TestCase& test : tests) {
    std::string message;
    int outcome = runIsolated(suite, test.file, message);
    if (outcome < 0 && message.rfind("crashed", 0) == 0) ++crashes;
    bool pass = outcome >= 0 && (outcome == 0) == test.shouldPass;
    fs::path relative = fs::relative(test.file, suite / "ModelicaCompliance");
    std::string folder = relative.begin()->string();
    folders[folder].second++;
    positives += test.shouldPass;
    if (pass) {
      ++passed;
      positivePassed += test.shouldPass;
      folders[folder].first++;
      continue;
    }
    report << relative.string() << " (shouldPass=" << (test.shouldPass ? "true" : "false")
           << "): " << (message.empty() ? "accepted" : message) << "\n";
  }
  std::cout << "Modelica compliance suite (mocc check): " << passed << " of " << tests.size()
            << " tests pass (" << positivePassed << " of " << positives
            << " valid models accepted, " << passed - positivePassed << " of "
            << tests.size() - positives << " invalid models rejected)\n";
  for (const auto& [folder, counts] : folders) {
    std::cout << "  " << folder << ": " << counts.first << " / " << counts.second << "\n";
  }
  std::cout << "failures are listed in " << argv[2] << "\n";
  if (crashes > 0) { // whatever the count: no input may crash mocc
    std::cout << "FAIL: " << crashes << " tests crashed (see " << argv[2] << ")\n";
    return 1;
  }
  return 0;
}
