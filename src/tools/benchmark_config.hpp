// `ovcl benchmark -load_config FILE`: device properties from a JSON file, as OpenVINO's benchmark_app reads them.
#pragma once

#include <string>

#include "ovcl/any.hpp"

namespace ovcl {
namespace cli {

/// The properties FILE gives `device`: FILE holds {"DEVICE": {"PROPERTY": value, ...}, ...}; the entry of `device`
/// itself ("GPU.1"), else of its name before the dot ("GPU"), else none (empty). Values are strings, integers or
/// booleans (true -> "YES"), passed to compile_model as strings, which each plugin parses as it parses any
/// property. Throws InvalidArgument naming the file for a file that cannot be read, is not JSON, or is not of that
/// shape (naming the entry).
AnyMap load_config(const std::string& file, const std::string& device);

}  // namespace cli
}  // namespace ovcl
