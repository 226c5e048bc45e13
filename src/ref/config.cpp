#include "config.hpp"

#include <thread>

namespace ovcl {
namespace ref {

namespace {
// REF computes in f32 only and has one device: these keys validate, they store nothing.
void check_precision(Config&, const std::string& key, const Any& value) {
    const auto t = read_property<element::Type>(key, value);
    if (t != element::f32 && t != element::undefined)
        raise<InvalidArgument>("property INFERENCE_PRECISION_HINT: REF computes in f32 only, not ", t);
}

void check_device_id(Config&, const std::string&, const Any& value) {
    const std::string id = value.to_string();
    if (!id.empty() && id != "0")
        raise<InvalidArgument>("property DEVICE_ID: REF has one device (0), not '", id, "'");
}
}  // namespace

const PropertyTable<Config>& Config::table() {
    constexpr auto RW = PropertyMutability::RW;
    static const PropertyTable<Config> rows = plugin_table<Config>("REF").add({
        {hint::inference_precision.key, RW, [](const Config& c) -> Any { return c.inference_precision; },
         check_precision},
        {device::id.key, RW, [](const Config&) -> Any { return std::string("0"); }, check_device_id},
    });
    return rows;
}

Config::Config(const AnyMap& properties, const Config& base, bool lenient) : Config(base) {
    table().apply(*this, properties, lenient);
}

int32_t Config::effective_streams() const {
    return common.effective_streams(static_cast<int32_t>(std::max(1u, std::thread::hardware_concurrency())));
}

}  // namespace ref
}  // namespace ovcl
