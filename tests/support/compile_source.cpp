// Test helpers: in-memory compilation through parse, flatten and the backend pipeline.
#include "compile_source.h"

#include "mocc/frontend/instantiate.h"
#include "mocc/syntax/parser.h"

#include <gtest/gtest.h>

namespace mocc::test {

std::string SourceCompilation::rendered() const {
  std::string out;
  for (const Diagnostic& d : diagnostics.all())
    out += render(d, sources);
  return out;
}

std::optional<flat::Model> flattenSource(SourceCompilation& c, const std::string& text,
                                         const std::string& className) {
  FileId file = c.sources.add("test.mo", text);
  auto parsed = frontend::parse(file, c.sources, c.diagnostics);
  if (!parsed) return std::nullopt;
  const ast::ClassDef* selected = frontend::selectClass(*parsed, className, c.diagnostics);
  if (!selected) return std::nullopt;
  return frontend::flatten(*selected, c.diagnostics);
}

std::optional<sim::Program> compileSource(SourceCompilation& c, const std::string& text,
                                          const std::vector<std::string>& printAfter,
                                          std::string* printed) {
  auto model = flattenSource(c, text);
  if (!model) return std::nullopt;
  backend::PipelineOptions options;
  options.printAfter = printAfter;
  options.print = [printed](const std::string&, const std::string& text) {
    if (printed) *printed += text;
  };
  return backend::compile(*model, c.sources, c.diagnostics, options);
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

std::string flattenErrors(const std::string& text, const std::string& className) {
  SourceCompilation c;
  EXPECT_FALSE(flattenSource(c, text, className));
  return c.rendered();
}

} // namespace mocc::test
