within Modelica;
package Units "Unit types (SI and common non-SI) and unit conversion functions"
  annotation (Documentation(info="<html>
<p>Types carry <code>quantity</code> and <code>unit</code> as in ISO 80000 and the Modelica Standard
Library 4.0; both are final so that a model cannot give, for example, a Voltage the unit \"A\".</p>
</html>"));
end Units;
