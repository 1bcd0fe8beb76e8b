// A parameter that is 0 at its translation value and multiplies an unknown (`i * R` of a
// Spice MOSFET's source resistance R = 0, computed by a function that only translation can
// evaluate) is made structural, so the term drops out: the equation then fixes vi = v, and i
// comes from the other equation, never from dividing by R. i = vi = v = sin(time).
model ZeroCoefficient
  function resistance
    input Real r;
    output Real y;
  algorithm
    y := r;
  end resistance;
  parameter Real R = resistance(0);
  Real v, vi, i;
equation
  v = sin(time);
  i * R = v - vi;
  i = vi;
  annotation(experiment(StopTime = 1, Interval = 0.1));
end ZeroCoefficient;
