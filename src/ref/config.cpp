#include "config.hpp"

#include <thread>

namespace ovcl {
namespace ref {

Config::Config(const AnyMap& properties, const Config& base, bool lenient) : Config(base) {
    for (const auto& [key, value] : properties) {
        if (common.apply(key, value))
            continue;
        if (key == hint::inference_precision.key) {
            const auto t = read_property<element::Type>(key, value);
            if (t != element::f32 && t != element::undefined)
                raise<InvalidArgument>("property INFERENCE_PRECISION_HINT: REF computes in f32 only, not ", t);
        } else if (key == device::id.key) {
            const std::string id = value.to_string();
            if (!id.empty() && id != "0")
                raise<InvalidArgument>("property DEVICE_ID: REF has one device (0), not '", id, "'");
        } else if (!lenient) {
            raise<NotFound>("REF: unsupported property ", key);
        }
    }
}

Any Config::get(const std::string& name) const {
    if (name == ovcl::num_streams.key)
        return effective_streams();
    Any v = common.get(name);
    if (!v.empty())
        return v;
    if (name == hint::inference_precision.key)
        return inference_precision;
    if (name == device::id.key)
        return std::string("0");
    raise<NotFound>("REF: unsupported property ", name);
}

std::vector<PropertyName> Config::rw_properties() {
    auto v = PluginConfig::rw_properties();
    v.emplace_back(hint::inference_precision.key);
    v.emplace_back(device::id.key);
    return v;
}

int32_t Config::effective_streams() const {
    return common.effective_streams(static_cast<int32_t>(std::max(1u, std::thread::hardware_concurrency())));
}

}  // namespace ref
}  // namespace ovcl
