// The Flattener: instantiates one class into a flat::Model. Components are declared first
// (so that bindings and equations can refer to any of them), then bindings, attributes and
// equations are lowered.
#pragma once

#include "expression_lowering.h"
#include "mocc/ast/ast.h"
#include "mocc/flat/model.h"
#include "mocc/support/diagnostics.h"

#include <optional>
#include <vector>

namespace mocc::frontend {

class Flattener {
public:
  Flattener(const ast::ClassDef& model, Diagnostics& diagnostics);
  std::optional<flat::Model> run();

private:
  // A declared variable whose modification is lowered once every name is known.
  struct PendingDeclaration {
    std::uint32_t variable;
    const ast::Declaration* declaration;
  };

  // components.cpp
  void declareElements(const ast::Composition& composition);
  void declareComponent(const ast::Element& element, const ast::Component& component);
  bool checkComponentSupported(const ast::Element& element, const ast::Component& component);
  void lowerDeclaration(const PendingDeclaration& pending);
  void lowerModification(flat::Variable& variable, const ast::Modification& modification);
  void lowerAttribute(flat::Variable& variable, const ast::Argument& argument);
  std::optional<flat::Expr> lowerAttributeValue(const flat::Variable& variable,
                                                const std::string& attribute,
                                                const ast::Expr& value);
  void checkBindingVariability(const flat::Variable& variable, const flat::Expr& binding);

  // equations.cpp
  void lowerSections(const ast::Composition& composition);
  std::optional<flat::Equation> lowerEquation(const ast::Equation& equation, bool insideWhen);
  std::optional<flat::Equation> lowerSimple(const ast::Equation& equation,
                                            const ast::SimpleEquation& simple, bool insideWhen);
  std::optional<flat::Equation> lowerWhen(const ast::Equation& equation,
                                          const ast::WhenEquation& when, bool insideWhen);
  std::optional<flat::Equation> lowerCall(const ast::Equation& equation,
                                          const ast::CallEquation& call, bool insideWhen);
  std::optional<flat::Equation> lowerReinit(const ast::Equation& equation,
                                            const ast::CallEquation& call);
  std::optional<flat::Equation> lowerAssert(const ast::Equation& equation,
                                            const ast::CallEquation& call);
  std::optional<flat::Equation> lowerTerminate(const ast::Equation& equation,
                                               const ast::CallEquation& call);
  bool checkCompatible(const flat::Expr& lhs, const flat::Expr& rhs, SourceRange range);

  void unsupported(SourceRange range, const std::string& what);

  const ast::ClassDef& class_;
  Diagnostics& diagnostics_;
  flat::Model model_;
  Scope scope_;
  ExpressionLowering expressions_;
  std::vector<PendingDeclaration> pending_;
};

} // namespace mocc::frontend
