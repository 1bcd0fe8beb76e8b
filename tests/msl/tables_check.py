#!/usr/bin/env python3
"""ModelicaTest.Tables against the documented table semantics.

Runs every test model of ModelicaTest.Tables (the packages CombiTimeTable, CombiTable1Ds,
CombiTable1Dv, CombiTable2Ds and CombiTable2Dv; the partial ones left out) with
`mocc run MODEL --lib MSL` (the model's experiment annotation, as mocc reads it by default) and
checks the outputs of its table blocks, and the outputs of the Der blocks that differentiate
them, against an independent implementation of the table semantics written here from the
documentation of Modelica.Blocks.Sources.CombiTimeTable (Modelica/Blocks/Sources.mo) and of
Modelica.Blocks.Tables.CombiTable1Ds/1Dv/2Ds/2Dv (Modelica/Blocks/Tables.mo), and from the papers
that define the methods they name (Akima 1970 and 1974, Fritsch & Butland 1984, Steffen 1990,
the modified Akima method). The library's C implementation, the code under test, was not
consulted.

The table data come from `mocc flatten` (the bindings of TABLE.table[i,j], TABLE.columns[i],
...), from the text and MAT files that tableOnFile tables name, or from usertab.h for tables
that name no file. A table output is a closed-form function of time (CombiTimeTable) or of its
inputs, whose values are read from the result; so every row is compared with a tolerance of
floating-point rounding only (1e-9 relative to the signal's magnitude). At a breakpoint where the
left and right limits differ, the two rows of an event are the left limit and the right limit; a
single row within 1e-9 of a breakpoint may be either. The Der blocks' outputs are der() of the
table output, which a Modelica tool computes by differentiating the table function with the
derivative functions the library declares, so they are closed-form too and compared likewise
(with the chain rule through the inputs' derivatives, which the result holds as der(...)
columns). Where the documentation leaves a value open (see AMBIGUITIES below), those rows are
not checked, or any of the plausible readings is accepted.

Each model ends in one of these states:
  verified      simulated, every checked row of every table output matches
  mismatch      simulated, some output differs: the first such row is printed
  mocc failed   mocc flatten or mocc run failed (its first error line is printed)
  crash         mocc was ended by a signal (always a bug of mocc)
  skipped       nothing to check (no table block with outputs, or a data source the script
                cannot read)

With --check, the run fails when fewer models are verified than the number in
tables_verified_minimum.txt beside this script (the ratchet: raise it as mocc improves, never
lower it), or when any run crashed.
"""

import argparse
import bisect
import concurrent.futures
import csv
import importlib.util
import math
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
DEFAULT_MSL = REPO.parent / "shared" / "msl"
MINIMUM_FILE = HERE / "tables_verified_minimum.txt"
PACKAGES = ("CombiTimeTable", "CombiTable1Ds", "CombiTable1Dv", "CombiTable2Ds", "CombiTable2Dv")

# Relative tolerance of a closed-form value: floating-point rounding only.
RELATIVE_TOLERANCE = 1e-9
# A row this close (relative) to a breakpoint may show the left or the right limit.
BREAKPOINT_TOLERANCE = 1e-9

AMBIGUITIES = """\
- Extrapolation LastTwoPoints "through the first/last two table points" is undefined when those
  two rows have the same abscissa (a discontinuity at the table's end): not checked there.
- Fritsch-Butland and Steffen: the documentation and the methods fix the slopes at interior
  points only; the slopes at the first and last points (and so the first and last intervals and
  the LastTwoPoints extrapolation, which uses them) are not checked.
- The value exactly at a breakpoint of constant segments or of a discontinuity is not defined
  for a single row: either limit is accepted.
- 2D tables: extrapolation beyond both u1 and u2 ranges at once (a corner) with bivariate Akima
  is not defined by "the derivative at the first/last table points": not checked. Bilinear
  extrapolation at a corner continues the corner cell's bilinear form (linear in each direction).
- 2D constant segments with LastTwoPoints beyond an edge: "extrapolate linearly through the
  first/last two table points" does not say whether the output stays piecewise constant along
  the other input or is linear in it as in the bilinear form: either is accepted (the MSL's C
  code, run by mocc, gives the bilinear form); beyond both edges: not checked.
- Bivariate Akima: the cross derivative at the grid points follows Akima (1974) (weights
  |a4-a3|, |a2-a1| of the univariate slopes, equal weights when both are zero), the grid
  extended by two points on each side by linear extrapolation of the differences, as in the
  univariate method.
- Periodic extrapolation of cubic Hermite splines (no test uses it) would need the end slopes
  of a periodic spline: not checked.
- NoExtrapolation (no test uses it): rows outside the table are not checked.
- Der blocks of a table whose input derivative is not in the result (no der(...) column and
  the input neither time nor constant) are not checked.
- verboseRead and verboseExtrapolation only print messages: not checked."""


# ------------------------------------------------------------------------------------------
# The test models

def find_test_models(library):
    """Every non-partial model of the ModelicaTest.Tables packages, in file order; models in
    /* */ comments are not models."""
    models = []
    for package in PACKAGES:
        text = (library / "ModelicaTest" / "Tables" / f"{package}.mo").read_text()
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        text = re.sub(r"//[^\n]*", "", text)
        for m in re.finditer(r"^\s*(partial\s+)?model\s+(\w+)", text, flags=re.M):
            if not m.group(1):
                models.append(f"ModelicaTest.Tables.{package}.{m.group(2)}")
    return models


# ------------------------------------------------------------------------------------------
# Running mocc

def strip_library_path(text):
    return re.sub(r"\S*ModelicaStandardLibrary-4\.0\.0/", "", text)


def first_error(text):
    """The first line that says what went wrong."""
    for line in text.splitlines():
        if "error" in line.lower():
            return strip_library_path(line).strip()
    lines = [l for l in text.splitlines() if l.strip()]
    return strip_library_path(lines[-1]).strip() if lines else ""


def binary_unavailable(done):
    """mocc could not start: the binary or one of its libraries is being rebuilt."""
    return done.returncode in (126, 127) or "error while loading shared libraries" in done.stderr


def run_mocc(command, timeout, attempts=10, pause=30.0):
    """Runs mocc; waits and retries while its binary is being rebuilt (it cannot start), and
    once more after a crash, which may come from libraries replaced in the middle of a run."""
    crashed_before = False
    for attempt in range(attempts):
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        except OSError:  # being replaced: not there, not executable, busy
            if attempt + 1 == attempts:
                raise
            time.sleep(pause)
            continue
        if binary_unavailable(done):
            time.sleep(pause)
            continue
        if done.returncode < 0 and not crashed_before:
            crashed_before = True
            time.sleep(pause)
            continue
        return done
    return done


# ------------------------------------------------------------------------------------------
# Reading the flat model: parameter bindings, alias equations, table output equations

TOKEN = re.compile(r"""\s*(?:
    (?P<number>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)
  | (?P<string>"(?:[^"\\]|\\.)*")
  | (?P<ident>[A-Za-z_]\w*)
  | (?P<op><=|>=|==|<>|\.\^|[-+*/^()\[\]{},;<>=.:])
)""", re.X)


class NotEvaluable(Exception):
    pass


def tokenize(text):
    tokens, pos = [], 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            if text[pos:].strip() == "":
                break
            raise NotEvaluable(f"cannot read {text[pos:pos + 20]!r}")
        pos = m.end()
        kind = m.lastgroup
        tokens.append((kind, m.group(kind)))
    return tokens


