// `ovcl devices`: every available device and the values of its SUPPORTED_PROPERTIES, in the
// manner of OpenVINO's hello_query_device.
#include <CLI/CLI.hpp>

#include <iostream>

#include "ovcl/core.hpp"
#include "ovcl/properties.hpp"
#include "runtime/supported_ops.hpp"
#include "tools/commands.hpp"

namespace ovcl {
namespace cli {
namespace {

int list_devices() {
    Core core;
    const std::vector<std::string> devices = core.get_available_devices();
    if (devices.empty()) {
        std::cout << "No devices available (no plugin could be loaded; see plugins.xml next to the runtime)\n";
        return 0;
    }
    std::cout << "Available devices:\n";
    for (const std::string& device : devices) {
        std::cout << device << "\n";
        // One unreadable property must not hide the others: report it in place and go on.
        std::vector<PropertyName> props;
        try {
            props = core.get_property(device, supported_properties);
        } catch (const std::exception& e) {
            std::cout << "\t<cannot read SUPPORTED_PROPERTIES: " << e.what() << ">\n";
            continue;
        }
        std::cout << "\tSUPPORTED_PROPERTIES:\n";
        for (const PropertyName& name : props) {
            if (name == supported_properties.key)
                continue;
            std::cout << "\t\t" << static_cast<const std::string&>(name) << " (" << (name.is_mutable() ? "RW" : "RO")
                      << ") = ";
            try {
                if (name == supported_operations.key)  // hundreds of entries: `ovcl ops` prints them one a line
                    std::cout << "<" << core.get_property(device, supported_operations).size()
                              << " op versions: ovcl ops -d " << device << ">\n";
                else
                    std::cout << core.get_property(device, name).as<std::string>() << "\n";
            } catch (const std::exception& e) {
                std::cout << "<error: " << e.what() << ">\n";
            }
        }
        std::cout << "\n";
    }
    return 0;
}

}  // namespace

void add_devices_command(CLI::App& app, Action& action) {
    CLI::App* sub = app.add_subcommand("devices", "List the available devices and their properties");
    sub->callback([&action] { action = list_devices; });
}

}  // namespace cli
}  // namespace ovcl
