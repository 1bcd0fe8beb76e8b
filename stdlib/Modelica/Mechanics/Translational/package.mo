within Modelica.Mechanics;
package Translational "One-dimensional translational mechanics: flanges with position s and flow force f"
  annotation (Documentation(info="<html>
<p>Sign convention: the cut force f of a flange acts on the component it belongs to, in the positive
direction of the axis. A component with a support (housing) is grounded inside itself unless
useSupport = true, in which case its support flange must be connected.</p>
<p>The components do not offer heat ports: the parameter useHeatPort exists for compatibility and
must stay false; the loss power is still computed.</p>
</html>"));
end Translational;