class ExpressionParser:
    """A recursive-descent parser of the Modelica expressions that flat bindings hold; it
    evaluates as it parses, names through `lookup`."""

    def __init__(self, tokens, lookup):
        self.tokens, self.pos, self.lookup = tokens, 0, lookup

    def peek(self, offset=0):
        i = self.pos + offset
        return self.tokens[i] if i < len(self.tokens) else (None, None)

    def take(self, value=None):
        token = self.peek()
        if value is not None and token[1] != value:
            raise NotEvaluable(f"expected {value}, got {token[1]}")
        self.pos += 1
        return token

    def expression(self):
        if self.peek()[1] == "if":
            self.take("if")
            condition = self.expression()
            self.take("then")
            value = self.expression()
            branches = [(condition, value)]
            while self.peek()[1] == "elseif":
                self.take("elseif")
                c = self.expression()
                self.take("then")
                branches.append((c, self.expression()))
            self.take("else")
            otherwise = self.expression()
            for c, v in branches:
                if c:
                    return v
            return otherwise
        return self.logical_or()

    def logical_or(self):
        value = self.logical_and()
        while self.peek()[1] == "or":
            self.take()
            other = self.logical_and()
            value = value or other
        return value

    def logical_and(self):
        value = self.logical_not()
        while self.peek()[1] == "and":
            self.take()
            other = self.logical_not()
            value = value and other
        return value

    def logical_not(self):
        if self.peek()[1] == "not":
            self.take()
            return not self.logical_not()
        return self.relation()

    def relation(self):
        left = self.arithmetic()
        op = self.peek()[1]
        if op in ("<", "<=", ">", ">=", "==", "<>"):
            self.take()
            right = self.arithmetic()
            return {"<": left < right, "<=": left <= right, ">": left > right,
                    ">=": left >= right, "==": left == right, "<>": left != right}[op]
        return left

    def arithmetic(self):
        sign = 1
        if self.peek()[1] in ("+", "-"):
            sign = -1 if self.take()[1] == "-" else 1
        value = self.term()
        if sign < 0:
            value = -value
        while self.peek()[1] in ("+", "-"):
            op = self.take()[1]
            other = self.term()
            value = value + other if op == "+" else value - other
        return value

    def term(self):
        value = self.factor()
        while self.peek()[1] in ("*", "/"):
            op = self.take()[1]
            other = self.factor()
            value = value * other if op == "*" else value / other
        return value

    def factor(self):
        value = self.primary()
        if self.peek()[1] in ("^", ".^"):
            self.take()
            value = value ** self.primary()
        return value

    def primary(self):
        kind, text = self.peek()
        if kind == "number":
            self.take()
            return float(text)
        if kind == "string":
            self.take()
            return text[1:-1]
        if text == "(":
            self.take()
            value = self.expression()
            self.take(")")
            return value
        if text == "{":
            self.take()
            values = [self.expression()]
            while self.peek()[1] == ",":
                self.take()
                values.append(self.expression())
            self.take("}")
            return values
        if text in ("true", "false"):
            self.take()
            return text == "true"
        if kind == "ident":
            return self.reference()
        raise NotEvaluable(f"unexpected {text}")

    def reference(self):
        """A component reference (a.b[1,2].c) or a function call."""
        name = self.take()[1]
        while True:
            if self.peek()[1] == "[":
                self.take()
                subscripts = [self.expression()]
                while self.peek()[1] == ",":
                    self.take()
                    subscripts.append(self.expression())
                self.take("]")
                name += "[" + ",".join(str(int(s)) for s in subscripts) + "]"
            elif self.peek()[1] == "." and self.peek(1)[0] == "ident":
                self.take()
                name += "." + self.take()[1]
            else:
                break
        if self.peek()[1] == "(":
            self.take()
            arguments = []
            if self.peek()[1] != ")":
                arguments.append(self.expression())
                while self.peek()[1] == ",":
                    self.take()
                    arguments.append(self.expression())
            self.take(")")
            return call_function(name, arguments)
        return self.lookup(name)


def call_function(name, arguments):
    functions = {
        "mod": lambda a, b: a - math.floor(a / b) * b, "max": max, "min": min, "abs": abs,
        "integer": lambda a: float(math.floor(a)), "floor": math.floor, "ceil": math.ceil,
        "sqrt": math.sqrt, "sin": math.sin, "cos": math.cos, "exp": math.exp,
    }
    if name not in functions:
        raise NotEvaluable(f"function {name}")
    return functions[name](*arguments)


NAME = r"[A-Za-z_]\w*(?:\[[0-9, ]+\])?(?:\.[A-Za-z_]\w*(?:\[[0-9, ]+\])?)*"
DECLARATION = re.compile(
    r"^\s*((?:(?:protected|public|final|parameter|constant|discrete|input|output|flow|stream)\s+)*)"
    r"([A-Za-z_][\w.]*)\s+(" + NAME + r")(.*)$")
ALIAS = re.compile(r"^\s*(" + NAME + r") = (" + NAME + r");\s*$")
DER_BLOCK = re.compile(r"^\s*(" + NAME + r")\.y = der\((" + NAME + r")\.u\);\s*$")
# y[i] = [p_offset[i] +] Modelica.Blocks.Tables.Internal.getXxxValue...(tableID, ...): the
# offset is computed here from the parameter offset, as documented.
TABLE_OUTPUT = re.compile(
    r"^\s*(" + NAME + r") = (?:" + NAME + r" \+ )?"
    r"Modelica\.Blocks\.Tables\.Internal\.(get(?:TimeTable|Table1D|Table2D)Value\w*)\((.*)\);\s*$")


def normalize(name):
    return name.replace(" ", "")


def split_arguments(text):
    """The top-level comma-separated arguments of a call."""
    parts, depth, current = [], 0, ""
    for c in text:
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += c
    if current.strip():
        parts.append(current.strip())
    return parts


class FlatModel:
    """The parts of `mocc flatten`'s output the check needs."""

    def __init__(self, text, library):
        self.library = library
        self.bindings = {}          # parameter or constant name -> binding text
        self.declared = set()       # every declared name
        self.aliases = {}           # union-find parent over names joined by a = b
        self.der_blocks = []        # Der block prefixes
        self.table_outputs = []     # (output, table function, its arguments)
        self.cache = {}
        section = None
        for line in text.splitlines():
            if re.match(r"^(class|model|block) ", line):
                section = "declarations"
                continue
            if section is None:
                continue
            stripped = line.strip()
            if stripped in ("equation", "initial equation", "algorithm", "initial algorithm"):
                section = stripped
                continue
            if section == "declarations":
                self.read_declaration(line)
            elif section == "equation":
                self.read_equation(line)

    def read_declaration(self, line):
        m = DECLARATION.match(line)
        if not m:
            return
        prefixes, name, rest = m.group(1).split(), normalize(m.group(3)), m.group(4)
        self.declared.add(name)
        if not ("parameter" in prefixes or "constant" in prefixes):
            return
        rest = skip_modifiers(rest).strip()
        if rest.startswith("="):
            self.bindings[name] = rest[1:]

    def read_equation(self, line):
        m = DER_BLOCK.match(line)
        if m and normalize(m.group(1)) == normalize(m.group(2)):
            self.der_blocks.append(normalize(m.group(1)))
            return
        m = TABLE_OUTPUT.match(line)
        if m:
            self.table_outputs.append((normalize(m.group(1)), m.group(2),
                                       [normalize(a) for a in split_arguments(m.group(3))]))
            return
        m = ALIAS.match(line)
        if m:
            self.join(normalize(m.group(1)), normalize(m.group(2)))

    # aliases: a union-find over the names that `a = b` equations join
    def root(self, name):
        while self.aliases.get(name, name) != name:
            name = self.aliases[name]
        return name

    def join(self, a, b):
        ra, rb = self.root(a), self.root(b)
        if ra != rb:
            self.aliases[ra] = rb

    def alias_set(self, name):
        r = self.root(name)
        members = {n for n in list(self.aliases) + list(self.aliases.values())
                   if self.root(n) == r}
        return members | {name}

    def value(self, name):
        """The value of a parameter, evaluated from its binding."""
        name = normalize(name)
        if name in self.cache:
            if self.cache[name] is None:
                raise NotEvaluable(f"cyclic binding of {name}")
            return self.cache[name]
        if name.startswith("Modelica.Blocks.Types."):
            return name.rsplit(".", 1)[1]
        if name not in self.bindings:
            raise NotEvaluable(f"no binding for {name}")
        self.cache[name] = None
        text = resolve_load_resource(self.bindings[name], self.library)
        parser = ExpressionParser(tokenize(text), self.value)
        result = parser.expression()
        self.cache[name] = result
        return result

    def array(self, prefix, dims):
        """The values of prefix[1..n] (dims 1) or prefix[1..n,1..m] (dims 2) that exist."""
        if dims == 1:
            size = 0
            while f"{prefix}[{size + 1}]" in self.declared:
                size += 1
            return [self.value(f"{prefix}[{i}]") for i in range(1, size + 1)]
        rows = 0
        while f"{prefix}[{rows + 1},1]" in self.declared:
            rows += 1
        columns = 0
        while rows and f"{prefix}[1,{columns + 1}]" in self.declared:
            columns += 1
        return [[self.value(f"{prefix}[{i},{j}]") for j in range(1, columns + 1)]
                for i in range(1, rows + 1)]


