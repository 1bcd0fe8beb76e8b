// The MAT v4 result file: what MatWriter writes reads back (readResultMat) as the rows it was
// given, aliases (also chains and negations) share their variable's row, parameters are stored
// once, and files in the other orientation ("binNormal") read the same.
#include "mocc/runtime/mat_writer.h"
#include "mocc/runtime/result_reader.h"

#include <gtest/gtest.h>
#include <matio.h>

#include <filesystem>

namespace mocc::runtime::test {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("mocc-mat-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir / name;
}

ResultColumn column(std::string name, mocc_kind kind, int variable, int aliasOf = -1,
                    bool negated = false) {
  ResultColumn c{std::move(name), "", MOCC_TYPE_REAL, kind, MOCC_REGION_VALUE, 0, ""};
  c.variable = variable;
  c.aliasOf = aliasOf;
  c.aliasNegated = negated;
  return c;
}

/// The dataInfo matrix of a MAT file, column by column (matio reads v4 matrices as doubles).
std::vector<std::int32_t> dataInfoOf(const fs::path& path) {
  mat_t* file = Mat_Open(path.c_str(), MAT_ACC_RDONLY);
  matvar_t* info = Mat_VarRead(file, "dataInfo");
  EXPECT_EQ(info->data_type, MAT_T_DOUBLE);
  auto* values = static_cast<double*>(info->data);
  std::vector<std::int32_t> out(values, values + info->dims[0] * info->dims[1]);
  Mat_VarFree(info);
  Mat_Close(file);
  return out;
}

TEST(MatWriter, RowsReadBackWithAliasesAndParametersStoredOnce) {
  fs::path path = scratch("aliases.mat");
  {
    MatWriter writer(path);
    // variables 0..4: x; k (parameter); y = -x; z = -y (a chain: z = x); w
    std::vector<ResultColumn> columns = {
        column("x", MOCC_KIND_STATE, 0), column("k", MOCC_KIND_PARAMETER, 1),
        column("y", MOCC_KIND_ALGEBRAIC, 2, 0, true), column("z", MOCC_KIND_ALGEBRAIC, 3, 2, true),
        column("w", MOCC_KIND_ALGEBRAIC, 4)};
    writer.begin(columns);
    writer.row(0.0, RowKind::Initial, std::vector<double>{1.0, 5.0, -1.0, 1.0, 0.25});
    writer.row(0.5, RowKind::EventLeft, std::vector<double>{2.0, 5.0, -2.0, 2.0, 0.5});
    writer.row(0.5, RowKind::EventRight, std::vector<double>{3.0, 5.0, -3.0, 3.0, 0.75});
    writer.close();
  }
  ResultData data = readResultMat(path);
  ASSERT_EQ(data.names, (std::vector<std::string>{"x", "k", "y", "z", "w"}));
  ASSERT_EQ(data.rows.size(), 3u);
  EXPECT_EQ(data.rows[1].time, 0.5);
  EXPECT_EQ(data.rows[2].values, (std::vector<double>{3.0, 5.0, -3.0, 3.0, 0.75}));
  // time, x, k, y, z, w: (block, row) pairs; y and z in x's row, k in data_1.
  std::vector<std::int32_t> info = dataInfoOf(path);
  ASSERT_EQ(info.size(), 24u);
  auto place = [&](int i) { return std::pair{info[4 * i], info[4 * i + 1]}; };
  EXPECT_EQ(place(0), std::pair(0, 1));
  EXPECT_EQ(place(1), std::pair(2, 2));
  EXPECT_EQ(place(2), std::pair(1, 2));
  EXPECT_EQ(place(3), std::pair(2, -2));
  EXPECT_EQ(place(4), std::pair(2, 2));
  EXPECT_EQ(place(5), std::pair(2, 3));
}

TEST(MatWriter, AnAliasOfAVariableNotWrittenKeepsItsOwnRow) {
  fs::path path = scratch("selected.mat");
  {
    MatWriter writer(path);
    std::vector<ResultColumn> columns = {column("y", MOCC_KIND_ALGEBRAIC, 2, 0, true)};
    writer.begin(columns);
    writer.row(0.0, RowKind::Initial, std::vector<double>{-1.0});
  }
  ResultData data = readResultMat(path);
  ASSERT_EQ(data.names, std::vector<std::string>{"y"});
  EXPECT_EQ(data.rows.at(0).values, std::vector<double>{-1.0});
}

TEST(MatWriter, AFileThatCannotBeCreatedIsAnError) {
  EXPECT_THROW(MatWriter(fs::path("/nonexistent-directory/out.mat")), std::runtime_error);
}

/// Writes a rows x columns matrix given column by column.
template <typename T>
void put(mat_t* file, const char* name, matio_classes c, matio_types t, std::size_t rows,
         std::size_t columns, std::vector<T> data) {
  size_t dims[2] = {rows, columns};
  matvar_t* matrix = Mat_VarCreate(name, c, t, 2, dims, data.data(), 0);
  Mat_VarWrite(file, matrix, MAT_COMPRESSION_NONE);
  Mat_VarFree(matrix);
}

TEST(ResultReader, ReadsTheBinNormalOrientation) {
  fs::path path = scratch("normal.mat");
  mat_t* file = Mat_CreateVer(path.c_str(), nullptr, MAT_FT_MAT4);
  // Aclass rows; names and dataInfo one row per variable: time, a (data_2), p (data_1), m = -a.
  std::string aclass[4] = {"Atrajectory", "1.1        ", "           ", "binNormal  "};
  std::vector<char> classText(44);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 11; ++c)
      classText[c * 4 + r] = aclass[r][c];
  put(file, "Aclass", MAT_C_CHAR, MAT_T_UINT8, 4, 11, classText);
  std::string names[4] = {"time", "a   ", "p   ", "m   "};
  std::vector<char> nameText(16);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c)
      nameText[c * 4 + r] = names[r][c];
  put(file, "name", MAT_C_CHAR, MAT_T_UINT8, 4, 4, nameText);
  std::vector<std::int32_t> info = {0, 2, 1, 2, 1, 2, 2, -2, 0, 0, 0, 0, -1, -1, 0, -1};
  put(file, "dataInfo", MAT_C_INT32, MAT_T_INT32, 4, 4, info);
  put(file, "data_1", MAT_C_DOUBLE, MAT_T_DOUBLE, 2, 2, std::vector<double>{0, 1, 7, 7});
  put(file, "data_2", MAT_C_DOUBLE, MAT_T_DOUBLE, 3, 2, std::vector<double>{0, 0.5, 1, 10, 20, 30});
  Mat_Close(file);
  ResultData data = readResultMat(path);
  ASSERT_EQ(data.names, (std::vector<std::string>{"a", "p", "m"}));
  ASSERT_EQ(data.rows.size(), 3u);
  EXPECT_EQ(data.rows[1].time, 0.5);
  EXPECT_EQ(data.rows[1].values, (std::vector<double>{20, 7, -20}));
}

TEST(ResultReader, AFileWithoutTheMatricesIsAnErrorNamingIt) {
  fs::path path = scratch("empty.mat");
  mat_t* file = Mat_CreateVer(path.c_str(), nullptr, MAT_FT_MAT4);
  put(file, "x", MAT_C_DOUBLE, MAT_T_DOUBLE, 1, 1, std::vector<double>{1});
  Mat_Close(file);
  try {
    readResultMat(path);
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("Aclass"), std::string::npos) << e.what();
  }
}

} // namespace
} // namespace mocc::runtime::test
