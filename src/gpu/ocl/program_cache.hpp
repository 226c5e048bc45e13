// Built OpenCL programs, cached in memory by (source, options) and on disk (CACHE_DIR) as
// program binaries keyed by device, driver version, source hash and options, so a second
// start skips the compiler. A cache file that is corrupt or for something else is ignored
// and rewritten.
#pragma once

#include <atomic>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "ocl/device.hpp"

namespace ovcl {
namespace gpu {

/// The source of kernels_cl/<stem>.cl: embedded at build time, or read from
/// $OVCL_KERNELS_DIR/<stem>.cl when that variable is set (for kernel development), with
/// `#include "other.cl"` lines replaced by that file's text.
std::string kernel_source(const std::string& stem);

class ProgramCache {
public:
    ProgramCache(cl::Context context, const DeviceInfo& device);

    /// Build options holding `-DOVCL_ONLY_KERNEL=<name>` make a program of that one kernel: the source's other
    /// kernels are left out. A driver builds code for every kernel of a program (PoCL, at the first
    /// CL_PROGRAM_BINARIES, a work-group function each, launched or not).
    static constexpr const char* kOnlyKernel = "-DOVCL_ONLY_KERNEL=";

    /// The built program of kernels_cl/<stem>.cl with `options`; cache_dir "" means memory only.
    /// A build failure throws OclError with the build log.
    cl::Program get(const std::string& stem, const std::string& options, const std::string& cache_dir);

    /// A built program as export_model stores it. source_hash names the kernel source it was
    /// built from, so a binary of another source is never used for this one.
    struct Binary {
        std::string stem, options, source_hash;
        std::vector<unsigned char> binary;
    };
    /// The binary of the program get(stem, options) returns (built now if it is not in memory).
    /// Taken from the device, so with PoCL it includes the work-group sizes launched so far.
    Binary binary(const std::string& stem, const std::string& options);
    /// Puts a program created from an exported binary into the memory cache, so get() needs no
    /// compiler. False (nothing added) when the binary is for another kernel source or the device
    /// refuses it; get() then builds from source as usual.
    bool add(const Binary& binary);

    /// While a Deferral lives, programs built from source reach CACHE_DIR only when the last one ends. A driver
    /// serialises a program once (PoCL at the first CL_PROGRAM_BINARIES query), and only a binary taken after the
    /// launches holds the work-group code they built, so compile_model holds one over its warm-up inference.
    class Deferral {
    public:
        explicit Deferral(ProgramCache& cache);
        ~Deferral();
        Deferral(const Deferral&) = delete;
        Deferral& operator=(const Deferral&) = delete;

    private:
        ProgramCache& m_cache;
    };

    struct Stats {
        std::atomic<size_t> compiled{0};      ///< built from source
        std::atomic<size_t> from_disk{0};     ///< created from a cached binary
        std::atomic<size_t> memory_hits{0};
        std::atomic<size_t> from_blob{0};     ///< created from an imported model's binary (add)
        std::atomic<size_t> rejected{0};      ///< cached binaries found corrupt, foreign or refused: removed
    };
    const Stats& stats() const { return m_stats; }

private:
    std::string key_of(const std::string& stem, const std::string& source_hash, const std::string& options) const;
    cl::Program from_binary(const std::vector<unsigned char>& binary, const std::string& options);
    cl::Program build_from_source(const std::string& stem, const std::string& source, const std::string& options);
    cl::Program load_binary(const std::string& path, const std::string& key, const std::string& options);
    void store_binary(const cl::Program& program, const std::string& path, const std::string& key);

    struct PendingStore {
        cl::Program program;
        std::string path, key;
    };

    cl::Context m_context;
    DeviceInfo m_device;
    std::mutex m_mutex;
    std::map<std::string, cl::Program> m_programs;  ///< key -> program
    int m_deferrals = 0;                            ///< live Deferrals
    std::vector<PendingStore> m_pending;            ///< built while a Deferral lived, not yet on disk
    Stats m_stats;
};

/// 64-bit FNV-1a, as hex: stable across runs and platforms.
std::string stable_hash(const std::string& text);

}  // namespace gpu
}  // namespace ovcl