def skip_modifiers(text):
    """The text after a declaration's modifier parentheses, if it has them."""
    text = text.lstrip()
    if not text.startswith("("):
        return text
    depth, in_string, i = 0, False, 0
    while i < len(text):
        c = text[i]
        if in_string:
            if c == "\\":
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return text[i + 1:]
        i += 1
    return ""


def resolve_load_resource(text, library):
    """Modelica.Utilities.Files.loadResource[uri="modelica://Package/path"]() -> the file's path
    in the library, as a string literal."""
    def replace(m):
        package, path = m.group(1), m.group(2)
        return '"' + str(library / package / path) + '"'
    return re.sub(r'Modelica\.Utilities\.Files\.loadResource\[uri="modelica://(\w+)/([^"]*)"\]\(\)',
                  replace, text)


# ------------------------------------------------------------------------------------------
# Table data on files and in usertab.h

class UnreadableTable(Exception):
    pass


def read_text_table(path, name):
    """A matrix of a text file in the documented format: "#1" first, then per matrix a line
    `double|float NAME(ROWS,COLUMNS)` and ROWS*COLUMNS numbers in row order, separated by spaces,
    tabs, commas or semicolons, over as many lines as they like; `#` starts a line comment
    anywhere; a UTF-8 byte order mark at the start is ignored."""
    text = Path(path).read_bytes().decode("utf-8")
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.startswith("#1"):
        raise UnreadableTable(f"{path} does not start with #1")
    text = "\n".join(line.split("#", 1)[0] for line in text.splitlines())
    header = re.search(r"\b(?:double|float)\s+" + re.escape(name) +
                       r"\s*\(\s*(\d+)\s*,\s*(\d+)\s*\)", text)
    if not header:
        raise UnreadableTable(f"no matrix {name} in {path}")
    rows, columns = int(header.group(1)), int(header.group(2))
    numbers = re.finditer(r"[^\s,;]+", text[header.end():])
    values = []
    for m in numbers:
        if len(values) == rows * columns:
            break
        values.append(float(m.group(0)))
    if len(values) < rows * columns:
        raise UnreadableTable(f"matrix {name} in {path} has too few numbers")
    return [values[i * columns:(i + 1) * columns] for i in range(rows)]


def read_mat_table(path, name):
    """A matrix of a MATLAB MAT-file (v4, v6, v7); NAME may name a field of a struct (s.tab1)."""
    try:
        import scipy.io
    except ImportError as e:
        raise UnreadableTable("scipy is not installed") from e
    try:
        data = scipy.io.loadmat(str(path), simplify_cells=True)
    except (NotImplementedError, ValueError) as e:
        raise UnreadableTable(f"{Path(path).name}: {e}") from e
    value = data
    for part in name.split("."):
        if not isinstance(value, dict) or part not in value:
            raise UnreadableTable(f"no matrix {name} in {path}")
        value = value[part]
    rows = value.tolist()
    return [r if isinstance(r, list) else [r] for r in rows]


def read_usertab_table(library, name):
    """A matrix statically stored in Modelica/Resources/Data/Tables/usertab.h (the tables of
    function usertab, row-wise)."""
    header = library / "Modelica" / "Resources" / "Data" / "Tables" / "usertab.h"
    text = re.sub(r"/\*.*?\*/", "", header.read_text(), flags=re.S)
    arrays = {m.group(1): [float(v) for v in m.group(2).replace("\n", " ").split(",") if v.strip()]
              for m in re.finditer(r"static\s+double\s+(\w+)\[\]\s*=\s*\{([^}]*)\}", text)}
    for m in re.finditer(r'\{\s*"(\w+)"\s*,\s*(\w+)\s*,\s*\d+\s*,\s*\{\s*(\d+)\s*,\s*(\d+)\s*\}\s*\}',
                         text):
        if m.group(1) == name:
            values, rows, columns = arrays[m.group(2)], int(m.group(3)), int(m.group(4))
            return [values[i * columns:(i + 1) * columns] for i in range(rows)]
    raise UnreadableTable(f"no table {name} in usertab.h")


def table_matrix(flat, prefix):
    """The table of a table block: the parameter matrix, or (tableOnFile) the matrix tableName
    of file fileName, or of usertab when fileName is "NoName" or blank (documentation: "The
    table matrix can be defined in the following ways")."""
    if not flat.value(f"{prefix}.tableOnFile"):
        return flat.array(f"{prefix}.table", 2)
    name = flat.value(f"{prefix}.tableName")
    file_name = flat.value(f"{prefix}.fileName")
    if file_name == "NoName" or not file_name.strip():
        return read_usertab_table(flat.library, name)
    if file_name.lower().endswith(".mat"):
        return read_mat_table(file_name, name)
    return read_text_table(file_name, name)


# ------------------------------------------------------------------------------------------
# The table semantics, from the documentation
#
# Modelica.Blocks.Types.Smoothness and .Extrapolation literals as mocc flatten prints them.
LINEAR = "LinearSegments"
AKIMA = "ContinuousDerivative"
CONSTANT = "ConstantSegments"
FRITSCH_BUTLAND = "MonotoneContinuousDerivative1"
STEFFEN = "MonotoneContinuousDerivative2"
MODIFIED_AKIMA = "ModifiedContinuousDerivative"
HERMITE = (AKIMA, FRITSCH_BUTLAND, STEFFEN, MODIFIED_AKIMA)
HOLD = "HoldLastPoint"
LAST_TWO_POINTS = "LastTwoPoints"
PERIODIC = "Periodic"


def near(a, b):
    return abs(a - b) <= BREAKPOINT_TOLERANCE * max(1.0, abs(b))


def pick_side(side, left, right):
    """At a breakpoint: the left limit (side -1, the first row of an event), the right limit
    (side +1, the second row), or either (side 0, a single row)."""
    return [left] if side < 0 else [right] if side > 0 else [left, right]


