// Pantelides' algorithm (Pantelides 1988, "The consistent initialization of
// differential-algebraic systems", SIAM J. Sci. Stat. Comput. 9(2)), iterative.
#include "mocc/structure/pantelides.h"

#include <algorithm>

namespace mocc::backend::structure {

namespace {

class Pantelides {
public:
  explicit Pantelides(const IndexGraph& graph) {
    result_.graph = graph;
    std::size_t equations = graph.equations.size();
    std::size_t variables = graph.derivative.size();
    result_.differentiatedFrom.assign(equations, kUnmatched);
    result_.integral.assign(variables, kUnmatched);
    for (std::size_t v = 0; v < variables; ++v) {
      if (graph.derivative[v] != kUnmatched) result_.integral[graph.derivative[v]] = v;
    }
    derivativeEquation_.assign(equations, kUnmatched);
    variableColour_.assign(variables, 0);
  }

  PantelidesResult run() {
    initialMatching();
    std::size_t original = result_.graph.equations.size();
    for (std::size_t k = 0; k < original && result_.ok; ++k) {
      // An equation differentiated while matching an earlier one is lower order now: its
      // highest derivative is matched instead.
      if (equationMatch()[k] == kUnmatched && derivativeEquation_[k] == kUnmatched)
        matchByDifferentiating(static_cast<std::int32_t>(k));
    }
    result_.matching.size =
        static_cast<std::size_t>(std::count_if(equationMatch().begin(), equationMatch().end(),
                                               [](std::int32_t v) { return v != kUnmatched; }));
    return std::move(result_);
  }

private:
  struct Frame {
    std::int32_t equation;
    std::size_t edge;
    std::int32_t via; // the variable through which the next frame was reached
  };

  std::vector<std::int32_t>& equationMatch() { return result_.matching.variableOfEquation; }
  std::vector<std::int32_t>& variableMatch() { return result_.matching.equationOfVariable; }
  bool isHighest(std::int32_t v) const { return result_.graph.derivative[v] == kUnmatched; }

  // Hopcroft-Karp on the highest-order variables only.
  void initialMatching() {
    BipartiteGraph restricted(result_.graph.equations.size());
    for (std::size_t e = 0; e < restricted.size(); ++e) {
      for (std::int32_t v : result_.graph.equations[e])
        if (isHighest(v)) restricted[e].push_back(v);
    }
    result_.matching = maximumMatching(restricted, result_.graph.derivative.size());
  }

  void matchByDifferentiating(std::int32_t equation) {
    std::size_t limit = result_.graph.equations.size() + 1;
    for (std::size_t order = 0; !augment(equation); ++order) {
      if (order > limit) {
        result_.ok = false;
        result_.failedEquation = equation;
        return;
      }
      equation = differentiateColoured(equation);
    }
  }

  // Depth-first search for an augmenting path from `root` over highest-order variables,
  // colouring what it visits (Pantelides' procedure AUGMENTPATH).
  bool augment(std::int32_t root) {
    ++generation_;
    colouredEquations_.clear();
    colouredVariables_.clear();
    std::vector<Frame> path{{root, 0, kUnmatched}};
    colourEquation(root);
    while (!path.empty()) {
      Frame& frame = path.back();
      const auto& adjacency = result_.graph.equations[frame.equation];
      if (frame.edge >= adjacency.size()) {
        path.pop_back();
        continue;
      }
      std::int32_t v = adjacency[frame.edge++];
      if (!isHighest(v) || variableColour_[v] == generation_) continue;
      colourVariable(v);
      std::int32_t next = variableMatch()[v];
      if (next == kUnmatched) {
        frame.via = v;
        flip(path);
        return true;
      }
      frame.via = v;
      colourEquation(next);
      path.push_back({next, 0, kUnmatched});
    }
    return false;
  }

  void flip(const std::vector<Frame>& path) {
    for (const auto& frame : path) {
      equationMatch()[frame.equation] = frame.via;
      variableMatch()[frame.via] = frame.equation;
    }
  }

