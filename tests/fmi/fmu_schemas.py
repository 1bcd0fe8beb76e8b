#!/usr/bin/python3
"""Checks FMUs against the FMI standard's schemas with Debian's xmllint: modelDescription.xml
against FMI 2.0's or 3.0's (by its fmiVersion), sources/buildDescription.xml against FMI 3.0's
build description schema. The schemas are those fmusim carries as C arrays (made with xxd -i:
fmusim/fmi2schema.h, fmi3schema.h, fmi3BuildDescriptionSchema.h); nothing here wrote them.
usage: fmu_schemas.py FMUSIM_DIR SCRATCH FMU..."""
import re
import subprocess
import sys
import zipfile
from pathlib import Path

fmusim, scratch, fmus = Path(sys.argv[1]), Path(sys.argv[2]), [Path(p) for p in sys.argv[3:]]
scratch.mkdir(parents=True, exist_ok=True)


def schema(header, name):
    text = (fmusim / "fmusim" / header).read_text()
    body = text[text.index("{") + 1:text.rindex("}")]
    path = scratch / name
    path.write_bytes(bytes(int(x, 16) for x in re.findall(r"0x([0-9a-fA-F]{2})", body)))
    return path


schemas = {"2.0": schema("fmi2schema.h", "fmi2.xsd"), "3.0": schema("fmi3schema.h", "fmi3.xsd")}
build_schema = schema("fmi3BuildDescriptionSchema.h", "fmi3BuildDescription.xsd")
failed = 0
for fmu in fmus:
    with zipfile.ZipFile(fmu) as archive:
        names = archive.namelist()
        description = scratch / (fmu.stem + "-modelDescription.xml")
        description.write_bytes(archive.read("modelDescription.xml"))
        version = re.search(r'fmiVersion="([0-9.]+)"', description.read_text()).group(1)
        checks = [(schemas[version], description)]
        if "sources/buildDescription.xml" in names:
            build = scratch / (fmu.stem + "-buildDescription.xml")
            build.write_bytes(archive.read("sources/buildDescription.xml"))
            checks.append((build_schema, build))
    for xsd, xml in checks:
        failed |= subprocess.run(["xmllint", "--noout", "--schema", str(xsd), str(xml)]).returncode
sys.exit(1 if failed else 0)
