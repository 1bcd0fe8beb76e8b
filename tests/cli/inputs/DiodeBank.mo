model DiodeBank "Seven half-wave rectifiers with ideal diodes: 2^7 = 128 modes"
  // A test model of mocc's mode enumeration (issue 15): each rectifier is
  // examples/modes/IdealDiodeRectifier.mo with another load, and each diode's if-equation
  // changes the structure, so the modes are every combination of conducting and blocking
  // diodes, 128 of them: more than generated C++ enumerates by default (--max-modes 64). A
  // run reaches few of them.
  constant Real pi = 3.14159265358979323846;
  parameter Integer n = 7;
  parameter Real U0 = 10, f = 50, C = 1e-4;
  parameter Real R[n] = {100*k for k in 1:n};
  Real u0 = U0*sin(2*pi*f*time);
  Real uC[n](each start = 0, each fixed = true);
  Real uD[n], iD[n];
  Boolean conducting[n](each start = false);
equation
  for k in 1:n loop
    u0 = uD[k] + uC[k];
    C*der(uC[k]) = iD[k] - uC[k]/R[k];
    if not conducting[k] then
      iD[k] = 0;
    else
      uD[k] = 0;
    end if;
    when pre(conducting[k]) and iD[k] < 0 then
      conducting[k] = false;
    elsewhen not pre(conducting[k]) and uD[k] > 0 then
      conducting[k] = true;
    end when;
  end for;
  annotation(experiment(StopTime = 0.02, Tolerance = 1e-8, Interval = 1e-4));
end DiodeBank;
