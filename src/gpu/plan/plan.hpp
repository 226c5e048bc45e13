// The execution plan of a model whose input shapes are fixed: a list of steps (kernel launches with
// everything precomputed, or host steps that run host_ref), a value per node output, and a
// memory plan (memory_plan.hpp) that gives each value a region ("slot") of a device arena,
// reused once the value is dead. A kernel step's scratch buffers (OpConfig::scratch) are values too, alive at
// that step only: they take arena space that is free while the step runs and count in every figure below.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "ops/gpu_op.hpp"
#include "ovcl/model.hpp"
#include "plan/memory_plan.hpp"
#include "plan/op_cache.hpp"

namespace ovcl {
namespace gpu {

/// HOST: a value that stays on the host in the request (no slot), read only by host steps and model outputs:
/// one whose shape is known only once its producer has run (NonZero, NMS, an If whose branches differ; its shape
/// and bytes are empty, `data_dependent`), or a host step's static output that no device command reads, so that a
/// chain of host steps passes its values on the host (one download before it, one upload after it).
struct Value {
    element::Type type;
    Shape shape;
    size_t bytes = 0;
    enum class Where { SLOT, CONSTANT, HOST } where = Where::SLOT;
    size_t index = 0;  ///< slot index (Plan::slots), or index into Plan::constants
    bool data_dependent = false;  ///< HOST: the shape is this run's, not the plan's
};

struct Step {
    /// READ_VALUE / ASSIGN: copies between a variable's device buffer and the step's value
    /// (variable_state.hpp); Assign's output aliases its input. VIEW: no command at all, the output
    /// is the input's bytes (Reshape, Squeeze, Unsqueeze), or for an in-place Concat the inputs were
    /// written by their producers straight into their places in the output.
    enum class Kind { KERNELS, HOST, VIEW, READ_VALUE, ASSIGN } kind = Kind::KERNELS;
    std::shared_ptr<Node> node;
    std::vector<size_t> inputs;   ///< value ids
    std::vector<size_t> outputs;  ///< value ids
    OpConfig config;              ///< KERNELS: launches; CONSTANT args index op_constants
    std::vector<size_t> op_constants;  ///< plan constant index of each config.constants[i]
    std::vector<size_t> scratch;  ///< KERNELS: value id of each config.scratch[i] (a u8 tensor alive at this step only)
    std::string reason;           ///< HOST: why the device does not run it
    /// HOST because its shapes are known only at run time, but an op the device has kernels for: the request
    /// configures it for this run's shapes and runs it there (runtime_kernels.hpp) when it is `compute_bound`
    /// (convolutions, MatMuls: worth an upload) or when its inputs are on the device already.
    bool kernels_at_run_time = false;
    bool compute_bound = false;
    std::string variable_id;      ///< READ_VALUE / ASSIGN
};

/// Variables live in device buffers unless ReadValue or Assign is forced to the host: then both
/// run there, on the request's host store, so they see one value.
bool device_variables(const std::set<std::string>& host_ops);
/// Whether the device runs `node` under `config` and, if not, why: the plan and query_model agree
/// through this.
Validation device_runs(const Node& node, const DeviceInfo& device, const std::set<std::string>& host_ops);

struct Plan {
    std::shared_ptr<Model> model;    ///< transformed, static input shapes (data-dependent ones: Value HOST)
    std::vector<Value> values;
    std::vector<Step> steps;
    std::vector<Slot> slots;         ///< where each slot lies in the arenas
    std::vector<size_t> slot_bytes;  ///< size of each slot (slots[i].bytes)
    std::vector<size_t> arena_bytes; ///< the device buffers of a request (one unless a device limit splits it)
    /// Slots are sub-buffers at offsets in the arenas; false: each slot is all of its arena (DeviceInfo::sub_buffers,
    /// share_whole_buffers), and no Concat is in place.
    bool sub_buffers = true;
    std::vector<Tensor> constants;   ///< host copies of the constants: the graph's and the ops' own
    /// Whether a device command reads constants[i] (a kernel argument, a variable copy), so that it is uploaded
    /// once per compiled model. A graph Constant that its consumers read only through their own reordered or
    /// packed copies (conv2d_k16's weights, MatMul's packed B), or only on the host, stays on the host.
    std::vector<bool> constant_on_device;
    size_t constants_bytes = 0;  ///< device bytes of the constants uploaded
    std::vector<size_t> parameter_values;  ///< value id of each model input
    std::vector<size_t> result_values;     ///< value id of each model output
    /// Device memory of one request for intermediate tensors, inputs and outputs (constants are
    /// apart: uploaded once per compiled model). peak_bytes is what a request allocates (the sum of
    /// the arenas); live_set_bytes the most bytes alive across any one step, which no plan can go
    /// under; tensors_bytes the bytes of every non-constant value, each in its own buffer (no reuse,
    /// no views), the memory without a plan.
    size_t peak_bytes = 0;
    size_t live_set_bytes = 0;
    size_t tensors_bytes = 0;

    /// Plans `model` (static input shapes, already transformed) for `device`; `host_ops` run on the host (OVCL_GPU_HOST_OPS).
    /// With `ops`, each op's validation and configuration come from (and go into) that cache of earlier plans.
    static std::shared_ptr<Plan> build(std::shared_ptr<Model> model, const DeviceInfo& device,
                                       const std::set<std::string>& host_ops, OpCache* ops = nullptr);
};

/// Bytes a sub-buffer's origin (an in-place Concat's part) must be a multiple of on `device`:
/// CL_DEVICE_MEM_BASE_ADDR_ALIGN (128 on PoCL, 512 on NVIDIA's driver), never less than 128.
size_t base_alignment(const DeviceInfo& device);

}  // namespace gpu
}  // namespace ovcl
