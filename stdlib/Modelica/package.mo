within;
package Modelica "mocc's own Modelica library: a small, simulation-friendly subset with the interfaces of the Modelica Standard Library 4.0"
  annotation (Documentation(info="<html>
<p>This library is written for the mocc compiler. Every class here is mocc's own code; where a class
also exists in the Modelica Standard Library 4.0 it has the same name, the same public components,
parameters, connectors and defaults, so that models written against the standard library compile
unchanged. Only plain Modelica 3.6 is used; there are no graphical annotations.</p>
<p>Contents: Constants, Math, Units.SI, Blocks (Interfaces, Sources, Continuous, Math, Discrete),
Electrical.Analog (Interfaces, Basic, Ideal, Semiconductors, Sources, Sensors) and
Mechanics (Translational, Rotational).</p>
</html>"));
end Modelica;
