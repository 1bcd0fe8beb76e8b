#!/usr/bin/python3
"""Reads mocc's MAT result file with scipy (Debian python3-scipy), a reader mocc did not write:
the Dymola/OpenModelica layout (Aclass, name, description, dataInfo, data_1, data_2), every
variable's values against the CSV result of the same run, aliases stored once, parameters in
data_1, and the closed form x(t) = x0 exp(-k t) of tests/cli/inputs/aliases.mo.

usage: mat_results_scipy.py MOCC MODEL.mo SCRATCH_DIR
"""
import csv
import math
import os
import subprocess
import sys

import numpy as np
import scipy.io

mocc, model, scratch = sys.argv[1:4]
os.makedirs(scratch, exist_ok=True)
mat_path = os.path.join(scratch, "aliases.mat")
csv_path = os.path.join(scratch, "aliases.csv")
for path, extra in ((mat_path, []), (csv_path, ["--parameters"])):
    subprocess.run([mocc, "run", model, "--no-cache", "-o", path] + extra, check=True,
                   stdout=subprocess.DEVNULL)

m = scipy.io.loadmat(mat_path, chars_as_strings=False)
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def texts(matrix, by_columns):
    rows = matrix.T if by_columns else matrix
    return ["".join(row).rstrip() for row in rows]


aclass = texts(m["Aclass"], False)
check(aclass == ["Atrajectory", "1.1", "", "binTrans"], f"Aclass is {aclass}")
names = texts(m["name"], True)
descriptions = dict(zip(names, texts(m["description"], True)))
info = m["dataInfo"].T  # one row per name
check(info.dtype == np.int32, f"dataInfo is {info.dtype}, not int32")
data_1, data_2 = m["data_1"], m["data_2"]
check(names[0] == "time" and list(info[0][:2]) == [0, 1], "time is not the abscissa")
check(descriptions.get("x") == "the state" and descriptions.get("k") == "decay rate",
      f"descriptions: {descriptions}")
row_of = {name: (int(i[0]), int(i[1])) for name, i in zip(names, info)}


def values(name):
    """The abscissa (block 0) and trajectories are rows of data_2; constants of data_1."""
    block, row = row_of[name]
    series = math.copysign(1, row) * (data_1 if block == 1 else data_2)[abs(row) - 1]
    return np.full(data_2.shape[1], series[0]) if block == 1 else series


# Aliases are stored once: y in x's row, z in x's row negated; w has a row of its own.
check(row_of["y"] == row_of["x"], f"y is stored at {row_of['y']}, x at {row_of['x']}")
check(row_of["z"] == (2, -row_of["x"][1]), f"z is stored at {row_of['z']}")
check(row_of["w"][1] not in (row_of["x"][1], 1), "w shares a row")
check(data_2.shape[0] == 4, f"data_2 has {data_2.shape[0]} rows: time, x, w, low expected")
# Parameters are stored once, at the start and stop times.
check(row_of["k"][0] == 1 and list(data_1[abs(row_of["k"][1]) - 1]) == [2.0, 2.0],
      f"k: {row_of['k']}")
check(list(data_1[0]) == [0.0, 1.0], f"data_1 time row is {list(data_1[0])}")

# Every column of the CSV result of the same run, value for value.
with open(csv_path) as f:
    rows = list(csv.reader(f))
header, body = rows[0], np.array(rows[1:], dtype=float)
check(body.shape[0] == data_2.shape[1], f"{body.shape[0]} CSV rows, {data_2.shape[1]} MAT rows")
for j, name in enumerate(header):
    if name not in row_of:
        failures.append(f"{name} is missing from the MAT file")
    elif not np.array_equal(values(name), body[:, j]):
        failures.append(f"{name} differs from the CSV result")

# The closed form, within the integrator's tolerance (1e-6 relative and absolute, with the
# global error a few times that over one time constant).
t, x = values("time"), values("x")
error = np.max(np.abs(x - np.exp(-2 * t)))
check(error < 1e-4, f"x leaves exp(-2 t) by {error}")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print(f"MAT result read by scipy: {len(names)} names, {data_2.shape[1]} rows, aliases shared")
