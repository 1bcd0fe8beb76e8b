// Ranges of for-iterators written without one (`for i loop`, MLS 10.4.1.1 and 11.2.2.2):
// the range is deduced from the arrays the iterator subscripts in the loop body.
#pragma once

#include "elaborator.h"

#include <optional>
#include <string>
#include <vector>

namespace mocc::frontend {

/// Where an iterator is used as a whole subscript: `x[i]`, `a[2, i]`.
struct IteratorUse {
  const ast::ComponentRef* ref;
  std::size_t dimension; // which subscript of the reference's first part
};

std::vector<IteratorUse> iteratorUses(const std::string& iterator, const ast::Expr& e);
std::vector<IteratorUse> iteratorUses(const std::string& iterator,
                                      const std::vector<ast::Equation>& equations);
std::vector<IteratorUse> iteratorUses(const std::string& iterator,
                                      const std::vector<ast::Statement>& statements);

/// The range 1:n deduced from the uses, or nullopt after reporting why there is none.
std::optional<Tensor> deducedRange(Elaborator& el, const ast::ForIterator& iterator,
                                   const std::vector<IteratorUse>& uses,
                                   const LowerContext& context);

} // namespace mocc::frontend
