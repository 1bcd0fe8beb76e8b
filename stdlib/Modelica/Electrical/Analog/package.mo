within Modelica.Electrical;
package Analog "Analog electrical components: pins with potential v and flow current i"
  annotation (Documentation(info="<html>
<p>Sign convention: the current i of a pin flows into the component; a OnePort's voltage is
v = p.v - n.v and its current i = p.i flows from p through the component to n.</p>
<p>The components do not offer heat ports: the parameter useHeatPort exists for compatibility
and must stay false; the device temperature is then the parameter T.</p>
</html>"));
end Analog;
