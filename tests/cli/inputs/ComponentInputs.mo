model ComponentInputs "inputs of an array of components are not the model's own inputs"
  block Twice
    input Real u;
    output Real y = 2*u;
  end Twice;
  Twice b[2];
  input Real k(start = 3) "the model's own input";
equation
  b[1].u = time;
  b[2].u = k;
end ComponentInputs;
