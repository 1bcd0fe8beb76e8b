// Test helpers: compiling Modelica text held in memory through the backend pipeline.
#include "compile_source.h"

#include "mocc/backend/pipeline.h"

#include <gtest/gtest.h>

namespace mocc::test {

std::optional<sim::Program> compileSource(SourceCompilation& c, const std::string& text,
                                          const std::vector<std::string>& printAfter,
                                          std::string* printed) {
  auto model = flattenSource(c, text);
  if (!model) return std::nullopt;
  backend::PipelineOptions options;
  options.verifyEach = true; // every test that compiles a model checks every pass
  options.printAfter = printAfter;
  options.print = [printed](const std::string&, const std::string& text) {
    if (printed) *printed += text;
  };
  return backend::compile(*model, c.sources, c.diagnostics, options);
}

sim::Program compiledProgram(const std::string& text) {
  SourceCompilation c;
  auto program = compileSource(c, text);
  EXPECT_TRUE(program) << c.rendered();
  return program ? std::move(*program) : sim::Program{};
}

std::string printedAfter(const std::string& text, const std::string& pass) {
  SourceCompilation c;
  std::string printed;
  EXPECT_TRUE(compileSource(c, text, {pass}, &printed)) << c.rendered();
  return printed;
}

std::string compileErrors(const std::string& text) {
  SourceCompilation c;
  EXPECT_FALSE(compileSource(c, text));
  return c.rendered();
}

} // namespace mocc::test
