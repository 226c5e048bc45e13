// `ovcl devices`: every available device and the values of its SUPPORTED_PROPERTIES, in the
// manner of OpenVINO's hello_query_device.
#include <CLI/CLI.hpp>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>

#include "core/plugin_library.hpp"
#include "ovcl/core.hpp"
#include "ovcl/properties.hpp"
#include "runtime/supported_ops.hpp"
#include "tools/commands.hpp"

namespace ovcl {
namespace cli {
namespace {

/// The device names of the plugins.xml that Core reads (OVCL_PLUGINS_XML, else the one next to the runtime).
std::vector<std::string> registered_plugins() {
    const char* env = std::getenv("OVCL_PLUGINS_XML");
    std::ifstream in(env && *env ? std::string(env) : runtime_library_dir() + "/plugins.xml");
    std::stringstream text;
    text << in.rdbuf();
    const std::string xml = text.str();
    std::vector<std::string> names;
    const std::regex plugin(R"re(<plugin\s[^>]*\bname\s*=\s*"([^"]*)")re");
    for (std::sregex_iterator it(xml.begin(), xml.end(), plugin), end; it != end; ++it)
        names.push_back((*it)[1]);
    return names;
}

/// Plugins that offer no device, with why: a library that does not load (a broken install: exit code 1) or a
/// plugin whose device or driver is missing (as OpenVINO, that machine simply has no such device: exit code 0).
int report_plugins_without_devices(Core& core, const std::vector<std::string>& devices) {
    int code = 0;
    bool header = false;
    for (const std::string& name : registered_plugins()) {
        bool listed = false;
        for (const std::string& d : devices)
            listed |= d == name || d.rfind(name + ".", 0) == 0;
        if (listed)
            continue;
        std::string why;
        try {
            core.get_versions(name);  // loads the library
            try {
                if (core.get_property(name, available_devices).empty())
                    why = "no device found";
            } catch (const std::exception& e) {
                why = std::string("no device: ") + e.what();
            }
        } catch (const NotFound& e) {  // dlopen or the entry point failed: a broken install
            why = std::string("the plugin failed to load: ") + e.what();
            code = 1;
        } catch (const std::exception& e) {  // loaded, but it found no device or driver to start with
            why = std::string("no device: ") + e.what();
        }
        if (why.empty())
            continue;
        if (!header)
            std::cout << "Plugins without devices:\n";
        header = true;
        std::cout << "\t" << name << ": " << why << "\n";
    }
    return code;
}

int list_devices() {
    Core core;
    const std::vector<std::string> devices = core.get_available_devices();
    if (devices.empty()) {
        std::cout << "No devices available (see plugins.xml next to the runtime)\n";
        report_plugins_without_devices(core, devices);
        return 1;
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
    return report_plugins_without_devices(core, devices);
}

}  // namespace

void add_devices_command(CLI::App& app, Action& action) {
    CLI::App* sub = app.add_subcommand("devices", "List the available devices and their properties");
    sub->callback([&action] { action = list_devices; });
}

}  // namespace cli
}  // namespace ovcl
