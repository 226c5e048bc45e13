// The kernel selector of the GPU plugin and its tuning mode (GPU_TUNING_MODE). A TunableOp (ops/tunable_op.hpp)
// lists its candidates for a node on a device, the heuristic's pick first; the plan's configure() asks select()
// which one to build:
// DISABLED the heuristic; CREATE the stored choice, else the fastest candidate timed on the device (then stored);
// USE_EXISTING the stored choice, else the heuristic. The store is CACHE_DIR/ovcl_tuning.json. A compiled model
// opens a Scope around planning; configure() with no Scope uses the heuristic. Details: docs/tuning.md.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "ops/tunable_op.hpp"

namespace ovcl {
namespace gpu {

struct DeviceContext;
class ProgramCache;

enum class TuningMode { DISABLED, CREATE, USE_EXISTING };

namespace tuning {

/// The property key and its values.
constexpr const char* kProperty = "GPU_TUNING_MODE";
TuningMode parse_mode(const std::string& text);  ///< throws InvalidArgument naming GPU_TUNING_MODE
std::string to_string(TuningMode mode);
/// The store's file name inside CACHE_DIR.
constexpr const char* kStoreFile = "ovcl_tuning.json";
/// Timed runs per candidate (after one warm-up run); the median counts.
constexpr int kTimedRuns = 5;

/// The candidate to build for `node`: 0 without an open Scope or under DISABLED.
size_t select(const TunableOp& op, const Node& node, const DeviceInfo& device);
/// The launches of `node` by `op`: a TunableOp's selected candidate, any other op's configure().
OpConfig configure(const GpuOp& op, const Node& node, const DeviceInfo& device);

/// What this copy of the selector did in this process (a program that loads the GPU plugin as a shared library
/// has another copy there: it sets OVCL_GPU_TUNING_LOG=<file> instead, and the selector appends one JSON line per
/// event to that file: {"event": "timed" | "rejected" | "tuned" | "hit" | "written", ...}).
struct Stats {
    std::atomic<size_t> candidates_timed{0};  ///< candidate runs timed (each kTimedRuns runs)
    std::atomic<size_t> ops_tuned{0};         ///< op signatures tuned (CREATE, not found in the store)
    std::atomic<size_t> store_hits{0};        ///< choices taken from the store
    std::atomic<size_t> rejected{0};          ///< candidates dropped: their output differed from the heuristic's
    std::atomic<size_t> stores_written{0};    ///< store files written
};
Stats& stats();

/// The key of `node` in the store: "<type>-<version>|in:<type><shape>[c],...|out:...|<attributes>".
std::string op_signature(const Node& node);

/// Tuning for the compiles of this thread while it lives (one compiled model's planning). Throws under
/// USE_EXISTING when the store exists but cannot be read or parsed.
class Scope {
public:
    Scope(TuningMode mode, const std::string& cache_dir, const DeviceContext& device);
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

    struct Session;

private:
    std::unique_ptr<Session> m_session;
    Session* m_previous = nullptr;
};

/// Runs candidate `index` of a TunableOp node on a device (context, queue, programs), inputs as host tensors;
/// the op tests use it to check every candidate against host_ref.
TensorVector run_candidate(const Node& node, const TensorVector& inputs, size_t index, const cl::Context& context,
                           const cl::CommandQueue& queue, ProgramCache& programs, const DeviceInfo& device);

}  // namespace tuning
}  // namespace gpu
}  // namespace ovcl
