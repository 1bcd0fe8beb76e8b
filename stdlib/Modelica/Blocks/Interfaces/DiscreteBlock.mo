within Modelica.Blocks.Interfaces;
partial block DiscreteBlock "Base of sampled blocks: a periodic sample trigger"
  parameter SI.Time samplePeriod(min=100*Modelica.Constants.eps, start=0.1) "Sample period of component";
  parameter SI.Time startTime = 0 "First sample time instant";
protected
  Boolean sampleTrigger "True at the sample instants startTime + k*samplePeriod";
  Boolean firstTrigger(start=false, fixed=true) "True after the first sample instant only (rising edge there)";
equation
  sampleTrigger = sample(startTime, samplePeriod);
  when sampleTrigger then
    firstTrigger = time <= startTime + samplePeriod/2;
  end when;
end DiscreteBlock;
