// Lowering the built-in array functions (MLS 10.3): sizes, constructors, conversions,
// concatenation, reductions. Sizes are known at compile time, so every result is a tensor.
#include "lower_expression.h"

#include <algorithm>

#include "flat_builders.h"

namespace mocc::frontend {

using flat::Expr;
using flat::Type;

namespace {

Expr lit(Type type, double value, SourceRange range) { return make::literal(type, value, range); }

Tensor filled(const Expr& value, std::vector<std::size_t> dims) {
  Tensor t;
  t.dims = std::move(dims);
  t.elements.assign(elementCount(t.dims), value);
  return t;
}

// A reduction of the elements with `op` (sum, product) or with the min/max built-ins.
std::optional<Expr> reduce(const std::vector<Expr>& elements, const std::string& name,
                           SourceRange range) {
  if (elements.empty()) {
    if (name == "sum") return lit(Type::Integer, 0, range);
    if (name == "product") return lit(Type::Integer, 1, range);
    return std::nullopt; // min/max of nothing is +-inf for Reals (MLS 10.3.4); not supported
  }
  Expr result = elements.front();
  for (std::size_t i = 1; i < elements.size(); ++i) {
    const Expr& x = elements[i];
    Type type = make::arithmeticType(result.type, x.type);
    if (name == "sum")
      result = make::binary(flat::BinaryOp::Add, std::move(result), x, type, range);
    else if (name == "product")
      result = make::binary(flat::BinaryOp::Mul, std::move(result), x, type, range);
    else
      result = make::call(name, type, {std::move(result), x}, range);
  }
  return result;
}

} // namespace

std::optional<Tensor> ExpressionLowering::reduction(const ast::Expr& e, const std::string& name,
                                                    const ast::CallExpr& c) {
  if (name != "sum" && name != "product" && name != "min" && name != "max") {
    el_.diagnostics().error(DiagnosticKind::WrongArguments, e.range,
                            "'" + name +
                                "' is not a reduction; only sum, product, min and max "
                                "take 'for' iterators (MLS 10.3.4.1)");
    return std::nullopt;
  }
  auto values = comprehension(e, *c.args.positional.front(), c.args.iterators);
  if (!values) return std::nullopt;
  auto result = reduce(values->elements, name, e.range);
  if (!result) {
    el_.diagnostics().error(DiagnosticKind::Unsupported, e.range,
                            name + " over an empty range is not supported yet");
    return std::nullopt;
  }
  return Tensor::scalar(std::move(*result));
}

std::optional<Tensor> ExpressionLowering::arrayFunction(const ast::Expr& e, const std::string& name,
                                                        const ast::CallExpr& c) {
  Diagnostics& d = el_.diagnostics();
  auto args = positionalArguments(c);
  if (!args) return std::nullopt;
  auto& a = *args;
  bool records = std::any_of(a.begin(), a.end(), [](const Tensor& t) { return t.isRecord(); });
  if (records && name != "fill" && name != "size" && name != "ndims") {
    d.error(DiagnosticKind::Unsupported, e.range,
            "'" + name + "' of records is not supported yet (fill, size and ndims are)");
    return std::nullopt;
  }
  auto count = [&](std::size_t minimum, std::size_t maximum) {
    if (a.size() >= minimum && a.size() <= maximum) return true;
    d.error(DiagnosticKind::WrongArguments, e.range,
            "'" + name + "' takes " + std::to_string(minimum) +
                (maximum != minimum ? " or more" : "") + " arguments, but " +
                std::to_string(a.size()) + " were given");
    return false;
  };
  auto constantInteger = [&](const Tensor& t, const char* what) -> std::optional<long long> {
    auto values = foldAll(el_, t, e, std::string(what) + " of '" + name + "'", context_.function);
    if (!values || values->size() != 1 || values->front().type != Type::Integer) {
      if (values)
        d.error(DiagnosticKind::TypeMismatch, e.range,
                std::string(what) + " of '" + name + "' must be an Integer");
      return std::nullopt;
    }
    return static_cast<long long>(values->front().number);
  };
  auto sizes = [&](std::size_t from) -> std::optional<std::vector<std::size_t>> {
    std::vector<std::size_t> dims;
    for (std::size_t i = from; i < a.size(); ++i) {
      auto n = constantInteger(a[i], "a size");
      if (!n || *n < 0) return std::nullopt;
      dims.push_back(static_cast<std::size_t>(*n));
    }
    return dims;
  };

  if (name == "size") {
    if (!count(1, 2)) return std::nullopt;
    if (a.size() == 1) {
      Tensor t;
      t.dims = {a[0].dims.size()};
      for (std::size_t n : a[0].dims)
        t.elements.push_back(lit(Type::Integer, static_cast<double>(n), e.range));
      return t;
    }
    auto i = constantInteger(a[1], "the dimension");
    if (!i) return std::nullopt;
    if (*i < 1 || static_cast<std::size_t>(*i) > a[0].dims.size()) {
      d.error(DiagnosticKind::InvalidOperator, e.range,
              "size(A, " + std::to_string(*i) + "): A has " + std::to_string(a[0].dims.size()) +
                  " dimensions");
      return std::nullopt;
    }
    return Tensor::scalar(lit(Type::Integer, static_cast<double>(a[0].dims[*i - 1]), e.range));
  }
  if (name == "ndims") {
    if (!count(1, 1)) return std::nullopt;
    return Tensor::scalar(lit(Type::Integer, static_cast<double>(a[0].dims.size()), e.range));
  }
  if (name == "scalar" || name == "vector" || name == "matrix") {
    if (!count(1, 1)) return std::nullopt;
    Tensor t = std::move(a[0]);
    std::size_t large = 0;
    for (std::size_t n : t.dims)
      large += n > 1 ? 1 : 0;
    if (name == "scalar") {
      if (t.size() != 1) {
        d.error(DiagnosticKind::TypeMismatch, e.range, "scalar() needs an array of one element");
        return std::nullopt;
      }
      t.dims.clear();
    } else if (name == "vector") {
      if (large > 1) {
        d.error(DiagnosticKind::TypeMismatch, e.range,
                "vector() needs an array with at most one dimension larger than 1");
        return std::nullopt;
      }
      t.dims = {t.size()};
    } else {
      std::size_t rows = t.dims.size() > 0 ? t.dims[0] : 1;
      std::size_t columns = t.dims.size() > 1 ? t.dims[1] : 1;
      if (rows * columns != t.size()) {
        d.error(DiagnosticKind::TypeMismatch, e.range,
                "matrix() needs dimensions after the second to be of size 1");
        return std::nullopt;
      }
      t.dims = {rows, columns};
    }
    return t;
  }
  if (name == "zeros" || name == "ones") {
    auto dims = sizes(0);
    if (!dims || !count(1, 8)) return std::nullopt;
    return filled(lit(Type::Integer, name == "ones" ? 1 : 0, e.range), *dims);
  }
  if (name == "fill") {
    if (!count(2, 9)) return std::nullopt;
    auto dims = sizes(1);
    if (!dims) return std::nullopt;
    if (a[0].isRecord()) {
      return stack(*dims, std::vector<Tensor>(elementCount(*dims), a[0]));
    }
    Tensor t;
    t.dims = a[0].dims;
    t.dims.insert(t.dims.begin(), dims->begin(), dims->end());
    for (std::size_t k = 0; k < elementCount(*dims); ++k) {
      t.elements.insert(t.elements.end(), a[0].elements.begin(), a[0].elements.end());
    }
    return t;
  }
  if (name == "identity") {
    if (!count(1, 1)) return std::nullopt;
    auto n = constantInteger(a[0], "the size");
    if (!n) return std::nullopt;
    auto size = static_cast<std::size_t>(*n);
    Tensor t;
    t.dims = {size, size};
    for (std::size_t i = 0; i < size; ++i) {
      for (std::size_t j = 0; j < size; ++j)
        t.elements.push_back(lit(Type::Integer, i == j, e.range));
    }
    return t;
  }
  if (name == "linspace") {
    if (!count(3, 3)) return std::nullopt;
    auto n = constantInteger(a[2], "the number of points");
    if (!n || *n < 2) {
      if (n) d.error(DiagnosticKind::InvalidOperator, e.range, "linspace needs at least 2 points");
      return std::nullopt;
    }
    Tensor t;
    t.dims = {static_cast<std::size_t>(*n)};
    const Expr& x1 = a[0].scalarValue();
    const Expr& x2 = a[1].scalarValue();
    for (long long i = 0; i < *n; ++i) {
      // x1 + (x2 - x1)*(i - 1)/(n - 1) for i = 1..n (MLS 10.3.3)
      Expr span = make::binary(flat::BinaryOp::Sub, x2, x1, Type::Real, e.range);
      Expr fraction =
          lit(Type::Real, static_cast<double>(i) / static_cast<double>(*n - 1), e.range);
      t.elements.push_back(
          make::binary(flat::BinaryOp::Add, x1,
                       make::binary(flat::BinaryOp::Mul, span, fraction, Type::Real, e.range),
                       Type::Real, e.range));
    }
    return t;
  }
  if (name == "transpose") {
    if (!count(1, 1)) return std::nullopt;
    const Tensor& m = a[0];
    if (m.dims.size() < 2) {
      d.error(DiagnosticKind::TypeMismatch, e.range, "transpose() needs a matrix");
      return std::nullopt;
    }
    Tensor t;
    t.dims = m.dims;
    std::swap(t.dims[0], t.dims[1]);
    std::size_t inner = m.size() / (m.dims[0] * m.dims[1]);
    for (std::size_t j = 0; j < m.dims[1]; ++j) {
      for (std::size_t i = 0; i < m.dims[0]; ++i) {
        for (std::size_t k = 0; k < inner; ++k) {
          t.elements.push_back(m.elements[(i * m.dims[1] + j) * inner + k]);
        }
      }
    }
    return t;
  }
  if (name == "diagonal") {
    if (!count(1, 1)) return std::nullopt;
    std::size_t n = a[0].size();
    Tensor t;
    t.dims = {n, n};
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = 0; j < n; ++j) {
        t.elements.push_back(i == j ? a[0].elements[i] : lit(Type::Integer, 0, e.range));
      }
    }
    return t;
  }
  if (name == "cat") {
    if (!count(2, 64)) return std::nullopt;
    auto k = constantInteger(a[0], "the dimension");
    if (!k) return std::nullopt;
    return concatenate(e, static_cast<std::size_t>(*k),
                       std::vector<Tensor>(a.begin() + 1, a.end()));
  }
  if (name == "sum" || name == "product" || name == "min" || name == "max") {
    if (name == "min" || name == "max") {
      if (a.size() == 2) {
        if (!a[0].isScalar() || !a[1].isScalar()) {
          d.error(DiagnosticKind::TypeMismatch, e.range, name + "(a, b) takes scalars");
          return std::nullopt;
        }
        Type type = make::arithmeticType(a[0].scalarValue().type, a[1].scalarValue().type);
        return Tensor::scalar(
            make::call(name, type, {a[0].scalarValue(), a[1].scalarValue()}, e.range));
      }
    }
    if (!count(1, 1)) return std::nullopt;
    auto result = reduce(a[0].elements, name, e.range);
    if (!result) {
      d.error(DiagnosticKind::Unsupported, e.range,
              name + " of an empty array is not supported yet");
      return std::nullopt;
    }
    return Tensor::scalar(std::move(*result));
  }
  if (name == "Integer") {
    if (!count(1, 1)) return std::nullopt;
    Tensor t = std::move(a[0]);
    for (Expr& x : t.elements) {
      if (x.type != Type::Enumeration) {
        d.error(DiagnosticKind::TypeMismatch, e.range, "Integer() converts enumeration values");
        return std::nullopt;
      }
      if (x.isLiteral()) {
        x = lit(Type::Integer, x.number, e.range);
      } else {
        x = make::call("integer", Type::Integer, {x}, e.range); // the ordinal
      }
    }
    return t;
  }
  if (name == "cross" || name == "skew" || name == "outerProduct" || name == "symmetric") {
    return vectorAlgebra(e, name, std::move(a));
  }
  d.error(DiagnosticKind::Unsupported, e.range, "'" + name + "' is not supported yet");
  return std::nullopt;
}

