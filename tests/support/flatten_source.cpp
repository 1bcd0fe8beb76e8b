// Test helpers: flattening Modelica text held in memory (no backend involved).
#include "flatten_source.h"

#include "mocc/frontend/instantiate.h"

#include <gtest/gtest.h>

namespace mocc::test {

SourceCompilation::SourceCompilation() { frontend::addLibraryRoots(tree, {}); }

std::string SourceCompilation::rendered() const {
  std::string out;
  for (const Diagnostic& d : diagnostics.all())
    out += render(d, sources);
  return out;
}

std::optional<flat::Model> flattenSource(SourceCompilation& c, const std::string& text,
                                         const std::string& className) {
  auto entries = c.tree.loadText("test.mo", text);
  if (c.diagnostics.hasErrors()) return std::nullopt;
  frontend::ClassEntry* selected = frontend::selectClass(c.tree, entries, className);
  if (!selected) return std::nullopt;
  return frontend::flatten(c.tree, *selected);
}

std::string flattenErrors(const std::string& text, const std::string& className) {
  SourceCompilation c;
  EXPECT_FALSE(flattenSource(c, text, className));
  return c.rendered();
}

} // namespace mocc::test
