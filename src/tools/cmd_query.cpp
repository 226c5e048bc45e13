// `ovcl query`: which device runs each op of a model, as a device kernel or on the host inside the device's
// compiled model, and why an op is not a kernel or not supported (Core::query_model_report).
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

// What runs an op in the device's compiled model: a device kernel, the host (inside that compiled model), or
// nothing (compiling the model for the device fails).
const char* runner(const OpQuery& answer) { return answer.device.empty() ? "-" : answer.host ? "host" : "kernel"; }

void list_reasons(const char* title, const std::vector<std::shared_ptr<Node>>& ops, const QueryReport& report) {
    if (ops.empty())
        return;
    std::cout << title << "\n";
    for (const auto& op : ops)
        std::cout << "  " << op->get_friendly_name() << " (" << op->get_type_name()
                  << "): " << report.at(op->get_friendly_name()).reason << "\n";
}

int query(const QueryOptions& opt) {
    Core core;
    const LoadedModel loaded = load_model(core, opt.model_path, opt.default_model);
    const QueryReport report = core.query_model_report(loaded.model, opt.device);

    const NodeVector ops = loaded.model->get_ordered_ops();
    size_t name_w = 4, type_w = 4, device_w = 6;
    for (const auto& op : ops) {
        name_w = std::max(name_w, op->get_friendly_name().size());
        type_w = std::max(type_w, op->get_type_name().size() + 3 + std::to_string(op->get_version()).size());
        device_w = std::max(device_w, report.at(op->get_friendly_name()).device.size());
    }
    std::cout << "Model:  " << loaded.description << "\nDevice: " << opt.device << "\n\n"
              << std::left << std::setw(static_cast<int>(name_w)) << "name" << "  "
              << std::setw(static_cast<int>(type_w)) << "type" << "  " << std::setw(static_cast<int>(device_w))
              << "device" << "  runs as\n";
    std::vector<std::shared_ptr<Node>> on_host, refused;
    for (const auto& op : ops) {
        const OpQuery& answer = report.at(op->get_friendly_name());
        const std::string type = op->get_type_name() + "-v" + std::to_string(op->get_version());
        std::cout << std::setw(static_cast<int>(name_w)) << op->get_friendly_name() << "  "
                  << std::setw(static_cast<int>(type_w)) << type << "  " << std::setw(static_cast<int>(device_w))
                  << (answer.device.empty() ? "-" : answer.device) << "  " << runner(answer) << "\n";
        if (answer.device.empty())
            refused.push_back(op);
        else if (answer.host)
            on_host.push_back(op);
    }
    std::cout << "\n" << ops.size() - refused.size() << " of " << ops.size() << " ops supported by " << opt.device
              << " (" << ops.size() - refused.size() - on_host.size() << " as device kernels, " << on_host.size()
              << " on the host inside its compiled model)\n";
    list_reasons("On the host inside the compiled model:", on_host, report);
    list_reasons("Not supported (compiling the model for this device fails):", refused, report);
    return 0;
}

}  // namespace

void add_query_command(CLI::App& app, Action& action) {
    auto opt = std::make_shared<QueryOptions>();
    CLI::App* sub = app.add_subcommand("query", "Show which device runs each op of a model");
    add_model_and_device(*sub, opt->model_path, opt->device);
    sub->add_option("--model-default", opt->default_model, "Embedded model to query without -m")
        ->check(CLI::IsMember({"cnn", "transformer"}))
        ->capture_default_str();
    sub->callback([opt, &action] { action = [opt] { return query(*opt); }; });
}

}  // namespace cli
}  // namespace ovcl
