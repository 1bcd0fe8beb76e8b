// getInstanceName() (MLS 3.7.4.6) starts with the simulated model's own name, not the
// packages that enclose it: simulating MyLib.Vehicle, the controller's call gives
// "Vehicle.engine.controller" (the specification's example), 25 characters.
package MyLib
  model Vehicle
    Engine engine;
  end Vehicle;
  model Engine
    Controller controller;
  end Engine;
  model Controller
    parameter String name = getInstanceName();
    Integer length = stringLength(name);
  end Controller;
  function stringLength
    input String s;
    output Integer n;
  external "C" n = strlen(s);
  end stringLength;
end MyLib;
