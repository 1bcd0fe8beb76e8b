// A connector needs as many flow as potential variables (MLS 9.3.1), connected or not.
package Lib
  connector Bad
    Real v;
    Real w;
    flow Real i;
  end Bad;
  model Part
    Bad c;
  end Part;
end Lib;
model M
  Lib.Part a, b;
equation
  connect(a.c, b.c);
end M;
// CHECK: fail_unbalanced_connector.mo:9:9: error[E0505]: connector 'Lib.Bad' is unbalanced: 1 flow variable but 2 potential variables (MLS 9.3.1)
// CHECK: note: the connector is declared here
