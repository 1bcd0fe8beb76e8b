#!/usr/bin/python3
"""Checks sources/buildDescription.xml of an FMU against FMI 3.0's schema, which fmusim carries
as a C array (fmusim/fmi3BuildDescriptionSchema.h, made with xxd -i), with Debian's xmllint.
usage: build_description_schema.py FMUSIM_DIR FMU SCRATCH"""
import re
import subprocess
import sys
import zipfile
from pathlib import Path

fmusim, fmu, scratch = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
header = (fmusim / "fmusim" / "fmi3BuildDescriptionSchema.h").read_text()
body = header[header.index("{") + 1:header.rindex("}")]
scratch.mkdir(parents=True, exist_ok=True)
schema = scratch / "fmi3BuildDescription.xsd"
schema.write_bytes(bytes(int(x, 16) for x in re.findall(r"0x([0-9a-fA-F]{2})", body)))
description = scratch / "buildDescription.xml"
with zipfile.ZipFile(fmu) as archive:
    description.write_bytes(archive.read("sources/buildDescription.xml"))
sys.exit(subprocess.run(["xmllint", "--noout", "--schema", str(schema), str(description)]).returncode)
