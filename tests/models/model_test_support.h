// Running the mocc command on a model file and reading its results back.
#pragma once

#include "csv.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <string>

namespace mocc::test {

inline std::string moccBinary() { return std::string(MOCC_BINARY_DIR) + "/mocc"; }
inline std::string example(const std::string& name) {
  return std::string(MOCC_SOURCE_DIR) + "/examples/" + name;
}

/// A scratch directory per test, removed afterwards.
inline std::filesystem::path scratchDirectory() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  auto dir = std::filesystem::temp_directory_path() /
             (std::string("mocc_") + info->test_suite_name() + "_" + info->name());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

/// The bytes of a file ("" when it cannot be read).
inline std::string readFileBytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

/// Runs `mocc run MODEL -o <dir>/result.csv ARGS`; expects success and returns the table.
inline CsvTable simulate(const std::string& model, const std::string& args) {
  auto csv = scratchDirectory() / "result.csv";
  CommandResult r = runCommand(moccBinary() + " run " + model + " -o " + csv.string() + " " + args);
  EXPECT_EQ(r.exitCode, 0) << r.output;
  return readCsv(csv.string());
}

} // namespace mocc::test
