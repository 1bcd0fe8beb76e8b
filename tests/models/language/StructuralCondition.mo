// A parameter condition whose branches read different unknowns decides the structure (MLS
// 8.3.4, as the MSL's InductorDC writes v = if quasiStatic then 0 else L*der(i)): it is
// evaluated during translation. With R = L = 1 and 1 V, the quasi-static coil carries
// i = 1 at once, the other one i = 1 - exp(-t) from its start value 0.
model StructuralCondition
  model Coil
    parameter Boolean quasiStatic;
    Real i(start = 0);
  equation
    1 = i + (if quasiStatic then 0 else der(i));
  end Coil;
  Coil quasiStaticCoil(quasiStatic = true);
  Coil dynamicCoil(quasiStatic = false);
  annotation(experiment(StopTime = 2, Interval = 0.1));
end StructuralCondition;
