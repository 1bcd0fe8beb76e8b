#!/usr/bin/env python3
"""The automatic local seed that the tool behind the MSL 4.0.0 reference results gave a noise block.

Modelica.Blocks.Noise seeds each block with Modelica.Utilities.Strings.hashString(getInstanceName())
(MLS 3.7.4.6). The MSL 4.0.0 C sources (ModelicaStrings.c, which mocc builds) compute that hash
with Arash Partow's AP hash, whose values the function's documentation lists. The reference
results of the noise examples were made by Dymola 2020x, whose ModelicaStrings_hashString used
uthash's default instead: Bob Jenkins' one-at-a-time-mixing hash (lookup2). This script computes
that seed, so a run with `--override BLOCK.useAutomaticLocalSeed=false --override
BLOCK.fixedLocalSeed=SEED` draws the reference's noise:

    reference_noise_seed.py ActuatorWithNoise.motor.uniformNoise   # prints -1385457713
"""
import sys

MASK = 0xFFFFFFFF


def _mix(a, b, c):
    """Jenkins' lookup2 mix of three 32-bit words."""
    for shift_a, shift_b, shift_c in ((13, 8, 13), (12, 16, 5), (3, 10, 15)):
        a = ((a - b - c) & MASK) ^ (c >> shift_a)
        b = ((b - c - a) & MASK) ^ ((a << shift_b) & MASK)
        c = ((c - a - b) & MASK) ^ (b >> shift_c)
    return a, b, c


def _word(data, offset):
    return int.from_bytes(data[offset:offset + 4], "little")


def jenkins_hash(text):
    """uthash's HASH_JEN of the UTF-8 bytes of text, as a signed 32-bit Integer."""
    data = text.encode("utf-8")
    a = b = 0x9E3779B9
    c = 0xFEEDBEEF
    offset = 0
    while len(data) - offset >= 12:
        a = (a + _word(data, offset)) & MASK
        b = (b + _word(data, offset + 4)) & MASK
        c = (c + _word(data, offset + 8)) & MASK
        a, b, c = _mix(a, b, c)
        offset += 12
    c = (c + len(data)) & MASK
    tail = data[offset:] + bytes(12)
    # The last partial block: c's lowest byte holds the length, so its bytes go one byte up.
    a = (a + _word(tail, 0)) & MASK
    b = (b + _word(tail, 4)) & MASK
    c = (c + ((_word(tail, 8) << 8) & MASK)) & MASK
    a, b, c = _mix(a, b, c)
    return c - (1 << 32) if c >= 1 << 31 else c


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    print(jenkins_hash(sys.argv[1]))
