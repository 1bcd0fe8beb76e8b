within Modelica;
package Math "Mathematical functions: the elementary functions of MLS 3.6 section 3.7.3 and a few others"
  import Modelica.Units.SI;
  annotation (Documentation(info="<html>
<p>The elementary functions (sin ... log10) call the tool's built-in implementation through
<code>external \"builtin\"</code>, the mechanism MLS 3.6 section 12.9 reserves for exactly these
functions; a plain call such as <code>sin(u)</code> inside this package would find
<code>Modelica.Math.sin</code> itself. The other functions are written in Modelica.</p>
<p>Elsewhere in this library the elementary functions are called by their built-in names
(<code>sin(u)</code> rather than <code>Modelica.Math.sin(u)</code>): the result is the same, and
the compiler sees the operator it knows how to differentiate without going through a function.</p>
</html>"));
end Math;
