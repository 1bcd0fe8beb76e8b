model UncompilableMode "A mode that does not compile, reached at t = 0.5"
  // A test model of mocc's mode switching (issue 15): the if-equation's branches share no
  // unknown, and its else branch leaves u without an equation (its one equation has no
  // unknown at all), so that mode's model is structurally singular. A run stops with exit
  // code 3 at the switch that reaches it, naming the mode and the compiler's reason, and keeps
  // the rows up to there, in the JIT and in generated C++ alike.
  Real x(start = 1, fixed = true);
  Real u;
  Boolean broken(start = false);
equation
  der(x) = u - x;
  if not broken then
    u = 2;
  else
    0 = 1;
  end if;
  when time > 0.5 then
    broken = true;
  end when;
  annotation(experiment(StopTime = 1));
end UncompilableMode;
