// Dynamic state selection at run time (Mattsson and Soederlind 1993; model.h state sets): for
// each set, which candidates are states and which are determined by the constraints, a root
// function that turns negative when the current choice degrades, and the switch itself.
#pragma once

#include "mocc/runtime/model_instance.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace mocc::runtime {

/// A set whose constraint Jacobian has lower rank than it has constraints: no choice of
/// states is regular.
class StateSelectionError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// A change of one set's states, as candidate positions within the set.
struct StateSetSwitch {
  int set;
  std::vector<int> oldStates, newStates;
};

class StateSelection {
public:
  /// The quality of a choice is |det| of the constraint Jacobian's block over the candidates
  /// that are not states (those the constraints determine). A set switches when its quality
  /// falls below this fraction of the best choice's; right after a switch the new choice is
  /// the best, so switching back needs the old one to become 1/switchRatio times better than
  /// it: the hysteresis that keeps sets from chattering between two near-equal choices. The
  /// ratio also bounds how much the determined candidates amplify the states' errors (by
  /// about 1/switchRatio against the best choice): with 0.1 the Cartesian pendulum's
  /// positions drifted 1e-6 in 5 s at tolerance 1e-10, with 0.5 under 1e-7.
  static constexpr double switchRatio = 0.5;

  /// `instance` must outlive this object.
  explicit StateSelection(ModelInstance& instance);

  int setCount() const { return static_cast<int>(sets_.size()); }
  /// Reads each set's current choice from its selection variables. Throws StateSelectionError
  /// when a row of a selection matrix does not pick exactly one candidate.
  void readSelection();
  /// quality(current) - switchRatio * quality(best) at the instance's time and states: the
  /// root function of `set`, negative when it should switch.
  double margin(int set);
  /// The switches that make every set's choice acceptable again: sets with a negative margin,
  /// and the sets in `fired` (whose root function was just located at zero) when a better
  /// choice exists. Throws StateSelectionError, naming the candidates, for a set that no
  /// choice makes regular.
  std::vector<StateSetSwitch> plan(const std::vector<int>& fired = {});
  /// Sets the selection variables and the set's states s = A * candidates.
  void apply(const StateSetSwitch& change);
  /// Every set's states s = A * candidates for the current choice: after the candidates were
  /// set from elsewhere (a mode switch, runtime/modes.h).
  void loadStatesFromCandidates();
  /// "state set {x, y}: states {y} -> {x}".
  std::string describe(const StateSetSwitch& change) const;

private:
  struct Set {
    const mocc_state_set_info* info;
    std::vector<int> states;    // selected candidate positions, one per state, ascending
    std::vector<double> matrix; // the constraint Jacobian, row-major
  };
  void evaluate(Set& set, int index);
  std::string candidateList(const Set& set, const std::vector<int>& positions) const;

  ModelInstance& instance_;
  std::vector<Set> sets_;
};

} // namespace mocc::runtime
