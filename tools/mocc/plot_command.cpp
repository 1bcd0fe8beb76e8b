// `mocc plot RESULTS VAR... [-o IMAGE] [--overlay OTHER]...`: variables of a result file (CSV or
// MAT) over time through gnuplot, with the event instants marked and the script kept beside
// the image.
#include "commands.h"

#include "mocc/cli/plot.h"
#include "mocc/cli/simulator_cli.h"

#include <iostream>

namespace mocc::tool {

namespace {

struct PlotOptions {
  std::string results;
  std::vector<std::string> variables;
  std::string image; // empty: <results>.png
  std::vector<std::string> overlays;
  std::string title; // empty: the result file's name
};

int plot(const PlotOptions& o) {
  cli::ResultPlot request{o.results, o.variables, o.image, o.title};
  if (request.image.empty())
    request.image = std::filesystem::path(o.results).replace_extension(".png");
  if (request.title.empty()) request.title = std::filesystem::path(o.results).filename().string();
  request.overlays.assign(o.overlays.begin(), o.overlays.end());
  if (auto problem = cli::plotResultFile(request)) {
    std::cerr << "mocc: error: " << *problem << "\n";
    return cli::kUsageError;
  }
  std::filesystem::path script = request.image;
  std::cout << "plot: " << request.image.string() << " (script "
            << script.replace_extension(".gp").string() << ")\n";
  return cli::kSuccess;
}

} // namespace

CommandAction addPlotCommand(CLI::App& app) {
  auto options = std::make_shared<PlotOptions>();
  CLI::App* cmd = app.add_subcommand(
      "plot", "Plot variables of a result file (CSV or MAT) over time through gnuplot, event "
              "instants dashed; the gnuplot script stays beside the image to restyle");
  cmd->add_option("results", options->results, "The result file (.csv or .mat)")
      ->required()
      ->check(CLI::ExistingFile)
      ->type_name("RESULTS.csv|mat");
  cmd->add_option("variables", options->variables, "The variables to plot")
      ->required()
      ->expected(1, -1)
      ->type_name("VAR...");
  cmd->add_option("-o,--output", options->image,
                  "The image: .png, or .svg (default: the results' name with .png)")
      ->type_name("IMAGE.png|svg");
  cmd->add_option("--overlay", options->overlays,
                  "Another result file whose same variables are drawn on top (repeatable)")
      ->check(CLI::ExistingFile)
      ->type_name("OTHER.csv|mat");
  cmd->add_option("--title", options->title, "The plot's title (default: the file's name)");
  return [options] { return plot(*options); };
}

} // namespace mocc::tool
