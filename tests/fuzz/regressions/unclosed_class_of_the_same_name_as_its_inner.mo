within ModelicaCompliance.Operators.Mathematical;

model Log10Incorrect
  extends Icoce.Operators.Mathematical;

model Log10Incorrect
  extends Icons.TestCase;

  Real r;
equation
  r = log(0);
  
  annotation (
    __ModelicaAssociation(TestCase(shouldPass = false, section = {"3.7.1.2"})),
    experiment(StopTime = 0.01),
    Documentation(
      info = "<html>Tests that the argumenro.</html>"));
end Log10Incorrect;
