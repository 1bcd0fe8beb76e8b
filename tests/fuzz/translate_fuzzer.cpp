// libFuzzer target: .mo texts through the stages up to translate (fuzz_stages.h).
#include "fuzz_stages.h"

MOCC_FUZZ_TARGET(mocc::fuzz::Stage::Translate)
