// Building blocks of generated C++ text: an indented line buffer (Code), and the spelling of
// literals (doubles exactly as stored, strings escaped) and comments (one safe line each).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace mocc::backend::cpp {

/// Lines of C++ at an indentation level. Blocks are opened and closed explicitly; another
/// Code can be appended, indented relative to the current level.
class Code {
public:
  void line(std::string_view text);
  /// `header {` and one level deeper.
  void open(std::string_view header);
  /// One level shallower and `trailer` (by default `}`).
  void close(std::string_view trailer = "}");
  /// `text` one level shallower, staying at this level: `} else {` between two blocks.
  void between(std::string_view text);
  /// `// text`, long text wrapped at word boundaries.
  void comment(std::string_view text);
  void blank() { lines_.emplace_back(); }
  void append(const Code& other);
  bool empty() const { return lines_.empty(); }
  std::string str() const;

private:
  std::vector<std::string> lines_;
  int depth_ = 0;
};

/// A C++ literal with exactly the bits of `value`: the shortest decimal that reads back to
/// it, with a `.0` where it would otherwise be an integer; infinities and NaNs (with their
/// payload) through builtins.
std::string doubleLiteral(double value);
/// A C++ string literal holding `text` byte for byte.
std::string stringLiteral(std::string_view text);
/// `text` made safe for a `//` comment: line breaks become spaces and a trailing backslash
/// (which would continue the comment onto the next line) is dropped.
std::string commentText(std::string_view text);

} // namespace mocc::backend::cpp
