#include "plugin_config.hpp"

#include <algorithm>

namespace ovcl {

namespace {
void apply_num_streams(PluginConfig& c, const std::string& key, const Any& value) {
    const std::string text = value.to_string();
    c.num_streams = text == "AUTO" ? -1 : read_property<int32_t>(key, value);
    if (c.num_streams < -1 || c.num_streams == 0)
        raise<InvalidArgument>("property NUM_STREAMS: ", text, " is not AUTO or a positive count");
}
}  // namespace

const PropertyTable<PluginConfig>& PluginConfig::table() {
    using C = PluginConfig;
    static const PropertyTable<C> rows("", {  // no owner: plugins include these rows in their own table
        field(enable_profiling.key, &C::perf_count, "ENABLE_PROFILING"),
        field(hint::performance_mode.key, &C::performance_mode),
        field(hint::num_requests.key, &C::num_requests),
        {ovcl::num_streams.key, PropertyMutability::RW, [](const C& c) -> Any { return c.num_streams; },
         apply_num_streams},
        field(ovcl::exclusive_async_requests.key, &C::exclusive_async_requests),
        field(hint::execution_mode.key, &C::execution_mode),
        field(log::level.key, &C::log_level),
    });
    return rows;
}

int32_t PluginConfig::effective_streams(int32_t throughput_streams) const {
    if (num_streams > 0)
        return num_streams;
    if (performance_mode == hint::PerformanceMode::LATENCY)
        return 1;
    int32_t n = std::max(1, throughput_streams);
    if (num_requests > 0)
        n = std::min<int32_t>(n, static_cast<int32_t>(num_requests));
    return n;
}

}  // namespace ovcl
