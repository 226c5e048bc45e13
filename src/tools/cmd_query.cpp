// `ovcl query`: which device runs each op of a model, and why an op is not supported where
// it is not (Core::query_model_report).
#include <CLI/CLI.hpp>

#include <algorithm>
#include <iomanip>
#include <iostream>

#include "ovcl/core.hpp"
#include "tools/cli_checks.hpp"
#include "tools/commands.hpp"

namespace ovcl {
namespace cli {
namespace {

struct QueryOptions {
    std::string model_path;
    std::string device = "REF";
    std::string default_model = "cnn";
};

int query(const QueryOptions& opt) {
    Core core;
    const LoadedModel loaded = load_model(core, opt.model_path, opt.default_model);
    const QueryReport report = core.query_model_report(loaded.model, opt.device);

    const NodeVector ops = loaded.model->get_ordered_ops();
    size_t name_w = 4, type_w = 4;
    for (const auto& op : ops) {
        name_w = std::max(name_w, op->get_friendly_name().size());
        type_w = std::max(type_w, op->get_type_name().size() + 3 + std::to_string(op->get_version()).size());
    }
    std::cout << "Model:  " << loaded.description << "\nDevice: " << opt.device << "\n\n"
              << std::left << std::setw(static_cast<int>(name_w)) << "name" << "  "
              << std::setw(static_cast<int>(type_w)) << "type" << "  device\n";
    std::vector<std::shared_ptr<Node>> refused;
    for (const auto& op : ops) {
        const OpQuery& answer = report.at(op->get_friendly_name());
        const std::string type = op->get_type_name() + "-v" + std::to_string(op->get_version());
        std::cout << std::setw(static_cast<int>(name_w)) << op->get_friendly_name() << "  "
                  << std::setw(static_cast<int>(type_w)) << type << "  "
                  << (answer.device.empty() ? "-" : answer.device) << "\n";
        if (answer.device.empty())
            refused.push_back(op);
    }
    std::cout << "\n" << ops.size() - refused.size() << " of " << ops.size() << " ops supported by " << opt.device
              << "\n";
    if (!refused.empty()) {
        std::cout << "Not supported:\n";
        for (const auto& op : refused)
            std::cout << "  " << op->get_friendly_name() << " (" << op->get_type_name()
                      << "): " << report.at(op->get_friendly_name()).reason << "\n";
    }
    return 0;
}

}  // namespace

void add_query_command(CLI::App& app, Action& action) {
    auto opt = std::make_shared<QueryOptions>();
    CLI::App* sub = app.add_subcommand("query", "Show which device runs each op of a model");
    sub->add_option("-m,--model", opt->model_path, "Model IR (.xml, with the .bin beside it); default: embedded")
        ->check(non_empty_path());
    sub->add_option("-d,--device", opt->device, "Device name")->capture_default_str();
    sub->add_option("--model-default", opt->default_model, "Embedded model to query without -m")
        ->check(CLI::IsMember({"cnn", "transformer"}))
        ->capture_default_str();
    sub->callback([opt, &action] { action = [opt] { return query(*opt); }; });
}

}  // namespace cli
}  // namespace ovcl
