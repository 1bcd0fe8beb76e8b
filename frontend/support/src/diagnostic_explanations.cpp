// The paragraphs of `mocc explain CODE`: per diagnostic kind, what went wrong, the rule behind
// it (the section of the Modelica Language Specification 3.6 that states it) and what usually
// fixes it. A new kind in diagnostic_kinds.def needs its paragraph here (a unit test checks
// that every kind has one).
#include "mocc/support/diagnostics.h"

namespace mocc {

namespace {

const char* driverExplanation(DiagnosticKind kind) {
  switch (kind) {
  case DiagnosticKind::FileNotReadable:
    return "A file named on the command line, or one that a library's package structure leads "
           "to (package.mo, package.order), could not be read: it does not exist, is a "
           "directory where a file was expected, or is not readable. Check the path and "
           "--lib/MODELICAPATH (MLS 13.4, the mapping of packages to files).";
  case DiagnosticKind::ClassNotFound:
    return "The class to simulate was not found: --class names a class that neither the file "
           "nor the libraries on the path define, or the file defines nothing that can be "
           "simulated (a model or block that is not partial). The note lists the candidates. "
           "Name the class with its full path (Modelica.Blocks.Examples.PID_Controller) and "
           "load its library with --lib (MLS 13.3, the Modelica path).";
  case DiagnosticKind::AmbiguousClass:
    return "A name has more than one meaning where the specification allows only one: the "
           "file defines several models and --class does not choose, or two imports bring the "
           "same short name into a class (MLS 13.2.1: an imported name must be unique). "
           "Choose the class with --class, or rename one import (import B = A.B;).";
  case DiagnosticKind::BadOverride:
    return "An override of a value from the command line names no variable of the model, or "
           "gives a value that does not fit its type. Only parameters whose value does not fix "
           "the model's structure can be changed without recompiling (MLS 4.5, variability).";
  default: return nullptr;
  }
}

const char* syntaxExplanation(DiagnosticKind kind) {
  switch (kind) {
  case DiagnosticKind::SyntaxError:
    return "The text does not follow the Modelica grammar: the caret shows the first token "
           "that cannot continue what came before, and the message says what was expected. "
           "Common causes are a missing semicolon after a declaration or an equation, '=' "
           "where an algorithm needs ':=', and brackets nested deeper than mocc accepts "
           "(MLS A.2, the grammar of appendix A).";
  case DiagnosticKind::MismatchedEndName:
    return "A class definition ends with a name other than its own: 'model A ... end B;'. "
           "The name after 'end' must repeat the class's name (MLS 4.5, class definitions; "
           "appendix A). Usually a class was closed too early or an inner class was left "
           "open.";
  case DiagnosticKind::InvalidLiteral:
    return "A literal cannot be read: an Integer literal larger than the largest Integer "
           "(write 1e12 or 1000000000000.0 for a Real), a Real literal beyond the range of a "
           "double, or a string or quoted identifier with an escape sequence the "
           "specification does not define (MLS 2.4, literal constants; 2.3.1 for quoted "
           "identifiers).";
  default: return nullptr;
  }
}

const char* instanceExplanation(DiagnosticKind kind) {
  switch (kind) {
  case DiagnosticKind::Unsupported:
    return "The model uses a construct that the specification defines but mocc does not "
           "translate yet; the message names it. This is a limitation of mocc, not an error "
           "in the model: other tools may accept it. Please report the model.";
  case DiagnosticKind::UndefinedName:
    return "A name used in an expression, a modification or a connect-equation is not found by "
           "the lookup rules: it is declared neither in the class, nor in a class it extends, "
           "nor in an enclosing class (where only constants and classes are visible), nor "
           "imported (MLS 5.3, static name lookup). Check the spelling, and that a component "
           "of an enclosing class is not used from an inner one.";
  case DiagnosticKind::DuplicateDeclaration:
    return "Two elements of the same class have the same name, directly or through extends "
           "(MLS 7.1.3: inherited elements must be identical to be merged, and names within a "
           "class are unique, MLS 4.4.1). Rename one of them.";
  case DiagnosticKind::UnknownType:
    return "The type of a declaration, the base class of an extends-clause or a redeclared "
           "class is not found, or the name found is a component where a class was needed "
           "(MLS 5.3, lookup of class names; 7.1, inheritance). Check the spelling and that the "
           "library that defines it is on the path (--lib).";
  case DiagnosticKind::UnknownAttribute:
    return "A modification names an attribute or element that the type does not have, for "
           "example Real x(strat = 1) where start was meant, or gives an attribute without a "
           "value (MLS 4.9, the attributes of the predefined types; 7.2, modifications).";
  case DiagnosticKind::TypeMismatch:
    return "Two types that must agree do not: the sides of an equation, a binding and its "
           "variable, array sizes, or the connectors of a connect-equation (MLS 6, "
           "interface and type compatibility; 10.6 for array sizes; 9.3 for connections). The "
           "message gives both types or sizes.";
  case DiagnosticKind::WrongArguments:
    return "A function or operator is called with arguments it does not take: too many or "
           "too few, a named argument it does not have, an argument given twice, or one of the "
           "wrong type or size (MLS 12.4.1, positional and named arguments; 3.7 for the "
           "built-in operators).";
  case DiagnosticKind::InvalidOperator:
    return "An operator, built-in function or element is used where the specification does "
           "not allow it: a connect-equation in a function, der() inside a function, time "
           "outside models and blocks, a stream variable outside a connector, '/' by a "
           "non-scalar. The message cites the section that states the rule (MLS 3, "
           "operators and expressions; 9, connectors; 12, functions).";
  case DiagnosticKind::NotConstant:
    return "An expression must have a lower variability than it has: an array size, a "
           "parameter's binding that reads a time-varying variable, a value that depends on "
           "itself, or an annotation that needs a literal (MLS 3.8, variability of "
           "expressions: a parameter expression reads only constants and parameters).";
  case DiagnosticKind::MissingBinding:
    return "A constant, a parameter that decides the model's structure, or an array of "
           "flexible size (:) has no value to take it from (MLS 4.5: a constant must have a "
           "declaration equation; 10.1 for flexible sizes). Give it a value in its "
           "declaration or in a modification.";
  case DiagnosticKind::InvalidAnnotation:
    return "An annotation that mocc reads has a value it cannot use, for example an experiment "
           "annotation whose StopTime is not a number, or a derivative annotation naming a "
           "function whose inputs do not fit (MLS 18, annotations; 12.7.1 for derivative). "
           "The annotation is ignored with this warning, or the model is rejected when the "
           "annotation decides its meaning.";
  default: return nullptr;
  }
}

const char* backendExplanation(DiagnosticKind kind) {
  switch (kind) {
  case DiagnosticKind::InvalidDerivative:
    return "der() is applied to something that has no time derivative, or index reduction "
           "must differentiate an equation that cannot be differentiated: der() of a discrete "
           "variable or of delay(), or a function without a derivative annotation inside an "
           "equation of a high-index system (MLS 3.7.4, der; 12.7.1, derivatives of "
           "functions).";
  case DiagnosticKind::InvalidReinit:
    return "reinit(x, expr) is used outside a when-equation or when-statement, or on a "
           "variable that is not a continuous-time Real state (one that appears in der()) "
           "(MLS 8.3.6).";
  case DiagnosticKind::InvalidWhen:
    return "A when-clause breaks a rule of its own: a when nested in another, a connect-"
           "equation or an if-equation with non-parameter conditions around it, a left side "
           "that is not a variable, or when-statements in a function or an initial algorithm "
           "(MLS 8.3.5, when-equations; 11.2.7, when-statements).";
  case DiagnosticKind::MultipleAssignment:
    return "A variable is defined more than once: by two when-clauses (use elsewhen for "
           "branches of one clause), by two algorithm sections, or by an equation and an "
           "algorithm. Each variable has exactly one defining equation or section (MLS 8.4, "
           "single assignment rule; 11.1.2).";
  case DiagnosticKind::StructurallySingular:
    return "The model's equations and unknowns do not pair up: there are more equations than "
           "unknowns (over-determined), more unknowns than equations (under-determined), or "
           "the counts agree but some equations do not contain the unknowns that are left "
           "(MLS 4.7, balanced models; 8.4, the number of equations). The message names the "
           "equations or variables involved; an unconnected connector or a missing boundary "
           "condition is the usual cause.";
  case DiagnosticKind::StateSelectViolated:
    return "A variable's stateSelect cannot be honoured: StateSelect.always on a variable "
           "whose derivative never appears, or StateSelect.never on one that must be a state "
           "because nothing else determines it (MLS 4.8.7.1).";
  case DiagnosticKind::AlgebraicLoop:
    return "The equations form an algebraic loop that mocc cannot solve as written: a loop "
           "through Boolean, Integer or String unknowns (Newton's method works only on Reals), "
           "or the equations of a when-clause depending on each other in a cycle. Break the "
           "loop with pre() where a value from before the event is meant (MLS 8.6, "
           "synchronous evaluation at events; 3.7.3, pre).";
  case DiagnosticKind::NotSolvable:
    return "An equation must be solved for an unknown in a form that cannot be solved: a "
           "discrete equation that does not have the form v = expr, or a state-set constraint "
           "that cannot be differentiated (MLS 8.3.5; 8.4 for the solved form).";
  case DiagnosticKind::EventWarning:
    return "A relation or an event-generating function is used in a way that produces events "
           "the model may not intend, or that the event iteration cannot settle (MLS 8.5, "
           "events and synchronization). The message says what happens instead.";
  case DiagnosticKind::CodegenFailure:
    return "An internal check of code generation failed. This is a bug in mocc, not in the "
           "model: please report the model with the message.";
  case DiagnosticKind::PassVerification:
    return "With --verify-each (always in debug builds) mocc checks what each backend pass "
           "leaves behind: every expression well formed, no equation reading a variable that "
           "alias elimination removed, states and derivatives naming each other, every "
           "unknown computed by exactly one step of the schedule. A violation is a bug in the "
           "pass named, not in the model: please report the model with the message; the "
           "notes list what was found. --print-after PASS shows the state it left.";
  default: return nullptr;
  }
}

} // namespace

const char* diagnosticExplanation(DiagnosticKind kind) {
  for (auto explanation :
       {driverExplanation, syntaxExplanation, instanceExplanation, backendExplanation})
    if (const char* text = explanation(kind)) return text;
  return nullptr;
}

} // namespace mocc
