model StringAcrossModes "A String set before a switch of the model's structure, read after it"
  // A test model of mocc's mode switching (issue 15): `phase` is set at t = 0.3, the structure
  // changes at t = 0.5 (x is then held at 1 and is no state any more), and at t = 0.8 the run
  // terminates with `phase` as its message. Each mode's run keeps its own table of texts, so
  // the switch carries a String by its text: the message must read "ramped", and the result
  // file's phase column too from t = 0.3 on, in both modes.
  Real x(start = 1, fixed = true), u;
  Boolean held(start = false);
  discrete String phase(start = "start");
equation
  der(x) = u - x;
  if not held then
    u = 2;
  else
    x = 1;
  end if;
  when time > 0.3 then
    phase = "ramped";
  end when;
  when time > 0.5 then
    held = true;
  end when;
  when time > 0.8 then
    terminate("phase: " + phase);
  end when;
  annotation(experiment(StopTime = 1));
end StringAcrossModes;
