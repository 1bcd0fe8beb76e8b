// AST construction, part 3: equation and algorithm sections, equations and statements
// (MLS A.2.6).
#include "ast_builder.h"

namespace mocc::frontend {

using P = grammar::ModelicaParser;

namespace {

std::size_t tokenType(antlr4::tree::ParseTree* node) {
  auto* terminal = dynamic_cast<antlr4::tree::TerminalNode*>(node);
  return terminal != nullptr ? terminal->getSymbol()->getType() : antlr4::Token::INVALID_TYPE;
}

} // namespace

ast::EquationSection AstBuilder::equationSection(P::EquationSectionContext* context) {
  return ast::EquationSection{context->INITIAL() != nullptr, equationList(context->equationList()),
                              range(context)};
}

ast::AlgorithmSection AstBuilder::algorithmSection(P::AlgorithmSectionContext* context) {
  return ast::AlgorithmSection{context->INITIAL() != nullptr,
                               statementList(context->statementList()), range(context)};
}

std::vector<ast::Equation> AstBuilder::equationList(P::EquationListContext* context) {
  std::vector<ast::Equation> equations;
  for (P::EquationContext* item : context->equation())
    equations.push_back(equation(item));
  return equations;
}

std::vector<ast::Statement> AstBuilder::statementList(P::StatementListContext* context) {
  std::vector<ast::Statement> statements;
  for (P::StatementContext* item : context->statement())
    statements.push_back(statement(item));
  return statements;
}

// Collects `if c then A elseif d then B else C` (or when/elsewhen) from the children of an
// if/when equation or statement: each condition starts a branch whose body is the next list.
template <class Body, class List, class Context>
void AstBuilder::conditionalBranches(Context* context,
                                     std::vector<ast::ConditionalBranch<Body>>& branches,
                                     std::vector<Body>* elseBody) {
  antlr4::tree::TerminalNode* keyword = nullptr;
  bool inElse = false;
  for (antlr4::tree::ParseTree* child : context->children) {
    if (auto* condition = dynamic_cast<P::ExpressionContext*>(child)) {
      ast::ConditionalBranch<Body> branch;
      branch.condition = expression(condition);
      branch.range = range(range(keyword), range(condition));
      branches.push_back(std::move(branch));
    } else if (auto* list = dynamic_cast<List*>(child)) {
      std::vector<Body> body;
      if constexpr (std::is_same_v<Body, ast::Equation>)
        body = equationList(list);
      else
        body = statementList(list);
      if (inElse) {
        *elseBody = std::move(body);
      } else {
        branches.back().body = std::move(body);
        if (list->getStop()->getTokenIndex() >= list->getStart()->getTokenIndex()) {
          branches.back().range.end = range(list).end;
        }
      }
    } else if (std::size_t type = tokenType(child);
               type == P::IF || type == P::ELSEIF || type == P::WHEN || type == P::ELSEWHEN) {
      keyword = static_cast<antlr4::tree::TerminalNode*>(child);
    } else if (type == P::ELSE) {
      inElse = true;
    }
  }
}

ast::Equation AstBuilder::equation(P::EquationContext* context) {
  ast::Equation result;
  result.range = range(context);
  result.comment = description(context->description());
  if (auto* lhs = context->simpleExpression()) {
    ast::ExprPtr left = simpleExpression(lhs);
    if (auto* rhs = context->expression()) {
      result.node = ast::SimpleEquation{std::move(left), expression(rhs)};
    } else {
      // GrammarChecks guarantees a call `component-reference function-call-args` here.
      auto& call = std::get<ast::CallExpr>(left->node);
      result.node = ast::CallEquation{std::move(call.function), std::move(call.args)};
    }
  } else if (auto* ifContext = context->ifEquation()) {
    ast::IfEquation ifEquation;
    conditionalBranches<ast::Equation, P::EquationListContext>(ifContext, ifEquation.branches,
                                                               &ifEquation.elseBody);
    result.node = std::move(ifEquation);
  } else if (auto* forContext = context->forEquation()) {
    result.node = ast::ForEquation{forIndices(forContext->forIndices()),
                                   equationList(forContext->equationList())};
  } else if (auto* connect = context->connectEquation()) {
    result.node = ast::ConnectEquation{componentReference(connect->componentReference(0)),
                                       componentReference(connect->componentReference(1))};
  } else {
    ast::WhenEquation whenEquation;
    conditionalBranches<ast::Equation, P::EquationListContext>(context->whenEquation(),
                                                               whenEquation.branches, nullptr);
    result.node = std::move(whenEquation);
  }
  return result;
}

ast::Statement AstBuilder::statement(P::StatementContext* context) {
  ast::Statement result;
  result.range = range(context);
  result.comment = description(context->description());
  if (auto* outputs = context->outputExpressionList()) {
    result.node = ast::TupleAssignStatement{outputExpressionList(outputs),
                                            componentReference(context->componentReference()),
                                            functionCallArgs(context->functionCallArgs())};
  } else if (auto* target = context->componentReference()) {
    if (auto* value = context->expression()) {
      result.node = ast::AssignStatement{componentReference(target), expression(value)};
    } else {
      result.node = ast::CallStatement{componentReference(target),
                                       functionCallArgs(context->functionCallArgs())};
    }
  } else if (context->BREAK() != nullptr) {
    result.node = ast::BreakStatement{};
  } else if (context->RETURN() != nullptr) {
    result.node = ast::ReturnStatement{};
  } else if (auto* ifContext = context->ifStatement()) {
    ast::IfStatement ifStatement;
    conditionalBranches<ast::Statement, P::StatementListContext>(ifContext, ifStatement.branches,
                                                                 &ifStatement.elseBody);
    result.node = std::move(ifStatement);
  } else if (auto* forContext = context->forStatement()) {
    result.node = ast::ForStatement{forIndices(forContext->forIndices()),
                                    statementList(forContext->statementList())};
  } else if (auto* whileContext = context->whileStatement()) {
    result.node = ast::WhileStatement{expression(whileContext->expression()),
                                      statementList(whileContext->statementList())};
  } else {
    ast::WhenStatement whenStatement;
    conditionalBranches<ast::Statement, P::StatementListContext>(context->whenStatement(),
                                                                 whenStatement.branches, nullptr);
    result.node = std::move(whenStatement);
  }
  return result;
}

std::vector<ast::ForIterator> AstBuilder::forIndices(P::ForIndicesContext* context) {
  std::vector<ast::ForIterator> iterators;
  for (P::ForIndexContext* index : context->forIndex()) {
    ast::ExprPtr iteratorRange;
    if (auto* rangeContext = index->expression()) iteratorRange = expression(rangeContext);
    iterators.push_back(
        ast::ForIterator{identifier(index->IDENT()), std::move(iteratorRange), range(index)});
  }
  return iterators;
}

} // namespace mocc::frontend
