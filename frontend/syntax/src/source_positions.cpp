// UTF-8 decoding for the lexer and the mapping from ANTLR's code-point indices back to byte
// offsets, lines and byte columns.
#include "source_positions.h"

#include <algorithm>

namespace mocc::frontend {

namespace {

constexpr char32_t replacementCharacter = 0xFFFD;

// Length and value of the UTF-8 sequence at `text[i]`, or length 0 when it is invalid
// (truncated, overlong, a surrogate, or beyond U+10FFFF).
std::size_t decodeUtf8(std::string_view text, std::size_t i, char32_t& codePoint) {
  auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char lead = byte(i);
  std::size_t length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0;
  if (length == 0 || lead > 0xF4 || i + length > text.size()) return 0;
  if (length == 1) {
    codePoint = lead;
    return 1;
  }
  char32_t value = lead & (0x7F >> length);
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    value = (value << 6) | (byte(i + k) & 0x3F);
  }
  static constexpr char32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (value < smallest[length] || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) {
    return 0;
  }
  codePoint = value;
  return length;
}

} // namespace

Utf8InputStream::Utf8InputStream(std::string_view text) {
  bool ascii = std::all_of(text.begin(), text.end(),
                           [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  _data.reserve(text.size());
  if (ascii) {
    _data.assign(text.begin(), text.end());
    return;
  }
  byteOffsets_.reserve(text.size() + 1);
  for (std::size_t i = 0; i < text.size();) {
    char32_t codePoint = 0;
    std::size_t length = decodeUtf8(text, i, codePoint);
    byteOffsets_.push_back(static_cast<std::uint32_t>(i));
    if (length == 0) {
      invalidBytes_.push_back(i);
      _data.push_back(replacementCharacter);
      i += 1;
    } else {
      _data.push_back(codePoint);
      i += length;
    }
  }
  byteOffsets_.push_back(static_cast<std::uint32_t>(text.size()));
}

SourcePositions::SourcePositions(FileId file, std::string_view text, const Utf8InputStream& input)
    : file_(file), text_(text), input_(input) {
  lineStarts_.push_back(0);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') lineStarts_.push_back(i + 1);
  }
}

SourceLocation SourcePositions::at(std::size_t byteOffset) const {
  byteOffset = std::min(byteOffset, text_.size());
  // Lookups mostly move forward through the file: try the last line and the next first.
  auto within = [&](std::size_t line) {
    return lineStarts_[line] <= byteOffset &&
           (line + 1 == lineStarts_.size() || byteOffset < lineStarts_[line + 1]);
  };
  std::size_t line = lastLine_;
  if (!within(line)) {
    if (line + 1 < lineStarts_.size() && within(line + 1)) {
      ++line;
    } else {
      auto next = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), byteOffset);
      line = static_cast<std::size_t>(next - lineStarts_.begin()) - 1;
    }
  }
  lastLine_ = line;
  return SourceLocation{file_, static_cast<std::uint32_t>(line + 1),
                        static_cast<std::uint32_t>(byteOffset - lineStarts_[line] + 1)};
}

std::size_t SourcePositions::beginOffset(const antlr4::Token* token) const {
  std::size_t index = std::min(token->getStartIndex(), input_.codePointCount());
  return input_.byteOffset(index);
}

std::size_t SourcePositions::endOffset(const antlr4::Token* token) const {
  if (token->getType() == antlr4::Token::EOF) return beginOffset(token);
  std::size_t index = std::min(token->getStopIndex() + 1, input_.codePointCount());
  return input_.byteOffset(index);
}

SourceRange SourcePositions::range(const antlr4::Token* token) const { return range(token, token); }

SourceRange SourcePositions::range(const antlr4::Token* first, const antlr4::Token* last) const {
  if (first == nullptr || first->getStartIndex() == INVALID_INDEX) return {};
  SourceLocation begin = at(beginOffset(first));
  if (last == nullptr || last->getStartIndex() == INVALID_INDEX ||
      last->getTokenIndex() < first->getTokenIndex()) {
    return SourceRange{begin, begin};
  }
  return SourceRange{begin, at(endOffset(last))};
}

SourceRange SourcePositions::range(antlr4::ParserRuleContext* context) const {
  return range(context->getStart(), context->getStop());
}

} // namespace mocc::frontend
