within Modelica.Blocks;
package Sources "Signal sources without inputs (no tables)"
  annotation (Documentation(info="<html>
<p>The periodic sources (Pulse, SawTooth, BooleanPulse) start a period with the time event
<code>sample(startTime, period)</code>; they assume that startTime is not more than one period
before the start of the simulation.</p>
</html>"));
end Sources;
