// FilippovSliding: motion along the surface g = 0 of one crossing function whose vector fields
// on both sides point toward it (a relay, dry friction): instead of chattering across it, the
// solution slides with Filippov's convex combination f = a f+ + (1 - a) f-, the a in [0, 1]
// for which the combination is tangent to the surface: a = r- / (r- - r+) with r+- = grad g . f+-
// (A. F. Filippov, Differential Equations with Discontinuous Righthand Sides, 1988, ch. 2).
// f+ and f- are the model's derivatives with the crossing's relation forced to the side where
// g > 0 and g < 0 (crossing_direction +2 and -2, model.h); continuous-time algebraic variables
// take the same combination (the equivalent control). Sliding lasts while both fields point to
// the surface: r- >= 0 >= r+, so exitFunction() = min(r-, -r+) has a root where it ends.
#pragma once

#include "mocc/runtime/model_instance.h"

#include <utility>
#include <vector>

namespace mocc::runtime {

class FilippovSliding {
public:
  FilippovSliding(ModelInstance& instance, int crossing);

  int crossing() const { return crossing_; }

  /// The two sides at the instance's current time and arrays (possibly an integrator's).
  struct Sides {
    double ratePlus = 0.0, rateMinus = 0.0; // grad g . f+ and grad g . f-
    double weight = 0.0;                    // a: the share of f+ in the sliding motion
    /// Both fields point to the surface (a sliding mode can start).
    bool attractive() const { return rateMinus > 0 && ratePlus < 0; }
  };
  /// Evaluates both sides and leaves the combination in the instance's dx and in its
  /// continuous-time algebraic values; with `outputs`, outputs() runs on each side too.
  Sides evaluate(bool outputs);
  /// Both sides' rates only; positive while sliding goes on.
  double exitFunction();
  /// One side's state derivatives and every value (v) the model computed with it.
  struct Field {
    std::vector<double> dx, v;
  };
  /// Both sides (f+ then f-) at the instance's current point; the instance's dx and values are
  /// those of the last side evaluated.
  std::pair<Field, Field> fields();
  /// a J+ + (1 - a) J- for the Jacobian nonzeros (a from the current point, its own
  /// derivative neglected, which only slows Newton down).
  void jacobian(std::span<double> values);

private:
  struct Side {
    std::vector<double> dx, algebraic;
    double rate = 0.0;
  };
  Side side(int forced, bool outputs);
  /// grad g . f for the crossing: the model's symbolic rate, else a central difference of g
  /// along dx.
  double rate(std::span<const double> dx);
  double weightOf(double ratePlus, double rateMinus) const;

  ModelInstance& instance_;
  int crossing_;
  std::vector<int> algebraic_; // v indices of continuous-time Real values
  std::vector<double> scratch_, g_, rates_;
};

} // namespace mocc::runtime
