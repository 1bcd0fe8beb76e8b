// The concrete syntax of Modelica 3.6 (MLS chapter 2 and appendix A) as one combined ANTLR4
// grammar. Grammar only: no actions, no semantic predicates. frontend/syntax turns the parse
// tree into the AST. Rules follow the specification's productions (spec names in camelCase);
// where the text says "deviation" the rule is reshaped so that SLL prediction needs little
// lookahead, and frontend/syntax enforces the rest of the specification's rule.
grammar Modelica;

// =============================================================================== start rules

// MLS A.2.1
storedDefinition
    : ( WITHIN name? ';' )? ( FINAL? classDefinition ';' )* EOF
    ;

// A lone expression (command-line overrides, tests).
standaloneExpression
    : expression EOF
    ;

// ========================================================================= class definition
// MLS A.2.2

classDefinition
    : ENCAPSULATED? classPrefixes classSpecifier
    ;

classPrefixes
    : PARTIAL?
      ( CLASS
      | MODEL
      | OPERATOR? RECORD
      | BLOCK
      | EXPANDABLE? CONNECTOR
      | TYPE
      | PACKAGE
      | ( PURE | IMPURE )? OPERATOR? FUNCTION
      | OPERATOR
      )
    ;

classSpecifier
    : longClassSpecifier
    | shortClassSpecifier
    | derClassSpecifier
    ;

longClassSpecifier
    : IDENT descriptionString composition END IDENT
    | EXTENDS IDENT classModification? descriptionString composition END IDENT
    ;

shortClassSpecifier
    : IDENT '=' basePrefix typeSpecifier arraySubscripts? classModification? description
    | IDENT '=' ENUMERATION '(' ( enumList? | ':' ) ')' description
    ;

derClassSpecifier
    : IDENT '=' DER '(' typeSpecifier ',' IDENT ( ',' IDENT )* ')' description
    ;

basePrefix
    : ( INPUT | OUTPUT )?
    ;

enumList
    : enumerationLiteral ( ',' enumerationLiteral )*
    ;

enumerationLiteral
    : IDENT description
    ;

// The external part is a rule of its own (the specification writes it inline).
composition
    : elementList
      ( PUBLIC elementList
      | PROTECTED elementList
      | equationSection
      | algorithmSection
      )*
      externalClause?
      ( annotationClause ';' )?
    ;

externalClause
    : EXTERNAL languageSpecification? externalFunctionCall? annotationClause? ';'
    ;

languageSpecification
    : STRING
    ;

externalFunctionCall
    : ( componentReference '=' )? IDENT '(' expressionList? ')'
    ;

elementList
    : ( element ';' )*
    ;

element
    : importClause
    | extendsClause
    | REDECLARE? FINAL? INNER? OUTER?
      ( classDefinition
      | componentClause
      | REPLACEABLE ( classDefinition | componentClause ) ( constrainingClause description )?
      )
    ;

importClause
    : IMPORT ( IDENT '=' name | name ( '.*' | '.' ( '*' | '{' importList '}' ) )? ) description
    ;

importList
    : IDENT ( ',' IDENT )*
    ;

// =================================================================================== extends
// MLS A.2.3

extendsClause
    : EXTENDS typeSpecifier classOrInheritanceModification? annotationClause?
    ;

constrainingClause
    : CONSTRAINEDBY typeSpecifier classModification?
    ;

classOrInheritanceModification
    : '(' argumentOrInheritanceModificationList? ')'
    ;

argumentOrInheritanceModificationList
    : ( argument | inheritanceModification ) ( ',' ( argument | inheritanceModification ) )*
    ;

inheritanceModification
    : BREAK ( connectEquation | IDENT )
    ;

// ========================================================================== component clause
// MLS A.2.4

componentClause
    : typePrefix typeSpecifier arraySubscripts? componentList
    ;

typePrefix
    : ( FLOW | STREAM )? ( DISCRETE | PARAMETER | CONSTANT )? ( INPUT | OUTPUT )?
    ;

