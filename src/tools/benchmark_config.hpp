// The properties `ovcl benchmark` gives compile_model, as OpenVINO's benchmark_app sets them from its flags and
// from -load_config's JSON file, and the -dump_config / -exec_graph_path files it writes.
#pragma once

#include <string>

#include "ovcl/any.hpp"
#include "ovcl/core.hpp"
#include "tools/benchmark_options.hpp"

namespace ovcl {
namespace cli {

/// The properties FILE gives `device`: FILE holds {"DEVICE": {"PROPERTY": value, ...}, ...}; the entry of `device`
/// itself ("GPU.1"), else of its name before the dot ("GPU"), else none (empty). Values are strings, integers or
/// booleans (true -> "YES"), passed to compile_model as strings, which each plugin parses as it parses any
/// property. Throws InvalidArgument naming the file for a file that cannot be read, is not JSON, or is not of that
/// shape (naming the entry).
AnyMap load_config(const std::string& file, const std::string& device);

/// -infer_precision "f16" or "GPU:f16,REF:f32": the value for `device` (a "GPU" entry serves "GPU.1").
std::string precision_for(const std::string& arg, const std::string& device);

/// The properties of compile_model, as benchmark_app sets them from the flags (warning where it does); the
/// -load_config file's entries go in last, so a flag given on the command line wins over the file.
AnyMap device_config(const BenchmarkOptions& opt, const Core& core);

/// -dump_config (the properties given to compile_model, as benchmark_app writes them: {"DEVICE": {"KEY":
/// "value"}}, which -load_config reads back) and -exec_graph_path (the runtime graph as IR).
void write_dumps(const BenchmarkOptions& opt, const AnyMap& config, const CompiledModel& compiled);

}  // namespace cli
}  // namespace ovcl
