// Property keys with OpenVINO's string names, typed so that `ovcl::hint::performance_mode(
// ovcl::hint::PerformanceMode::THROUGHPUT)` gives an AnyMap entry and `core.get_property(
// "GPU", ovcl::device::full_name)` returns a std::string.
#pragma once

#include <cstdint>
#include <istream>
#include <ostream>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "ovcl/any.hpp"
#include "ovcl/element_type.hpp"

namespace ovcl {

enum class PropertyMutability { RO, RW };

template <typename T, PropertyMutability M = PropertyMutability::RW>
struct Property {
    using value_type = T;
    const char* key;
    constexpr explicit Property(const char* k) : key(k) {}
    const char* name() const { return key; }
    operator std::string() const { return key; }  // NOLINT
    template <typename V, PropertyMutability MM = M, typename = std::enable_if_t<MM == PropertyMutability::RW>>
    std::pair<std::string, Any> operator()(V&& value) const {
        return {key, Any(T(std::forward<V>(value)))};
    }
};
template <typename T, PropertyMutability M>
inline bool operator==(const std::string& s, const Property<T, M>& p) { return s == p.key; }

namespace util {
/// R when every argument is a property (a key-value pair such as `hint::performance_mode(...)` gives), so that
/// `core.compile_model(model, "GPU", p1, p2)` and `core.set_property("GPU", p1)` take properties as OpenVINO's do.
template <typename R, typename... Args>
using EnableIfAllStringAny =
    std::enable_if_t<(sizeof...(Args) > 0) &&
                         std::conjunction_v<std::is_constructible<std::pair<std::string, Any>, Args>...>,
                     R>;
}  // namespace util

using SupportedOpsMap = std::map<std::string, std::string>;  ///< op friendly name -> device name

/// What a device says of one op. `device`: the device whose compiled model runs it (what query_model
/// reports, as OpenVINO's); empty when compiling the model for the device fails on it, `reason` saying why.
/// `host`: it runs on the host inside that compiled model, not as a device kernel (`reason` says why).
struct OpQuery {
    std::string device;
    std::string reason;
    bool host = false;
};
using QueryReport = std::map<std::string, OpQuery>;  ///< op friendly name -> answer, for every op

struct PropertyName : std::string {
    using std::string::string;
    PropertyName(std::string s, PropertyMutability m = PropertyMutability::RW)  // NOLINT
        : std::string(std::move(s)), mutability(m) {}
    bool is_mutable() const { return mutability == PropertyMutability::RW; }
    PropertyMutability mutability = PropertyMutability::RW;
};

inline constexpr Property<std::vector<PropertyName>, PropertyMutability::RO> supported_properties{"SUPPORTED_PROPERTIES"};
inline constexpr Property<std::vector<PropertyName>, PropertyMutability::RO> caching_properties{"CACHING_PROPERTIES"};
inline constexpr Property<std::vector<std::string>, PropertyMutability::RO> available_devices{"AVAILABLE_DEVICES"};
inline constexpr Property<std::string, PropertyMutability::RO> model_name{"NETWORK_NAME"};
inline constexpr Property<uint32_t, PropertyMutability::RO> optimal_number_of_infer_requests{
    "OPTIMAL_NUMBER_OF_INFER_REQUESTS"};
inline constexpr Property<std::vector<std::string>, PropertyMutability::RO> execution_devices{"EXECUTION_DEVICES"};
inline constexpr Property<bool, PropertyMutability::RO> loaded_from_cache{"LOADED_FROM_CACHE"};
/// OpenVINO's ov::enable_profiling key is "PERF_COUNT"; "ENABLE_PROFILING" is accepted as an alias.
inline constexpr Property<bool> enable_profiling{"PERF_COUNT"};
inline constexpr Property<std::string> cache_dir{"CACHE_DIR"};
inline constexpr Property<int32_t> num_streams{"NUM_STREAMS"};
inline constexpr Property<bool> exclusive_async_requests{"EXCLUSIVE_ASYNC_REQUESTS"};
inline constexpr Property<bool> disable_transformations{"DISABLE_TRANSFORMATIONS"};
inline constexpr Property<std::tuple<unsigned, unsigned, unsigned>, PropertyMutability::RO>
    range_for_async_infer_requests{"RANGE_FOR_ASYNC_INFER_REQUESTS"};

namespace hint {
enum class PerformanceMode { LATENCY, THROUGHPUT, CUMULATIVE_THROUGHPUT };
enum class ExecutionMode { PERFORMANCE, ACCURACY };
std::ostream& operator<<(std::ostream& os, PerformanceMode m);
std::istream& operator>>(std::istream& is, PerformanceMode& m);
std::ostream& operator<<(std::ostream& os, ExecutionMode m);
std::istream& operator>>(std::istream& is, ExecutionMode& m);
inline constexpr Property<PerformanceMode> performance_mode{"PERFORMANCE_HINT"};
inline constexpr Property<uint32_t> num_requests{"PERFORMANCE_HINT_NUM_REQUESTS"};
inline constexpr Property<element::Type> inference_precision{"INFERENCE_PRECISION_HINT"};
inline constexpr Property<ExecutionMode> execution_mode{"EXECUTION_MODE_HINT"};
}  // namespace hint

namespace log {
enum class Level { NO, ERR, WARNING, INFO, DEBUG, TRACE };
std::ostream& operator<<(std::ostream& os, Level l);
std::istream& operator>>(std::istream& is, Level& l);
inline constexpr Property<Level> level{"LOG_LEVEL"};
}  // namespace log

namespace device {
enum class Type { INTEGRATED, DISCRETE };
std::ostream& operator<<(std::ostream& os, Type t);
std::istream& operator>>(std::istream& is, Type& t);
inline constexpr Property<std::string> id{"DEVICE_ID"};
inline constexpr Property<std::string, PropertyMutability::RO> full_name{"FULL_DEVICE_NAME"};
inline constexpr Property<std::string, PropertyMutability::RO> architecture{"DEVICE_ARCHITECTURE"};
inline constexpr Property<Type, PropertyMutability::RO> type{"DEVICE_TYPE"};
inline constexpr Property<std::vector<std::string>, PropertyMutability::RO> capabilities{"OPTIMIZATION_CAPABILITIES"};
namespace capability {
inline constexpr const char* FP32 = "FP32";
inline constexpr const char* FP16 = "FP16";
inline constexpr const char* EXPORT_IMPORT = "EXPORT_IMPORT";
}  // namespace capability
}  // namespace device

/// The GPU plugin's memory plan for one infer request (read-only compiled-model properties, in
/// bytes, constants apart): what a request allocates for its tensors, the most bytes alive across
/// any one step (no plan can take less), and the bytes of all tensors, each in its own buffer.
/// constants_bytes: the constants on the device, once per compiled model (weights as the kernels
/// read them, reordered or packed; a graph Constant only read through such a copy is not uploaded).
namespace gpu_memory {
inline constexpr Property<uint64_t, PropertyMutability::RO> peak_bytes{"GPU_MEMORY_PEAK_BYTES"};
inline constexpr Property<uint64_t, PropertyMutability::RO> live_set_bytes{"GPU_MEMORY_LIVE_SET_BYTES"};
inline constexpr Property<uint64_t, PropertyMutability::RO> tensors_bytes{"GPU_MEMORY_TENSORS_BYTES"};
inline constexpr Property<uint64_t, PropertyMutability::RO> constants_bytes{"GPU_MEMORY_CONSTANTS_BYTES"};
}  // namespace gpu_memory

std::istream& operator>>(std::istream& is, PropertyName& p);

}  // namespace ovcl
