% ARGESIM C21, case 1 (bouncing ball): the first N bounce times of the linear event-contact
% model with GNU Octave's ode45 and an Events function, for ../external_solvers.py.
%
% The model of ../HundredBounces.mo (C21 definition, eq. (11)-(13), section 2.3): x' = v,
% v' = -g; when x falls through 0 (Events function x, direction -1, terminal), v := -mu v and
% ode45 is restarted from the located state; the ball rests (the run ends) once the rebound
% speed mu |v| would fall below vmin, as in HundredBounces.mo. x0 = 10 m, v0 = 0, mu = 0.9,
% g = 9.81 m/s2, vmin = 1e-4 m/s, t_end = 30 s.
%
% Usage: octave --no-gui --norc --quiet bounces.m [N [RELTOL [ABSTOL [LOCATE]]]]
%   N       bounces to compute at most (default 100)
%   RELTOL  odeset RelTol (default 1e-6); ABSTOL odeset AbsTol (default: RELTOL)
%   LOCATE  'ode45'  (default): the bounce is where ode45's event handler puts it. Octave 7's
%                    handler (scripts/ode/private/ode_event_handler.m) detects a sign change of
%                    the event function between two accepted steps and places the event by
%                    linear interpolation between them (one secant step, no iteration), so the
%                    location error does not depend on RelTol/AbsTol but on the step size.
%           'newton' : the same run, and then the crossing refined by Newton's method on x(t)
%                    computed with ode45 (same tolerances) from the last accepted step before
%                    the event: t := t - x(t)/v(t) until the correction is below 4 eps t or
%                    stops shrinking (see refine below), and the restart put exactly on the
%                    floor (see the loop). With 'ode45' the restart is the located state.
%                    MATLAB's ode45 locates events by iterating on its interpolant: this is
%                    the accuracy ode45's integration allows when the location is exact.
% Everything else is Octave's default (ode45 is Dormand-Prince 5(4); MaxStep 0.1 (t_end - t),
% InitialStep from Octave's heuristic, Refine 4, which only affects output functions).
%
% Output, one record a line, comma-separated, numbers in 17 significant digits:
%   tool,octave,<version>,ode45,<locate>,<reltol>,<abstol>
%   bounce,<m>,<time of bounce m in s>,<landing speed |v| in m/s>
%   end,<reason>,<time in s>   reason: rest (mu |v| < vmin), count (N bounces), stop-time
%                              (t_end reached), through-floor (t_end reached with x < 0: a
%                              bounce was missed)
%   stats,<right-hand-side evaluations>,<accepted steps>,<wall time of the loop in s>
1;

function dx = rhs (t, x, g)
  global NFEV
  NFEV = NFEV + 1;
  dx = [x(2); -g];
endfunction

function [value, isterminal, direction] = floor_event (t, x, g)
  value = x(1);       % the bounce: x falls through 0
  isterminal = 1;     % stop there, the script applies the reset and restarts
  direction = -1;     % falling edges only (after a restart x may start a rounding below 0)
endfunction

function [x, v] = state_at (f, tp, yp, tb, opts)
  % x(tb), v(tb) by ode45 from the accepted point (tp, yp), at the run's tolerances; the first
  % step is tried at once over [tp, tb] (error control as usual), which saves the start-up.
  h = tb - tp;
  if (h <= 0)
    x = yp(1); v = yp(2);
    return;
  endif
  opts.InitialStep = h; opts.MaxStep = h;
  [~, yn] = ode45 (f, [tp, tb], yp, opts);
  x = yn(end, 1); v = yn(end, 2);
endfunction

