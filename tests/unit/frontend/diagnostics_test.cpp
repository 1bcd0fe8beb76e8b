// The registry of diagnostic kinds: each has a stable code, shown with the diagnostic, and a
// paragraph for `mocc explain` that cites the rule.
#include "mocc/support/diagnostics.h"

#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>

using namespace mocc;

TEST(DiagnosticCodes, EveryKindHasItsOwnCodeOfFourDigits) {
  std::set<std::string> codes;
  for (DiagnosticKind kind : allDiagnosticKinds()) {
    std::string code = diagnosticCode(kind);
    EXPECT_TRUE(std::regex_match(code, std::regex("E[0-9]{4}"))) << code;
    EXPECT_TRUE(codes.insert(code).second) << code << " is used twice";
  }
  EXPECT_EQ(codes.size(), allDiagnosticKinds().size());
}

TEST(DiagnosticCodes, EveryKindIsExplainedWithTheRuleBehindIt) {
  for (DiagnosticKind kind : allDiagnosticKinds()) {
    const char* text = diagnosticExplanation(kind);
    ASSERT_NE(text, nullptr) << diagnosticKindName(kind);
    // An unsupported construct and a failed internal check are mocc's limits, not rules.
    if (kind == DiagnosticKind::Unsupported || kind == DiagnosticKind::CodegenFailure ||
        kind == DiagnosticKind::PassVerification)
      continue;
    EXPECT_TRUE(std::regex_search(text, std::regex("MLS [0-9A-Z]"))) << diagnosticKindName(kind);
  }
}

TEST(DiagnosticCodes, AKindIsFoundByItsCodeInAnySpellingAndByItsName) {
  EXPECT_EQ(findDiagnosticKind("E0412"), DiagnosticKind::UndefinedName);
  EXPECT_EQ(findDiagnosticKind("e0412"), DiagnosticKind::UndefinedName);
  EXPECT_EQ(findDiagnosticKind("0412"), DiagnosticKind::UndefinedName);
  EXPECT_EQ(findDiagnosticKind("undefined-name"), DiagnosticKind::UndefinedName);
  EXPECT_EQ(findDiagnosticKind("E9412"), std::nullopt);
  EXPECT_EQ(findDiagnosticKind(""), std::nullopt);
}

TEST(DiagnosticCodes, TheRenderedDiagnosticCarriesItsCodeAndItsNotesDoNot) {
  SourceManager sources;
  FileId file = sources.add("m.mo", "model M\n  Real x = y;\nend M;\n");
  Diagnostic d{DiagnosticKind::UndefinedName, Severity::Error, {}, "undefined name 'y'", {}};
  d.range.begin = {file, 2, 12};
  d.range.end = {file, 2, 13};
  d.notes.push_back({{}, "declare it"});
  EXPECT_EQ(render(d, sources), "m.mo:2:12: error[E0412]: undefined name 'y'\n"
                                "    Real x = y;\n"
                                "             ^\n"
                                "note: declare it\n");
}
