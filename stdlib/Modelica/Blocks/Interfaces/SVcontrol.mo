within Modelica.Blocks.Interfaces;
partial block SVcontrol "Single-variable continuous controller: setpoint and measurement in, actuator signal out"
  RealInput u_s "Connector of setpoint input signal";
  RealInput u_m "Connector of measurement input signal";
  RealOutput y "Connector of actuator output signal";
end SVcontrol;
