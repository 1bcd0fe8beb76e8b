// The syntax stage over every .mo file of the Modelica compliance suite (read in place from
// MOCC_COMPLIANCE_DIR, never copied): each file parses unless it is a test that must be
// rejected for a syntactic reason, and printing is a round-trip fixed point on all of them.
#include "syntax_test_support.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>

namespace mocc::test {
namespace {

namespace fs = std::filesystem;

// shouldPass=false tests that the syntax stage rejects: each declares an element named after a
// predefined type, which MLS 2.3.3 forbids. Every other file must parse.
const std::vector<std::string> expectedRejections = {
    "Classes/Predefined/ReservedBooleanClass.mo",  "Classes/Predefined/ReservedBooleanComp.mo",
    "Classes/Predefined/ReservedClass/Boolean.mo", "Classes/Predefined/ReservedClass/Integer.mo",
    "Classes/Predefined/ReservedClass/Real.mo",    "Classes/Predefined/ReservedClass/String.mo",
    "Classes/Predefined/ReservedIntegerClass.mo",  "Classes/Predefined/ReservedIntegerComp.mo",
    "Classes/Predefined/ReservedRealClass.mo",     "Classes/Predefined/ReservedRealComp.mo",
    "Classes/Predefined/ReservedStringClass.mo",   "Classes/Predefined/ReservedStringComp.mo",
};

struct SuiteFile {
  std::string relativePath;
  std::string text;
  bool mustFail = false; // a test case with shouldPass = false
};

fs::path suiteRoot() { return fs::path(MOCC_COMPLIANCE_DIR) / "ModelicaCompliance"; }

std::vector<SuiteFile> suiteFiles() {
  static const std::regex shouldPassFalse(R"(shouldPass\s*=\s*false)");
  std::vector<SuiteFile> files;
  for (const auto& entry : fs::recursive_directory_iterator(suiteRoot())) {
    if (!entry.is_regular_file() || entry.path().extension() != ".mo") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    SuiteFile file{fs::relative(entry.path(), suiteRoot()).generic_string(), buffer.str()};
    file.mustFail = std::regex_search(file.text, shouldPassFalse);
    files.push_back(std::move(file));
  }
  std::sort(files.begin(), files.end(),
            [](const SuiteFile& a, const SuiteFile& b) { return a.relativePath < b.relativePath; });
  return files;
}

class SyntaxCompliance : public ::testing::Test {
protected:
  void SetUp() override {
    if (!fs::is_directory(suiteRoot())) {
      GTEST_SKIP() << "compliance suite not found at " << suiteRoot()
                   << " (set MOCC_COMPLIANCE_DIR)";
    }
  }
};

TEST_F(SyntaxCompliance, EveryFileParsesUnlessItIsADeliberateSyntaxError) {
  std::vector<SuiteFile> files = suiteFiles();
  ASSERT_GT(files.size(), 1000u);
  std::vector<std::string> rejected;
  std::size_t mustFail = 0;
  std::size_t tokens = 0;
  for (const SuiteFile& file : files) {
    auto parsed = parseText(file.text, file.relativePath);
    tokens += parsed->statistics.tokens;
    mustFail += file.mustFail ? 1 : 0;
    EXPECT_FALSE(parsed->statistics.neededFullLL && parsed->definition)
        << file.relativePath << " needed full-LL prediction although it is valid";
    if (parsed->definition) continue;
    rejected.push_back(file.relativePath);
    EXPECT_TRUE(file.mustFail) << file.relativePath << " must parse:\n" << parsed->rendered();
  }
  EXPECT_EQ(rejected, expectedRejections);
  std::cout << "[ compliance ] " << files.size() << " files, " << tokens
            << " tokens: " << files.size() - rejected.size() << " parse, " << rejected.size()
            << " rejected by the syntax stage (all shouldPass=false; " << mustFail
            << " files are shouldPass=false tests)\n";
}

TEST_F(SyntaxCompliance, PrinterRoundTripIsAFixedPoint) {
  std::size_t checked = 0;
  for (const SuiteFile& file : suiteFiles()) {
    auto first = parseText(file.text, file.relativePath);
    if (!first->definition) continue;
    std::string printed = ast::toModelica(*first->definition);
    auto second = parseText(printed, file.relativePath + " (printed)");
    ASSERT_TRUE(second->definition) << file.relativePath << " printed as:\n"
                                    << printed << second->rendered();
    EXPECT_EQ(ast::toModelica(*second->definition), printed) << file.relativePath;
    ++checked;
  }
  EXPECT_GT(checked, 1000u);
}

} // namespace
} // namespace mocc::test
