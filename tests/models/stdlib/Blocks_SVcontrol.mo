model Blocks_SVcontrol "A user-defined P controller extending Interfaces.SVcontrol closes a loop around an integrator: y = r*(1 - exp(-k*t))"
  block PController "Proportional controller on the setpoint/measurement interface"
    extends Modelica.Blocks.Interfaces.SVcontrol;
    parameter Real k = 1 "Controller gain";
  equation
    y = k*(u_s - u_m);
  end PController;
  Modelica.Blocks.Sources.Constant setpoint(k=2) "Setpoint r = 2";
  PController controller(k=5) "Gain 5";
  Modelica.Blocks.Continuous.Integrator plant "Integrating plant, starting at 0";
equation
  connect(setpoint.y, controller.u_s);
  connect(plant.y, controller.u_m);
  connect(controller.y, plant.u);
  annotation (experiment(StartTime=0, StopTime=1, Tolerance=1e-8, Interval=0.01));
end Blocks_SVcontrol;