def axis_positions(u, grid, extrapolation, side):
    """Where u lies on a grid of distinct increasing abscissas: ("cell", k, u) between grid[k]
    and grid[k+1], ("below", u) or ("above", u) outside the table; within the breakpoint
    tolerance of a grid point, the positions on its left and right as `side` asks.
    Periodic extrapolation ("Periodically repeat the table data (periodical function)") maps u
    into the table range, whose length is the period."""
    m = len(grid)
    if extrapolation == PERIODIC and m >= 2:
        period = grid[-1] - grid[0]
        w = grid[0] + (u - grid[0]) % period
        if near(w, grid[0]) or near(w, grid[-1]):
            d = w - (grid[0] if near(w, grid[0]) else grid[-1])
            return pick_side(side, ("cell", m - 2, grid[-1] + d), ("cell", 0, grid[0] + d))
        u = w
    for k, b in enumerate(grid):
        if near(u, b):
            left = ("cell", k - 1, u) if k > 0 else ("below", u)
            right = ("cell", k, u) if k < m - 1 else ("above", u)
            return pick_side(side, left, right)
    if u < grid[0]:
        return [("below", u)]
    if u > grid[-1]:
        return [("above", u)]
    return [("cell", bisect.bisect_right(grid, u) - 1, u)]


def secants(x, y):
    return [(y[i + 1] - y[i]) / (x[i + 1] - x[i]) for i in range(len(x) - 1)]


def extend_secants(m):
    """Akima (1970): two more secants at each end, such that the end points and the two added
    points lie on a parabola, i.e. the secants continue linearly: m[-1] = 2 m[0] - m[1],
    m[-2] = 2 m[-1] - m[0], and likewise at the right end. Index i + 2 holds m[i]."""
    if len(m) == 1:
        return [m[0]] * 5
    left1 = 2 * m[0] - m[1]
    right1 = 2 * m[-1] - m[-2]
    return [2 * left1 - m[0], left1] + list(m) + [right1, 2 * right1 - m[-1]]


def akima_weights(a1, a2, a3, a4, modified):
    """The weights of secants a2 (left) and a3 (right) at a point between them. Akima (1970):
    |a4 - a3| and |a2 - a1|. Modified Akima (makima): |a4 - a3| + |a4 + a3|/2 and
    |a2 - a1| + |a2 + a1|/2, which avoids overshoots where the data are flat."""
    if modified:
        return abs(a4 - a3) + abs(a4 + a3) / 2, abs(a2 - a1) + abs(a2 + a1) / 2
    return abs(a4 - a3), abs(a2 - a1)


def akima_slopes(x, y, modified=False):
    """Slopes of the (modified) Akima spline at every point: the weighted mean of the two
    adjacent secants, their plain mean when both weights are zero (Akima 1970)."""
    e = extend_secants(secants(x, y))
    slopes = []
    for i in range(len(x)):
        a1, a2, a3, a4 = e[i], e[i + 1], e[i + 2], e[i + 3]
        w_left, w_right = akima_weights(a1, a2, a3, a4, modified)
        if w_left + w_right == 0:
            slopes.append((a2 + a3) / 2)
        else:
            slopes.append((w_left * a2 + w_right * a3) / (w_left + w_right))
    return slopes


def fritsch_butland_slopes(x, y):
    """Fritsch & Butland (1984), Brodlie's weighted harmonic mean at interior points:
    3 (h[i-1] + h[i]) / ((2 h[i] + h[i-1]) / m[i-1] + (h[i] + 2 h[i-1]) / m[i]) where the
    adjacent secants have the same sign, else 0. The end slopes are left open (None)."""
    h = [x[i + 1] - x[i] for i in range(len(x) - 1)]
    m = secants(x, y)
    slopes = [None] * len(x)
    for i in range(1, len(x) - 1):
        if m[i - 1] * m[i] <= 0:
            slopes[i] = 0.0
        else:
            slopes[i] = 3 * (h[i - 1] + h[i]) / ((2 * h[i] + h[i - 1]) / m[i - 1] +
                                                  (h[i] + 2 * h[i - 1]) / m[i])
    return slopes


def steffen_slopes(x, y):
    """Steffen (1990) at interior points: (sign(m[i-1]) + sign(m[i])) *
    min(|m[i-1]|, |m[i]|, |p|/2), p = (m[i-1] h[i] + m[i] h[i-1]) / (h[i-1] + h[i]), the slope of
    the parabola through the three points. The end slopes are left open (None)."""
    h = [x[i + 1] - x[i] for i in range(len(x) - 1)]
    m = secants(x, y)
    slopes = [None] * len(x)
    for i in range(1, len(x) - 1):
        p = (m[i - 1] * h[i] + m[i] * h[i - 1]) / (h[i - 1] + h[i])
        sign = (math.copysign(1, m[i - 1]) if m[i - 1] else 0) + \
            (math.copysign(1, m[i]) if m[i] else 0)
        slopes[i] = sign * min(abs(m[i - 1]), abs(m[i]), abs(p) / 2)
    return slopes


def hermite_slopes(smoothness, x, y):
    if smoothness == AKIMA:
        return akima_slopes(x, y)
    if smoothness == MODIFIED_AKIMA:
        return akima_slopes(x, y, modified=True)
    if smoothness == FRITSCH_BUTLAND:
        return fritsch_butland_slopes(x, y)
    return steffen_slopes(x, y)


def hermite_basis(h):
    """The cubic Hermite basis on [0, h] as coefficient lists of s^0..s^3: value at 0, slope at
    0, value at h, slope at h."""
    return ([1.0, 0.0, -3 / h ** 2, 2 / h ** 3], [0.0, 1.0, -2 / h, 1 / h ** 2],
            [0.0, 0.0, 3 / h ** 2, -2 / h ** 3], [0.0, 0.0, -1 / h, 1 / h ** 2])


def polynomial(coefficients, s):
    """Value, first and second derivative of sum c[k] s^k."""
    v = d1 = d2 = 0.0
    for k, c in enumerate(coefficients):
        v += c * s ** k
        if k >= 1:
            d1 += k * c * s ** (k - 1)
        if k >= 2:
            d2 += k * (k - 1) * c * s ** (k - 2)
    return v, d1, d2


def hermite_cubic(x0, x1, y0, y1, d0, d1):
    """The coefficients (in s = u - x0) of the cubic with values y0, y1 and slopes d0, d1."""
    basis = hermite_basis(x1 - x0)
    return [y0 * a + d0 * b + y1 * c + d1 * d for a, b, c, d in zip(*basis)]


