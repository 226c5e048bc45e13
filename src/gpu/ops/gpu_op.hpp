// The host class of a GPU op (one per op family, ComputeLibrary/MNN style):
//   validate()  side-effect free: can this device run the node as it is? If not, why.
//   configure() for a node with static shapes: the kernel launches (program, -D options,
//               arguments, work sizes) and any constants it prepares once (reordered weights).
// The compiled model builds every launch once; an inference only enqueues them.
#pragma once

#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ocl/device.hpp"
#include "ovcl/node.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/tensor.hpp"

namespace ovcl {
namespace gpu {

struct Validation {
    bool supported = true;
    std::string reason;
    static Validation yes() { return {}; }
    static Validation no(std::string why) { return {false, std::move(why)}; }
};

/// One kernel argument: a buffer of the node (input i / output i), a constant prepared by
/// configure() (constant i), a scratch buffer of the step (scratch i), the step's status word, a scalar
/// value, or local memory of a size.
struct KernelArg {
    enum class Kind { INPUT, OUTPUT, CONSTANT, SCALAR, LOCAL, SCRATCH, STATUS };
    Kind kind = Kind::SCALAR;
    size_t index = 0;                  ///< INPUT/OUTPUT/CONSTANT/SCRATCH: which one; LOCAL: bytes
    std::vector<unsigned char> bytes;  ///< SCALAR: the value's bytes

    static KernelArg input(size_t i) { return {Kind::INPUT, i, {}}; }
    static KernelArg output(size_t i) { return {Kind::OUTPUT, i, {}}; }
    static KernelArg constant(size_t i) { return {Kind::CONSTANT, i, {}}; }
    static KernelArg local(size_t bytes) { return {Kind::LOCAL, bytes, {}}; }
    static KernelArg scratch(size_t i) { return {Kind::SCRATCH, i, {}}; }
    /// The step's status word (a cl_int, 0 when the inference starts): a kernel that finds an input value the op
    /// rejects (an index outside the data) stores nonzero there, and the inference fails with
    /// OpConfig::status_error naming the node, as host_ref throws. Read back with the outputs.
    static KernelArg status() { return {Kind::STATUS, 0, {}}; }
    template <typename T>
    static KernelArg scalar(T value) {  // use cl_int / cl_uint / cl_float / cl_long explicitly
        KernelArg a{Kind::SCALAR, 0, std::vector<unsigned char>(sizeof(T))};
        std::memcpy(a.bytes.data(), &value, sizeof(T));
        return a;
    }
};

struct KernelLaunch {
    std::string source;   ///< stem of kernels_cl/<source>.cl
    std::string entry;    ///< kernel function name
    std::string options;  ///< build options: -D macros (and -cl-* flags)
    std::vector<KernelArg> args;
    std::vector<size_t> global;  ///< 1 to 3 dims
    std::vector<size_t> local;   ///< empty: the runtime chooses
    /// The options its program is built with: `options` and the entry, so the program holds this one kernel
    /// (ProgramCache, kOnlyKernel).
    std::string program_options() const;
};

struct OpConfig {
    std::vector<KernelLaunch> launches;  ///< enqueued in order
    std::vector<Tensor> constants;       ///< uploaded once per compiled model; CONSTANT args index them
    /// Device buffers (sizes in bytes) that live during this op's launches only, e.g. an operand repacked by a
    /// first launch for the next; SCRATCH args index them. Their contents do not outlive the op: every launch
    /// sequence writes a scratch buffer before reading it. The plan places them in the request's arena like
    /// any tensor alive at this step only (memory_plan.hpp).
    std::vector<size_t> scratch;
    std::string impl_name;               ///< shown in profiling / runtime model (e.g. "conv_3x3_f16x14")
    std::string status_error;            ///< what a nonzero status word means (KernelArg::status)
};

class GpuOp {
public:
    virtual ~GpuOp() = default;
    virtual Validation validate(const Node& node, const DeviceInfo& device) const = 0;
    /// Only called after validate() said yes, with every input and output shape static.
    /// Inputs and outputs are dense C-order buffers of the node's element types.
    virtual OpConfig configure(const Node& node, const DeviceInfo& device) const = 0;
    /// For a step configured at run time whose inputs change shape at every run (a KV cache a token longer at each
    /// token): `config`, made by configure() for `configured`, with the arguments that depend on the shapes set for
    /// inputs `now` (shape-like ones with their values), when the op can tell, without shape inference, that it
    /// serves them and gives outputs of `configured`'s shapes. None (the default) when it cannot: the step is
    /// validated and configured for the new shapes.
    virtual std::optional<OpConfig> rebind(const Node& configured, const OpConfig& config,
                                           const std::vector<InputInfo>& now) const;
};

/// Declares the usual host class: validate() and configure() of one op, defined in ops/<family>.cpp.
#define OVCL_DECLARE_GPU_OP(NAME)                                                        \
    class NAME : public GpuOp {                                                          \
    public:                                                                              \
        Validation validate(const Node& node, const DeviceInfo& device) const override; \
        OpConfig configure(const Node& node, const DeviceInfo& device) const override;  \
    }

/// The op table's GPU column for an op with no kernel (src/op_table/op_table.def): it runs on host_ref.
using none = void;

/// The op table's GPU column for ops whose output is input 0's bytes under another shape (Reshape,
/// Squeeze, Unsqueeze): no kernel, the output shares the input's buffer (configure() throws).
OVCL_DECLARE_GPU_OP(ViewOp);

/// The op table's GPU column for ops the plugin's transformations replace by ops with kernels before planning
/// (src/gpu/transform/decompositions.cpp). One that reaches a plan (dynamic or empty data, the replacement's ops
/// forced to the host) runs on host_ref: validate() says why, configure() throws.
OVCL_DECLARE_GPU_OP(DecomposedOp);

/// The GPU host class of the node's (type, version) in the op table (or of an extension op); nullptr
/// when the GPU has none.
const GpuOp* find_gpu_op(const Node& node);
/// The GPU host class of the newest version of `type` that has one; nullptr when none.
const GpuOp* find_gpu_op(const std::string& type);
/// Every op type with a GPU host class in some version.
std::vector<std::string> gpu_op_types();
/// Whether the node is a view (ViewOp in the op table).
bool is_view_op(const Node& node);
/// validate() through the table, plus the checks every op shares (static shapes, element types).
Validation validate_node(const Node& node, const DeviceInfo& device);

/// Build-option helpers: "-DNAME=value".
std::string define(const std::string& name, const std::string& value);
std::string define(const std::string& name, long long value);
/// The OpenCL C type of an element type: "float", "half", "int", "long", "uchar", "char".
std::string cl_type(element::Type type);
/// " -cl-fp32-correctly-rounded-divide-sqrt" where the device offers it, else "": f32 division as the host computes
/// it (OpenCL allows 2.5 ulp otherwise), for kernels that must match host_ref bit for bit.
std::string correctly_rounded_division(const DeviceInfo& device);

}  // namespace gpu
}  // namespace ovcl
