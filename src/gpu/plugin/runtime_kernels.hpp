// Kernels for host steps whose shapes are known only at run time: the ops after NonZero, NMS or a proposal
// count (a detector's box and mask heads). The plan cannot configure them, so they are host steps; for those whose
// op has kernels (Step::kernels_at_run_time: compute-bound ones always, others when their inputs are on the device)
// the request asks this object to configure the op for the shapes of this run and run its kernels (host inputs
// uploaded, device ones read in place; outputs read back or left on the device), before falling back to host_ref.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "ocl/device_context.hpp"
#include "plugin/config.hpp"

namespace ovcl {
namespace gpu {

class RuntimeKernels {
public:
    RuntimeKernels(std::shared_ptr<DeviceContext> device, const Config& config);

    /// An input or output of the node: a host tensor, or a buffer on the device with its type and shape (an input
    /// in the request's arenas, which the kernels read in place, or a value a run-time step left there).
    struct Operand {
        Tensor host;
        cl::Buffer device;
        element::Type type;
        Shape shape;
        bool in_slot = false;  ///< `device` is a slot of the request's arenas, which later values reuse
    };
    /// Where a run leaves its outputs: output i is written into `targets[i]` when set (a slot of the request), else
    /// stays in a new device buffer when `keep[i]`, else is read back (blocking).
    struct Outputs {
        std::vector<bool> keep;
        std::vector<cl::Buffer> targets;
    };
    /// What a run gave: the outputs (those left on the device with their buffer, no tensor), and the status word to
    /// read once the queue has run the kernels (null when they report none), nonzero meaning `status_error`.
    struct Outcome {
        std::vector<Operand> outputs;
        cl::Buffer status;
        std::string status_error;
    };
    /// The outputs of `node` on `inputs`, computed by the device's kernels on `queue`, or none when the device does
    /// not run the node at these shapes; `impl` gets the kernels' name. A view op (Reshape, Squeeze) of an input on
    /// the device gives that buffer with the output's shape, or a copy of it when it is a slot or has a target; a
    /// Concat of inputs all on the device into a new buffer is copies, and a Gather that keeps every index in its
    /// place passes its data on, neither configured (a KV cache's shapes are new at every token).
    std::optional<Outcome> run(const Node& node, const std::vector<Operand>& inputs, const Outputs& where,
                               const cl::CommandQueue& queue, std::string* impl = nullptr);
    /// How many times a node was configured for the shapes of a run (a miss of the entries, rebinding aside).
    size_t configurations() const {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_configurations;
    }

private:
    /// One configuration per static signature (OpCache::key_of): op constants stay on the device between runs.
    struct Entry {
        std::shared_ptr<Node> node;  ///< the node with static inputs
        Validation validation;  ///< a view op: supported, with no kernels
        OpConfig config;
        std::vector<cl::Buffer> constants;
        const GpuOp* op = nullptr;
    };
    std::shared_ptr<const Entry> entry(const Node& node, const std::vector<Operand>& inputs);
    /// The entry last configured for `node`, its configuration rebound to these inputs (GpuOp::rebind): a KV cache's
    /// attention, its keys a token more at every run, is not configured again.
    std::optional<std::pair<std::shared_ptr<const Entry>, OpConfig>> rebound(const Node& node,
                                                                            const std::vector<Operand>& inputs);
    std::shared_ptr<const Entry> entry(const Node& node, const std::vector<Operand>& inputs, bool shape_constants);

    std::shared_ptr<DeviceContext> m_device;
    Config m_config;
    mutable std::mutex m_mutex;
    std::map<std::string, std::shared_ptr<const Entry>> m_entries;
    std::set<const Node*> m_wants_values;  ///< nodes configured only with their shape-like inputs as Constants
    /// Per node (the node itself, so that another at its address is not taken for it): its last entry configured.
    std::map<const Node*, std::pair<std::weak_ptr<const Node>, std::shared_ptr<const Entry>>> m_last;
    size_t m_constant_bytes = 0;
    size_t m_configurations = 0;
    static constexpr size_t kMaxEntries = 64;  ///< then cleared: a detector sees a few proposal counts
    static constexpr size_t kMaxConstantBytes = size_t(1) << 30;
};

}  // namespace gpu
}  // namespace ovcl