class Curve:
    """One column of a 1D table as a function of the abscissa (documentation of CombiTimeTable
    and CombiTable1Ds/1Dv). values(u, side) gives the candidate (y, dy/du, d2y/du2) there, or
    None where the documentation leaves the value open."""

    def __init__(self, abscissa, ordinate, smoothness, extrapolation):
        self.rows = list(zip(abscissa, ordinate))
        self.smoothness, self.extrapolation = smoothness, extrapolation
        # "Discontinuities are allowed for (constant or) linear interpolation, by providing the
        # same time point twice in the table": per distinct abscissa the first and last rows.
        self.grid, self.first, self.last = [], [], []
        for x, y in self.rows:
            if self.grid and x == self.grid[-1]:
                self.last[-1] = y
            else:
                self.grid.append(x)
                self.first.append(y)
                self.last.append(y)
        self.slopes = None
        # Periodic extrapolation of a cubic Hermite spline would need the end slopes of a
        # periodic spline, which the documentation does not give: not checked.
        if smoothness in HERMITE and len(self.rows) > 1 and extrapolation != PERIODIC:
            if len(self.grid) == len(self.rows):  # "strictly increasing for cubic Hermite"
                self.slopes = hermite_slopes(smoothness, self.grid, self.first)

    def values(self, u, side):
        if len(self.rows) == 1:
            # "If the table has only one row, no interpolation is performed and the table
            # values of this row are just returned."
            return [(self.rows[0][1], 0.0, 0.0)]
        result = []
        for position in axis_positions(u, self.grid, self.extrapolation, side):
            value = self.in_cell(position[1], position[2]) if position[0] == "cell" \
                else self.outside(position[0], position[1])
            if value is None:
                return None
            result.append(value)
        return result

    def in_cell(self, k, u):
        x0, x1 = self.grid[k], self.grid[k + 1]
        if self.smoothness == CONSTANT:
            # Constant segments: the value of the interval's left point (its last row).
            return (self.last[k], 0.0, 0.0)
        if self.smoothness == LINEAR:
            # Linear between the last row at x0 and the first row at x1; "the first derivative
            # is provided" (zero between duplicated points); "no second derivative".
            slope = (self.first[k + 1] - self.last[k]) / (x1 - x0)
            return (self.last[k] + slope * (u - x0), slope, 0.0)
        if self.slopes is None or self.slopes[k] is None or self.slopes[k + 1] is None:
            return None
        return polynomial(hermite_cubic(x0, x1, self.first[k], self.first[k + 1],
                                        self.slopes[k], self.slopes[k + 1]), u - x0)

    def outside(self, where, u):
        below = where == "below"
        if self.extrapolation == HOLD:
            # "Hold the first or last value of the table, if outside of the table scope."
            return (self.rows[0][1] if below else self.rows[-1][1], 0.0, 0.0)
        if self.extrapolation != LAST_TWO_POINTS:
            return None  # NoExtrapolation; Periodic on a table of one abscissa
        if self.smoothness in (LINEAR, CONSTANT):
            # "If smoothness is LinearSegments or ConstantSegments this means to extrapolate
            # linearly through the first/last two table points."
            (xa, ya), (xb, yb) = self.rows[:2] if below else self.rows[-2:]
            if xa == xb:
                return None
            slope = (yb - ya) / (xb - xa)
            return (ya + slope * (u - xa), slope, 0.0)
        # "Extrapolate by using the derivative at the first/last table points."
        if self.slopes is None:
            return None
        i = 0 if below else -1
        if self.slopes[i] is None:
            return None
        return (self.first[i] + self.slopes[i] * (u - self.grid[i]), self.slopes[i], 0.0)


class TimeCurve:
    """One output of a CombiTimeTable as a function of time: "If time < startTime, no
    interpolation is performed and the offset is used as ordinate value for all outputs";
    "The time instants stored in the table are therefore relative to shiftTime"; the first
    column is scaled by timeScale ("if the table array is given in hours (instead of seconds)
    timeScale shall be set to 3600"). Derivatives are with respect to time."""

    def __init__(self, curve, offset, start_time, shift_time, time_scale):
        self.curve, self.offset = curve, offset
        self.start_time, self.shift_time, self.time_scale = start_time, shift_time, time_scale

    def values(self, t, side):
        held = (self.offset, 0.0, 0.0)
        if t < self.start_time and not near(t, self.start_time):
            return [held]
        at_start = near(t, self.start_time)
        x = t / self.time_scale - self.shift_time / self.time_scale
        table = self.curve.values(x, +1 if at_start else side)
        if table is None:
            return None
        s = self.time_scale
        table = [(self.offset + v, d1 / s, d2 / s ** 2) for v, d1, d2 in table]
        if at_start:
            return [held] if side < 0 else table if side > 0 else [held] + table
        return table


class Surface:
    """A 2D table (documentation of CombiTable2Ds/2Dv): u1 grid table[2:,1], u2 grid
    table[1,2:], values table[2:,2:]. values(u1, u2) gives the candidate
    (y, dy/du1, dy/du2, d2y/du1^2, d2y/du1du2, d2y/du2^2), or None where the documentation
    leaves the value open."""

    def __init__(self, table, smoothness, extrapolation):
        self.x = [row[0] for row in table[1:]]
        self.y = list(table[0][1:])
        self.z = [list(row[1:]) for row in table[1:]]
        self.smoothness, self.extrapolation = smoothness, extrapolation
        self.derivatives = None
        if smoothness == AKIMA:
            self.derivatives = bivariate_akima_derivatives(self.x, self.y, self.z)

    def values(self, u1, u2):
        if len(self.x) == 1 and len(self.y) == 1:
            # "If the table has only one element, the table value is returned"
            return [(self.z[0][0], 0.0, 0.0, 0.0, 0.0, 0.0)]
        if self.smoothness not in (LINEAR, CONSTANT, AKIMA):
            return None  # Fritsch-Butland, Steffen, modified Akima: "Not supported"
        if self.smoothness == AKIMA and self.extrapolation == PERIODIC:
            return None  # the end derivatives of a periodic surface are not documented
        result = []
        for p1 in self.axis(u1, self.x):
            for p2 in self.axis(u2, self.y):
                values = self.at(p1, p2)
                if values is None:
                    return None
                result += values
        return result

    def axis(self, u, grid):
        """The positions of u on one axis as dicts: how the axis is used ("single" grid
        point, "inside" a cell, "held" at the edge by HoldLastPoint, "continued" beyond the
        edge by LastTwoPoints), the cell k, the coordinate s = u - grid[k], the edge's
        coordinate (outside) and the grid index of the constant segment."""
        n = len(grid)
        if n == 1:
            return [dict(use="single", k=0, s=0.0, edge=0.0, index=0)]
        positions = []
        for p in axis_positions(u, grid, self.extrapolation, 0):
            if p[0] == "cell":
                k = p[1]
                positions.append(dict(use="inside", k=k, s=p[2] - grid[k], index=k))
                continue
            below = p[0] == "below"
            k = 0 if below else n - 2
            edge = 0.0 if below else grid[-1] - grid[k]
            if self.extrapolation == HOLD:
                # "Hold the first or last values of the table, if outside of the table scope."
                positions.append(dict(use="held", k=k, s=edge, edge=edge,
                                      index=0 if below else n - 1))
            elif self.extrapolation == LAST_TWO_POINTS:
                positions.append(dict(use="continued", k=k, s=p[1] - grid[k], edge=edge))
            else:
                positions.append(None)  # NoExtrapolation
        return positions

    def at(self, a1, a2):
        if a1 is None or a2 is None:
            return None
        continued = [a["use"] == "continued" for a in (a1, a2)]
        if self.smoothness == CONSTANT:
            return self.constant_at(a1, a2)
        if self.smoothness == LINEAR:
            # Bilinear in the cell; outside, LastTwoPoints continues the edge cell's bilinear
            # form ("extrapolate linearly through the first/last two table points").
            value = evaluate_bivariate(self.bilinear(a1["k"], a2["k"]), a1["s"], a2["s"])
        else:
            if all(continued):
                return None  # beyond both ranges: not defined by the documentation
            c = bicubic_hermite(self.x, self.y, self.z, *self.derivatives, a1["k"], a2["k"])
            # LastTwoPoints: "Extrapolate by using the derivative at the first/last table
            # points", i.e. the bicubic's first-order expansion at the edge.
            s, t = a1["s"], a2["s"]
            if continued[0]:
                c, s = truncate_at(c, a1["edge"]), s - a1["edge"]
            if continued[1]:
                c = transpose(truncate_at(transpose(c), a2["edge"]))
                t = t - a2["edge"]
            value = evaluate_bivariate(c, s, t)
        return [held_axes(value, a1, a2)]

    def constant_at(self, a1, a2):
        """Constant segments: the value of the grid point at the cell's lower-left corner (the
        edge value when held). Beyond one edge with LastTwoPoints, "extrapolate linearly
        through the first/last two table points" leaves open what happens along the other
        axis (constant segments, or linear as in the bilinear form): either is accepted;
        beyond both edges it is not checked."""
        uses = (a1["use"], a2["use"])
        if "continued" not in uses:
            return [(self.z[a1["index"]][a2["index"]], 0.0, 0.0, 0.0, 0.0, 0.0)]
        if uses.count("continued") == 2:
            return None
        # Either reading: linear along the continued axis through the two edge values at the
        # other axis' constant segment, or the edge cell's bilinear form continued.
        axis = uses.index("continued")
        other = (a2, a1)[axis]
        cell = (a1["k"], other["index"]) if axis == 0 else (other["index"], a2["k"])
        along = self.bilinear(*cell)
        along = [[along[0][0], 0.0], [along[1][0], 0.0]] if axis == 0 else \
            [[along[0][0], along[0][1]], [0.0, 0.0]]
        s, t = (a1["s"], 0.0) if axis == 0 else (0.0, a2["s"])
        readings = [evaluate_bivariate(along, s, t),
                    evaluate_bivariate(self.bilinear(a1["k"], a2["k"]), a1["s"], a2["s"])]
        return [held_axes(value, a1, a2) for value in readings]

    def bilinear(self, i, j):
        """Coefficients of the bilinear form on cell (i, j) in s = u1 - x[i], t = u2 - y[j]
        (linear along one axis when the other has a single grid point)."""
        nx, ny = len(self.x), len(self.y)
        i1, j1 = (i + 1 if nx > 1 else i), (j + 1 if ny > 1 else j)
        z00, z01, z10, z11 = self.z[i][j], self.z[i][j1], self.z[i1][j], self.z[i1][j1]
        hx = self.x[i1] - self.x[i] if nx > 1 else 1.0
        hy = self.y[j1] - self.y[j] if ny > 1 else 1.0
        return [[z00, (z01 - z00) / hy], [(z10 - z00) / hx, (z11 - z10 - z01 + z00) / (hx * hy)]]


