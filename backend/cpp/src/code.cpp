// Code and literal spelling. Doubles go through fmt's shortest round-trip form, which a C++
// compiler reads back to the same bits; everything else about a double (sign of zero,
// infinities, NaN payloads) is spelled so that no bit is lost either.
#include "code.h"

#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <cstdint>

namespace mocc::backend::cpp {

namespace {
constexpr std::size_t kCommentWidth = 96;
} // namespace

void Code::line(std::string_view text) {
  lines_.push_back(std::string(2 * depth_, ' ') + std::string(text));
}

void Code::open(std::string_view header) {
  line(header.empty() ? std::string("{") : std::string(header) + " {");
  ++depth_;
}

void Code::close(std::string_view trailer) {
  --depth_;
  line(trailer);
}

void Code::between(std::string_view text) {
  --depth_;
  line(text);
  ++depth_;
}

void Code::comment(std::string_view text) {
  std::string safe = commentText(text);
  std::string_view rest = safe;
  // Wrap at spaces so that a long printed equation stays readable.
  while (rest.size() > kCommentWidth) {
    std::size_t cut = rest.rfind(' ', kCommentWidth);
    if (cut == std::string_view::npos || cut == 0) cut = rest.find(' ', kCommentWidth);
    if (cut == std::string_view::npos) break;
    line("// " + std::string(rest.substr(0, cut)));
    rest.remove_prefix(cut + 1);
  }
  line("// " + std::string(rest));
}

void Code::append(const Code& other) {
  for (const std::string& text : other.lines_)
    lines_.push_back(text.empty() ? text : std::string(2 * depth_, ' ') + text);
}

std::string Code::str() const {
  std::string out;
  for (const std::string& text : lines_) {
    out += text;
    out += '\n';
  }
  return out;
}

std::string doubleLiteral(double value) {
  if (std::isnan(value)) {
    return fmt::format("__builtin_bit_cast(double, 0x{:016x}ull)",
                       std::bit_cast<std::uint64_t>(value));
  }
  if (std::isinf(value)) return value > 0 ? "__builtin_inf()" : "-__builtin_inf()";
  std::string text = fmt::format("{}", value);
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  return text;
}

std::string stringLiteral(std::string_view text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    switch (c) {
    case '"': out += "\\\""; break;
    case '\\': out += "\\\\"; break;
    case '\n': out += "\\n"; break;
    case '\t': out += "\\t"; break;
    case '?': out += "\\?"; break; // never part of a trigraph-like sequence
    default:
      // Octal escapes are at most three digits long, so the next character can never be
      // read as part of one.
      if (c < 0x20 || c == 0x7f) {
        out += fmt::format("\\{:03o}", c);
      } else {
        out += static_cast<char>(c);
      }
    }
  }
  return out + "\"";
}

std::string commentText(std::string_view text) {
  std::string out;
  for (char c : text)
    out += (c == '\n' || c == '\r') ? ' ' : c;
  while (!out.empty() && (out.back() == '\\' || out.back() == ' '))
    out.pop_back();
  return out;
}

} // namespace mocc::backend::cpp
