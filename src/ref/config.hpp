// The REF device's configuration: the common plugin keys plus DEVICE_ID and the inference
// precision, built by laying properties over defaults.
#pragma once

#include "runtime/plugin_config.hpp"

namespace ovcl {
namespace ref {

struct Config {
    PluginConfig common;
    element::Type inference_precision = element::f32;

    Config() = default;
    /// Applies `properties` over `base`. Unknown keys throw NotFound unless `lenient`;
    /// bad values throw InvalidArgument naming the key.
    Config(const AnyMap& properties, const Config& base, bool lenient = false);

    /// The shared keys, INFERENCE_PRECISION_HINT and DEVICE_ID, RW; NUM_STREAMS reads as the count that runs.
    static const PropertyTable<Config>& table();
    /// The value of a read-write key; throws NotFound for unknown keys.
    Any get(const std::string& name) const { return table().get(*this, name); }
    /// Streams this configuration runs with (THROUGHPUT: one per core).
    int32_t effective_streams() const;
};

}  // namespace ref
}  // namespace ovcl
