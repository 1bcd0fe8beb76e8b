// Models of growing size for the benchmarks, generated as Modelica text.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace mocc::bench {

/// A generated model: its text and the name of the class to simulate.
struct GeneratedModel {
  std::string className;
  std::string text;
};

/// An RC ladder of `sections` resistor-capacitor sections built from the project's
/// Modelica.Electrical.Analog components, one declaration and three connect-equations per
/// component pair: exercises lookup, inheritance, modifiers and connection sets. Each section
/// adds one state and about 20 flat equations before alias elimination.
GeneratedModel rcLadder(std::size_t sections);

/// A chain of `masses` masses coupled by springs and dampers, written with arrays and
/// for-equations (no components): the text stays small, flattening unrolls it. Two states and
/// three equations per mass.
GeneratedModel massChain(std::size_t masses);

/// The mass chain with an array-valued start modifier, `Real x[n](start = {0.001*i for i in
/// 1:n})`: one array value shared by n elements (lowered once, not once per element).
GeneratedModel massChainStartArray(std::size_t masses);

/// A buffer of `samples` discrete Reals filled by a when-clause with a run-time subscript and
/// split at the end by a function with two array outputs assigned in one tuple statement: the
/// pattern of Modelica.Blocks.Math.RealFFT (4,000 samples in Rectifier6pulseFFT).
GeneratedModel sampledBuffer(std::size_t samples);

/// The bouncing ball of examples/BouncingBall.mo with restitution `e` and stop time `stopTime`
/// (e = 1: the ball bounces forever, two events per bounce, every 2.86 s).
GeneratedModel bouncingBall(double e, double stopTime);

/// A family of generated models, by name ("rc-ladder", "mass-chain", "mass-chain-start-array",
/// "sampled-buffer").
struct ModelFamily {
  std::string_view name;
  GeneratedModel (*generate)(std::size_t size);
};
const std::vector<ModelFamily>& modelFamilies();

} // namespace mocc::bench
