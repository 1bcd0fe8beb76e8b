// Restrictions on connect (MLS 9.3): matched variables of the same type, parameters with
// parameters, causal with causal; one signal source per set; connected parameters equal;
// no connect inside an if-equation with a time-varying condition (MLS 8.3.3); if-equation
// branches with different equation counts (MLS 8.3.4).
model M
  connector RealIn = input Real;
  connector RealOut = output Real;
  connector IntPin
    Integer v;
  end IntPin;
  connector RealPin
    Real v;
  end RealPin;
  connector ParPin
    parameter Real p;
  end ParPin;
  model Source
    RealOut y = 1;
  end Source;
  RealPin r;
  IntPin i;
  RealIn u;
  RealPin plain;
  Source s1, s2;
  RealIn sink;
  ParPin p1(p = 1), p2(p = 2);
  Real x(start = 1);
equation
  connect(r, i);
  connect(u, plain.v);
  connect(s1.y, sink);
  connect(s2.y, sink);
  connect(p1, p2);
  der(x) = -x;
  if x > 0.5 then
    connect(r, plain);
  end if;
  if x > 0.2 then
    x = 1;
  else
  end if;
end M;
// CHECK-DAG: fail_connect_restrictions.mo:29:3: error[E0405]: connect: 'r.v' and 'i.v' cannot be connected: one is Real, the other Integer (MLS 9.3)
// CHECK-DAG: fail_connect_restrictions.mo:30:3: error[E0405]: connect: 'u' and 'plain.v' cannot be connected: only one of them is an input or output (MLS 9.3)
// CHECK-DAG: error[E0407]: 'sink' and 's1.y' are connected, but both are sources of the signal (outputs of components or inputs of the model); a connection set has at most one (MLS 9.3)
// CHECK-DAG: fail_connect_restrictions.mo:26:17: error[E0407]: 'p2.p' and 'p1.p' are connected, so they must be equal, but their values differ (MLS 9.3)
// CHECK-DAG: fail_connect_restrictions.mo:36:5: error[E0407]: connect-equations cannot be inside if-equations whose conditions are not parameter expressions (MLS 9.3)
// CHECK-DAG: fail_connect_restrictions.mo:38:3: error[E0407]: this if-equation has conditions that are not parameter expressions, so it needs an else branch with the same number of equations (1) as the others (MLS 8.3.4)
