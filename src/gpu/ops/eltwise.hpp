// GPU host classes of the eltwise ops.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

/// Every element-wise op of host_ref/unary.cpp and host_ref/binary.cpp, Select, Convert and BitwiseAnd/Or/Xor/Not,
/// through one kernel source (kernels_cl/eltwise.cl) whose OP macro is the op's expression on vectors; f32, f16
/// storage, i32/i64, boolean, (comparisons, Convert) i8/u8 and (bitwise ops) every 8- to 64-bit integer type. Refused (they run on the host): integer Log/Sqrt/Erf/Sin/Cos/Tanh,
/// integer Divide/FloorMod/Mod without a Constant divisor free of zeros, a Swish beta of more than one value, other
/// element types, more than 2^32 - 1 elements. Details: docs/kernels.md, "eltwise".
OVCL_DECLARE_GPU_OP(EltwiseOp);

/// FusedEltwise (fusions.hpp): the nodes' OP expressions composed into one, each node's result in a temporary
/// (-DFUSED_TEMPS), single-value Constant inputs inlined as literals, up to 6 inputs read from memory, each with
/// its own numpy broadcast (src/gpu/ops/eltwise_fused.cpp). f32 and f16 storage, every node computed in f32
/// (an f16 model rounds the intermediates no more: within the f16 tolerance of the unfused graph).
/// Refused: a node that fusable_eltwise() refuses, more than 6 inputs read from memory, 2^32 elements or more.
OVCL_DECLARE_GPU_OP(FusedEltwiseOp);

/// Buffers of an element-wise kernel: inputs a..f, then the output.
constexpr size_t kEltwiseSlots = 7;
constexpr size_t kEltwiseOut = kEltwiseSlots - 1;

/// What kernels_cl/eltwise.cl needs to run one node: its OP expression and the types of its buffers.
struct EltwiseKernel {
    std::string op;                                 ///< body of OP(a[,b...]) (no spaces); empty when refused
    std::string reason;                             ///< why the node is refused (op empty)
    size_t arity = 1;                               ///< inputs read: a, b, c, ... (up to 6)
    std::array<std::string, kEltwiseSlots> types;   ///< OpenCL compute type of a..f and the output (last)
    std::array<bool, kEltwiseSlots> half{};         ///< that buffer stores f16 (its compute type is float)
    std::string unsigned_type;                      ///< UA: unsigned type of a for integer arithmetic (empty: none)
    bool real = false;                              ///< a computes in float (REAL helpers)
    bool temps = false;                             ///< OP assigns the temporaries t0..t15 (FUSED_TEMPS)
    std::vector<float> literals;                    ///< FUSED_TEMPS: the values OP reads as lits[i]
    std::array<double, 2> params{};                 ///< p0, p1 when a is float (Clamp bounds, Elu alpha)
    std::array<int64_t, 2> int_params{};            ///< p0, p1 when a is an integer (Clamp bounds)
    bool divide_exact = false;                      ///< f32 division as the host's (FakeQuantize's levels)
};

/// The kernel of an element-wise node, or the reason it has none (src/gpu/ops/eltwise_exprs.cpp).
EltwiseKernel eltwise_kernel(const Node& node);

/// The single value of an f32 or f16 Constant of one element (a kernel takes it as a literal); false otherwise.
bool literal_input(const Output<Node>& in, double& value);

/// Whether `node` can be a node of a FusedEltwise: an arithmetic element-wise op (or a Convert between f32 and
/// f16) whose inputs and output are f32 or f16, computed in float, with numpy (or no) broadcasting of its inputs
/// onto its output, static shapes. The reason otherwise. `dims_known_later`: static ranks suffice (the fusion pass
/// on a model whose plans specialise its shapes: the FusedEltwise is validated again once they are static).
Validation fusable_eltwise(const Node& node, bool dims_known_later = false);

/// Whether every input and the output index within the kernels' 32-bit element counts; the reason otherwise.
Validation eltwise_sizes_fit(const Node& node);

/// The launch of kernels_cl/eltwise.cl for `k`: kernel input j reads node input `inputs[j]` as of shape
/// `reads[j]` (numpy-broadcast onto `out`). impl_name is `prefix` + "_flat_x<VEC>" or "_bcast_x<VEC>".
OpConfig eltwise_config(const EltwiseKernel& k, const std::vector<size_t>& inputs, const std::vector<Shape>& reads,
                        const Shape& out, const DeviceInfo& device, const std::string& prefix);

}  // namespace gpu
}  // namespace ovcl
