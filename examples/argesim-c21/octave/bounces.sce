// ARGESIM C21, case 1 (bouncing ball): the first N bounce times of the linear event-contact
// model with Scilab's ode("root", ...) (ODEPACK's LSODAR: Adams/BDF with automatic switching
// and root finding on its interpolating polynomial), for ../external_solvers.py.
//
// The model of ../HundredBounces.mo (C21 definition, eq. (11)-(13), section 2.3): x' = v,
// v' = -g; when x falls through 0 (root function x), v := -mu v and ode is restarted from the
// located state; the ball rests (the run ends) once the rebound speed mu |v| would fall below
// vmin, as in HundredBounces.mo. x0 = 10 m, v0 = 0, mu = 0.9, g = 9.81 m/s2, vmin = 1e-4 m/s,
// t_end = 30 s.
//
// ode("root") has no direction argument: a root where x rises through 0 (after a restart a
// rounding below the floor) is no bounce; the integration goes on from it unchanged, which is
// the direction -1 of an Events function.
//
// Usage: scilab-cli -nb -quit -f bounces.sce -args [N [RTOL [ATOL]]]
//   N bounces at most (default 100), RTOL, ATOL the rtol and atol of ode (default 1e-6, RTOL).
// Everything else is Scilab's default (%ODEOPTIONS not set).
//
// Output, one record a line, comma-separated, numbers in 17 significant digits:
//   tool,scilab,<version>,ode-root,lsodar,<rtol>,<atol>
//   bounce,<m>,<time of bounce m in s>,<landing speed |v| in m/s>
//   end,<reason>,<time in s>   reason: rest (mu |v| < vmin), count (N bounces), stop-time
//                              (t_end reached), through-floor (t_end reached with x < 0)
//   stats,<right-hand-side evaluations>,-1,<wall time of the loop in s>
funcprot(0);
warning("off");  // ode's "At t = ..., y is a root" notes

function yd = rhs(t, y)
  global NFEV
  NFEV = NFEV + 1;
  yd = [y(2); -g];
endfunction

function z = floor_root(t, y)
  z = y(1);
endfunction

args = sciargs();
k = find(args == "-args");
user = list();
if k <> [] then
  for i = k + 1:size(args, "*")
    user($ + 1) = args(i);
  end
end
N = 100; rtol = 1e-6; atol = [];
if size(user) >= 1 then N = evstr(user(1)); end
if size(user) >= 2 then rtol = evstr(user(2)); end
if size(user) >= 3 then atol = evstr(user(3)); end
if atol == [] then atol = rtol; end

x0 = 10; v0 = 0; mu = 0.9; g = 9.81; vmin = 1e-4; tend = 30;

global NFEV
NFEV = 0;
ver = getversion("scilab");
mprintf("tool,scilab,%d.%d.%d,ode-root,lsodar,%.17g,%.17g\n", ver(1), ver(2), ver(3), rtol, atol);
t = 0; y = [x0; v0]; m = 0; reason = "stop-time";
tic();
while m < N & t < tend
  [yn, rd] = ode("root", y, t, tend, rtol, atol, rhs, 1, floor_root);
  if rd == [] then
    t = tend; y = yn;
    if y(1) < 0 then reason = "through-floor"; end
    break;
  end
  t = rd(1); y = yn;
  if y(2) >= 0 then
    continue;  // x rises through 0: no bounce (direction -1)
  end
  m = m + 1;
  mprintf("bounce,%d,%.17g,%.17g\n", m, t, abs(y(2)));
  if mu * abs(y(2)) < vmin then
    reason = "rest";
    break;
  end
  y = [y(1); -mu * y(2)];
end
wall = toc();
if m >= N & reason <> "rest" then reason = "count"; end
mprintf("end,%s,%.17g\n", reason, t);
mprintf("stats,%d,-1,%.6g\n", NFEV, wall);
