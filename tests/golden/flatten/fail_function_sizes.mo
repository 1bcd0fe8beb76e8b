// An input that sizes depend on needs a constant or parameter argument (MLS 12.4.4).
package S
  function angles
    input Integer m;
    output Real phi[m];
  algorithm
    for k in 1:m loop
      phi[k] := k;
    end for;
  end angles;
end S;
model M
  discrete Integer k(start = 2, fixed = true);
  Real a[2] = S.angles(k);
end M;
// CHECK: fail_function_sizes.mo:14:24: error[E0408]: the sizes of the variables of 'S.angles' depend on its input 'm', so its argument must be a constant or parameter expression (MLS 12.4.4)
