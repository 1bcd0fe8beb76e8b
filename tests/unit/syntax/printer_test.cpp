// The AST printer: canonical text, the fewest parentheses that keep the tree, and the round trip
// parse -> print -> parse -> print reaching a fixed point on the inputs in inputs/.
#include "syntax_test_support.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace mocc::test {
namespace {

using namespace ast;

TEST(SyntaxPrinter, MinimalParentheses) {
  const std::pair<const char*, const char*> cases[] = {
      {"a - (b - c)", "a - (b - c)"},
      {"(a - b) - c", "a - b - c"},
      {"(a*b)*c", "a*b*c"},
      {"a*(b*c)", "a*(b*c)"},
      {"a/(b*c)", "a/(b*c)"},
      {"-(a^b)", "-a^b"},
      {"(-a)^b", "(-a)^b"},
      {"(-a)*b", "(-a)*b"},
      {"-(a*b)", "-a*b"},
      {"-(a + b)", "-(a + b)"},
      {"(-a) + b", "-a + b"},
      {"a + (-b)", "a + (-b)"},
      {"-(-a)", "-(-a)"},
      {"(a^b)^c", "(a^b)^c"},
      {"a^(b^c)", "a^(b^c)"},
      {"(a < b) == c", "(a < b) == c"},
      {"(a + b) < c", "a + b < c"},
      {"not (a and b)", "not (a and b)"},
      {"(not a) and b", "not a and b"},
      {"a or (b or c)", "a or (b or c)"},
      {"(a or b) and c", "(a or b) and c"},
      {"(1:3)*2", "(1:3)*2"},
      {"(a + b):c", "a + b:c"},
      {"(if a then b else c) + 1", "(if a then b else c) + 1"},
      {"if a then (if b then 1 else 2) else 3", "if a then if b then 1 else 2 else 3"},
      {"f((a, b), c)", "f((a, b), c)"},
      {"2 .* 3", "2 .* 3"},
      {"2.*3", "2.*3"},
      {"12.^[1, 2; 3, 4]", "12.^[1, 2; 3, 4]"},
      {"x .^ 2", "x .^ 2"},
      {"a[end - 1, :]", "a[end - 1, :]"},
      {"{x for x in 1:3}", "{x for x in 1:3}"},
      {"f(x, y = {1, 2}, z = function g(k = 2))", "f(x, y = {1, 2}, z = function g(k = 2))"},
      {"\"tab\\there\" + \"quote\\\"\"", "\"tab\\there\" + \"quote\\\"\""},
  };
  for (const auto& [input, expected] : cases)
    EXPECT_EQ(canonical(input), expected) << input;
}

TEST(SyntaxPrinter, CanonicalClassText) {
  auto parsed = parseText("within Lib;\n"
                          "model M \"doc\" extends Base(k=1); parameter Real k=2 \"gain\"; "
                          "protected Real x(start=1, fixed=true); "
                          "equation der(x)=-k*x; when x<0 then reinit(x,1); end when; "
                          "annotation(experiment(StopTime=1)); end M;");
  EXPECT_EQ(toModelica(parseValid(parsed)), "within Lib;\n"
                                            "model M \"doc\"\n"
                                            "  extends Base(k = 1);\n"
                                            "  parameter Real k = 2 \"gain\";\n"
                                            "protected\n"
                                            "  Real x(start = 1, fixed = true);\n"
                                            "equation\n"
                                            "  der(x) = -k*x;\n"
                                            "  when x < 0 then\n"
                                            "    reinit(x, 1);\n"
                                            "  end when;\n"
                                            "  annotation(experiment(StopTime = 1));\n"
                                            "end M;\n");
}

TEST(SyntaxPrinter, SingleClassWithIndentAndOtherEntryPoints) {
  auto parsed = parseText("package P function f input Real u; output Real y; algorithm y := u; "
                          "end f; end P;");
  const StoredDefinition& definition = parseValid(parsed);
  const auto& function = std::get<ClassDefPtr>(longClass(definition).composition.elements[0].node);
  EXPECT_EQ(toModelica(*function, 2), "  function f\n"
                                      "    input Real u;\n"
                                      "    output Real y;\n"
                                      "  algorithm\n"
                                      "    y := u;\n"
                                      "  end f;\n");
  ExprPtr ref = parseExpr(".a[1, :].b");
  EXPECT_EQ(toModelica(as<RefExpr>(*ref).ref), ".a[1, :].b");
}

std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// parse -> print -> parse -> print must give the same text twice.
void expectRoundTrip(const std::string& text, const std::string& name) {
  auto first = parseText(text, name);
  ASSERT_TRUE(first->definition) << name << "\n" << first->rendered();
  std::string printed = toModelica(*first->definition);
  auto second = parseText(printed, name + " (printed)");
  ASSERT_TRUE(second->definition) << name << " printed:\n" << printed << second->rendered();
  EXPECT_EQ(toModelica(*second->definition), printed) << name;
}

TEST(SyntaxPrinter, RoundTripOfTestInputs) {
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(MOCC_SYNTAX_INPUTS)) {
    if (entry.path().extension() != ".mo") continue;
    ++files;
    expectRoundTrip(readFile(entry.path()), entry.path().filename().string());
  }
  EXPECT_GE(files, 3u);
}

TEST(SyntaxPrinter, RoundTripKeepsTheTree) {
  // The first print already is canonical for input written canonically.
  std::string text = readFile(std::filesystem::path(MOCC_SYNTAX_INPUTS) / "canonical.mo");
  auto parsed = parseText(text, "canonical.mo");
  EXPECT_EQ(toModelica(parseValid(parsed)), text);
}

} // namespace
} // namespace mocc::test
