// A class extending an array class, a class with an input/output prefix or a simple type
// (also through another class) has nothing else: no components, other base classes,
// equations, algorithms or protected elements (MLS 4.5.2).
model M
  model A
    Real x = 1;
  end A;
  model A3 = A[3];
  model InputA = input A;
  type Length = Real(unit = "m");
  type Distance
    extends Length;
  end Distance;
  model WithComponent
    extends A3;
    Real y = 2;
  end WithComponent;
  model WithBase
    extends InputA;
    extends A;
  end WithBase;
  type WithEquation
    extends Distance;
  equation
    1 = 1;
  end WithEquation;
  WithComponent c;
  WithBase b;
  WithEquation e = 1;
end M;
// CHECK-DAG: fail_base_class_alone.mo:15:13: error[E0407]: 'M.WithComponent' extends an array class ('A3'), so it cannot also have components (MLS 4.5.2)
// CHECK-DAG: fail_base_class_alone.mo:19:13: error[E0407]: 'M.WithBase' extends a class with an input or output prefix ('InputA'), so it cannot also have other base classes (MLS 4.5.2)
// CHECK-DAG: fail_base_class_alone.mo:23:13: error[E0407]: 'M.WithEquation' extends a simple type ('Distance'), so it cannot also have equations (MLS 4.5.2)
