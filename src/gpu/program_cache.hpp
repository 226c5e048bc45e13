// Built OpenCL programs, cached in memory by (source, options) and on disk (CACHE_DIR) as
// program binaries keyed by device, driver version, source hash and options, so a second
// start skips the compiler. A cache file that is corrupt or for something else is ignored
// and rewritten.
#pragma once

#include <atomic>
#include <map>
#include <mutex>
#include <string>

#include "device.hpp"

namespace ovcl {
namespace gpu {

/// The source of kernels_cl/<stem>.cl: embedded at build time, or read from
/// $OVCL_KERNELS_DIR/<stem>.cl when that variable is set (for kernel development), with
/// `#include "other.cl"` lines replaced by that file's text.
std::string kernel_source(const std::string& stem);

class ProgramCache {
public:
    ProgramCache(cl::Context context, const DeviceInfo& device);

    /// The built program of kernels_cl/<stem>.cl with `options`; cache_dir "" means memory only.
    /// A build failure throws OclError with the build log.
    cl::Program get(const std::string& stem, const std::string& options, const std::string& cache_dir);

    struct Stats {
        std::atomic<size_t> compiled{0};      ///< built from source
        std::atomic<size_t> from_disk{0};     ///< created from a cached binary
        std::atomic<size_t> memory_hits{0};
    };
    const Stats& stats() const { return m_stats; }

private:
    cl::Program build_from_source(const std::string& stem, const std::string& source, const std::string& options);
    cl::Program load_binary(const std::string& path, const std::string& key, const std::string& options);
    void store_binary(const cl::Program& program, const std::string& path, const std::string& key);

    cl::Context m_context;
    DeviceInfo m_device;
    std::mutex m_mutex;
    std::map<std::string, cl::Program> m_programs;  ///< key -> program
    Stats m_stats;
};

/// 64-bit FNV-1a, as hex: stable across runs and platforms.
std::string stable_hash(const std::string& text);

}  // namespace gpu
}  // namespace ovcl
