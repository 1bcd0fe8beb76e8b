within Modelica.Blocks.Discrete;
block ZeroOrderHold "Zero order hold: holds the input value of the last sample instant"
  extends Interfaces.DiscreteSISO;
  output Real ySample(start=0, fixed=true) "Input value at the last sample instant";
equation
  when {sampleTrigger, initial()} then
    ySample = u;
  end when;
  // y follows ySample through pre(): an infinitesimal delay, so that a loop through this block
  // and a direct-feedthrough continuous part is no algebraic loop
  y = pre(ySample);
end ZeroOrderHold;