// cat(k, A, B, ...): sizes agree except in dimension k (MLS 10.4.2).
std::optional<Tensor> ExpressionLowering::concatenate(const ast::Expr& e, std::size_t k,
                                                      std::vector<Tensor> parts) {
  Diagnostics& d = el_.diagnostics();
  const std::vector<std::size_t>& first = parts.front().dims;
  if (k < 1 || k > first.size()) {
    d.error(DiagnosticKind::InvalidOperator, e.range,
            "cat: dimension " + std::to_string(k) + " does not exist");
    return std::nullopt;
  }
  Tensor result;
  result.dims = first;
  result.dims[k - 1] = 0;
  for (const Tensor& p : parts) {
    for (std::size_t i = 0; i < first.size(); ++i) {
      if (p.dims.size() != first.size() || (i != k - 1 && p.dims[i] != first[i])) {
        d.error(DiagnosticKind::TypeMismatch, e.range,
                "cat: the arrays must agree in every dimension except " + std::to_string(k));
        return std::nullopt;
      }
    }
    result.dims[k - 1] += p.dims[k - 1];
  }
  std::size_t outer = 1;
  for (std::size_t i = 0; i + 1 < k; ++i)
    outer *= first[i];
  for (std::size_t o = 0; o < outer; ++o) {
    for (const Tensor& p : parts) {
      std::size_t block = p.size() / outer;
      result.elements.insert(result.elements.end(), p.elements.begin() + o * block,
                             p.elements.begin() + (o + 1) * block);
    }
  }
  return result;
}