  // An equation is reached only through its matched variable, which is coloured once: it
  // needs no mark of its own.
  void colourEquation(std::int32_t e) { colouredEquations_.push_back(e); }
  void colourVariable(std::int32_t v) {
    variableColour_[v] = generation_;
    colouredVariables_.push_back(v);
  }

  // Differentiates every coloured variable and equation; the matching moves to the
  // derivatives. Returns the derivative of `root`.
  std::int32_t differentiateColoured(std::int32_t root) {
    for (std::int32_t v : colouredVariables_)
      newDerivative(v);
    for (std::int32_t e : colouredEquations_)
      newDerivativeEquation(e);
    for (std::int32_t v : colouredVariables_) {
      std::int32_t e = variableMatch()[v];
      if (e == kUnmatched) continue;
      std::int32_t dv = result_.graph.derivative[v];
      std::int32_t de = derivativeEquation_[e];
      variableMatch()[dv] = de;
      equationMatch()[de] = dv;
      variableMatch()[v] = kUnmatched;
      equationMatch()[e] = kUnmatched;
    }
    return derivativeEquation_[root];
  }

  void newDerivative(std::int32_t v) {
    auto dv = static_cast<std::int32_t>(result_.graph.derivative.size());
    result_.graph.derivative[v] = dv;
    result_.graph.derivative.push_back(kUnmatched);
    result_.integral.push_back(v);
    variableMatch().push_back(kUnmatched);
    variableColour_.push_back(0);
  }

  void newDerivativeEquation(std::int32_t e) {
    std::vector<std::int32_t> incidence = result_.graph.equations[e];
    for (std::int32_t v : result_.graph.equations[e])
      incidence.push_back(result_.graph.derivative[v]);
    std::size_t order = 1;
    std::int32_t root = e;
    for (; result_.differentiatedFrom[root] != kUnmatched; ++order)
      root = result_.differentiatedFrom[root];
    const auto& extras = result_.graph.derivativeExtras;
    if (static_cast<std::size_t>(root) < extras.size() && order <= extras[root].size()) {
      const auto& more = extras[root][order - 1];
      incidence.insert(incidence.end(), more.begin(), more.end());
    }
    std::sort(incidence.begin(), incidence.end());
    incidence.erase(std::unique(incidence.begin(), incidence.end()), incidence.end());
    auto de = static_cast<std::int32_t>(result_.graph.equations.size());
    result_.graph.equations.push_back(std::move(incidence));
    result_.differentiatedFrom.push_back(e);
    derivativeEquation_[e] = de;
    derivativeEquation_.push_back(kUnmatched);
    equationMatch().push_back(kUnmatched);
  }

  PantelidesResult result_;
  std::vector<std::int32_t> derivativeEquation_;
  std::vector<std::uint32_t> variableColour_;
  std::vector<std::int32_t> colouredEquations_, colouredVariables_;
  std::uint32_t generation_ = 0;
};

} // namespace

PantelidesResult pantelides(const IndexGraph& graph) { return Pantelides(graph).run(); }

std::vector<std::int32_t> mergedColumns(const IndexGraph& graph, std::size_t& columnCount) {
  std::size_t n = graph.derivative.size();
  std::vector<std::int32_t> integral(n, kUnmatched);
  for (std::size_t v = 0; v < n; ++v) {
    if (graph.derivative[v] != kUnmatched)
      integral[graph.derivative[v]] = static_cast<std::int32_t>(v);
  }
  std::vector<std::int32_t> column(n, kUnmatched);
  columnCount = 0;
  for (std::size_t v = 0; v < n; ++v) {
    if (integral[v] != kUnmatched) continue; // reached from its lowest order
    auto c = static_cast<std::int32_t>(columnCount++);
    for (std::int32_t u = static_cast<std::int32_t>(v); u != kUnmatched; u = graph.derivative[u])
      column[u] = c;
  }
  return column;
}

} // namespace mocc::backend::structure
