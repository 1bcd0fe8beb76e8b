model RelayHysteresis "First-order lag in a loop with a relay with hysteresis (a thermostat)"
  // T y' = u - y with u = Uon while heating, Uoff otherwise; heating stops when y rises through
  // r + b and restarts when y falls through r - b. Every segment is an exponential, so the
  // switching times are sums of logarithms (closed_forms.py).
  parameter Real T = 1 "time constant of the lag in s";
  parameter Real Uon = 3 "relay output while heating";
  parameter Real Uoff = 0 "relay output otherwise";
  parameter Real r = 1 "set point";
  parameter Real b = 0.2 "half width of the hysteresis band";
  Real y(start = 0, fixed = true) "lag output";
  Real u "relay output";
  Boolean heating(start = true) "relay state";
  Integer switches(start = 0);
equation
  u = if heating then Uon else Uoff;
  T*der(y) = u - y;
  when y > r + b then
    heating = false;
    switches = pre(switches) + 1;
  elsewhen y < r - b then
    heating = true;
    switches = pre(switches) + 1;
  end when;
  annotation(experiment(StopTime = 10, Tolerance = 1e-10, Interval = 0.05));
end RelayHysteresis;
