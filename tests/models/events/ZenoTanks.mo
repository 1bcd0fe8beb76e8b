model ZenoTanks "Two tanks, one switched inflow (twin relays): switchings accumulate at t = 6"
  // The classic water tank automaton: both tanks drain at v1, v2; the inflow w goes to tank 2
  // when x2 falls through r2 and to tank 1 when x1 falls through r1. With w < v1 + v2 the
  // volume above the thresholds falls at v1 + v2 - w = 0.25 and is gone at
  // t_Z = (x1(0) + x2(0) - r1 - r2)/(v1 + v2 - w) = 6 s; the phases halve in length.
  parameter Real w = 0.75 "inflow";
  parameter Real v1 = 0.5 "outflow of tank 1";
  parameter Real v2 = 0.5 "outflow of tank 2";
  parameter Real r1 = 0.25 "threshold of tank 1";
  parameter Real r2 = 0.25 "threshold of tank 2";
  Real x1(start = 1, fixed = true) "level of tank 1";
  Real x2(start = 1, fixed = true) "level of tank 2";
  Boolean fill1(start = true) "the inflow goes to tank 1";
  Integer switches(start = 0);
equation
  der(x1) = (if fill1 then w else 0) - v1;
  der(x2) = (if fill1 then 0 else w) - v2;
  when x2 < r2 then
    fill1 = false;
    switches = pre(switches) + 1;
  elsewhen x1 < r1 then
    fill1 = true;
    switches = pre(switches) + 1;
  end when;
  annotation(experiment(StopTime = 8, Tolerance = 1e-10, Interval = 0.05));
end ZenoTanks;
