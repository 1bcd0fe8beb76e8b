within Modelica.Mechanics;
package Rotational "One-dimensional rotational mechanics: flanges with angle phi and flow torque tau"
  annotation (Documentation(info="<html>
<p>Sign convention: the cut torque tau of a flange acts on the component it belongs to, positive
about the axis. A component with a support (housing) is grounded inside itself unless
useSupport = true, in which case its support flange must be connected.</p>
<p>The components do not offer heat ports: the parameter useHeatPort exists for compatibility and
must stay false; the loss power is still computed.</p>
</html>"));
end Rotational;
