// ProgramBuilder: the state of building one sim::Program.
#pragma once

#include "mocc/program/build.h"

#include <set>
#include <string>
#include <vector>

namespace mocc::backend::program {

class ProgramBuilder {
public:
  ProgramBuilder(const dae::System& system, const structure::Schedule& schedule,
                 const SourceManager& sources, Diagnostics& diagnostics);
  std::optional<sim::Program> run();

private:
  // build.cpp
  void layOut();
  void addRelations();
  std::uint32_t addInternalBoolean(std::string name);
  expr::Id mapLeaf(expr::Id id);
  std::string origin(const SourceRange& range) const;
  std::uint32_t message(const std::string& text);

  // functions.cpp
  void addFunctions();
  std::vector<sim::FunctionStatement>
  functionStatements(const std::vector<sim::FunctionStatement>& body,
                     const std::vector<std::uint32_t>& messageOf);

  // algorithms.cpp
  std::vector<sim::Statement> algorithm(const dae::Algorithm& algorithm);
  sim::Statement algorithmStatement(const dae::AlgorithmStatement& statement);
  std::vector<sim::Statement> algorithmStatements(const std::vector<dae::AlgorithmStatement>& list);

  // statements.cpp
  void addBind();
  bool addParameterBindings();
  void addStartValues();
  void addScheduledStatements();
  sim::Statement when(const dae::WhenClause& clause);
  sim::Statement whenStatement(const dae::WhenStatement& statement);
  sim::Statement assertion(const dae::Assertion& assertion);
  std::vector<sim::Statement> assignmentsNeededBy(std::set<std::uint32_t> needed);
  void addContinuousAlgorithm(const dae::Algorithm& algorithm, std::vector<sim::Statement> code);
  void addTimeEvents();

  const dae::System& system_;
  const structure::Schedule& schedule_;
  const SourceManager& sources_;
  Diagnostics& diagnostics_;
  sim::Program program_;
  expr::Translator translator_;
  std::vector<std::uint32_t> programIndex_; // dae variable -> program variable

  /// A continuous-mode step: one assignment or a whole algorithm section, with the program
  /// variables it computes and those it reads from other steps.
  struct ContinuousStep {
    std::vector<sim::Statement> statements;
    std::vector<std::uint32_t> outputs;
    std::vector<std::uint32_t> reads;
  };
  std::vector<ContinuousStep> continuous_; // in schedule order
};

} // namespace mocc::backend::program
