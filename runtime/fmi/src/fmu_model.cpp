#include "fmu_model.h"

#include "mocc/runtime/model_instance.h"
#include "mocc/runtime/model_token.h"

#include <string>

extern "C" const mocc_model* mocc_model_definition(void);

namespace mocc::fmi {

const mocc_model* checkedModel(const char* token, const Logger& logger) {
  auto refuse = [&](const std::string& message) -> const mocc_model* {
    if (logger) logger(Status::Error, "logStatusError", "Instantiate: " + message);
    return nullptr;
  };
  const mocc_model* model = mocc_model_definition();
  if (!model) return refuse("the FMU holds no model");
  if (auto problem = runtime::validateModel(*model)) return refuse(*problem);
  std::string expected = runtime::modelToken(*model);
  if (!token || expected != token)
    return refuse("the instantiation token " + std::string(token ? token : "(null)") +
                  " is not this FMU's " + expected +
                  ": the model description belongs to another model");
  return model;
}

} // namespace mocc::fmi
