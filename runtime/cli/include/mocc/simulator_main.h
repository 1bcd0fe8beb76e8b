/* The command line of a standalone simulator: what the main() of a generated C++ model calls
 * (mocc emit-cpp, mocc build). It takes the options of `mocc run` except those that choose and
 * compile the model (see `<program> --help`), simulates the model, writes the results, prints
 * a summary and returns the exit code: 0 success, 2 usage error, 3 simulation failure (the
 * results computed so far are kept). Part of the library mocc::simulator_cli. */
#ifndef MOCC_SIMULATOR_MAIN_H
#define MOCC_SIMULATOR_MAIN_H

#include "mocc/model.h"

#ifdef __cplusplus
extern "C" {
#endif

int mocc_simulator_main(int argc, char** argv, const mocc_model* model);

/* The same for a model whose structure changes at events, compiled with all its modes
 * (mocc_mode_set): the run starts in the initial mode and switches at events. */
int mocc_simulator_main_modes(int argc, char** argv, const mocc_mode_set* modes);

#ifdef __cplusplus
}
#endif

#endif /* MOCC_SIMULATOR_MAIN_H */
