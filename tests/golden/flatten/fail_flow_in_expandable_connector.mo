// "An expandable connector shall not contain a component declared with the prefix flow, but may
// contain non-expandable connector components with flow components" (MLS 9.1.3).
model M
  connector Pin
    Real v;
    flow Real i;
  end Pin;
  expandable connector Bus
    Pin pin "a connector with a flow variable: allowed";
    flow Real f;
  end Bus;
  Bus bus;
end M;
// CHECK: fail_flow_in_expandable_connector.mo:10:15: error[E0405]: the flow variable 'f' is declared in an expandable connector: flow variables belong in the connectors inside it (MLS 9.1.3)
