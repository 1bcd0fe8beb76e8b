// A tank drains through a hole (Torricelli) and is filled again from t = 3:
// h' = q - sqrt(max(0, h)), h(0) = 1, q = 0 before t = 3 and 1/4 after. It empties at t = 2
// (h = (1 - t/2)^2) and stays empty; filled, it tends to the level where sqrt(h) = q.
// With h <= 0 the symbolic Jacobian's chain rule reads 0 / (2 sqrt(0)); without treating a
// zero inner derivative as zero, the integrator stopped on a NaN Jacobian entry when it
// restarted at t = 3 (as in the MSL's StateGraph.Examples.ControlledTanks).
model DrainingTank
  Real h(start = 1, fixed = true);
  Real q = if time < 3 then 0 else 0.25;
equation
  der(h) = q - sqrt(max(0, h));
  annotation(experiment(StopTime = 4));
end DrainingTank;
