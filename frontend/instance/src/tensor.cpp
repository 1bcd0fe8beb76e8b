// Record values in a function's frame layout (see tensor.h).
#include "tensor.h"

namespace mocc::frontend {

std::vector<const Tensor*> recordsOf(const Tensor& value) {
  std::vector<const Tensor*> records;
  if (!value.isRecordArray()) {
    records.push_back(&value);
    return records;
  }
  for (const Tensor& record : value.records)
    records.push_back(&record);
  return records;
}

namespace {

// The scalars of a list of values of one type, field by field over the list.
void appendColumns(const std::vector<const Tensor*>& values, std::vector<flat::Expr>& out) {
  if (values.empty()) return;
  if (!values.front()->isRecord()) {
    for (const Tensor* value : values)
      out.insert(out.end(), value->elements.begin(), value->elements.end());
    return;
  }
  if (values.front()->isRecordArray()) {
    std::vector<const Tensor*> records;
    for (const Tensor* value : values) {
      auto more = recordsOf(*value);
      records.insert(records.end(), more.begin(), more.end());
    }
    appendColumns(records, out);
    return;
  }
  for (std::size_t f = 0; f < values.front()->fieldValues.size(); ++f) {
    std::vector<const Tensor*> column;
    for (const Tensor* value : values) {
      if (f < value->fieldValues.size()) column.push_back(&value->fieldValues[f]);
    }
    appendColumns(column, out);
  }
}

// Element `k` of the `count` outer elements of a column: the value with the field's own sizes.
Tensor columnElement(const Tensor& column, std::size_t k, std::size_t count,
                     std::size_t outerRank) {
  std::vector<std::size_t> own(column.dims.begin() + static_cast<std::ptrdiff_t>(outerRank),
                               column.dims.end());
  if (column.isRecordArray()) {
    std::size_t stride = column.records.size() / count;
    if (own.empty()) return column.records[k];
    std::vector<Tensor> records(column.records.begin() + static_cast<std::ptrdiff_t>(k * stride),
                                column.records.begin() +
                                    static_cast<std::ptrdiff_t>((k + 1) * stride));
    return Tensor::recordArray(std::move(own), std::move(records), column.recordType);
  }
  Tensor element;
  element.dims = std::move(own);
  std::size_t stride = column.elements.size() / count;
  element.elements.assign(column.elements.begin() + static_cast<std::ptrdiff_t>(k * stride),
                          column.elements.begin() + static_cast<std::ptrdiff_t>((k + 1) * stride));
  return element;
}

} // namespace

std::vector<flat::Expr> columnLeaves(const Tensor& value) {
  std::vector<flat::Expr> out;
  appendColumns({&value}, out);
  return out;
}

Tensor recordsFromColumns(const ClassEntry* type, const std::vector<std::size_t>& dims,
                          std::vector<std::string> names, std::vector<Tensor> columns) {
  auto record = [&](std::vector<Tensor> fields) {
    Tensor value;
    value.recordType = type;
    value.fieldNames = names;
    value.fieldValues = std::move(fields);
    return value;
  };
  if (dims.empty()) return record(std::move(columns));
  std::size_t count = elementCount(dims);
  std::vector<Tensor> records;
  if (count == 0) return Tensor::recordArray(dims, {}, type);
  for (std::size_t k = 0; k < count; ++k) {
    std::vector<Tensor> fields;
    for (const Tensor& column : columns)
      fields.push_back(columnElement(column, k, count, dims.size()));
    records.push_back(record(std::move(fields)));
  }
  return Tensor::recordArray(dims, std::move(records), type);
}

} // namespace mocc::frontend
