// A capacitance computed from a structural zero (CapVal = 0 with Evaluate = true, as the MSL's
// HeatingNPN_NORGate sets its transistors' junction capacitances) folds to the constant 0: the
// variables holding it are that constant, the product with der(v) vanishes and der(v) leaves
// the system, so v is algebraic. The node equation c2*der(v) + v/R = sin(time) becomes
// v = R sin(time); before, der(v) = (sin(time) - v/R)/c2 divided by zero.
model ZeroCapacitance
  function junction "a depletion capacitance factor"
    input Real v;
    output Real y;
  algorithm
    y := if v > 0 then 1 + v/2 else (1 - v)^(-0.5);
  end junction;
  parameter Real CapVal = 0 annotation(Evaluate = true);
  parameter Real R = 2;
  Real c "CapVal times a function of v";
  Real c2 "the capacitance, through a second variable";
  Real v(start = 0);
equation
  c = CapVal * junction(v);
  c2 = smooth(1, c + CapVal);
  c2 * der(v) + v / R = sin(time);
  annotation(experiment(StopTime = 1, Interval = 0.1));
end ZeroCapacitance;