std::optional<Tensor> ExpressionLowering::vectorAlgebra(const ast::Expr& e, const std::string& name,
                                                        std::vector<Tensor> a) {
  Diagnostics& d = el_.diagnostics();
  auto mul = [&](const Expr& x, const Expr& y) {
    return make::binary(flat::BinaryOp::Mul, x, y, make::arithmeticType(x.type, y.type), e.range);
  };
  auto sub = [&](const Expr& x, const Expr& y) {
    return make::binary(flat::BinaryOp::Sub, x, y, make::arithmeticType(x.type, y.type), e.range);
  };
  auto neg = [&](const Expr& x) { return make::unary(flat::UnaryOp::Minus, x, x.type, e.range); };
  Tensor t;
  if (name == "cross" && a.size() == 2 && a[0].dims == std::vector<std::size_t>{3} &&
      a[1].dims == a[0].dims) {
    const auto& x = a[0].elements;
    const auto& y = a[1].elements;
    t.dims = {3};
    t.elements = {sub(mul(x[1], y[2]), mul(x[2], y[1])), sub(mul(x[2], y[0]), mul(x[0], y[2])),
                  sub(mul(x[0], y[1]), mul(x[1], y[0]))};
    return t;
  }
  if (name == "skew" && a.size() == 1 && a[0].dims == std::vector<std::size_t>{3}) {
    const auto& x = a[0].elements;
    Expr zero = lit(Type::Integer, 0, e.range);
    t.dims = {3, 3};
    t.elements = {zero, neg(x[2]), x[1], x[2], zero, neg(x[0]), neg(x[1]), x[0], zero};
    return t;
  }
  if (name == "outerProduct" && a.size() == 2 && a[0].dims.size() == 1 && a[1].dims.size() == 1) {
    t.dims = {a[0].size(), a[1].size()};
    for (const Expr& x : a[0].elements) {
      for (const Expr& y : a[1].elements)
        t.elements.push_back(mul(x, y));
    }
    return t;
  }
  if (name == "symmetric" && a.size() == 1 && a[0].dims.size() == 2 &&
      a[0].dims[0] == a[0].dims[1]) {
    std::size_t n = a[0].dims[0];
    t.dims = a[0].dims;
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = 0; j < n; ++j)
        t.elements.push_back(a[0].elements[i <= j ? i * n + j : j * n + i]);
    }
    return t;
  }
  d.error(DiagnosticKind::WrongArguments, e.range, "wrong arguments for '" + name + "'");
  return std::nullopt;
}

} // namespace mocc::frontend
