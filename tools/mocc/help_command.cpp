// `mocc help [TOPIC]`: pages that teach the ideas behind the options, each with command lines
// that run from the repository root (a test runs every `$ mocc` line of every page).
#include "commands.h"

#include "mocc/cli/simulator_cli.h"

#include <fmt/format.h>

#include <iostream>
#include <map>

namespace mocc::tool {

namespace {

struct Page {
  const char* summary;
  const char* text;
};

const std::map<std::string, Page>& pages() {
  static const std::map<std::string, Page> all = {
      {"events",
       {"state events, time events, event iteration and what the summary counts",
        R"(A relation on a continuous variable (h < 0) is a crossing function g = h: the
integrator watches its sign, and when it changes, the event locator finds the time where
g = 0 and the run stops there (a state event). `when` clauses fire, `reinit` sets states,
and the event iteration re-evaluates the model with the relations switched until no
discrete variable changes (MLS 8.6). sample(), and relations on time alone, are time events:
scheduled in advance and hit exactly. Each event writes two rows at its time, the left and
the right limit, and the summary counts state and time events and event iterations.

Events that accumulate (a ball coming to rest) or a crossing that chatters stop the run with
exit code 3 (--zeno stop, the default) or continue (--zeno continue); --filippov slides along
a surface that both sides push towards. --event-log writes one row per event.

  $ mocc run examples/BouncingBall.mo --event-log bounces.csv
  $ mocc run examples/SampledControl.mo --stop-time 2
)"}},
      {"solvers",
       {"the integrators and when to use which",
        R"(--solver chooses the integrator (default cvode):
  cvode        BDF of variable order on the sorted ODE form: stiff systems, the default
  cvode-adams  Adams-Moulton: smooth, non-stiff systems with few events
  ida          BDF on the residual form F(x', x, y) = 0: high-index and algebraic models
  arkode-erk   explicit Dormand-Prince 5(4) with dense output
  arkode-dirk  diagonally implicit Runge-Kutta of order 4: stiff systems
  rk45         mocc's own Dormand-Prince 5(4) with step control
  rk4, euler   fixed steps of --step, no error control (teaching, comparisons)
--tolerance sets the relative and absolute tolerance (default: the experiment annotation,
else 1e-6). `mocc compare` runs several solvers and tolerances against a reference and
tabulates their work and deviations.

  $ mocc run examples/BouncingBall.mo --solver ida --tolerance 1e-6
  $ mocc compare examples/BouncingBall.mo --solvers cvode,rk45 --tolerance 1e-6
)"}},
      {"locators",
       {"how state events are located inside a step",
        R"(--event-locator chooses how the time of a state event is found between the last
accepted step and the one where the crossing function changed sign:
  solver     the integrator's own root finding (CVODE, IDA, ARKODE); the default
  bisection  halves the interval on the step's dense output
  illinois   regula falsi with the Illinois modification (superlinear)
  brent      Brent's method
  newton     Newton's method with the crossing function's time derivative
  henon      Henon's method: integrates with the crossing function as the independent
             variable to its zero (seed 000)
  trapezoid  an implicit trapezoidal step whose length solves the crossing condition
--concurrency-window handles state events located close together as one restart (Compere's
region of concurrency, seed 002).

  $ mocc run examples/BouncingBall.mo --event-locator henon
  $ mocc compare examples/BouncingBall.mo --locators solver,illinois,henon
)"}},
      {"results",
       {"result files, formats, variable selection and plots",
        R"(-o chooses the result file; its extension chooses the format (or --format):
  .csv  a header time,<name>,... and one row per output point, two rows at each event
        (left and right limit), numbers in shortest round-trip form, Strings as quoted
        texts; written as the run goes, so a failed run keeps its rows
  .mat  the MAT v4 layout of Dymola and OpenModelica (Aclass, name, description, dataInfo,
        data_1 with the parameters, data_2 with the trajectories); aliases are stored once,
        Strings not at all (its matrices hold numbers). scipy.io.loadmat, OMPlot and DyMat
        read it
--variables REGEX writes only the variables whose whole name matches, --parameters adds
parameters to a CSV, --derivatives adds der(x). `mocc plot` draws variables of a result file
(CSV or MAT) through gnuplot, marks the events and keeps its script beside the image.

  $ mocc run examples/BouncingBall.mo -o ball.mat
  $ mocc run examples/BouncingBall.mo -o ball.csv --variables 'h|v' --plot h
  $ mocc plot ball.mat h v --overlay ball.csv -o ball.svg
)"}},
      {"fmu",
       {"exporting a model as a Functional Mock-up Unit for other tools",
        R"(mocc fmu writes an FMU (FMI 3.0, or 2.0 with --fmi 2) for Model Exchange and
Co-Simulation (--kind me|cs|both): the model compiled through C++ with mocc's runtime inside,
modelDescription.xml made from the compiled model, and sources/ to build it again elsewhere
(with Debian's packages only; sources/CMakeLists.txt). In Model Exchange the importer
integrates and mocc's event iteration runs in event mode; in Co-Simulation mocc's CVODE and
event location run inside each step. Parameters and start values are set before
initialization, the model's top-level inputs at any time, tunable parameters (those the
compiled code reads at run time) also in event mode or between steps.

  $ mocc fmu examples/BouncingBall.mo -o ball.fmu
  $ mocc fmu examples/BouncingBall.mo --fmi 2 --kind cs -o ball2.fmu
)"}},
  };
  return all;
}

int help(const std::string& topic) {
  if (topic.empty()) {
    std::cout << "mocc help TOPIC, where TOPIC is one of:\n";
    for (const auto& [name, page] : pages())
      std::cout << fmt::format("  {:<10} {}\n", name, page.summary);
    std::cout << "Every command explains its options: mocc COMMAND --help.\n";
    return cli::kSuccess;
  }
  auto found = pages().find(topic);
  if (found == pages().end()) {
    std::cerr << fmt::format("mocc: error: no help on '{}'; `mocc help` lists the topics\n", topic);
    return cli::kUsageError;
  }
  std::cout << topic << ": " << found->second.summary << "\n\n" << found->second.text;
  return cli::kSuccess;
}

} // namespace

CommandAction addHelpCommand(CLI::App& app) {
  auto topic = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand(
      "help", "Explain a topic with examples: events, solvers, locators, results");
  cmd->add_option("topic", *topic, "The topic (none: the list of topics)");
  return [topic]() { return help(*topic); };
}

} // namespace mocc::tool
