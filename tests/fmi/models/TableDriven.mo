model TableDriven "the MSL's CombiTimeTable (external C code of the MSL): a triangle 0, 2, 0"
  Modelica.Blocks.Sources.CombiTimeTable table(table = [0, 0; 1, 2; 2, 0]);
  output Real y = table.y[1];
  annotation(experiment(StopTime = 2));
end TableDriven;
