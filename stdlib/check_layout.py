#!/usr/bin/env python3
"""Checks the directory-package layout of stdlib/Modelica (MLS 3.6 section 13.4).

For every directory: package.mo exists; package.order lists exactly the classes stored in the
directory (files and subdirectories), each once; every file starts with the right within clause
and defines the class its file name promises. Exits 1 with one line per problem.
"""

import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "Modelica")
CLASS = re.compile(r"^\s*(?:encapsulated\s+)?(?:partial\s+)?(?:expandable\s+)?"
                   r"(?:package|model|block|connector|function|type|record|class|operator)\s+(\w+)", re.M)


def main():
    problems = []
    base = os.path.dirname(ROOT)
    for directory, subdirectories, files in os.walk(ROOT):
        subdirectories.sort()
        relative = os.path.relpath(directory, base)
        package = relative.replace(os.sep, ".")
        if "package.mo" not in files:
            problems.append(f"{relative}: no package.mo")
            continue
        stored = {f[:-3] for f in files if f.endswith(".mo") and f != "package.mo"} | set(subdirectories)
        order_path = os.path.join(directory, "package.order")
        if not os.path.exists(order_path):
            problems.append(f"{relative}: no package.order")
        else:
            with open(order_path, encoding="utf-8") as f:
                order = f.read().split()
            if len(order) != len(set(order)):
                problems.append(f"{relative}/package.order: duplicate names")
            if set(order) != stored:
                problems.append(f"{relative}/package.order: missing {sorted(stored - set(order))}, "
                                f"extra {sorted(set(order) - stored)}")
        for name in sorted(files):
            if not name.endswith(".mo"):
                continue
            path = os.path.join(directory, name)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            is_package = name == "package.mo"
            expected_within = package.rpartition(".")[0] if is_package else package
            expected_class = package.rpartition(".")[2] if is_package else name[:-3]
            within = re.match(r"\s*within\s*([\w.]*)\s*;", text)
            if not within or within.group(1) != expected_within:
                problems.append(f"{os.path.relpath(path, base)}: expected 'within {expected_within};'")
            defined = CLASS.search(text)
            if not defined or defined.group(1) != expected_class:
                problems.append(f"{os.path.relpath(path, base)}: expected class {expected_class}")
    for problem in problems:
        print(problem)
    if problems:
        sys.exit(1)
    print("stdlib layout ok")


if __name__ == "__main__":
    main()