componentList
    : componentDeclaration ( ',' componentDeclaration )*
    ;

componentDeclaration
    : declaration conditionAttribute? description
    ;

conditionAttribute
    : IF expression
    ;

declaration
    : IDENT arraySubscripts? modification?
    ;

// ============================================================================== modification
// MLS A.2.5

modification
    : classModification ( '=' modificationExpression )?
    | '=' modificationExpression
    | ':=' modificationExpression
    ;

modificationExpression
    : expression
    | BREAK
    ;

classModification
    : '(' argumentList? ')'
    ;

argumentList
    : argument ( ',' argument )*
    ;

argument
    : elementModificationOrReplaceable
    | elementRedeclaration
    ;

elementModificationOrReplaceable
    : EACH? FINAL? ( elementModification | elementReplaceable )
    ;

elementModification
    : name modification? descriptionString
    ;

elementRedeclaration
    : REDECLARE EACH? FINAL? ( shortClassDefinition | componentClause1 | elementReplaceable )
    ;

elementReplaceable
    : REPLACEABLE ( shortClassDefinition | componentClause1 ) constrainingClause?
    ;

componentClause1
    : typePrefix typeSpecifier componentDeclaration1
    ;

componentDeclaration1
    : declaration description
    ;

shortClassDefinition
    : classPrefixes shortClassSpecifier
    ;

// ===================================================================== equations, statements
// MLS A.2.6. equationList and statementList name the specification's `{ equation ";" }` and
// `{ statement ";" }`.

equationSection
    : INITIAL? EQUATION equationList
    ;

algorithmSection
    : INITIAL? ALGORITHM statementList
    ;

equationList
    : ( equation ';' )*
    ;

statementList
    : ( statement ';' )*
    ;

// Deviation: the specification has `simple-expression "=" expression` and
// `component-reference function-call-args` as two alternatives, which SLL prediction can only
// tell apart after the whole call. Here the `=` part is optional; frontend/syntax requires it
// unless the simple expression is exactly a call `component-reference function-call-args`.
equation
    : ( simpleExpression ( '=' expression )?
      | ifEquation
      | forEquation
      | connectEquation
      | whenEquation
      )
      description
    ;

statement
    : ( componentReference ( ':=' expression | functionCallArgs )
      | '(' outputExpressionList ')' ':=' componentReference functionCallArgs
      | BREAK
      | RETURN
      | ifStatement
      | forStatement
      | whileStatement
      | whenStatement
      )
      description
    ;

ifEquation
    : IF expression THEN equationList
      ( ELSEIF expression THEN equationList )*
      ( ELSE equationList )?
      END IF
    ;

ifStatement
    : IF expression THEN statementList
      ( ELSEIF expression THEN statementList )*
      ( ELSE statementList )?
      END IF
    ;

forEquation
    : FOR forIndices LOOP equationList END FOR
    ;

forStatement
    : FOR forIndices LOOP statementList END FOR
    ;

forIndices
    : forIndex ( ',' forIndex )*
    ;

forIndex
    : IDENT ( IN expression )?
    ;

whileStatement
    : WHILE expression LOOP statementList END WHILE
    ;

whenEquation
    : WHEN expression THEN equationList
      ( ELSEWHEN expression THEN equationList )*
      END WHEN
    ;

whenStatement
    : WHEN expression THEN statementList
      ( ELSEWHEN expression THEN statementList )*
      END WHEN
    ;

connectEquation
    : CONNECT '(' componentReference ',' componentReference ')'
    ;

// =============================================================================== expressions
// MLS A.2.7. The layers encode precedence (MLS 3.2): relations and `^` do not associate, and
// a unary `+`/`-` may only start an arithmetic expression (`2*-3` is not Modelica).

expression
    : simpleExpression
    | IF expression THEN expression ( ELSEIF expression THEN expression )* ELSE expression
    ;

simpleExpression
    : logicalExpression ( ':' logicalExpression ( ':' logicalExpression )? )?
    ;

logicalExpression
    : logicalTerm ( OR logicalTerm )*
    ;