def held_axes(value, a1, a2):
    """A coordinate held at the edge (or an axis of one grid point) does not move y."""
    v, f1, f2, f11, f12, f22 = value
    if a1["use"] in ("held", "single"):
        f1 = f11 = f12 = 0.0
    if a2["use"] in ("held", "single"):
        f2 = f22 = f12 = 0.0
    return (v, f1, f2, f11, f12, f22)


def transpose(c):
    rows, columns = len(c), max(len(r) for r in c)
    return [[c[a][b] if b < len(c[a]) else 0.0 for a in range(rows)] for b in range(columns)]


def truncate_at(c, s0):
    """The first-order expansion in s at s = s0 of sum c[a][b] s^a t^b, as coefficients of
    (s - s0)^a t^b, a <= 1."""
    columns = max(len(r) for r in c)
    result = [[0.0] * columns for _ in range(2)]
    for a, row in enumerate(c):
        for b, coefficient in enumerate(row):
            result[0][b] += coefficient * s0 ** a
            if a >= 1:
                result[1][b] += a * coefficient * s0 ** (a - 1)
    return result


def evaluate_bivariate(c, s, t):
    """Value and derivatives up to second order of sum c[a][b] s^a t^b."""
    v = f1 = f2 = f11 = f12 = f22 = 0.0
    for a, row in enumerate(c):
        for b, coefficient in enumerate(row):
            if coefficient == 0.0:
                continue
            v += coefficient * s ** a * t ** b
            if a >= 1:
                f1 += a * coefficient * s ** (a - 1) * t ** b
            if b >= 1:
                f2 += b * coefficient * s ** a * t ** (b - 1)
            if a >= 2:
                f11 += a * (a - 1) * coefficient * s ** (a - 2) * t ** b
            if b >= 2:
                f22 += b * (b - 1) * coefficient * s ** a * t ** (b - 2)
            if a >= 1 and b >= 1:
                f12 += a * b * coefficient * s ** (a - 1) * t ** (b - 1)
    return v, f1, f2, f11, f12, f22


def bivariate_akima_derivatives(x, y, z):
    """Akima (1974), "A method of bivariate interpolation and smooth surface fitting based on
    local procedures" (CACM 17, Algorithm 474): at each grid point the partial derivatives
    p = dz/du1 and q = dz/du2 by the univariate Akima method along the grid line, and the
    cross derivative r = d2z/du1du2 as the weighted mean of the four adjacent cells' cross
    differences c, with the weights of the univariate method:
      r = (wx2 (wy2 c[i-1][j-1] + wy3 c[i-1][j]) + wx3 (wy2 c[i][j-1] + wy3 c[i][j]))
          / ((wx2 + wx3) (wy2 + wy3)),  wx2 = |a4 - a3|, wx3 = |a2 - a1| (likewise y),
    both weights 1 where both are 0. The grid is extended by two points on each side the
    univariate way (differences continued linearly)."""
    nx, ny = len(x), len(y)
    p = [[0.0] * ny for _ in range(nx)]
    q = [[0.0] * ny for _ in range(nx)]
    r = [[0.0] * ny for _ in range(nx)]
    if nx > 1:
        for j in range(ny):
            column = akima_slopes(x, [z[i][j] for i in range(nx)])
            for i in range(nx):
                p[i][j] = column[i]
    if ny > 1:
        for i in range(nx):
            q[i] = akima_slopes(y, z[i])
    if nx == 1 or ny == 1:
        return p, q, r
    # Cross differences of the cells, extended by two cells on each side in both directions.
    cells = [[(z[i + 1][j + 1] - z[i + 1][j] - z[i][j + 1] + z[i][j]) /
              ((x[i + 1] - x[i]) * (y[j + 1] - y[j])) for j in range(ny - 1)]
             for i in range(nx - 1)]
    cells = [extend_secants(row) for row in cells]                  # along u2
    cells = [list(column) for column in zip(*cells)]                 # transpose
    cells = [extend_secants(column) for column in cells]            # along u1
    cross = [list(row) for row in zip(*cells)]                      # cross[i + 2][j + 2]
    for i in range(nx):
        for j in range(ny):
            ex = extend_secants(secants(x, [z[k][j] for k in range(nx)]))
            ey = extend_secants(secants(y, z[i]))
            wx2, wx3 = akima_weights(ex[i], ex[i + 1], ex[i + 2], ex[i + 3], False)
            wy2, wy3 = akima_weights(ey[j], ey[j + 1], ey[j + 2], ey[j + 3], False)
            if wx2 + wx3 == 0:
                wx2 = wx3 = 1.0
            if wy2 + wy3 == 0:
                wy2 = wy3 = 1.0
            c11, c12 = cross[i + 1][j + 1], cross[i + 1][j + 2]
            c21, c22 = cross[i + 2][j + 1], cross[i + 2][j + 2]
            r[i][j] = (wx2 * (wy2 * c11 + wy3 * c12) + wx3 * (wy2 * c21 + wy3 * c22)) / \
                ((wx2 + wx3) * (wy2 + wy3))
    return p, q, r


def bicubic_hermite(x, y, z, p, q, r, i, j):
    """The bicubic on cell (i, j) with the values, partial derivatives and cross derivatives
    of its four corners (tensor product of cubic Hermite bases); an axis with a single grid
    point is constant."""
    nx, ny = len(x), len(y)
    if nx == 1:
        return [hermite_cubic(y[j], y[j + 1], z[0][j], z[0][j + 1], q[0][j], q[0][j + 1])]
    if ny == 1:
        return [[c] for c in hermite_cubic(x[i], x[i + 1], z[i][0], z[i + 1][0],
                                           p[i][0], p[i + 1][0])]
    bx = hermite_basis(x[i + 1] - x[i])
    by = hermite_basis(y[j + 1] - y[j])
    c = [[0.0] * 4 for _ in range(4)]
    for a, di in ((0, i), (1, i + 1)):
        for b, dj in ((0, j), (1, j + 1)):
            terms = ((z[di][dj], bx[2 * a], by[2 * b]), (p[di][dj], bx[2 * a + 1], by[2 * b]),
                     (q[di][dj], bx[2 * a], by[2 * b + 1]),
                     (r[di][dj], bx[2 * a + 1], by[2 * b + 1]))
            for weight, sx, sy in terms:
                for k in range(4):
                    for l in range(4):
                        c[k][l] += weight * sx[k] * sy[l]
    return c


