// Source positions for the syntax stage: decodes a file's UTF-8 text into the code points
// ANTLR works on and maps token indices (code points) back to 1-based lines and byte columns,
// which is what SourceLocation promises to every later stage.
#pragma once

#include "mocc/support/source.h"

#include <antlr4-runtime.h>

#include <cstdint>
#include <string_view>
#include <vector>

namespace mocc::frontend {

/// An ANTLR character stream over UTF-8 text that remembers where each code point starts in
/// bytes. Invalid UTF-8 bytes are decoded as U+FFFD (the lexer then reports them) and listed
/// in `invalidBytes()`.
class Utf8InputStream : public antlr4::ANTLRInputStream {
public:
  explicit Utf8InputStream(std::string_view text);

  /// Byte offset of code point `index`; `index == size()` gives the text's length.
  std::size_t byteOffset(std::size_t index) const {
    return byteOffsets_.empty() ? index : byteOffsets_[index];
  }
  const std::vector<std::size_t>& invalidBytes() const { return invalidBytes_; }
  std::size_t codePointCount() const { return _data.size(); }

private:
  std::vector<std::uint32_t> byteOffsets_; // empty for pure ASCII text (offset == index)
  std::vector<std::size_t> invalidBytes_;
};

/// Maps tokens and parse-tree nodes of one file to SourceRanges.
class SourcePositions {
public:
  SourcePositions(FileId file, std::string_view text, const Utf8InputStream& input);

  FileId file() const { return file_; }
  /// The source text of a token, as UTF-8 bytes (faster than ANTLR's getText()).
  std::string_view text(const antlr4::Token* token) const {
    std::size_t begin = beginOffset(token);
    return text_.substr(begin, endOffset(token) - begin);
  }
  /// The location of a byte offset in the file.
  SourceLocation at(std::size_t byteOffset) const;
  /// Byte offset where `token` starts, and one past where it ends.
  std::size_t beginOffset(const antlr4::Token* token) const;
  std::size_t endOffset(const antlr4::Token* token) const;

  SourceRange range(const antlr4::Token* token) const;
  SourceRange range(const antlr4::Token* first, const antlr4::Token* last) const;
  /// The range of a rule's text; an empty rule gives an empty range at its start token.
  SourceRange range(antlr4::ParserRuleContext* context) const;
  SourceRange range(antlr4::tree::TerminalNode* node) const { return range(node->getSymbol()); }

private:
  FileId file_;
  std::string_view text_;
  const Utf8InputStream& input_;
  std::vector<std::size_t> lineStarts_; // byte offset of the first character of each line
  mutable std::size_t lastLine_ = 0;    // index into lineStarts_ of the last lookup (a hint)
};

} // namespace mocc::frontend