logicalTerm
    : logicalFactor ( AND logicalFactor )*
    ;

logicalFactor
    : NOT? relation
    ;

relation
    : arithmeticExpression ( relationalOperator arithmeticExpression )?
    ;

relationalOperator
    : '<' | '<=' | '>' | '>=' | '==' | '<>'
    ;

arithmeticExpression
    : addOperator? term ( addOperator term )*
    ;

addOperator
    : '+' | '-' | '.+' | '.-'
    ;

term
    : factor ( mulOperator factor )*
    ;

mulOperator
    : '*' | '/' | '.*' | './'
    ;

factor
    : primary ( ( '^' | '.^' ) primary )?
    ;

// `component-reference function-call-args` and `component-reference` are one alternative
// here so that prediction never has to look past the reference.
primary
    : UNSIGNED_NUMBER
    | STRING
    | FALSE
    | TRUE
    | ( DER | INITIAL | PURE ) functionCallArgs
    | componentReference functionCallArgs?
    | '(' outputExpressionList ')'
    | '[' expressionList ( ';' expressionList )* ']'
    | '{' arrayArguments '}'
    | END
    ;

typeSpecifier
    : '.'? name
    ;

name
    : IDENT ( '.' IDENT )*
    ;

componentReference
    : '.'? IDENT arraySubscripts? ( '.' IDENT arraySubscripts? )*
    ;

functionCallArgs
    : '(' functionArguments? ')'
    ;

// The specification's right-recursive lists are written as loops (no recursion depth per
// argument); the first expression is shared by the comprehension and the list alternatives.
functionArguments
    : expression ( FOR forIndices | ',' functionArgumentsNonFirst )?
    | functionPartialApplication ( ',' functionArgumentsNonFirst )?
    | namedArguments
    ;

functionArgumentsNonFirst
    : functionArgument ( ',' functionArgument )* ( ',' namedArguments )?
    | namedArguments
    ;

arrayArguments
    : expression ( FOR forIndices | ( ',' expression )+ )?
    ;

namedArguments
    : namedArgument ( ',' namedArgument )*
    ;

namedArgument
    : IDENT '=' functionArgument
    ;

functionArgument
    : functionPartialApplication
    | expression
    ;

functionPartialApplication
    : FUNCTION typeSpecifier '(' namedArguments? ')'
    ;

outputExpressionList
    : expression? ( ',' expression? )*
    ;

expressionList
    : expression ( ',' expression )*
    ;

arraySubscripts
    : '[' subscript ( ',' subscript )* ']'
    ;

subscript
    : ':'
    | expression
    ;

description
    : descriptionString annotationClause?
    ;

descriptionString
    : ( STRING ( '+' STRING )* )?
    ;

annotationClause
    : ANNOTATION classModification
    ;

// ==================================================================================== lexer
// MLS 2.3.3: keywords are reserved and never an IDENT.

ALGORITHM     : 'algorithm';
AND           : 'and';
ANNOTATION    : 'annotation';
BLOCK         : 'block';
BREAK         : 'break';
CLASS         : 'class';
CONNECT       : 'connect';
CONNECTOR     : 'connector';
CONSTANT      : 'constant';
CONSTRAINEDBY : 'constrainedby';
DER           : 'der';
DISCRETE      : 'discrete';
EACH          : 'each';
ELSE          : 'else';
ELSEIF        : 'elseif';
ELSEWHEN      : 'elsewhen';
ENCAPSULATED  : 'encapsulated';
END           : 'end';
ENUMERATION   : 'enumeration';
EQUATION      : 'equation';
EXPANDABLE    : 'expandable';
EXTENDS       : 'extends';
EXTERNAL      : 'external';
FALSE         : 'false';
FINAL         : 'final';
FLOW          : 'flow';
FOR           : 'for';
FUNCTION      : 'function';
IF            : 'if';
IMPORT        : 'import';
IMPURE        : 'impure';
IN            : 'in';
INITIAL       : 'initial';
INNER         : 'inner';
INPUT         : 'input';
LOOP          : 'loop';
MODEL         : 'model';
NOT           : 'not';
OPERATOR      : 'operator';
OR            : 'or';
OUTER         : 'outer';
OUTPUT        : 'output';
PACKAGE       : 'package';
PARAMETER     : 'parameter';
PARTIAL       : 'partial';
PROTECTED     : 'protected';
PUBLIC        : 'public';
PURE          : 'pure';
RECORD        : 'record';
REDECLARE     : 'redeclare';
REPLACEABLE   : 'replaceable';
RETURN        : 'return';
STREAM        : 'stream';
THEN          : 'then';
TRUE          : 'true';
TYPE          : 'type';
WHEN          : 'when';
WHILE         : 'while';
WITHIN        : 'within';

