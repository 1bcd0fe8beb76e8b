within Modelica.Blocks.Interfaces;
partial block MO "Block with a vector of Real outputs"
  parameter Integer nout(min=1) = 1 "Number of outputs";
  RealOutput y[nout] "Connector of Real output signals";
end MO;
