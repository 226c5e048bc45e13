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
}

Config::Config(const AnyMap& properties, const Config& base, bool lenient) : Config(base) {
    for (const auto& [key, value] : properties) {
        if (common.apply(key, value))
            continue;
        if (key == device::id.key) {
            const std::string text = value.to_string();
            device_id = text.empty() ? 0 : read_property<int>(key, value);
            if (device_id < 0)
                raise<InvalidArgument>("property DEVICE_ID: '", text, "' is not a device index");
        } else if (key == hint::inference_precision.key) {
            const auto t = read_property<element::Type>(key, value);
            if (t != element::f32 && t != element::f16 && t != element::undefined)
                raise<InvalidArgument>("property INFERENCE_PRECISION_HINT: GPU runs f32 or f16, not ", t);
            inference_precision = t == element::f16 ? element::f16 : element::f32;
        } else if (key == ovcl::cache_dir.key) {
            cache_dir = value.to_string();
        } else if (key == ovcl::disable_transformations.key) {
            disable_transformations = read_property<bool>(key, value);
        } else if (key == tuning::kProperty) {
            tuning_mode = tuning::parse_mode(value.to_string());
        } else if (key == kKernels) {
            kernels = static_cast<KernelFamily>(choice_of(key, value, kFamilies));
        } else if (key == kSubBuffers) {
            sub_buffers = static_cast<SubBuffers>(choice_of(key, value, kSubBufferModes));
        } else if (key == kHostOps) {
            host_ops.clear();
            std::istringstream is(value.to_string());
            for (std::string t; is >> t;)
                host_ops.insert(t);
        } else if (!lenient) {
            raise<NotFound>("GPU: unsupported property ", key);
        }
    }
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

Any Config::get(const std::string& name) const {
    if (name == ovcl::num_streams.key)  // the count that runs, never AUTO (-1)
        return effective_streams();
    Any v = common.get(name);
    if (!v.empty())
        return v;
    if (name == device::id.key)
        return std::to_string(device_id);
    if (name == hint::inference_precision.key)
        return inference_precision;
    if (name == ovcl::cache_dir.key)
        return cache_dir;
    if (name == ovcl::disable_transformations.key)
        return disable_transformations;
    if (name == tuning::kProperty)
        return tuning::to_string(tuning_mode);
    if (name == kKernels)
        return std::string(kFamilies[static_cast<int>(kernels)]);
    if (name == kSubBuffers)
        return std::string(kSubBufferModes[static_cast<int>(sub_buffers)]);
    if (name == kHostOps) {
        std::string s;
        for (const auto& t : host_ops)
            s += (s.empty() ? "" : " ") + t;
        return s;
    }
    raise<NotFound>("GPU: unsupported property ", name);
}

std::vector<PropertyName> Config::rw_properties() {
    auto v = PluginConfig::rw_properties();
    for (const char* k : {device::id.key, hint::inference_precision.key, ovcl::cache_dir.key,
                          ovcl::disable_transformations.key, tuning::kProperty, kKernels, kSubBuffers, kHostOps})
        v.emplace_back(k);
    return v;
}

}  // namespace gpu
}  // namespace ovcl
