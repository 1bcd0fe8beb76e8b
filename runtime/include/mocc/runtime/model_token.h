// A fingerprint of a compiled model's interface: FMI's instantiation token (the GUID of FMI 2.0)
// that `mocc fmu` writes into modelDescription.xml and the FMU checks when it is instantiated,
// so that a description and a binary of different models (or versions) are never mixed.
#pragma once

#include "mocc/model.h"

#include <string>

namespace mocc::runtime {

/// "{xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx}" from the ABI version, the model's name, sizes and
/// every variable's name, region, index, type and kind.
std::string modelToken(const mocc_model& model);

} // namespace mocc::runtime
