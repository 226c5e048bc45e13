#include "tools/benchmark_config.hpp"

#include <nlohmann/json.hpp>

#include "runtime/file_read.hpp"
#include "ovcl/except.hpp"

namespace ovcl {
namespace cli {

AnyMap load_config(const std::string& file, const std::string& device) {
    std::string text;
    try {
        text = detail::read_regular_file(file, detail::kMaxTextFileBytes, "-load_config file");
    } catch (const NotFound&) {
        raise<InvalidArgument>("-load_config ", file, ": cannot read the file");
    } catch (const Exception& e) {
        raise<InvalidArgument>("-load_config ", e.what());  // "<file>: is a FIFO, ..."
    }
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        raise<InvalidArgument>("-load_config ", file, ": not JSON (", e.what(), ")");
    }
    const char* const shape = R"(; expected {"DEVICE": {"PROPERTY": value, ...}, ...})";
    if (!doc.is_object())
        raise<InvalidArgument>("-load_config ", file, ": the top level is not an object", shape);
    const std::string base = device.substr(0, device.find('.'));
    const auto entry = doc.contains(device) ? doc.find(device) : doc.find(base);
    if (entry == doc.end())
        return {};
    if (!entry->is_object())
        raise<InvalidArgument>("-load_config ", file, ": entry \"", entry.key(), "\" is not an object", shape);
    AnyMap config;
    for (const auto& [key, value] : entry->items()) {
        if (value.is_string())
            config[key] = value.get<std::string>();
        else if (value.is_boolean())
            config[key] = std::string(value.get<bool>() ? "YES" : "NO");
        else if (value.is_number_integer())
            config[key] = std::to_string(value.get<int64_t>());
        else
            raise<InvalidArgument>("-load_config ", file, ": \"", entry.key(), "\".\"", key, "\" is ",
                                   value.type_name(), ", not a string, integer or boolean");
    }
    return config;
}

}  // namespace cli
}  // namespace ovcl
