// `mocc man`: the manual page mocc(1) in roff, generated from the help of every command and
// option, so that it cannot drift from the program (the build installs it as share/man/man1).
#include "commands.h"

#include "mocc/cli/simulator_cli.h"

#include <iostream>

namespace mocc::tool {

namespace {

/// Text for roff: backslashes doubled, a leading dot or quote guarded, dashes as \-.
std::string roff(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\\')
      out += "\\e";
    else if (c == '-')
      out += "\\-";
    else
      out += c;
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out.insert(0, "\\&");
  return out;
}

void printOption(std::ostream& out, const CLI::Option& option) {
  std::string names = option.get_name(/*positional=*/true, /*all_options=*/true);
  std::string type = option.get_type_name();
  out << ".TP\n.B " << roff(names) << (type.empty() ? "" : " " + roff(type)) << "\n"
      << roff(option.get_description()) << "\n";
}

void printCommand(std::ostream& out, const CLI::App& command) {
  out << ".SS mocc " << roff(command.get_name()) << "\n" << roff(command.get_description()) << "\n";
  for (const CLI::Option* option : command.get_options()) {
    if (option->get_name() == "--help") continue;
    printOption(out, *option);
  }
  if (!command.get_footer().empty()) out << ".PP\n" << roff(command.get_footer()) << "\n";
}

int printManual(const CLI::App& app) {
  std::ostream& out = std::cout;
  out << ".TH MOCC 1 \"\" \"mocc " MOCC_VERSION "\" \"User Commands\"\n"
      << ".SH NAME\nmocc \\- " << roff("a Modelica compiler with event-aware simulation") << "\n"
      << ".SH SYNOPSIS\n.B mocc\n.I command\n[\\fIoptions\\fR] \\fIMODEL.mo\\fR|\\fICLASS\\fR\n"
      << ".SH DESCRIPTION\n"
      << roff(app.get_description()) << "\n"
      << ".PP\n"
      << roff("mocc help TOPIC explains events, solvers, locators and result files.")
      << "\n.SH COMMANDS\n";
  for (const CLI::App* command : app.get_subcommands([](const CLI::App*) { return true; }))
    printCommand(out, *command);
  out << ".SH EXIT STATUS\n"
      << roff("0 success, 1 model error, 2 usage error, 3 simulation failure (the results "
              "computed so far are kept), 4 a signal left its reference's tube (mocc compare).")
      << "\n.SH ENVIRONMENT\n.TP\n.B MODELICAPATH\n"
      << roff("Directories of libraries, separated by colons, searched after --lib.") << "\n"
      << ".TP\n.B MOCC_STDLIB\n"
      << roff("The project's standard library, instead of the one "
              "installed beside mocc.")
      << "\n.TP\n.B XDG_CACHE_HOME\n"
      << roff("Where the JIT cache lives (mocc/ below it).") << "\n";
  return cli::kSuccess;
}

} // namespace

CommandAction addManCommand(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand(
      "man", "Print the manual page mocc(1) in roff, generated from the help of every command "
             "(man -l <(mocc man) shows it)");
  const CLI::App* root = &app;
  return [root]() { return printManual(*root); };
}

} // namespace mocc::tool
