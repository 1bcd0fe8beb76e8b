within Modelica.Blocks.Math;
block Abs "Output the absolute value of the input"
  extends Interfaces.SISO;
  parameter Boolean generateEvent = false "Choose whether events shall be generated";
equation
  y = if generateEvent then (if u >= 0 then u else -u)
      else (if noEvent(u >= 0) then u else -u);
end Abs;