# ------------------------------------------------------------------------------------------
# Checking a result against the semantics

class Result:
    """The columns of a result CSV, and the side of every row at an event: an event writes
    the left limit and then the right limit at the same time."""

    def __init__(self, path):
        with open(path, newline="") as f:
            lines = list(csv.reader(f))
        self.header = lines[0]
        rows = [[float(v) for v in line] for line in lines[1:] if line]
        self.columns = {name: [r[i] for r in rows] for i, name in enumerate(self.header)}
        self.time = self.columns["time"]
        n = len(self.time)
        self.sides = []
        for r in range(n):
            same_before = r > 0 and self.time[r - 1] == self.time[r]
            same_after = r + 1 < n and self.time[r + 1] == self.time[r]
            self.sides.append(-1 if same_after and not same_before else
                              +1 if same_before and not same_after else 0)

    def column(self, names):
        """The column of the first of these (alias) names the result holds."""
        for name in sorted(names):
            if name in self.columns:
                return self.columns[name]
        return None


class Signal:
    """One result column and the function of the row that gives its candidate values (None
    where the documentation leaves it open)."""

    def __init__(self, name, column, expected):
        self.name, self.column, self.expected = name, column, expected


def input_derivatives(flat, result, name):
    """The input's value, first and second time derivative per row: the input's column and its
    der(...) columns, else 1 and 0 for an input that is time, 0 and 0 for a constant one;
    None for a derivative the result does not tell."""
    names = flat.alias_set(name)
    value = result.column(names)
    if value is None:
        try:
            constant = flat.value(next(n for n in names if n in flat.bindings))
            value = [constant] * len(result.time)
        except (StopIteration, NotEvaluable):
            raise UnreadableTable(f"input {name} is not in the result")
    first = result.column({f"der({n})" for n in names})
    second = result.column({f"der(der({n}))" for n in names})
    n = len(result.time)
    if first is None:
        if all(v == t for v, t in zip(value, result.time)):
            first, second = [1.0] * n, [0.0] * n
        elif all(v == value[0] for v in value):
            first, second = [0.0] * n, [0.0] * n
    return value, first, second


def table_signals(flat, result):
    """The signals to check: every table output and every Der block output that
    differentiates one (once or twice)."""
    signals, derivative_of = [], {}
    for output, function, arguments in flat.table_outputs:
        prefix = arguments[0].rsplit(".", 1)[0]
        matrix = table_matrix(flat, prefix)
        smoothness = flat.value(f"{prefix}.smoothness")
        extrapolation = flat.value(f"{prefix}.extrapolation")
        if "TimeTable" in function:
            evaluate = time_table_output(flat, result, prefix, matrix,
                                         int(float(arguments[1])), smoothness, extrapolation)
            first = lambda r, e=evaluate: derivative_values(e(r), 1)
            second = lambda r, e=evaluate: derivative_values(e(r), 2)
        elif "Table1D" in function:
            first, second, evaluate = table1d_output(flat, result, prefix, matrix,
                                                     int(float(arguments[1])), arguments[2],
                                                     smoothness, extrapolation)
        else:
            first, second, evaluate = table2d_output(flat, result, matrix, arguments[1],
                                                     arguments[2], smoothness, extrapolation)
        value = lambda r, e=evaluate: None if e(r) is None else [c[0] for c in e(r)]
        signals.append(Signal(output, result.column(flat.alias_set(output)), value))
        derivative_of[output] = (first, second)
    # Der blocks: y = der(u), u connected to a table output (first derivative) or to the
    # output of a Der block of a table output (second derivative).
    first_derivative_blocks = {}
    for block in flat.der_blocks:
        for output in flat.alias_set(f"{block}.u") & set(derivative_of):
            first_derivative_blocks[block] = output
            signals.append(Signal(f"{block}.y", result.column(flat.alias_set(f"{block}.y")),
                                  derivative_of[output][0]))
    for block in flat.der_blocks:
        for inner, output in first_derivative_blocks.items():
            if f"{inner}.y" in flat.alias_set(f"{block}.u"):
                signals.append(Signal(f"{block}.y",
                                      result.column(flat.alias_set(f"{block}.y")),
                                      derivative_of[output][1]))
    return signals


def derivative_values(candidates, order):
    return None if candidates is None else [c[order] for c in candidates]


def time_table_output(flat, result, prefix, matrix, output_index, smoothness, extrapolation):
    columns = [int(c) for c in flat.array(f"{prefix}.columns", 1)]
    offsets = flat.array(f"{prefix}.offset", 1)
    # "offset: Offsets of output signals"; one offset applies to every output.
    offset = offsets[0] if len(offsets) == 1 else offsets[output_index - 1]
    column = columns[output_index - 1] - 1
    curve = Curve([row[0] for row in matrix], [row[column] for row in matrix],
                  smoothness, extrapolation)
    timed = TimeCurve(curve, offset, flat.value(f"{prefix}.startTime"),
                      flat.value(f"{prefix}.shiftTime"), flat.value(f"{prefix}.timeScale"))
    return lambda r: timed.values(result.time[r], result.sides[r])


def table1d_output(flat, result, prefix, matrix, output_index, input_name, smoothness,
                   extrapolation):
    """CombiTable1Ds: every output interpolates its column at the one input; CombiTable1Dv:
    output i at input i (the output equation names the input)."""
    columns = [int(c) for c in flat.array(f"{prefix}.columns", 1)]
    column = columns[output_index - 1] - 1
    curve = Curve([row[0] for row in matrix], [row[column] for row in matrix],
                  smoothness, extrapolation)
    u, du, ddu = input_derivatives(flat, result, input_name)
    evaluate = lambda r: curve.values(u[r], 0)

    def first(r):
        c = evaluate(r)
        if c is None or du is None:
            return None
        return [d1 * du[r] for _, d1, _ in c]

    def second(r):
        c = evaluate(r)
        if c is None or du is None or ddu is None:
            return None
        return [d2 * du[r] ** 2 + d1 * ddu[r] for _, d1, d2 in c]
    return first, second, evaluate


def table2d_output(flat, result, matrix, input1, input2, smoothness, extrapolation):
    surface = Surface(matrix, smoothness, extrapolation)
    u1, du1, ddu1 = input_derivatives(flat, result, input1)
    u2, du2, ddu2 = input_derivatives(flat, result, input2)
    evaluate = lambda r: surface.values(u1[r], u2[r])

    def first(r):
        c = evaluate(r)
        if c is None or du1 is None or du2 is None:
            return None
        return [f1 * du1[r] + f2 * du2[r] for _, f1, f2, _, _, _ in c]

    def second(r):
        c = evaluate(r)
        if c is None or None in (du1, du2, ddu1, ddu2):
            return None
        return [f11 * du1[r] ** 2 + 2 * f12 * du1[r] * du2[r] + f22 * du2[r] ** 2 +
                f1 * ddu1[r] + f2 * ddu2[r] for _, f1, f2, f11, f12, f22 in c]
    return first, second, evaluate


