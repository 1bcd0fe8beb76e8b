// Plots of result files through gnuplot (Debian gnuplot-nox): writes a gnuplot script next to
// the image, then runs it to render a PNG (pngcairo) or an SVG, as the image's extension says.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mocc::cli {

struct PlotRequest {
  std::filesystem::path csv;    // the results
  std::filesystem::path script; // the gnuplot script to write
  std::filesystem::path png;    // the image to render: .svg renders SVG, anything else PNG
  std::string title;
  struct Series {
    std::string name;
    int column;                     // 1-based CSV column; time is column 1
    std::filesystem::path csv = {}; // where the series is, when not in the request's csv
  };
  std::vector<Series> series;       // plotted over time
  std::vector<double> eventTimes{}; // marked with a dashed vertical line each
};

/// Writes the script and runs gnuplot on it. Returns an error message when the script cannot
/// be written or gnuplot fails (the script stays for the user to run by hand).
std::optional<std::string> plotResults(const PlotRequest& request);

/// Variables of a result file (CSV or MAT) over time, and the same variables of other result
/// files on top (`mocc plot`, `mocc run --plot`).
struct ResultPlot {
  std::filesystem::path results;
  std::vector<std::string> variables;
  std::filesystem::path image; // its script is beside it, with the extension .gp
  std::string title;
  std::vector<std::filesystem::path> overlays = {};
};

/// Reads the files and plots; the event instants of `results` (rows repeating a time) are
/// marked. Series of a MAT file are copied into <image stem>.<k>.csv for gnuplot. Returns an
/// error message for an unreadable file, a variable that `results` lacks, or a failed plot.
std::optional<std::string> plotResultFile(const ResultPlot& plot);

} // namespace mocc::cli
