// Tensor: the value of an expression during lowering, an array of scalar flat expressions
// with its sizes (MLS 10: arrays are flattened to their elements). A scalar has no sizes.
#pragma once

#include "mocc/flat/model.h"

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace mocc::frontend {

struct ClassEntry;
struct FunctionalArgument;

struct Tensor {
  std::vector<std::size_t> dims;
  std::vector<flat::Expr> elements; // row-major

  /// A record value (MLS 12.6): its fields by name, in declaration order; `elements` and
  /// `dims` are empty then.
  const ClassEntry* recordType = nullptr;
  std::vector<std::string> fieldNames;
  std::vector<Tensor> fieldValues;
  /// An array of records (`recordType` set, `dims` not empty): one record value per element,
  /// row-major; `elements` and the fields are empty then.
  std::vector<Tensor> records;
  /// A function passed to a functional input (MLS 12.4.2): `elements` are then the values of
  /// the inputs its partial application binds, in the order `functional` lists them.
  std::shared_ptr<const FunctionalArgument> functional;

  /// A record or an array of records.
  bool isRecord() const { return recordType != nullptr; }
  bool isRecordArray() const { return recordType != nullptr && !dims.empty(); }
  const Tensor* field(const std::string& name) const {
    for (std::size_t i = 0; i < fieldNames.size(); ++i) {
      if (fieldNames[i] == name) return &fieldValues[i];
    }
    return nullptr;
  }
  /// Every scalar of the value: record fields in order, arrays row-major.
  std::vector<flat::Expr> leaves() const {
    if (!isRecord()) return elements;
    std::vector<flat::Expr> out;
    for (const Tensor& f : isRecordArray() ? records : fieldValues) {
      auto more = f.leaves();
      out.insert(out.end(), more.begin(), more.end());
    }
    return out;
  }

  static Tensor scalar(flat::Expr e) {
    Tensor t;
    t.elements.push_back(std::move(e));
    return t;
  }
  /// An array of records with `dims` (row-major records, all of one type).
  static Tensor recordArray(std::vector<std::size_t> dims, std::vector<Tensor> records,
                            const ClassEntry* type) {
    Tensor t;
    t.dims = std::move(dims);
    t.records = std::move(records);
    t.recordType = type;
    return t;
  }
  bool isScalar() const { return dims.empty() && !isRecord(); }
  std::size_t size() const { return elements.size(); }
  std::size_t dim(std::size_t i) const { return dims[i]; }
  const flat::Expr& scalarValue() const { return elements.front(); }

  /// The sub-array at 0-based `index` of the first dimension.
  Tensor row(std::size_t index) const {
    Tensor t;
    t.dims.assign(dims.begin() + 1, dims.end());
    if (isRecordArray()) {
      std::size_t stride = records.size() / dims[0];
      if (t.dims.empty()) return records[index];
      t.recordType = recordType;
      t.records.assign(records.begin() + index * stride, records.begin() + (index + 1) * stride);
      return t;
    }
    std::size_t stride = elements.size() / dims[0];
    t.elements.assign(elements.begin() + index * stride, elements.begin() + (index + 1) * stride);
    return t;
  }
};

/// Whether two values have one shape: records (or arrays of them) with the same fields, down to
/// numeric arrays of the same sizes.
inline bool sameShape(const Tensor& a, const Tensor& b) {
  if (a.isRecord() != b.isRecord() || a.dims != b.dims) return false;
  if (!a.isRecord()) return true;
  const auto& aParts = a.isRecordArray() ? a.records : a.fieldValues;
  const auto& bParts = b.isRecordArray() ? b.records : b.fieldValues;
  if (a.fieldNames != b.fieldNames || aParts.size() != bParts.size()) return false;
  for (std::size_t i = 0; i < aParts.size(); ++i) {
    if (!sameShape(aParts[i], bParts[i])) return false;
  }
  return true;
}

/// The records of a record value: the elements of an array of records, or the record itself.
std::vector<const Tensor*> recordsOf(const Tensor& value);

/// Every scalar of a value in the layout of a function's frame (MLS 12.6 records field by
/// field): an array of records is stored as one array per field, `c.re[n]` and `c.im[n]` for
/// `Complex c[n]`, so its scalars come field by field, each field over all elements.
std::vector<flat::Expr> columnLeaves(const Tensor& value);

/// The array of records with `dims` (a record when `dims` is empty) whose field `names[f]`
/// has the values `columns[f]`, each sized `dims` followed by the field's own sizes: the
/// inverse of the frame layout above.
Tensor recordsFromColumns(const ClassEntry* type, const std::vector<std::size_t>& dims,
                          std::vector<std::string> names, std::vector<Tensor> columns);

/// Product of the sizes; 1 for a scalar.
inline std::size_t elementCount(const std::vector<std::size_t>& dims) {
  std::size_t n = 1;
  for (std::size_t d : dims)
    n *= d;
  return n;
}

/// Row-major 1-based subscripts of element `linear` of an array with `dims`.
inline std::vector<std::size_t> subscriptsOf(std::size_t linear,
                                             const std::vector<std::size_t>& dims) {
  std::vector<std::size_t> subscripts(dims.size());
  for (std::size_t i = dims.size(); i-- > 0;) {
    subscripts[i] = linear % dims[i] + 1;
    linear /= dims[i];
  }
  return subscripts;
}

/// "[1,2]" for subscripts {1, 2}; "" for none.
inline std::string subscriptText(const std::vector<std::size_t>& subscripts) {
  if (subscripts.empty()) return "";
  std::string text = "[";
  for (std::size_t i = 0; i < subscripts.size(); ++i) {
    if (i) text += ",";
    text += std::to_string(subscripts[i]);
  }
  return text + "]";
}

} // namespace mocc::frontend
