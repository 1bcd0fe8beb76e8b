within Modelica.Blocks.Discrete;
block Sampler "Ideal sampler: the output takes the input value at each sample instant (and at the initial time)"
  extends Interfaces.DiscreteSISO;
equation
  when {sampleTrigger, initial()} then
    y = u;
  end when;
end Sampler;
