#include "plugin/config.hpp"

#include <algorithm>
#include <iterator>
#include <sstream>

namespace ovcl {
namespace gpu {

namespace {
constexpr const char* kHostOps = "OVCL_GPU_HOST_OPS";
constexpr const char* kKernels = "GPU_KERNELS";
const char* const kFamilies[] = {"AUTO", "GPU", "CPU"};  // KernelFamily's order
constexpr const char* kSubBuffers = "GPU_SUB_BUFFERS";
const char* const kSubBufferModes[] = {"AUTO", "YES", "NO"};  // SubBuffers' order

/// The index of `value` among `choices` (an enum's names in its order); InvalidArgument naming `key` and them else.
template <size_t N>
int choice_of(const std::string& key, const Any& value, const char* const (&choices)[N]) {
    const std::string text = value.to_string();
    const auto it = std::find(std::begin(choices), std::end(choices), text);
    if (it == std::end(choices)) {
        std::string names;
        for (size_t i = 0; i < N; ++i)
            names += std::string(i == 0 ? "" : i + 1 == N ? " or " : ", ") + choices[i];
        raise<InvalidArgument>("property ", key, ": '", text, "' is not ", names);
    }
    return static_cast<int>(it - std::begin(choices));
}

/// A row for an enum member whose names are `choices`, in the enum's order.
template <typename E, size_t N>
PropertyRow<Config> choice_row(const char* key, E Config::*member, const char* const (&choices)[N]) {
    return {key, PropertyMutability::RW,
            [member, names = &choices](const Config& c) -> Any {
                return std::string((*names)[static_cast<int>(c.*member)]);
            },
            [member, names = &choices](Config& c, const std::string& k, const Any& v) {
                c.*member = static_cast<E>(choice_of(k, v, *names));
            }};
}

void apply_device_id(Config& c, const std::string& key, const Any& value) {
    const std::string text = value.to_string();
    c.device_id = text.empty() ? 0 : read_property<int>(key, value);
    if (c.device_id < 0)
        raise<InvalidArgument>("property DEVICE_ID: '", text, "' is not a device index");
}

void apply_precision(Config& c, const std::string& key, const Any& value) {
    const auto t = read_property<element::Type>(key, value);
    if (t != element::f32 && t != element::f16 && t != element::undefined)
        raise<InvalidArgument>("property INFERENCE_PRECISION_HINT: GPU runs f32 or f16, not ", t);
    c.inference_precision = t == element::f16 ? element::f16 : element::f32;
}

void apply_host_ops(Config& c, const std::string&, const Any& value) {
    c.host_ops.clear();
    std::istringstream is(value.to_string());
    for (std::string t; is >> t;)
        c.host_ops.insert(t);
}

Any host_ops_text(const Config& c) {
    std::string s;
    for (const auto& t : c.host_ops)
        s += (s.empty() ? "" : " ") + t;
    return s;
}
}  // namespace

const PropertyTable<Config>& Config::table() {
    constexpr auto RW = PropertyMutability::RW;
    using C = Config;
    static const PropertyTable<C> rows = plugin_table<C>("GPU").add({
        {device::id.key, RW, [](const C& c) -> Any { return std::to_string(c.device_id); }, apply_device_id},
        {hint::inference_precision.key, RW, [](const C& c) -> Any { return c.inference_precision; }, apply_precision},
        {ovcl::cache_dir.key, RW, [](const C& c) -> Any { return c.cache_dir; },
         [](C& c, const std::string&, const Any& v) { c.cache_dir = v.to_string(); }},
        field(ovcl::disable_transformations.key, &C::disable_transformations),
        {tuning::kProperty, RW, [](const C& c) -> Any { return tuning::to_string(c.tuning_mode); },
         [](C& c, const std::string&, const Any& v) { c.tuning_mode = tuning::parse_mode(v.to_string()); }},
        choice_row(kKernels, &C::kernels, kFamilies),
        choice_row(kSubBuffers, &C::sub_buffers, kSubBufferModes),
        {kHostOps, RW, host_ops_text, apply_host_ops},
    });
    return rows;
}

Config::Config(const AnyMap& properties, const Config& base, bool lenient) : Config(base) {
    table().apply(*this, properties, lenient);
}

DeviceInfo Config::planning_device(const DeviceInfo& device) const {
    DeviceInfo d = device;
    if (kernels != KernelFamily::AUTO)
        d.gpu_kernels = kernels == KernelFamily::GPU;
    if (sub_buffers != SubBuffers::AUTO)
        d.sub_buffers = sub_buffers == SubBuffers::YES;
    return d;
}

int32_t Config::effective_streams() const { return common.effective_streams(kThroughputStreams); }

uint32_t Config::optimal_requests() const {
    const auto streams = static_cast<uint32_t>(effective_streams());
    return common.performance_mode == hint::PerformanceMode::THROUGHPUT ? 2 * streams : streams;
}

}  // namespace gpu
}  // namespace ovcl
