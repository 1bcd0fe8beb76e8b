// Throughput of the whole syntax stage (lexing, SLL parse, grammar checks, AST construction)
// on a generated flat model with N variables and N equations (default 100000). Prints tokens/s
// for a cold run and for warm runs (ANTLR's prediction cache filled). A measurement, not a
// timed assertion: it fails only when the generated model does not parse.
#include "mocc/syntax/parser.h"

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>

namespace {

std::string generateModel(std::size_t size) {
  std::string text = "model Generated \"" + std::to_string(size) + " equations\"\n";
  text += "  parameter Real k[10] = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};\n";
  for (std::size_t i = 0; i < size; ++i) {
    std::string x = "x" + std::to_string(i);
    text += "  Real " + x + "(start = " + std::to_string(i % 7) + ".5, fixed = true) \"state " +
            std::to_string(i) + "\";\n";
  }
  text += "equation\n";
  for (std::size_t i = 0; i < size; ++i) {
    std::string x = "x" + std::to_string(i);
    std::string next = "x" + std::to_string((i + 1) % size);
    std::string k = "k[" + std::to_string(i % 10 + 1) + "]";
    if (i % 10 == 0) {
      text += "  der(" + x + ") = if " + x + " > 1.0 and time < 5 then -" + k + "*" + x + " else " +
              next + "*0.25;\n";
    } else {
      text += "  der(" + x + ") = -" + k + "*" + x + " + 2.0e-3*sin(time + " + std::to_string(i) +
              ") - " + next + "^2/(1 + abs(" + x + "));\n";
    }
  }
  text += "end Generated;\n";
  return text;
}

} // namespace

int main(int argc, char** argv) {
  std::size_t size = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 100000;
  std::string text = generateModel(size);
  std::cout << "generated model: " << size << " variables, " << size << " equations, "
            << text.size() / 1024 << " KiB\n";
  for (int run = 0; run < 3; ++run) {
    mocc::SourceManager sources;
    mocc::Diagnostics diagnostics;
    mocc::FileId file = sources.add("generated.mo", text);
    mocc::frontend::ParseStatistics statistics;
    auto start = std::chrono::steady_clock::now();
    auto definition = mocc::frontend::parse(file, sources, diagnostics, &statistics);
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!definition) {
      for (const auto& diagnostic : diagnostics.all())
        std::cerr << render(diagnostic, sources);
      return 1;
    }
    std::cout << (run == 0 ? "cold" : "warm") << " run: " << statistics.tokens << " tokens in "
              << seconds << " s = " << static_cast<long>(statistics.tokens / seconds) << " tokens/s"
              << (statistics.neededFullLL ? " (needed full LL)" : "") << "\n";
  }
  return 0;
}
