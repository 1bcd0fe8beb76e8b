// libFuzzer target: .mo texts through the stages up to flatten (fuzz_stages.h).
#include "fuzz_stages.h"

MOCC_FUZZ_TARGET(mocc::fuzz::Stage::Flatten)
