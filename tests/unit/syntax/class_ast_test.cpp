// AST shape of class definitions, elements, imports, extends clauses, components,
// modifications, redeclarations and external clauses (MLS A.2.1 to A.2.5).
#include "syntax_test_support.h"

namespace mocc::test {
namespace {

using namespace ast;

const ClassDef& onlyClass(const StoredDefinition& definition) {
  EXPECT_EQ(definition.classes.size(), 1u);
  return *definition.classes.at(0);
}

const Element& elementAt(const StoredDefinition& definition, std::size_t index) {
  return longClass(definition).composition.elements.at(index);
}

template <class Node> const Node& nodeOf(const Element& element) {
  return std::get<Node>(element.node);
}

TEST(SyntaxClassAst, AllClassKindsAndPrefixes) {
  struct Case {
    const char* prefixes;
    ClassKind kind;
    Purity purity;
  };
  const Case cases[] = {
      {"class", ClassKind::Class, Purity::Unspecified},
      {"model", ClassKind::Model, Purity::Unspecified},
      {"record", ClassKind::Record, Purity::Unspecified},
      {"operator record", ClassKind::OperatorRecord, Purity::Unspecified},
      {"block", ClassKind::Block, Purity::Unspecified},
      {"connector", ClassKind::Connector, Purity::Unspecified},
      {"expandable connector", ClassKind::ExpandableConnector, Purity::Unspecified},
      {"type", ClassKind::Type, Purity::Unspecified},
      {"package", ClassKind::Package, Purity::Unspecified},
      {"function", ClassKind::Function, Purity::Unspecified},
      {"pure function", ClassKind::Function, Purity::Pure},
      {"impure function", ClassKind::Function, Purity::Impure},
      {"operator function", ClassKind::OperatorFunction, Purity::Unspecified},
      {"impure operator function", ClassKind::OperatorFunction, Purity::Impure},
      {"operator", ClassKind::Operator, Purity::Unspecified},
  };
  for (const Case& c : cases) {
    auto parsed = parseText(std::string(c.prefixes) + " C end C;");
    const ClassDef& classDef = onlyClass(parseValid(parsed));
    EXPECT_EQ(classDef.kind, c.kind) << c.prefixes;
    EXPECT_EQ(classDef.purity, c.purity) << c.prefixes;
    std::string written = c.prefixes;
    if (c.purity != Purity::Unspecified) written = written.substr(written.find(' ') + 1);
    EXPECT_EQ(spelling(classDef.kind), written);
  }
  auto parsed = parseText("encapsulated partial model M end M;");
  const ClassDef& classDef = onlyClass(parseValid(parsed));
  EXPECT_TRUE(classDef.encapsulated);
  EXPECT_TRUE(classDef.partial);
  EXPECT_FALSE(parseText("pure model M end M;")->definition) << "purity only for functions";
  EXPECT_FALSE(parseText("expandable record R end R;")->definition);
}

TEST(SyntaxClassAst, WithinClauseAndFinalClasses) {
  auto none = parseText("model A end A;");
  EXPECT_FALSE(parseValid(none).within.has_value());

  auto empty = parseText("within; model A end A;");
  ASSERT_TRUE(parseValid(empty).within.has_value());
  EXPECT_TRUE(empty->definition->within->parts.empty());

  auto named = parseText("within A.B; model C end C; final package D end D;");
  const StoredDefinition& definition = parseValid(named);
  EXPECT_EQ(definition.within->str(), "A.B");
  ASSERT_EQ(definition.classes.size(), 2u);
  EXPECT_EQ(definition.finalPrefixes, (std::vector<bool>{false, true}));
  EXPECT_EQ(definition.file, named->file);
}

TEST(SyntaxClassAst, LongClassNamesAndRanges) {
  auto parsed = parseText("model Motor \"a motor\"\n  Real w;\nend Motor;\n");
  const ClassDef& classDef = onlyClass(parseValid(parsed));
  const auto& specifier = longClass(*parsed->definition);
  EXPECT_EQ(classDef.name, "Motor");
  EXPECT_EQ(specifier.description, "a motor");
  EXPECT_EQ(specifier.endName, "Motor");
  EXPECT_EQ(at(classDef.range.begin), "1:1");
  EXPECT_EQ(at(classDef.range.end), "3:10");
  EXPECT_EQ(at(classDef.nameRange.begin), "1:7");
  EXPECT_EQ(at(classDef.nameRange.end), "1:12");
  EXPECT_EQ(at(specifier.endNameRange.begin), "3:5");
  EXPECT_EQ(at(specifier.composition.elements[0].range.begin), "2:3");
  EXPECT_EQ(at(specifier.composition.elements[0].range.end), "2:9");
}

TEST(SyntaxClassAst, ClassExtendsForm) {
  auto parsed = parseText("model extends Base(x = 1) \"more\" Real y; end Base;");
  const auto& specifier = longClass(parseValid(parsed));
  EXPECT_TRUE(specifier.extendsForm);
  ASSERT_TRUE(specifier.extendsModification);
  EXPECT_EQ(specifier.extendsModification->arguments.size(), 1u);
  EXPECT_EQ(specifier.description, "more");
  EXPECT_EQ(onlyClass(*parsed->definition).name, "Base");
}

TEST(SyntaxClassAst, ShortClassSpecifiers) {
  auto parsed =
      parseText("package P\n"
                "  type Voltage = input Real[3](unit = \"V\") \"volts\" annotation(a = 1);\n"
                "  type E = enumeration(low \"the low one\", high) \"levels\";\n"
                "  type Open = enumeration(:);\n"
                "  function df = der(f, x, y) \"partial derivative\";\n"
                "end P;");
  const auto& elements = longClass(parseValid(parsed)).composition.elements;
  ASSERT_EQ(elements.size(), 4u);

  const ClassDef& voltage = *nodeOf<ClassDefPtr>(elements[0]);
  const auto& alias = std::get<ShortClassSpecifier>(voltage.specifier);
  EXPECT_EQ(alias.causality, Causality::Input);
  EXPECT_EQ(alias.base.str(), "Real");
  EXPECT_EQ(alias.subscripts.size(), 1u);
  ASSERT_TRUE(alias.modification);
  EXPECT_EQ(alias.comment.description, "volts");
  EXPECT_TRUE(alias.comment.annotation);

  const auto& levels = std::get<EnumerationSpecifier>(nodeOf<ClassDefPtr>(elements[1])->specifier);
  ASSERT_EQ(levels.literals.size(), 2u);
  EXPECT_EQ(levels.literals[0].name, "low");
  EXPECT_EQ(levels.literals[0].comment.description, "the low one");
  EXPECT_EQ(levels.comment.description, "levels");
  EXPECT_FALSE(levels.unspecified);
  EXPECT_TRUE(
      std::get<EnumerationSpecifier>(nodeOf<ClassDefPtr>(elements[2])->specifier).unspecified);

  const ClassDef& derivative = *nodeOf<ClassDefPtr>(elements[3]);
  const auto& der = std::get<DerSpecifier>(derivative.specifier);
  EXPECT_EQ(derivative.name, "df");
  EXPECT_EQ(der.function.str(), "f");
  EXPECT_EQ(der.withRespectTo, (std::vector<std::string>{"x", "y"}));
}

TEST(SyntaxClassAst, ImportForms) {
  auto parsed = parseText("package P\n"
                          "  import A.B.C;\n"
                          "  import D = A.B.C \"renamed\";\n"
                          "  import A.B.*;\n"
                          "  import A.B. *;\n"
                          "  import A.B.{c, d};\n"
                          "end P;");
  const StoredDefinition& definition = parseValid(parsed);
  const auto& single = nodeOf<ImportClause>(elementAt(definition, 0));
  EXPECT_EQ(single.name.str(), "A.B.C");
  EXPECT_TRUE(single.alias.empty());
  EXPECT_FALSE(single.wildcard);
  const auto& renamed = nodeOf<ImportClause>(elementAt(definition, 1));
  EXPECT_EQ(renamed.alias, "D");
  EXPECT_EQ(renamed.comment.description, "renamed");
  EXPECT_TRUE(nodeOf<ImportClause>(elementAt(definition, 2)).wildcard);
  EXPECT_TRUE(nodeOf<ImportClause>(elementAt(definition, 3)).wildcard);
  const auto& list = nodeOf<ImportClause>(elementAt(definition, 4));
  EXPECT_EQ(list.name.str(), "A.B");
  EXPECT_EQ(list.list, (std::vector<std::string>{"c", "d"}));
}

TEST(SyntaxClassAst, ExtendsWithModificationsAndInheritanceModifications) {
  auto parsed = parseText(
      "model M\n"
      "  extends .Lib.Base(k = 2, break x, break connect(a.p, b[1].n)) annotation(Icon());\n"
      "end M;");
  const auto& extends = nodeOf<ExtendsClause>(elementAt(parseValid(parsed), 0));
  EXPECT_TRUE(extends.base.global);
  EXPECT_EQ(extends.base.str(), ".Lib.Base");
  ASSERT_TRUE(extends.modification);
  const auto& arguments = extends.modification->arguments;
  ASSERT_EQ(arguments.size(), 3u);
  EXPECT_TRUE(arguments[0].modification);
  ASSERT_TRUE(arguments[1].inheritance);
  EXPECT_FALSE(arguments[1].inheritance->isConnect);
  EXPECT_EQ(arguments[1].inheritance->element, "x");
  ASSERT_TRUE(arguments[2].inheritance);
  EXPECT_TRUE(arguments[2].inheritance->isConnect);
  EXPECT_EQ(arguments[2].inheritance->connectB.str(), "b[...].n");
  EXPECT_TRUE(extends.annotation);
  EXPECT_FALSE(parseText("model M Real x(break y); end M;")->definition)
      << "inheritance modifications only in extends clauses";
}

TEST(SyntaxClassAst, ComponentClauses) {
  auto parsed = parseText(
      "model M\n"
      "  flow parameter input Real[2] a[3](each start = 1) = b if c > 0 \"doc\", d \"other\";\n"
      "  stream discrete output Integer e;\n"
      "  constant String s := \"x\";\n"
      "end M;");
  const StoredDefinition& definition = parseValid(parsed);
  const auto& first = nodeOf<Component>(elementAt(definition, 0));
  EXPECT_EQ(first.prefix.connector, ConnectorKind::Flow);
  EXPECT_EQ(first.prefix.variability, Variability::Parameter);
  EXPECT_EQ(first.prefix.causality, Causality::Input);
  EXPECT_EQ(first.type.str(), "Real");
  EXPECT_EQ(first.typeSubscripts.size(), 1u);
  ASSERT_EQ(first.declarations.size(), 2u);
  const Declaration& a = first.declarations[0];
  EXPECT_EQ(a.name, "a");
  EXPECT_EQ(a.subscripts.size(), 1u);
  ASSERT_TRUE(a.modification);
  ASSERT_TRUE(a.modification->arguments);
  EXPECT_TRUE(a.modification->arguments->arguments.at(0).each);
  ASSERT_TRUE(a.modification->value);
  EXPECT_FALSE(a.modification->value->isAssignment);
  EXPECT_TRUE(a.condition);
  EXPECT_EQ(a.comment.description, "doc");
  EXPECT_EQ(first.declarations[1].comment.description, "other");
  EXPECT_EQ(at(a.range.begin), "2:32");

  const auto& second = nodeOf<Component>(elementAt(definition, 1));
  EXPECT_EQ(second.prefix.connector, ConnectorKind::Stream);
  EXPECT_EQ(second.prefix.variability, Variability::Discrete);
  EXPECT_EQ(second.prefix.causality, Causality::Output);
  const auto& third = nodeOf<Component>(elementAt(definition, 2));
  EXPECT_TRUE(third.declarations[0].modification->value->isAssignment);
}

TEST(SyntaxClassAst, ElementPrefixesAndConstrainingClauses) {
  auto parsed = parseText(
      "model M\n"
      "  redeclare final inner outer replaceable Real x constrainedby Real(min = 0) \"c\";\n"
      "  replaceable model R = Base constrainedby Iface annotation(choicesAllMatching = true);\n"
      "protected\n"
      "  outer Real y;\n"
      "public\n"
      "  Real z;\n"
      "end M;");
  const StoredDefinition& definition = parseValid(parsed);
  const Element& x = elementAt(definition, 0);
  EXPECT_TRUE(x.redeclare && x.isFinal && x.inner && x.outer && x.replaceable);
  ASSERT_TRUE(x.constraining);
  EXPECT_EQ(x.constraining->name.str(), "Real");
  EXPECT_TRUE(x.constraining->modification);
  EXPECT_EQ(x.constraining->comment.description, "c");
  const Element& r = elementAt(definition, 1);
  EXPECT_TRUE(std::holds_alternative<ClassDefPtr>(r.node));
  EXPECT_TRUE(r.constraining->comment.annotation);
  EXPECT_EQ(elementAt(definition, 2).visibility, Visibility::Protected);
  EXPECT_FALSE(elementAt(definition, 2).inner);
  EXPECT_EQ(elementAt(definition, 3).visibility, Visibility::Public);
}

TEST(SyntaxClassAst, ModificationsAndRedeclarations) {
  auto parsed =
      parseText("model M\n"
                "  P p(final k = 1, x(start = 2, fixed = true) = 3 \"x\", y = break,\n"
                "      redeclare model Q = R(n = 2), redeclare each Real v[2] = {1, 2} \"v\",\n"
                "      redeclare replaceable package L = Lib constrainedby Base,\n"
                "      replaceable S s constrainedby T);\n"
                "end M;");
  const auto& component = nodeOf<Component>(elementAt(parseValid(parsed), 0));
  const auto& arguments = component.declarations[0].modification->arguments->arguments;
  ASSERT_EQ(arguments.size(), 7u);
  EXPECT_TRUE(arguments[0].isFinal);
  EXPECT_EQ(arguments[0].modification->name.str(), "k");

  const ElementModification& x = *arguments[1].modification;
  EXPECT_EQ(x.description, "x");
  EXPECT_EQ(x.modification->arguments->arguments.size(), 2u);
  EXPECT_EQ(toModelica(*x.modification), "(start = 2, fixed = true) = 3");

  EXPECT_TRUE(arguments[2].modification->modification->value->isBreak);
  EXPECT_FALSE(arguments[2].modification->modification->value->value);

  EXPECT_TRUE(arguments[3].redeclare);
  ASSERT_TRUE(arguments[3].classDef);
  EXPECT_EQ(arguments[3].classDef->kind, ClassKind::Model);
  EXPECT_EQ(arguments[3].classDef->name, "Q");

  EXPECT_TRUE(arguments[4].redeclare && arguments[4].each);
  ASSERT_TRUE(arguments[4].component);
  EXPECT_EQ(arguments[4].component->declarations.at(0).name, "v");
  EXPECT_EQ(arguments[4].component->declarations.at(0).comment.description, "v");

  EXPECT_FALSE(arguments[4].replaceable);

  EXPECT_TRUE(arguments[5].redeclare && arguments[5].replaceable);
  ASSERT_TRUE(arguments[5].classDef);
  EXPECT_EQ(arguments[5].classDef->kind, ClassKind::Package);
  EXPECT_EQ(arguments[5].constraining->name.str(), "Base");

  EXPECT_TRUE(arguments[6].replaceable);
  EXPECT_FALSE(arguments[6].redeclare);
  ASSERT_TRUE(arguments[6].component);
  ASSERT_TRUE(arguments[6].constraining);
  EXPECT_EQ(arguments[6].constraining->name.str(), "T");
}

TEST(SyntaxClassAst, CompositionSectionsAndAnnotations) {
  auto parsed = parseText("model M\n"
                          "  Real x;\n"
                          "initial equation\n"
                          "  x = 0;\n"
                          "equation\n"
                          "  der(x) = 1;\n"
                          "initial algorithm\n"
                          "algorithm\n"
                          "  x := 1;\n"
                          "  annotation(experiment(StopTime = 1));\n"
                          "end M;");
  const auto& composition = longClass(parseValid(parsed)).composition;
  ASSERT_EQ(composition.equationSections.size(), 2u);
  EXPECT_TRUE(composition.equationSections[0].initial);
  EXPECT_FALSE(composition.equationSections[1].initial);
  ASSERT_EQ(composition.algorithmSections.size(), 2u);
  EXPECT_TRUE(composition.algorithmSections[0].initial);
  EXPECT_TRUE(composition.algorithmSections[0].statements.empty());
  EXPECT_EQ(composition.annotations.size(), 1u);
  EXPECT_FALSE(parseText("model M annotation(a = 1); Real x; end M;")->definition)
      << "MLS 3.6 allows the class annotation only at the end";
}

TEST(SyntaxClassAst, ExternalClauses) {
  auto parsed =
      parseText("package P\n"
                "  function a input Real x; external; end a;\n"
                "  function b input Real x; external \"C\"; end b;\n"
                "  function c input Real x; output Real y;\n"
                "    external \"C\" y = c_impl(x, size(x, 1)) annotation(Library = \"m\");\n"
                "    annotation(Inline = true);\n"
                "  end c;\n"
                "  function d input Real x; external \"FORTRAN 77\" d_impl(x); end d;\n"
                "end P;");
  const StoredDefinition& definition = parseValid(parsed);
  auto externalOf = [&](std::size_t index) -> const ExternalClause& {
    const ClassDef& function = *nodeOf<ClassDefPtr>(elementAt(definition, index));
    return *std::get<LongClassSpecifier>(function.specifier).composition.external;
  };
  EXPECT_TRUE(externalOf(0).language.empty());
  EXPECT_TRUE(externalOf(0).function.empty());
  EXPECT_EQ(externalOf(1).language, "C");
  const ExternalClause& c = externalOf(2);
  EXPECT_EQ(c.function, "c_impl");
  ASSERT_TRUE(c.output);
  EXPECT_EQ(c.output->str(), "y");
  EXPECT_EQ(c.args.size(), 2u);
  EXPECT_TRUE(c.annotation);
  const ClassDef& cClass = *nodeOf<ClassDefPtr>(elementAt(definition, 2));
  EXPECT_EQ(std::get<LongClassSpecifier>(cClass.specifier).composition.annotations.size(), 1u);
  EXPECT_EQ(externalOf(3).language, "FORTRAN 77");
  EXPECT_FALSE(externalOf(3).output);
}

} // namespace
} // namespace mocc::test
