// MLS 9.1.3: reading a variable of an expandable connector that no connect-equation makes
// present is an error.
model FailExpandableAbsent
  expandable connector Bus
    Real realSignal1;
    Real realSignal2;
  end Bus;
  Bus bus;
  Real y = bus.realSignal2;
end FailExpandableAbsent;
// CHECK: fail_expandable_absent.mo:6:10: error[E0412]: 'bus.realSignal2' is used, but it is not part of the model
