// A chain of `size` first-order lags: x0' = -x0, x_i' = x_{i-1} - x_i, x0(0) = 1, x_i(0) = 0,
// with its analytic Jacobian (the diagonal and the subdiagonal). Exact solution: the Poisson
// probabilities x_i(t) = t^i exp(-t) / i!. One size at a time: the functions read the size
// and the tables from statics that mocc_test_chain rebuilds.
#include "test_models.h"

#include <cmath>
#include <string>
#include <vector>

namespace {

struct Chain {
  int size = 0;
  std::vector<std::string> names;
  std::vector<mocc_variable> variables;
  std::vector<int32_t> rows, columns;
  mocc_model model{};
};
Chain chain;

void bind(mocc_instance* m) {
  for (int i = 0; i < chain.size; ++i)
    if (!m->overridden[i]) m->x[i] = i == 0 ? 1.0 : 0.0;
}
void derivatives(mocc_instance* m) {
  m->dx[0] = -m->x[0];
  for (int i = 1; i < chain.size; ++i)
    m->dx[i] = m->x[i - 1] - m->x[i];
}
void crossings(mocc_instance*, double*) {}
void outputs(mocc_instance*) {}
int32_t eventUpdate(mocc_instance* m) {
  derivatives(m);
  return 0;
}
double nextTimeEvent(mocc_instance*) { return INFINITY; }
// Entries in the order of the tables: (0,0), then (i,i-1), (i,i) for each i.
void jacobian(mocc_instance*, double* values) {
  values[0] = -1.0;
  for (int i = 1, k = 1; i < chain.size; ++i) {
    values[k++] = 1.0;
    values[k++] = -1.0;
  }
}

} // namespace

extern "C" const mocc_model* mocc_test_chain(int size) {
  chain = Chain{};
  chain.size = size;
  for (int i = 0; i < size; ++i)
    chain.names.push_back("x[" + std::to_string(i) + "]");
  for (int i = 0; i < size; ++i)
    chain.variables.push_back(mocc_variable{chain.names[static_cast<std::size_t>(i)].c_str(), "",
                                            MOCC_REGION_STATE, i, MOCC_TYPE_REAL, MOCC_KIND_STATE,
                                            0, ""});
  chain.rows.push_back(0);
  chain.columns.push_back(0);
  for (int i = 1; i < size; ++i) {
    chain.rows.insert(chain.rows.end(), {i, i});
    chain.columns.insert(chain.columns.end(), {i - 1, i});
  }
  mocc_model& m = chain.model;
  m.abi_version = MOCC_ABI_VERSION;
  m.name = "Chain";
  m.n_states = size;
  m.n_variables = size;
  m.variables = chain.variables.data();
  m.bind = bind;
  m.derivatives = derivatives;
  m.crossings = crossings;
  m.outputs = outputs;
  m.event_update = eventUpdate;
  m.next_time_event = nextTimeEvent;
  m.n_jacobian = static_cast<int32_t>(chain.rows.size());
  m.jacobian_rows = chain.rows.data();
  m.jacobian_columns = chain.columns.data();
  m.jacobian = jacobian;
  return &m;
}
