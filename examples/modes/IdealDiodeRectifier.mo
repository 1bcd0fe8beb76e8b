model IdealDiodeRectifier "Half-wave rectifier with an ideal diode whose two states differ in structure"
  // What: a sine source u0 = U0 sin(w t) feeds a resistor R and a capacitor C in parallel
  // through an ideal diode (issue 15). Conducting, the diode is a short circuit, uD = 0, so the
  // capacitor voltage equals the source's: uC is no state (index reduction differentiates
  // u0 = uD + uC and computes the diode current from der(u0)). Blocking, the diode is open,
  // iD = 0, and the capacitor discharges through R with uC as the one state. The if-equation's
  // branches share no unknown (uD against iD), so mocc compiles the circuit once per mode and
  // switches at the events: conducting ends where iD falls through zero, blocking ends where
  // uD rises through zero. check.py compares the switching times and voltages with the closed
  // forms (a sine while conducting, an exponential while blocking).
  constant Real pi = 3.14159265358979323846;
  parameter Real U0 = 10 "amplitude in V";
  parameter Real f = 50 "frequency in Hz";
  parameter Real R = 100 "load resistance in Ohm";
  parameter Real C = 1e-4 "capacitance in F";
  Real u0 = U0*sin(2*pi*f*time) "source voltage";
  Real uC(start = 0, fixed = true) "capacitor (load) voltage";
  Real uD "diode voltage";
  Real iD "diode current";
  Boolean conducting(start = false);
equation
  u0 = uD + uC;
  C*der(uC) = iD - uC/R;
  if not conducting then
    iD = 0;
  else
    uD = 0;
  end if;
  when pre(conducting) and iD < 0 then
    conducting = false;
  elsewhen not pre(conducting) and uD > 0 then
    conducting = true;
  end when;
  annotation(experiment(StopTime = 0.1, Tolerance = 1e-10, Interval = 1e-4));
end IdealDiodeRectifier;
