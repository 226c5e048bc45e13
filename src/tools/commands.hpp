// The subcommands of the `ovcl` tool. Each add_*_command registers its options on the CLI11
// app; when its subcommand is chosen, parsing stores the work to do in `action`, which main()
// runs inside its error handling (errors: a message on stderr and exit code 1).
#pragma once

#include <functional>
#include <memory>
#include <string>

namespace CLI {
class App;
}

namespace ovcl {
class Core;
class Model;

namespace cli {

using Action = std::function<int()>;

void add_devices_command(CLI::App& app, Action& action);
void add_run_command(CLI::App& app, Action& action);
void add_query_command(CLI::App& app, Action& action);
void add_ops_command(CLI::App& app, Action& action);
void add_benchmark_command(CLI::App& app, Action& action);

/// A model to work on: read from `path` when it is not empty, else the embedded default
/// model `default_name`. `description` says which, for summaries.
struct LoadedModel {
    std::shared_ptr<Model> model;
    std::string description;
};
LoadedModel load_model(Core& core, const std::string& path, const std::string& default_name);

}  // namespace cli
}  // namespace ovcl
