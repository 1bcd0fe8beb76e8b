// A capacitance that a function computes from parameters and the voltage, zero at every voltage
// for these parameters (the Spice3 BJT's capbx = junctionCapRevised(CJC*(1 - XCJC), vbx, ...)
// with the default XCJC = 1, returned inside a record of currents and capacitances). Partial
// evaluation of the call (dae::partialCallValue) finds the output 0 whichever branch the
// voltage takes, so the product with der(v) vanishes and v is algebraic: the node equation
// c*der(v) + v/R = sin(time) becomes v = R sin(time); before, der(v) = (sin(time) - v/R)/c
// divided by zero.
model ZeroCapacitanceInFunction
  record Capacitances
    Real c "the junction's capacitance";
    Real charge;
  end Capacitances;
  function junctionCapacitances
    input Real capin "zero-bias capacitance";
    input Real fraction "of capin at this node";
    input Real voltage;
    output Capacitances out;
  protected
    Real c0 = capin*(1 - fraction);
    Real arg;
  algorithm
    if voltage < 0.5 then
      arg := 1 - voltage/0.7;
      out.c := c0/sqrt(arg);
      out.charge := 1.4*c0*(1 - sqrt(arg));
    else
      out.c := c0*(1 + voltage);
      out.charge := c0*(voltage + voltage^2/2);
    end if;
  end junctionCapacitances;
  parameter Real CJC = 2e-12;
  parameter Real XCJC = 1;
  parameter Real R = 2;
  Capacitances caps;
  Real v(start = 0);
equation
  caps = junctionCapacitances(CJC, XCJC, v);
  caps.c*der(v) + v/R = sin(time);
  annotation(experiment(StopTime = 1, Interval = 0.1));
end ZeroCapacitanceInFunction;
