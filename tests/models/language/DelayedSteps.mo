// delay() of piecewise-constant signals (MLS 3.7.4.2): each jump reappears exactly delayTime
// later, as a time event. u steps from 1 to 2 at t = 0.25, so y = delay(u, 0.5) steps at 0.75;
// n counts the samples at 0.125 + 0.25 k, so m = delay(n, 0.4375) steps at 0.5625 + 0.25 k.
// k follows the pattern of the MSL's Digital.Delay.TransportDelay: the Integer held in a Real
// (xr = pre(n) has n's value after each sample's event iteration), delayed and made an Integer
// again by integer(), whose frozen floor must follow steps by one at time events; k = m. s holds
// u's start value until its delay time, 2, has passed. Every time is a binary fraction, so the
// instants are exact.
model DelayedSteps
  Real u = if time >= 0.25 then 2 else 1;
  Integer n(start = 0, fixed = true);
  Real y = delay(u, 0.5);
  Real m = delay(n, 0.4375, 1);
  Real xr = pre(n);
  Integer k = integer(delay(xr, 0.4375, 1));
  Real s = delay(u, 2);
equation
  when sample(0.125, 0.25) then
    n = pre(n) + 1;
  end when;
  annotation(experiment(StartTime = 0, StopTime = 1.5, Interval = 0.01));
end DelayedSteps;
