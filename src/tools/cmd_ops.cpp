// `ovcl ops`: every (op type, version) a device accepts and what runs it there, read from the plugin's
// SUPPORTED_OPERATIONS property (src/runtime/supported_ops.hpp), so the tool links no plugin.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <map>
#include <tuple>
#include <utility>
#include <nlohmann/json.hpp>

#include "ovcl/core.hpp"
#include "ovcl/except.hpp"
#include "runtime/supported_ops.hpp"
#include "tools/commands.hpp"

namespace ovcl {
namespace cli {
namespace {

struct OpsOptions {
    std::string device;  ///< empty: every available device
    std::string format = "text";
};

/// How the runner places the op: "kernel" for a GPU host class, else the runner's own word
/// ("host", "view", "decomposed", "io", "copy"; REF's "host_ref" is "host").
std::string kind_of(const std::string& runner) {
    if (runner == "host_ref")
        return "host";
    if (runner == "host" || runner == "view" || runner == "decomposed" || runner == "io" || runner == "copy")
        return runner;
    return "kernel";
}

std::vector<SupportedOp> read_ops(Core& core, const std::string& device) {
    std::vector<SupportedOp> ops;
    for (const std::string& entry : core.get_property(device, supported_operations))
        ops.push_back(SupportedOp::parse(entry));
    std::sort(ops.begin(), ops.end(), [](const SupportedOp& a, const SupportedOp& b) {
        return std::tie(a.type, a.version) < std::tie(b.type, b.version);
    });
    return ops;
}

void print_text(const std::string& device, const std::vector<SupportedOp>& ops) {
    size_t width = 0;
    std::map<std::string, size_t> per_kind;
    for (const SupportedOp& op : ops) {
        width = std::max(width, op.type.size() + 2 + std::to_string(op.version).size());
        ++per_kind[kind_of(op.runner)];
    }
    std::cout << "Device: " << device << "\n";
    for (const SupportedOp& op : ops)
        std::cout << std::left << std::setw(static_cast<int>(width)) << op.type + "-v" + std::to_string(op.version)
                  << "  " << op.runner << "\n";
    std::cout << ops.size() << " op versions on " << device << ":";
    const char* sep = " ";
    for (const char* kind : {"kernel", "view", "decomposed", "host", "io", "copy"})
        if (per_kind.count(kind)) {
            std::cout << sep << per_kind[kind] << " " << kind;
            sep = ", ";
        }
    std::cout << "\n";
}

/// {"DEVICE": [{"type", "version", "runner", "kind"}, ...], ...}, one op a line.
void print_json(const std::vector<std::pair<std::string, std::vector<SupportedOp>>>& listing) {
    std::cout << "{";
    for (size_t d = 0; d < listing.size(); ++d) {
        std::cout << (d ? ",\n " : "\n ") << nlohmann::json(listing[d].first).dump() << ": [";
        const std::vector<SupportedOp>& ops = listing[d].second;
        for (size_t i = 0; i < ops.size(); ++i) {
            nlohmann::ordered_json row{{"type", ops[i].type},
                                       {"version", ops[i].version},
                                       {"runner", ops[i].runner},
                                       {"kind", kind_of(ops[i].runner)}};
            std::cout << (i ? ",\n  " : "\n  ") << row.dump();
        }
        std::cout << "\n ]";
    }
    std::cout << "\n}\n";
}

int list_ops(const OpsOptions& opt) {
    Core core;
    const std::vector<std::string> devices =
        opt.device.empty() ? core.get_available_devices() : std::vector<std::string>{opt.device};
    if (devices.empty())
        raise<NotFound>("no devices available (no plugin could be loaded; see plugins.xml next to the runtime)");
    std::vector<std::pair<std::string, std::vector<SupportedOp>>> listing;
    for (const std::string& device : devices)  // every device read before anything is printed
        listing.emplace_back(device, read_ops(core, device));
    if (opt.format == "json")
        print_json(listing);
    else
        for (size_t i = 0; i < listing.size(); ++i) {
            std::cout << (i ? "\n" : "");
            print_text(listing[i].first, listing[i].second);
        }
    return 0;
}

}  // namespace

void add_ops_command(CLI::App& app, Action& action) {
    auto opt = std::make_shared<OpsOptions>();
    CLI::App* sub = app.add_subcommand("ops", "List every op (type and version) a device runs, and what runs it");
    sub->add_option("-d,--device", opt->device,
                    "Device name (REF, GPU, GPU.1); default: every available device, as `ovcl devices` lists them");
    sub->add_option("--format", opt->format,
                    "text: 'Type-vN  runner' lines under 'Device: NAME'; json: {device: [{type, version, runner, "
                    "kind}]}")
        ->check(CLI::IsMember({"text", "json"}))
        ->capture_default_str();
    sub->footer(
        "Runners: on GPU the host class whose OpenCL kernels run the op (EltwiseOp, MatMulOp, ...), 'host' (host_ref\n"
        "inside the GPU plan), 'view' (shares its input's buffer), 'decomposed' (replaced by ops with kernels), 'io'\n"
        "(Parameter, Constant, Result), 'copy' (ReadValue, Assign: device copies); on REF 'host_ref'. From the\n"
        "device's SUPPORTED_OPERATIONS property.");
    sub->callback([opt, &action] { action = [opt] { return list_ops(*opt); }; });
}

}  // namespace cli
}  // namespace ovcl
