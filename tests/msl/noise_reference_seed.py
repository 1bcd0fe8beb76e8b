#!/usr/bin/env python3
"""The MSL's noise examples against their references, drawn from the reference tool's seeds.

The references of Modelica.Blocks.Examples.Noise were made by a tool whose hashString differs
from the MSL 4.0.0 C sources that mocc builds (tools/reference_noise_seed.py), so mocc's
automatic local seeds give other (equally valid) noise. Given the seed that tool computed for
each noise block, everything downstream of the seed (the xorshift generators through
ModelicaRandom.c, sampling, the distributions, the filters and the mechanics) must reproduce
the reference within csv-compare's tube. Exit 0 when every example stays in its tube.
"""
import argparse
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools"))
from msl_coverage import read_creation  # noqa: E402
from reference_noise_seed import jenkins_hash  # noqa: E402

# example -> the noise blocks it seeds automatically (paths in the example)
EXAMPLES = {
    "Modelica.Blocks.Examples.Noise.ActuatorWithNoise": ["motor.uniformNoise"],
    "Modelica.Blocks.Examples.Noise.DrydenContinuousTurbulence": ["whiteNoise"],
}


def compare(mocc, msl, model, blocks):
    reference = msl / "references" / Path(*model.split("."))
    settings = read_creation(reference / "creation.txt")
    command = [mocc, "compare", model, "--lib", str(msl / "ModelicaStandardLibrary-4.0.0"),
               "--no-cache", "--reference", str(reference / (model.split(".")[-1] + ".csv")),
               "--signals", str(reference / "comparisonSignals.txt"),
               "--start-time", settings.get("StartTime", "0"),
               "--stop-time", settings.get("StopTime", "1"),
               "--tolerance", settings.get("Tolerance", "1e-6")]
    if "Interval" in settings:
        command += ["--interval", settings["Interval"]]
    for block in blocks:
        # getInstanceName() of a block in an example: the example's name, then the path.
        seed = jenkins_hash(model.split(".")[-1] + "." + block)
        command += ["--override", f"{block}.useAutomaticLocalSeed=false",
                    "--override", f"{block}.fixedLocalSeed={seed}"]
    done = subprocess.run(command, capture_output=True, text=True, errors="replace")
    print(done.stdout + done.stderr)
    return done.returncode


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mocc", required=True)
    parser.add_argument("--msl", required=True, type=Path)
    args = parser.parse_args()
    failed = [model for model, blocks in EXAMPLES.items()
              if compare(args.mocc, args.msl, model, blocks) != 0]
    for model in failed:
        print(f"FAILED: {model} leaves its reference's tube with the reference tool's seed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
