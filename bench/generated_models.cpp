// Models of growing size for the benchmarks, generated as Modelica text.
#include "generated_models.h"

#include <fmt/format.h>

namespace mocc::bench {

GeneratedModel rcLadder(std::size_t sections) {
  std::string name = fmt::format("RCLadder{}", sections);
  std::string text =
      fmt::format("model {} \"RC ladder of {} sections driven by a constant voltage\"\n"
                  "  Modelica.Electrical.Analog.Sources.ConstantVoltage source(V = 1);\n"
                  "  Modelica.Electrical.Analog.Basic.Ground ground;\n",
                  name, sections);
  for (std::size_t i = 1; i <= sections; ++i) {
    text += fmt::format("  Modelica.Electrical.Analog.Basic.Resistor r{}(R = {});\n", i, 1 + i % 5);
    text += fmt::format("  Modelica.Electrical.Analog.Basic.Capacitor c{}(C = 1e-3, "
                        "v(start = 0, fixed = true));\n",
                        i);
  }
  text += "equation\n"
          "  connect(source.n, ground.p);\n"
          "  connect(source.p, r1.p);\n";
  for (std::size_t i = 1; i <= sections; ++i) {
    text += fmt::format("  connect(r{0}.n, c{0}.p);\n  connect(c{0}.n, ground.p);\n", i);
    if (i < sections) text += fmt::format("  connect(r{}.n, r{}.p);\n", i, i + 1);
  }
  text += fmt::format("  annotation(experiment(StopTime = 1));\nend {};\n", name);
  return {name, text};
}

namespace {

/// The mass chain with `positions` declaring x[n] (its start values).
GeneratedModel massChainDeclaring(std::string name, std::size_t masses,
                                  std::string_view positions) {
  std::string text = fmt::format(R"(model {0} "chain of {1} masses coupled by springs and dampers"
  parameter Integer n = {1};
  parameter Real m = 1, c = 1e3, d = 1;
  {2}
  Real v[n](each start = 0, each fixed = true);
  Real f[n + 1];
equation
  f[1] = c*x[1] + d*v[1];
  for i in 2:n loop
    f[i] = c*(x[i] - x[i - 1]) + d*(v[i] - v[i - 1]);
  end for;
  f[n + 1] = -1 - 0.1*sin(time);
  for i in 1:n loop
    der(x[i]) = v[i];
    m*der(v[i]) = f[i + 1] - f[i];
  end for;
  annotation(experiment(StopTime = 1));
end {0};
)",
                                 name, masses, positions);
  return {name, text};
}

} // namespace

GeneratedModel massChain(std::size_t masses) {
  return massChainDeclaring(fmt::format("MassChain{}", masses), masses,
                            "Real x[n](each start = 0, each fixed = true);");
}

GeneratedModel massChainStartArray(std::size_t masses) {
  return massChainDeclaring(fmt::format("MassChainStartArray{}", masses), masses,
                            "Real x[n](start = {0.001*i for i in 1:n}, each fixed = true);");
}

GeneratedModel sampledBuffer(std::size_t samples) {
  std::string name = fmt::format("SampledBuffer{}", samples);
  std::string text =
      fmt::format(R"(model {0} "samples into a buffer, split by a function at the end"
  parameter Integer n = {1};
  function halves
    input Real u[:];
    output Real lower[div(size(u, 1), 2)];
    output Real upper[size(u, 1) - div(size(u, 1), 2)];
  algorithm
    lower := u[1:div(size(u, 1), 2)];
    upper := u[div(size(u, 1), 2) + 1:size(u, 1)];
  end halves;
  discrete Real buf[n](each start = 0, each fixed = true);
  discrete Real lower[div(n, 2)](each start = 0, each fixed = true);
  discrete Real upper[n - div(n, 2)](each start = 0, each fixed = true);
  Integer tick(start = 0, fixed = true);
algorithm
  when sample(0, 1/n) then
    tick := pre(tick) + 1;
    if tick <= n then
      buf[tick] := sin(time);
    end if;
  end when;
  when terminal() then
    (lower, upper) := halves(buf);
  end when;
  annotation(experiment(StopTime = 1));
end {0};
)",
                  name, samples);
  return {name, text};
}

GeneratedModel bouncingBall(double e, double stopTime) {
  std::string text = fmt::format(R"(model BouncingBall "a ball bouncing on a flat floor"
  parameter Real g = 9.81;
  parameter Real e = {};
  Real h(start = 10, fixed = true);
  Real v(start = 0, fixed = true);
equation
  der(h) = v;
  der(v) = -g;
  when h < 0 then
    reinit(v, -e*pre(v));
  end when;
  annotation(experiment(StopTime = {}, Tolerance = 1e-8, Interval = 0.01));
end BouncingBall;
)",
                                 e, stopTime);
  return {"BouncingBall", text};
}

const std::vector<ModelFamily>& modelFamilies() {
  static const std::vector<ModelFamily> families = {{"rc-ladder", rcLadder},
                                                    {"mass-chain", massChain},
                                                    {"mass-chain-start-array", massChainStartArray},
                                                    {"sampled-buffer", sampledBuffer}};
  return families;
}

} // namespace mocc::bench