// Punctuation and operators (MLS 3.2). `.*` is one token: element-wise multiplication and
// the wildcard of `import A.*`.
LPAREN     : '(';
RPAREN     : ')';
LBRACKET   : '[';
RBRACKET   : ']';
LBRACE     : '{';
RBRACE     : '}';
EQUALS     : '=';
ASSIGN     : ':=';
COMMA      : ',';
SEMICOLON  : ';';
COLON      : ':';
DOT        : '.';
PLUS       : '+';
MINUS      : '-';
STAR       : '*';
SLASH      : '/';
CARET      : '^';
DOT_PLUS   : '.+';
DOT_MINUS  : '.-';
DOT_STAR   : '.*';
DOT_SLASH  : './';
DOT_CARET  : '.^';
LESS       : '<';
LESS_EQ    : '<=';
GREATER    : '>';
GREATER_EQ : '>=';
EQUAL_EQ   : '==';
NOT_EQUAL  : '<>';

// MLS A.1. Each lexical unit takes the longest match, so `12.^a` is `12.` `^` `a`.
IDENT
    : NON_DIGIT ( DIGIT | NON_DIGIT )*
    | Q_IDENT
    ;

STRING
    : '"' ( S_CHAR | S_ESCAPE )* '"'
    ;

UNSIGNED_NUMBER
    : UNSIGNED_INTEGER ( '.' UNSIGNED_INTEGER? )? EXPONENT?
    | '.' UNSIGNED_INTEGER EXPONENT?
    ;

fragment Q_IDENT          : '\'' ( Q_CHAR | S_ESCAPE )* '\'';
fragment NON_DIGIT        : [_a-zA-Z];
fragment DIGIT            : [0-9];
fragment Q_CHAR           : [_a-zA-Z0-9!#$%&()*+,\-./:;<=>?@[\]^{}|~ "];
fragment S_ESCAPE         : '\\' ['"?\\abfnrtv];
fragment S_CHAR           : ~["\\];
fragment UNSIGNED_INTEGER : DIGIT+;
fragment EXPONENT         : [eE] [+-]? UNSIGNED_INTEGER;

// White-space and comments (MLS 2.2); a byte order mark counts as white-space (MLS 13.4).
WHITESPACE    : [ \t\r\n\uFEFF]+ -> skip;
LINE_COMMENT  : '//' ~[\r\n]* -> skip;
BLOCK_COMMENT : '/*' .*? '*/' -> skip;

// Malformed lexical units. No parser rule uses them: each becomes one syntax error that
// frontend/syntax names precisely, instead of a cascade of errors on its pieces. On equal
// length an earlier rule wins, so valid literals above always take precedence.
STRING_WITH_BAD_ESCAPE : '"' ( S_CHAR | '\\' . )* '"';
UNTERMINATED_STRING    : '"' ( S_CHAR | '\\' . )*;
BAD_QUOTED_IDENT       : '\'' ( ~['\\\r\n] | '\\' . )* '\'';
UNTERMINATED_Q_IDENT   : '\'' ( ~['\\\r\n] | '\\' . )*;
UNTERMINATED_COMMENT   : '/*' ( ~'*' | '*'+ ~[*/] )* '*'*;
ILLEGAL_CHARACTER      : .;
