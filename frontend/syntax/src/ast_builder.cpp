// AST construction, part 1: the stored definition, names, component references, subscripts
// and comments (description strings and annotations).
#include "ast_builder.h"

#include "literals.h"

namespace mocc::frontend {

using P = grammar::ModelicaParser;

ast::StoredDefinition AstBuilder::storedDefinition(P::StoredDefinitionContext* context) {
  ast::StoredDefinition definition;
  definition.file = positions_.file();
  if (context->WITHIN() != nullptr) {
    ast::Name within;
    if (auto* withinName = context->name()) {
      within = name(withinName);
    } else {
      within.range = range(context->WITHIN());
    }
    definition.within = std::move(within);
  }
  bool isFinal = false;
  for (antlr4::tree::ParseTree* child : context->children) {
    if (auto* classContext = dynamic_cast<P::ClassDefinitionContext*>(child)) {
      definition.classes.push_back(classDefinition(classContext));
      definition.finalPrefixes.push_back(isFinal);
      isFinal = false;
    } else if (auto* terminal = dynamic_cast<antlr4::tree::TerminalNode*>(child)) {
      if (terminal->getSymbol()->getType() == P::FINAL) isFinal = true;
    }
  }
  return definition;
}

std::string AstBuilder::identifier(antlr4::tree::TerminalNode* node) const {
  return canonicalIdentifier(text(node));
}

ast::Name AstBuilder::name(P::NameContext* context) {
  ast::Name result;
  result.range = range(context);
  for (antlr4::tree::TerminalNode* part : context->IDENT()) {
    result.parts.push_back(identifier(part));
  }
  return result;
}

ast::Name AstBuilder::typeSpecifier(P::TypeSpecifierContext* context) {
  ast::Name result = name(context->name());
  result.global = context->DOT() != nullptr;
  result.range = range(context);
  return result;
}

ast::ComponentRef AstBuilder::componentReference(P::ComponentReferenceContext* context) {
  // '.'? IDENT arraySubscripts? ('.' IDENT arraySubscripts?)*
  ast::ComponentRef ref;
  ref.range = range(context);
  for (antlr4::tree::ParseTree* child : context->children) {
    if (!isTerminal(child)) {
      auto* subscripts = static_cast<P::ArraySubscriptsContext*>(child);
      ast::RefPart& part = ref.parts.back();
      part.subscripts = arraySubscripts(subscripts);
      part.range.end = range(subscripts).end;
      continue;
    }
    auto* terminal = static_cast<antlr4::tree::TerminalNode*>(child);
    if (terminal->getSymbol()->getType() == P::IDENT) {
      ref.parts.push_back(ast::RefPart{identifier(terminal), {}, range(terminal)});
    } else if (ref.parts.empty()) {
      ref.global = true; // a leading '.'
    }
  }
  return ref;
}

std::vector<ast::Subscript> AstBuilder::arraySubscripts(P::ArraySubscriptsContext* context) {
  // '[' subscript (',' subscript)* ']'
  std::vector<ast::Subscript> subscripts;
  if (context == nullptr) return subscripts;
  for (std::size_t i = 1; i < context->children.size(); i += 2) {
    auto* subscript = childAt<P::SubscriptContext>(context, i);
    antlr4::tree::ParseTree* content = subscript->children.front();
    ast::ExprPtr value; // null for ':'
    if (!isTerminal(content)) value = expression(static_cast<P::ExpressionContext*>(content));
    subscripts.push_back(ast::Subscript{std::move(value), range(subscript)});
  }
  return subscripts;
}

ast::Comment AstBuilder::description(P::DescriptionContext* context) {
  ast::Comment comment;
  if (context == nullptr) return comment;
  comment.description = descriptionString(context->descriptionString());
  comment.annotation = annotation(context->annotationClause());
  return comment;
}

std::string AstBuilder::descriptionString(P::DescriptionStringContext* context) {
  std::string text;
  if (context == nullptr) return text;
  for (antlr4::tree::TerminalNode* part : context->STRING())
    text += decodeString(this->text(part));
  return text;
}

std::unique_ptr<ast::ClassModification>
AstBuilder::annotation(P::AnnotationClauseContext* context) {
  if (context == nullptr) return nullptr;
  return classModification(context->classModification());
}

} // namespace mocc::frontend
