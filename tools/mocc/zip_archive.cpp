#include "zip_archive.h"

#include <zip.h>

#include <fstream>
#include <iterator>

namespace mocc::tool {

namespace {

std::optional<std::string> contentsOf(const ZipEntry& entry) {
  if (entry.text) return entry.text;
  std::ifstream in(entry.file, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(in), {});
}

} // namespace

std::optional<std::string> writeZip(const std::filesystem::path& archive,
                                    const std::vector<ZipEntry>& entries) {
  zipFile zip = zipOpen64(archive.c_str(), APPEND_STATUS_CREATE);
  if (!zip) return "cannot create " + archive.string();
  std::optional<std::string> error;
  for (const ZipEntry& entry : entries) {
    auto contents = contentsOf(entry);
    if (!contents) {
      error = "cannot read " + entry.file.string();
      break;
    }
    zip_fileinfo info{};
    bool written = zipOpenNewFileInZip64(zip, entry.name.c_str(), &info, nullptr, 0, nullptr, 0,
                                         nullptr, Z_DEFLATED, Z_DEFAULT_COMPRESSION,
                                         contents->size() > 0xffffffffu) == ZIP_OK &&
                   zipWriteInFileInZip(zip, contents->data(),
                                       static_cast<unsigned>(contents->size())) == ZIP_OK &&
                   zipCloseFileInZip(zip) == ZIP_OK;
    if (!written) {
      error = "cannot write " + entry.name + " into " + archive.string();
      break;
    }
  }
  if (zipClose(zip, nullptr) != ZIP_OK && !error) error = "cannot complete " + archive.string();
  return error;
}

} // namespace mocc::tool
