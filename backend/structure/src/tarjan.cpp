// Tarjan's strongly connected components, iterative, in topological order.
#include "mocc/structure/graph.h"

#include <algorithm>

namespace mocc::backend::structure {

namespace {

class Tarjan {
public:
  explicit Tarjan(const std::vector<std::vector<std::int32_t>>& successors)
      : successors_(successors), index_(successors.size(), -1), lowLink_(successors.size(), 0),
        onStack_(successors.size(), false) {}

  std::vector<std::vector<std::int32_t>> run() {
    for (std::size_t n = 0; n < successors_.size(); ++n) {
      if (index_[n] < 0) visit(static_cast<std::int32_t>(n));
    }
    return std::move(components_);
  }

private:
  struct Frame {
    std::int32_t node;
    std::size_t edge;
  };

  void open(std::int32_t n) {
    index_[n] = lowLink_[n] = counter_++;
    stack_.push_back(n);
    onStack_[n] = true;
    frames_.push_back({n, 0});
  }

  void visit(std::int32_t root) {
    open(root);
    while (!frames_.empty()) {
      Frame& frame = frames_.back();
      std::int32_t n = frame.node;
      if (frame.edge < successors_[n].size()) {
        std::int32_t m = successors_[n][frame.edge++];
        if (index_[m] < 0) {
          open(m);
        } else if (onStack_[m]) {
          lowLink_[n] = std::min(lowLink_[n], index_[m]);
        }
        continue;
      }
      frames_.pop_back();
      if (!frames_.empty()) {
        std::int32_t parent = frames_.back().node;
        lowLink_[parent] = std::min(lowLink_[parent], lowLink_[n]);
      }
      if (lowLink_[n] == index_[n]) closeComponent(n);
    }
  }

  // A component is complete when its root finishes; everything it depends on finished
  // earlier, so emitting in finishing order is a topological order.
  void closeComponent(std::int32_t root) {
    std::vector<std::int32_t> component;
    std::int32_t m;
    do {
      m = stack_.back();
      stack_.pop_back();
      onStack_[m] = false;
      component.push_back(m);
    } while (m != root);
    std::sort(component.begin(), component.end());
    components_.push_back(std::move(component));
  }

  const std::vector<std::vector<std::int32_t>>& successors_;
  std::vector<std::int32_t> index_;
  std::vector<std::int32_t> lowLink_;
  std::vector<bool> onStack_;
  std::vector<std::int32_t> stack_;
  std::vector<Frame> frames_;
  std::vector<std::vector<std::int32_t>> components_;
  std::int32_t counter_ = 0;
};

} // namespace

std::vector<std::vector<std::int32_t>>
stronglyConnectedComponents(const std::vector<std::vector<std::int32_t>>& successors) {
  return Tarjan(successors).run();
}

} // namespace mocc::backend::structure
