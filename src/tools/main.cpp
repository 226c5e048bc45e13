// ovcl: the command-line tool (devices, run, query, ops, benchmark).
#include <CLI/CLI.hpp>

#include <exception>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "ovcl/core.hpp"
#include "ovcl/except.hpp"
#include "tools/cli_args.hpp"
#include "tools/commands.hpp"
#include "tools/default_models.hpp"
#include "tools/git_version.hpp"

namespace ovcl {
namespace cli {

LoadedModel load_model(Core& core, const std::string& path, const std::string& default_name) {
    if (path.empty()) {
        auto model = default_models::make(default_name);
        return {model, "embedded default '" + default_name + "' (" + model->get_friendly_name() + ")"};
    }
    // A missing file is said plainly here; what is not a regular file the reader refuses, naming it.
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        raise<NotFound>(path, ": model file does not exist");
    return {core.read_model(path), path};
}

}  // namespace cli
}  // namespace ovcl

int main(int argc, char** argv) {
    CLI::App app{"ovcl: list devices and their ops, run and query models with the ovcl runtime"};
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string("ovcl ") + ovcl::get_version().build_number + " (git " +
                                          ovcl::cli::git_version() + ")");
    ovcl::cli::Action action;
    ovcl::cli::add_devices_command(app, action);
    ovcl::cli::add_run_command(app, action);
    ovcl::cli::add_query_command(app, action);
    ovcl::cli::add_ops_command(app, action);
    ovcl::cli::add_benchmark_command(app, action);
    try {
        // benchmark_app's one-dash long names (-hint, -nireq) become CLI11's two-dash ones; unknown flags stop here.
        std::vector<std::string> args = ovcl::cli::normalize_args(app, argc, argv);
        std::vector<char*> arg_ptrs;
        for (std::string& a : args)
            arg_ptrs.push_back(a.data());
        app.parse(static_cast<int>(arg_ptrs.size()), arg_ptrs.data());
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e);  // prints help/version to stdout, usage errors to stderr
        return code == 0 ? 0 : 2;
    }
    try {
        return action ? action() : 0;
    } catch (const ovcl::Exception& e) {
        std::cerr << "ovcl: error: " << e.what() << "\n";
    } catch (const std::exception& e) {
        std::cerr << "ovcl: error: " << e.what() << "\n";
    } catch (...) {
        std::cerr << "ovcl: error: unknown exception\n";
    }
    return 1;
}