function [tb, yb] = refine (f, tp, yp, tb, opts)
  % The falling zero of x after tp, from ode45's estimate tb, by Newton's method on x(t)
  % computed with ode45: t := t - x/v. While the iterate is before the apex (v >= 0) it is moved
  % on by its distance from tp. On the falling branch of a concave flight, Newton's iterates
  % reach the right side of the zero at the first step and then decrease to it monotonically,
  % quadratically, until the rounding of x(t) dominates: the iteration stops when a correction
  % is below 4 eps t or no longer below half the previous one.
  [x, v] = state_at (f, tp, yp, tb, opts);
  last = Inf;
  for it = 1:60
    if (v >= 0)
      tb = tb + max (tb - tp, eps * tb);
      [x, v] = state_at (f, tp, yp, tb, opts);
      continue;
    endif
    dt = -x / v;
    if (abs (dt) > 0.5 * last)
      break;
    endif
    tb = tb + dt;
    [x, v] = state_at (f, tp, yp, tb, opts);
    if (abs (dt) <= 4 * eps * tb)
      break;
    endif
    last = abs (dt);
  endfor
  yb = [x; v];
endfunction

args = argv ();
N = 100; reltol = 1e-6; abstol = []; locate = 'ode45';
if (numel (args) >= 1) N = str2double (args{1}); endif
if (numel (args) >= 2) reltol = str2double (args{2}); endif
if (numel (args) >= 3) abstol = str2double (args{3}); endif
if (isempty (abstol)) abstol = reltol; endif
if (numel (args) >= 4) locate = args{4}; endif
if (! any (strcmp (locate, {'ode45', 'newton'})))
  error ('bounces.m: LOCATE must be ode45 or newton, not %s', locate);
endif

x0 = 10; v0 = 0; mu = 0.9; g = 9.81; vmin = 1e-4; tend = 30;

global NFEV
NFEV = 0;
warning ('off', 'integrate_adaptive:unexpected_termination');  % ode45 stopped by the event
opts = odeset ('RelTol', reltol, 'AbsTol', abstol, 'Events', @(t, x) floor_event (t, x, g));
opts_plain = odeset ('RelTol', reltol, 'AbsTol', abstol);
f = @(t, x) rhs (t, x, g);

printf ('tool,octave,%s,ode45,%s,%.17g,%.17g\n', version (), locate, reltol, abstol);
t = 0; y = [x0; v0]; m = 0; steps = 0; reason = 'stop-time';
clock0 = tic ();
while (m < N && t < tend)
  [tt, yy, te, ye, ie] = ode45 (f, [t, tend], y, opts);
  steps = steps + numel (tt) - 1;
  if (isempty (te))
    t = tt(end); y = yy(end, :).';
    if (y(1) < 0)
      reason = 'through-floor';   % a bounce was missed: the ball fell through the floor
    endif
    break;
  endif
  % The first event after t. (Octave does not stop at an event inside the very first step of
  % a call, "for Matlab compatibility": then the run went on and te has further entries.)
  tb = te(1); yb = ye(1, :).';
  if (strcmp (locate, 'newton'))
    % The last accepted step before the crossing (if the event is at the start, the start).
    k = find (tt < te(1), 1, 'last');
    if (isempty (k)) k = 1; endif
    tp = tt(k); yp = yy(k, :).';
    % Newton starts from ode45's secant estimate, or, if the event was in the first step (not
    % terminal, the run went on), from the end of that step, below the floor.
    k2 = find (tt > te(1), 1);
    if (! isempty (k2)) tb = tt(k2); endif
    [tb, yb] = refine (f, tp, yp, tb, opts_plain);
  endif
  m = m + 1;
  printf ('bounce,%d,%.17g,%.17g\n', m, tb, abs (yb(2)));
  t = tb;
  if (mu * abs (yb(2)) < vmin)
    reason = 'rest';
    break;
  endif
  if (strcmp (locate, 'newton'))
    % Restart exactly on the floor (the located |x| is a rounding, below 1e-15 m): from a
    % rounding below 0 a later flight that ode45's first step spans whole would show no sign
    % change of the event function and be missed. (Scilab's LSODAR returns x = 0 at its roots.)
    y = [0; -mu * yb(2)];
  else
    y = [yb(1); -mu * yb(2)];
  endif
endwhile
wall = toc (clock0);
if (m >= N && ! strcmp (reason, 'rest'))
  reason = 'count';
endif
printf ('end,%s,%.17g\n', reason, t);
printf ('stats,%d,%d,%.6g\n', NFEV, steps, wall);
