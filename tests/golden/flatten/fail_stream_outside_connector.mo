// "The stream prefix can only be used in a connector declaration" (MLS 15.1).
model M
  stream Real x = 1.0;
end M;
// CHECK: fail_stream_outside_connector.mo:3:15: error[E0405]: the stream variable 'x' is declared in a model: stream variables belong in connectors (MLS 15.1)
