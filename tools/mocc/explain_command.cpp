// `mocc explain CODE`: the paragraph behind a diagnostic's code (error[E0412] -> what an
// undefined name is, the lookup rules of MLS 5.3 and the usual fix); without a code, the list.
#include "commands.h"

#include "mocc/cli/simulator_cli.h"
#include "mocc/support/diagnostics.h"

#include <fmt/format.h>

#include <iostream>

namespace mocc::tool {

namespace {

// `text` broken into lines of at most `width` characters at spaces.
std::string wrapped(const std::string& text, std::size_t width) {
  std::string out, line;
  std::size_t begin = 0;
  while (begin < text.size()) {
    std::size_t end = text.find(' ', begin);
    if (end == std::string::npos) end = text.size();
    std::string word = text.substr(begin, end - begin);
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    begin = end + 1;
  }
  return out + line + "\n";
}

int listCodes() {
  std::cout << "mocc explain CODE, where CODE is one of:\n";
  for (DiagnosticKind kind : allDiagnosticKinds())
    std::cout << fmt::format("  {}  {}\n", diagnosticCode(kind), diagnosticKindName(kind));
  return cli::kSuccess;
}

int explain(const std::string& code) {
  if (code.empty()) return listCodes();
  std::optional<DiagnosticKind> kind = findDiagnosticKind(code);
  if (!kind) {
    std::cerr << fmt::format("mocc: error: no diagnostic has the code '{}'; `mocc explain` lists "
                             "them\n",
                             code);
    return cli::kUsageError;
  }
  std::cout << fmt::format("{} ({})\n\n", diagnosticCode(*kind), diagnosticKindName(*kind))
            << wrapped(diagnosticExplanation(*kind), 80);
  return cli::kSuccess;
}

} // namespace

CommandAction addExplainCommand(CLI::App& app) {
  auto code = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand(
      "explain", "Explain a diagnostic's code (error[E0412]: mocc explain E0412)");
  cmd->add_option("code", *code, "The code or kind name (none: the list of codes)");
  return [code]() { return explain(*code); };
}

} // namespace mocc::tool