def compare(signal, result):
    """The first row (in time) where the signal differs from all its candidates by more than
    rounding (RELATIVE_TOLERANCE of the signal's magnitude), as (t, got, expected), else None;
    and the number of rows checked."""
    rows = []
    for r in range(len(result.time)):
        candidates = signal.expected(r)
        if candidates is not None:
            rows.append((r, candidates))
    if not rows:
        return None, 0
    scale = max(1.0, max(abs(c) for _, cs in rows for c in cs))
    tolerance = RELATIVE_TOLERANCE * scale
    for r, candidates in rows:
        got = signal.column[r]
        nearest = min(candidates, key=lambda c: abs(got - c))
        if not abs(got - nearest) <= tolerance:
            return (result.time[r], got, nearest), len(rows)
    return None, len(rows)


def check_model(model, mocc, library, timeout):
    """Runs one model and checks it: (state, detail)."""
    with tempfile.TemporaryDirectory(prefix="mocc-tables-") as scratch:
        try:
            flattened = run_mocc([mocc, "flatten", model, "--lib", str(library)], timeout)
            if flattened.returncode != 0:
                return failed_run(flattened, "flatten: ")
            result_file = Path(scratch) / "r.csv"
            done = run_mocc([mocc, "run", model, "--lib", str(library), "--no-cache",
                             "-o", str(result_file)], timeout)
        except subprocess.TimeoutExpired:
            return "mocc failed", f"timeout after {timeout:g} s"
        if done.returncode != 0:
            return failed_run(done, "")
        return check_result(FlatModel(flattened.stdout, library), result_file)


def check_result(flat, result_file):
    """Checks a simulation result against the table semantics: (state, detail)."""
    if not flat.table_outputs:
        return "skipped", "simulated, but no table block outputs to check"
    result = Result(result_file)
    try:
        signals = table_signals(flat, result)
    except (UnreadableTable, NotEvaluable) as e:
        return "skipped", str(e)
    checked = 0
    first_mismatch = None
    for signal in signals:
        if signal.column is None:
            return "mismatch", f"{signal.name} is not in the result"
        mismatch, rows = compare(signal, result)
        checked += rows
        if mismatch and (first_mismatch is None or mismatch[0] < first_mismatch[1][0]):
            first_mismatch = (signal.name, mismatch)
    if first_mismatch:
        name, (t, got, expected) = first_mismatch
        return "mismatch", f"{name} at t={t:.17g}: got {got:.17g}, expected {expected:.17g}"
    if checked == 0:
        return "skipped", "simulated, but the documentation defines none of the rows"
    return "verified", f"{len(signals)} signals, {checked} of " \
        f"{len(signals) * len(result.time)} values checked"


def failed_run(done, what):
    if done.returncode < 0:
        return "crash", f"signal {-done.returncode}: " + first_error(done.stderr + done.stdout)
    return "mocc failed", what + first_error(done.stderr or done.stdout)


# ------------------------------------------------------------------------------------------
# The report

STATES = ("verified", "mismatch", "mocc failed", "crash", "skipped")


def line_of(model, state, detail):
    if state == "verified":
        return f"{model}: verified"
    if state == "crash":
        return f"{model}: mocc failed (crash, {detail})"
    return f"{model}: {state} ({detail})"


def markdown(results, elapsed, jobs):
    counts = {s: sum(1 for r in results if r[1] == s) for s in STATES}
    lines = [
        "# ModelicaTest.Tables against the documented table semantics",
        "",
        "Generated by `tests/msl/tables_check.py` (ctest `ModelicaTestTables`, label `msl`): every",
        "test model of ModelicaTest.Tables simulated by `mocc run` with its experiment",
        "annotation, its table outputs and their Der blocks compared row by row with an",
        "independent implementation of the table semantics of the MSL documentation (rounding",
        f"tolerance {RELATIVE_TOLERANCE:g} relative; left and right limits at events).",
        "",
        f"{len(results)} models (the non-partial ones outside comments): "
        f"{counts['verified']} verified, {counts['mismatch']} mismatch, "
        f"{counts['mocc failed'] + counts['crash']} mocc failed ({counts['crash']} crashed), "
        f"{counts['skipped']} skipped; {elapsed:.0f} s with {jobs} jobs.",
        "",
        "## Models not verified",
        "",
    ]
    for model, state, detail in sorted(results):
        if state != "verified":
            lines.append("- " + line_of(model.replace("ModelicaTest.Tables.", ""), state,
                                        detail.replace("|", "\\|")))
    lines += ["", "## What the documentation leaves open, and how the check reads it", "",
              AMBIGUITIES, ""]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mocc", default=str(REPO / "build" / "mocc"))
    parser.add_argument("--msl", default=str(DEFAULT_MSL),
                        help="the folder with ModelicaStandardLibrary-4.0.0 (or the library)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per mocc call")
    parser.add_argument("--filter", default="", help="only models whose name matches (regex)")
    parser.add_argument("--output", default=str(REPO / "docs" / "tables-check.md"),
                        help="the Markdown report (default docs/tables-check.md)")
    parser.add_argument("--verbose", action="store_true",
                        help="say how many signals and values each verified model checked")
    parser.add_argument("--check", action="store_true",
                        help="fail when fewer models are verified than the ratchet says, or "
                             "when any run crashed")
    args = parser.parse_args()

    library = Path(args.msl)
    if (library / "ModelicaStandardLibrary-4.0.0").is_dir():
        library = library / "ModelicaStandardLibrary-4.0.0"
    if not (library / "ModelicaTest" / "Tables").is_dir():
        print(f"tables_check: error: no ModelicaTest.Tables in {library}", file=sys.stderr)
        return 2
    models = [m for m in find_test_models(library) if re.search(args.filter, m)]
    mocc = str(Path(args.mocc).resolve())
    if not os.access(mocc, os.X_OK):
        print(f"tables_check: error: no mocc at {mocc}", file=sys.stderr)
        return 2
    begin = time.monotonic()
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(check_model, m, mocc, library, args.timeout): m for m in models}
        for future in concurrent.futures.as_completed(futures):
            model = futures[future]
            try:
                state, detail = future.result()
            except Exception as e:  # a bug of this script must not hide the other models
                state, detail = "skipped", f"checker error: {type(e).__name__}: {e}"
            results.append((model, state, detail))
            print(line_of(model, state, detail) +
                  (f" [{detail}]" if args.verbose and state == "verified" else ""), flush=True)
    elapsed = time.monotonic() - begin
    counts = {s: sum(1 for r in results if r[1] == s) for s in STATES}
    print(f"tables_check: {len(results)} models: {counts['verified']} verified, "
          f"{counts['mismatch']} mismatch, {counts['mocc failed'] + counts['crash']} mocc failed "
          f"({counts['crash']} crashed), {counts['skipped']} skipped ({elapsed:.0f} s)")
    if args.output:
        Path(args.output).write_text(markdown(results, elapsed, args.jobs))
    if args.check:
        minimum = int(MINIMUM_FILE.read_text().split()[0])
        if counts["verified"] < minimum:
            print(f"tables_check: error: {counts['verified']} verified, fewer than the "
                  f"{minimum} of {MINIMUM_FILE.name}", file=sys.stderr)
            return 1
        if counts["crash"]:
            crashed = ", ".join(m for m, s, _ in results if s == "crash")
            print(f"tables_check: error: crashed: {crashed}", file=sys.stderr)
            return 1
    return 0


def use_python_with_scipy():
    """The MAT-files need scipy (Debian's python3-scipy): when this interpreter lacks it and
    the system's has it, run under the system's."""
    if importlib.util.find_spec("scipy") is not None:
        return
    system = "/usr/bin/python3"
    if os.path.exists(system) and os.path.realpath(sys.executable) != os.path.realpath(system) \
            and "TABLES_CHECK_REEXEC" not in os.environ:
        os.environ["TABLES_CHECK_REEXEC"] = "1"
        os.execv(system, [system] + sys.argv)


if __name__ == "__main__":
    use_python_with_scipy()
    sys.exit(main())
