within Modelica.Blocks;
package Discrete "Sampled-data blocks, triggered by sample(startTime, samplePeriod)"
end Discrete;
