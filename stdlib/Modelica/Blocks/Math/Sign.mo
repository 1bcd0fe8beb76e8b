within Modelica.Blocks.Math;
block Sign "Output the sign of the input: -1, 0 or 1"
  extends Interfaces.SISO;
  parameter Boolean generateEvent = false "Choose whether events shall be generated";
equation
  y = if generateEvent then (if u > 0 then 1 elseif u < 0 then -1 else 0)
      else (if noEvent(u > 0) then 1 elseif noEvent(u < 0) then -1 else 0);
end Sign;
