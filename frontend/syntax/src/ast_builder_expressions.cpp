// AST construction, part 4: expressions (MLS A.2.7). The grammar's precedence layers become
// nested Unary/BinaryExpr nodes; a layer with one child adds no node, and parentheses add none.
// The tree is known to be complete, so children are addressed by position.
#include "ast_builder.h"

#include "literals.h"

namespace mocc::frontend {

using P = grammar::ModelicaParser;

namespace {

template <class Context> Context* child(antlr4::ParserRuleContext* context, std::size_t index) {
  return static_cast<Context*>(context->children[index]);
}

std::size_t tokenTypeOf(antlr4::tree::ParseTree* node) {
  return static_cast<antlr4::tree::TerminalNode*>(node)->getSymbol()->getType();
}

// The operator token inside an operator rule (addOperator, mulOperator, relationalOperator).
std::size_t operatorType(antlr4::tree::ParseTree* rule) {
  return tokenTypeOf(static_cast<antlr4::ParserRuleContext*>(rule)->children.front());
}

ast::BinaryOp binaryOperator(std::size_t type) {
  switch (type) {
  case P::PLUS: return ast::BinaryOp::Add;
  case P::MINUS: return ast::BinaryOp::Sub;
  case P::STAR: return ast::BinaryOp::Mul;
  case P::SLASH: return ast::BinaryOp::Div;
  case P::CARET: return ast::BinaryOp::Pow;
  case P::DOT_PLUS: return ast::BinaryOp::ElemAdd;
  case P::DOT_MINUS: return ast::BinaryOp::ElemSub;
  case P::DOT_STAR: return ast::BinaryOp::ElemMul;
  case P::DOT_SLASH: return ast::BinaryOp::ElemDiv;
  case P::DOT_CARET: return ast::BinaryOp::ElemPow;
  case P::LESS: return ast::BinaryOp::Lt;
  case P::LESS_EQ: return ast::BinaryOp::Le;
  case P::GREATER: return ast::BinaryOp::Gt;
  case P::GREATER_EQ: return ast::BinaryOp::Ge;
  case P::EQUAL_EQ: return ast::BinaryOp::Eq;
  case P::NOT_EQUAL: return ast::BinaryOp::Ne;
  case P::AND: return ast::BinaryOp::And;
  default: return ast::BinaryOp::Or;
  }
}

ast::UnaryOp unaryOperator(std::size_t type) {
  switch (type) {
  case P::PLUS: return ast::UnaryOp::Plus;
  case P::DOT_PLUS: return ast::UnaryOp::ElemPlus;
  case P::DOT_MINUS: return ast::UnaryOp::ElemMinus;
  default: return ast::UnaryOp::Minus;
  }
}

template <class Node> ast::ExprPtr makeExpr(SourceRange range, Node node) {
  auto expr = std::make_unique<ast::Expr>();
  expr->range = range;
  expr->node = std::move(node);
  return expr;
}

ast::ExprPtr binary(ast::BinaryOp op, ast::ExprPtr lhs, ast::ExprPtr rhs) {
  SourceRange range{lhs->range.begin, rhs->range.end};
  return makeExpr(range, ast::BinaryExpr{op, std::move(lhs), std::move(rhs)});
}

// Folds `operand (operator operand)*` to the left; the operator sits at odd child positions,
// either as a token or as a one-token operator rule.
template <class Operand, class Build, class OperatorOf>
ast::ExprPtr leftAssociative(antlr4::ParserRuleContext* context, std::size_t first, Build build,
                             OperatorOf operatorOf) {
  ast::ExprPtr result = build(child<Operand>(context, first));
  for (std::size_t i = first + 2; i < context->children.size(); i += 2) {
    ast::BinaryOp op = binaryOperator(operatorOf(context->children[i - 1]));
    result = binary(op, std::move(result), build(child<Operand>(context, i)));
  }
  return result;
}

} // namespace

ast::ExprPtr AstBuilder::expression(P::ExpressionContext* context) {
  if (context->children.size() == 1) {
    return simpleExpression(childAt<P::SimpleExpressionContext>(context, 0));
  }
  // if c1 then e1 (elseif c_i then e_i)* else e: expressions at odd positions alternate
  // condition and value.
  ast::IfExpr ifExpr;
  auto& children = context->children;
  for (std::size_t i = 1; i + 3 < children.size(); i += 4) {
    ifExpr.branches.push_back(
        ast::IfBranch{expression(childAt<P::ExpressionContext>(context, i)),
                      expression(childAt<P::ExpressionContext>(context, i + 2))});
  }
  ifExpr.elseValue = expression(childAt<P::ExpressionContext>(context, children.size() - 1));
  return makeExpr(range(context), std::move(ifExpr));
}

ast::ExprPtr AstBuilder::simpleExpression(P::SimpleExpressionContext* context) {
  auto& children = context->children;
  auto operand = [&](std::size_t i) {
    return logicalExpression(child<P::LogicalExpressionContext>(context, i));
  };
  if (children.size() == 1) return operand(0);
  ast::RangeExpr rangeExpr;
  rangeExpr.start = operand(0);
  if (children.size() == 5) {
    rangeExpr.step = operand(2);
    rangeExpr.stop = operand(4);
  } else {
    rangeExpr.stop = operand(2);
  }
  return makeExpr(range(context), std::move(rangeExpr));
}

ast::ExprPtr AstBuilder::logicalExpression(P::LogicalExpressionContext* context) {
  return leftAssociative<P::LogicalTermContext>(
      context, 0, [&](auto* operand) { return logicalTerm(operand); }, tokenTypeOf);
}

ast::ExprPtr AstBuilder::logicalTerm(P::LogicalTermContext* context) {
  return leftAssociative<P::LogicalFactorContext>(
      context, 0, [&](auto* operand) { return logicalFactor(operand); }, tokenTypeOf);
}

ast::ExprPtr AstBuilder::logicalFactor(P::LogicalFactorContext* context) {
  // NOT? relation
  ast::ExprPtr operand = relation(static_cast<P::RelationContext*>(context->children.back()));
  if (context->children.size() == 1) return operand;
  return makeExpr(range(context), ast::UnaryExpr{ast::UnaryOp::Not, std::move(operand)});
}

ast::ExprPtr AstBuilder::relation(P::RelationContext* context) {
  return leftAssociative<P::ArithmeticExpressionContext>(
      context, 0, [&](auto* operand) { return arithmeticExpression(operand); }, operatorType);
}

ast::ExprPtr AstBuilder::arithmeticExpression(P::ArithmeticExpressionContext* context) {
  auto build = [&](P::TermContext* operand) { return term(operand); };
  auto* first = static_cast<antlr4::ParserRuleContext*>(context->children.front());
  if (first->getRuleIndex() != P::RuleAddOperator) {
    return leftAssociative<P::TermContext>(context, 0, build, operatorType);
  }
  // A leading sign applies to the first term only: -a*b is -(a*b), -a + b is (-a) + b.
  P::TermContext* firstTerm = child<P::TermContext>(context, 1);
  ast::UnaryOp sign = unaryOperator(operatorType(first));
  ast::ExprPtr result =
      makeExpr(range(range(first), range(firstTerm)), ast::UnaryExpr{sign, term(firstTerm)});
  for (std::size_t i = 3; i < context->children.size(); i += 2) {
    ast::BinaryOp op = binaryOperator(operatorType(context->children[i - 1]));
    result = binary(op, std::move(result), term(child<P::TermContext>(context, i)));
  }
  return result;
}

ast::ExprPtr AstBuilder::term(P::TermContext* context) {
  return leftAssociative<P::FactorContext>(
      context, 0, [&](auto* operand) { return factor(operand); }, operatorType);
}

ast::ExprPtr AstBuilder::factor(P::FactorContext* context) {
  ast::ExprPtr base = primary(child<P::PrimaryContext>(context, 0));
  if (context->children.size() == 1) return base;
  ast::BinaryOp op = binaryOperator(tokenTypeOf(context->children[1]));
  return binary(op, std::move(base), primary(child<P::PrimaryContext>(context, 2)));
}

ast::ExprPtr AstBuilder::primary(P::PrimaryContext* context) {
  antlr4::Token* first = context->getStart();
  SourceRange where = range(context);
  auto callArguments = [&] {
    return functionCallArgs(childAt<P::FunctionCallArgsContext>(context, 1));
  };
  switch (first->getType()) {
  case P::UNSIGNED_NUMBER: return makeExpr(where, decodeNumber(positions_.text(first)));
  case P::STRING: return makeExpr(where, ast::StringLiteral{decodeString(positions_.text(first))});
  case P::FALSE: return makeExpr(where, ast::BooleanLiteral{false});
  case P::TRUE: return makeExpr(where, ast::BooleanLiteral{true});
  case P::END: return makeExpr(where, ast::EndExpr{});
  case P::LPAREN: return parenthesized(context);
  case P::LBRACKET: return matrix(context);
  case P::LBRACE:
    return makeExpr(where,
                    ast::ArrayExpr{arrayArguments(childAt<P::ArrayArgumentsContext>(context, 1))});
  case P::DER:
  case P::INITIAL:
  case P::PURE: {
    // `der`, `initial` and `pure` are keywords but become ordinary function names here.
    SourceRange nameRange = positions_.range(first);
    ast::ComponentRef function;
    function.parts.push_back(ast::RefPart{std::string(positions_.text(first)), {}, nameRange});
    function.range = nameRange;
    return makeExpr(where, ast::CallExpr{std::move(function), callArguments()});
  }
  default: break;
  }
  // componentReference functionCallArgs?
  ast::ComponentRef ref = componentReference(childAt<P::ComponentReferenceContext>(context, 0));
  if (context->children.size() == 2) {
    return makeExpr(where, ast::CallExpr{std::move(ref), callArguments()});
  }
  return makeExpr(where, ast::RefExpr{std::move(ref)});
}

// `(e)` is just e; `()`, `(a, b)` and `(a, , b)` are tuples (MLS 12.4.3).
ast::ExprPtr AstBuilder::parenthesized(P::PrimaryContext* context) {
  auto* list = childAt<P::OutputExpressionListContext>(context, 1);
  if (list->children.size() == 1) {
    return expression(childAt<P::ExpressionContext>(list, 0));
  }
  return makeExpr(range(context), ast::TupleExpr{outputExpressionList(list)});
}

ast::ExprPtr AstBuilder::matrix(P::PrimaryContext* context) {
  ast::MatrixExpr matrixExpr;
  for (P::ExpressionListContext* row : context->expressionList()) {
    matrixExpr.rows.push_back(expressionList(row));
  }
  return makeExpr(range(context), std::move(matrixExpr));
}

std::vector<ast::ExprPtr>
AstBuilder::outputExpressionList(P::OutputExpressionListContext* context) {
  std::vector<ast::ExprPtr> elements;
  if (context->children.empty()) return elements;
  elements.emplace_back(); // the slot before the first comma
  for (antlr4::tree::ParseTree* node : context->children) {
    if (isTerminal(node)) {
      elements.emplace_back(); // a comma opens the next slot
    } else {
      elements.back() = expression(static_cast<P::ExpressionContext*>(node));
    }
  }
  return elements;
}

std::vector<ast::ExprPtr> AstBuilder::expressionList(P::ExpressionListContext* context) {
  // expression (',' expression)*
  std::vector<ast::ExprPtr> expressions;
  for (std::size_t i = 0; i < context->children.size(); i += 2) {
    expressions.push_back(expression(childAt<P::ExpressionContext>(context, i)));
  }
  return expressions;
}

ast::FunctionArgs AstBuilder::functionCallArgs(P::FunctionCallArgsContext* context) {
  // '(' functionArguments? ')'
  ast::FunctionArgs args;
  if (context->children.size() == 3)
    functionArguments(childAt<antlr4::ParserRuleContext>(context, 1), args);
  return args;
}

// Walks functionArguments and functionArgumentsNonFirst: positional arguments, then named
// ones, or one expression with `for` iterators (a reduction, MLS 10.3.4.1).
void AstBuilder::functionArguments(antlr4::ParserRuleContext* context, ast::FunctionArgs& args) {
  for (antlr4::tree::ParseTree* node : context->children) {
    if (isTerminal(node)) continue; // ',' and 'for'
    switch (ruleOf(node)) {
    case P::RuleExpression:
      args.positional.push_back(expression(static_cast<P::ExpressionContext*>(node)));
      break;
    case P::RuleFunctionArgument:
      args.positional.push_back(functionArgument(static_cast<P::FunctionArgumentContext*>(node)));
      break;
    case P::RuleFunctionPartialApplication:
      args.positional.push_back(
          partialApplication(static_cast<P::FunctionPartialApplicationContext*>(node)));
      break;
    case P::RuleNamedArguments:
      args.named = namedArguments(static_cast<P::NamedArgumentsContext*>(node));
      break;
    case P::RuleForIndices:
      args.iterators = forIndices(static_cast<P::ForIndicesContext*>(node));
      break;
    default: functionArguments(static_cast<antlr4::ParserRuleContext*>(node), args); // non-first
    }
  }
}

ast::ExprPtr AstBuilder::functionArgument(P::FunctionArgumentContext* context) {
  antlr4::tree::ParseTree* content = context->children.front();
  if (ruleOf(content) == P::RuleFunctionPartialApplication) {
    return partialApplication(static_cast<P::FunctionPartialApplicationContext*>(content));
  }
  return expression(static_cast<P::ExpressionContext*>(content));
}

ast::ExprPtr AstBuilder::partialApplication(P::FunctionPartialApplicationContext* context) {
  ast::PartialFunctionExpr partial;
  partial.function = typeSpecifier(context->typeSpecifier());
  if (auto* named = context->namedArguments()) partial.args = namedArguments(named);
  return makeExpr(range(context), std::move(partial));
}

std::vector<ast::NamedArgument> AstBuilder::namedArguments(P::NamedArgumentsContext* context) {
  // namedArgument (',' namedArgument)*, namedArgument: IDENT '=' functionArgument
  std::vector<ast::NamedArgument> named;
  for (std::size_t i = 0; i < context->children.size(); i += 2) {
    auto* item = childAt<P::NamedArgumentContext>(context, i);
    named.push_back(ast::NamedArgument{
        identifier(childAt<antlr4::tree::TerminalNode>(item, 0)),
        functionArgument(childAt<P::FunctionArgumentContext>(item, 2)), range(item)});
  }
  return named;
}

ast::FunctionArgs AstBuilder::arrayArguments(P::ArrayArgumentsContext* context) {
  // expression (FOR forIndices | (',' expression)+)?
  ast::FunctionArgs args;
  for (antlr4::tree::ParseTree* node : context->children) {
    if (isTerminal(node)) continue;
    if (ruleOf(node) == P::RuleForIndices) {
      args.iterators = forIndices(static_cast<P::ForIndicesContext*>(node));
    } else {
      args.positional.push_back(expression(static_cast<P::ExpressionContext*>(node)));
    }
  }
  return args;
}

} // namespace mocc::frontend
