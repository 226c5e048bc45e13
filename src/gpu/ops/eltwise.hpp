// GPU host classes of the eltwise ops.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

/// Every element-wise op of host_ref/unary.cpp and host_ref/binary.cpp, Select and Convert, through one
/// kernel source (kernels_cl/eltwise.cl) whose OP macro is the op's expression on vectors:
///   eltwise_flat   same-shape inputs and single-element inputs (scalars, Swish's beta);
///   eltwise_bcast  numpy broadcasting over merged axes (host_ref::plan_broadcast), rows of the innermost axis.
/// Element types: f32 for every op; f16 as storage with f32 compute; i32/i64 for the integer ops of host_ref
/// (integer Divide/FloorMod/Mod only with a Constant divisor free of zeros); boolean for the logical ops,
/// comparisons, LogicalNot and Select's condition; comparisons and Convert also take i8/u8; Select copies any
/// 1/2/4/8-byte type by its bits.
/// Refused (they run on the host): integer Log/Sqrt/Erf/Sin/Cos/Tanh (host_ref computes them in double and
/// rounds), integer Divide/FloorMod/Mod without a Constant divisor free of zeros (host_ref raises on zero),
/// a Swish beta of more than one value, other element types, more than 2^32 - 1 elements.
class EltwiseOp : public GpuOp {
public:
    Validation validate(const Node& node, const DeviceInfo& device) const override;
    OpConfig configure(const Node& node, const DeviceInfo& device) const override;
};

/// What kernels_cl/eltwise.cl needs to run one node: its OP expression and the types of its buffers.
struct EltwiseKernel {
    std::string op;                       ///< body of OP(a[,b[,c]]) (no spaces); empty when refused
    std::string reason;                   ///< why the node is refused (op empty)
    size_t arity = 1;                     ///< inputs read: a, b, c
    std::array<std::string, 4> types;     ///< OpenCL compute type of a, b, c and the output
    std::array<bool, 4> half{};           ///< that buffer stores f16 (its compute type is float)
    std::string unsigned_type;            ///< UA: unsigned type of a for integer arithmetic (empty: none)
    bool real = false;                    ///< a computes in float (REAL helpers)
    std::array<double, 2> params{};       ///< p0, p1 when a is float (Clamp bounds, Elu alpha)
    std::array<int64_t, 2> int_params{};  ///< p0, p1 when a is an integer (Clamp bounds)
};

/// The kernel of an element-wise node, or the reason it has none (src/gpu/ops/eltwise_exprs.cpp).
EltwiseKernel eltwise_kernel(const Node& node);

}  // namespace gpu
}  // namespace ovcl
