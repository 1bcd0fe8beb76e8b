// Compiles a model with mocc::compileModel, overrides a parameter, simulates it with the
// runtime into memory and prints the final values and the events: what `mocc run` does, from
// a program of one's own.
//
// usage: embed MODEL.mo [NAME=VALUE ...]
#include "mocc/compiler.h"
#include "mocc/runtime/result_sink.h"
#include "mocc/runtime/simulation.h"

#include <iostream>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: embed MODEL.mo [NAME=VALUE ...]\n";
    return 2;
  }
  auto compiled = mocc::compileModel(argv[1], mocc::CompileOptions{}, std::cerr);
  if (!compiled) return 1; // the diagnostics are on stderr
  const mocc_model& model = compiled->abi();

  std::string error;
  std::vector<std::string> overrideTexts(argv + 2, argv + argc);
  auto overrides = mocc::runtime::parseOverrides(model, overrideTexts, error);
  if (!overrides) {
    std::cerr << "embed: " << error << "\n";
    return 2;
  }
  mocc::runtime::SimulationOptions options = mocc::runtime::defaultOptions(model);
  mocc::runtime::ResultTable results;
  mocc::runtime::SimulationResult run =
      mocc::runtime::simulate(model, options, *overrides, results);
  if (run.outcome == mocc::runtime::Outcome::Failed) {
    std::cerr << "embed: " << run.message << "\n";
    return 3;
  }
  std::cout.precision(17); // every digit: the values are those of `mocc run`, bit for bit
  std::cout << model.name << " at t = " << run.endTime << ":";
  for (const mocc::runtime::ResultColumn& column : results.columns())
    std::cout << " " << column.name << " = "
              << results.value(results.rows().size() - 1, column.name);
  std::cout << "\nevents: " << run.statistics.stateEvents + run.statistics.timeEvents
            << ", rows: " << results.rows().size() << "\n";
  return 0;
}
