// Greedy tearing of one strongly connected block (Cellier and Kofman 2006, section 7.4).
#include "mocc/structure/tearing.h"

#include <algorithm>
#include <deque>
#include <queue>
#include <tuple>

namespace mocc::backend::structure {

namespace {

class Tearer {
public:
  explicit Tearer(const TearingProblem& problem)
      : problem_(problem), size_(problem.incidence.size()), unknownCount_(size_),
        twoUnknowns_(size_, 0), known_(size_, false), used_(size_, false), equationsOf_(size_) {
    for (std::size_t e = 0; e < size_; ++e) {
      unknownCount_[e] = problem.incidence[e].size();
      for (std::int32_t v : problem.incidence[e])
        equationsOf_[v].push_back(static_cast<std::int32_t>(e));
    }
    for (std::size_t e = 0; e < size_; ++e) {
      if (unknownCount_[e] == 1) ready_.push_back(static_cast<std::int32_t>(e));
      if (unknownCount_[e] == 2) {
        for (std::int32_t v : problem.incidence[e])
          ++twoUnknowns_[v];
      }
    }
    for (std::size_t v = 0; v < size_; ++v)
      pushCandidate(static_cast<std::int32_t>(v));
  }

  Tearing run() {
    std::size_t knownCount = 0;
    while (knownCount < size_) {
      knownCount += solveReadyEquations();
      if (knownCount == size_) break;
      std::int32_t next = chooseIterationVariable();
      if (next == kUnmatched) {
        result_.ok = false;
        break;
      }
      result_.iteration.push_back(next);
      markKnown(next);
      ++knownCount;
    }
    for (std::size_t e = 0; e < size_; ++e) {
      if (!used_[e]) result_.residuals.push_back(static_cast<std::int32_t>(e));
    }
    return std::move(result_);
  }

private:
  // Equations with one unknown left compute it when they can; returns how many became known.
  std::size_t solveReadyEquations() {
    std::size_t solved = 0;
    while (!ready_.empty()) {
      std::int32_t e = ready_.front();
      ready_.pop_front();
      if (used_[e] || unknownCount_[e] != 1) continue;
      std::int32_t v = lastUnknown(e);
      const auto& solvable = problem_.solvable[e];
      if (std::find(solvable.begin(), solvable.end(), v) == solvable.end()) continue;
      used_[e] = true;
      result_.inner.emplace_back(e, v);
      markKnown(v);
      ++solved;
    }
    return solved;
  }

  std::int32_t lastUnknown(std::int32_t e) const {
    for (std::int32_t v : problem_.incidence[e])
      if (!known_[v]) return v;
    return kUnmatched;
  }

  void markKnown(std::int32_t v) {
    known_[v] = true;
    for (std::int32_t e : equationsOf_[v]) {
      if (unknownCount_[e] == 2) {
        for (std::int32_t u : problem_.incidence[e])
          --twoUnknowns_[u];
      }
      --unknownCount_[e];
      if (unknownCount_[e] == 1) ready_.push_back(e);
      if (unknownCount_[e] == 2 && !used_[e]) {
        for (std::int32_t u : problem_.incidence[e]) {
          ++twoUnknowns_[u];
          if (!known_[u]) pushCandidate(u); // its priority rose
        }
      }
    }
  }

  using Priority = std::tuple<std::size_t, std::size_t, std::int32_t>;

  Priority priority(std::int32_t v) const {
    std::size_t open = 0;
    for (std::int32_t e : equationsOf_[v])
      if (!used_[e]) ++open;
    return {twoUnknowns_[v], open, -v};
  }

  void pushCandidate(std::int32_t v) {
    if (problem_.iterable[v]) candidates_.push(priority(v));
  }

  // The best iterable unknown; entries whose priority fell since they were queued are
  // queued again with their current priority (lazy deletion).
  std::int32_t chooseIterationVariable() {
    while (!candidates_.empty()) {
      Priority top = candidates_.top();
      candidates_.pop();
      std::int32_t v = -std::get<2>(top);
      if (known_[v]) continue;
      Priority current = priority(v);
      if (current != top) {
        candidates_.push(current);
        continue;
      }
      return v;
    }
    return kUnmatched;
  }

  const TearingProblem& problem_;
  std::size_t size_;
  std::vector<std::size_t> unknownCount_;
  std::vector<std::size_t> twoUnknowns_;
  std::vector<bool> known_, used_;
  std::vector<std::vector<std::int32_t>> equationsOf_;
  std::deque<std::int32_t> ready_;
  std::priority_queue<Priority> candidates_;
  Tearing result_;
};

} // namespace

Tearing tear(const TearingProblem& problem) { return Tearer(problem).run(); }

} // namespace mocc::backend::structure
