// GPU host class of Einsum-7: no kernel of its own. An equation of one or two operands that is a batched matrix
// product up to transposes and reshapes is replaced before planning by the ops it is (transform/
// einsum_decomposition.cpp): a ReduceSum over the labels only one operand has, Transposes and Reshapes to
// [batch, M, K] x [batch, K, N] (or the transposed forms MatMul takes as attributes), one MatMul, a Reshape and a
// Transpose to the output's labels. What is not (three operands or more, a label repeated within an operand, a
// label of extent 1 against n, integer data that must be summed, an empty tensor) stays on host_ref, and validate()
// says which.
#pragma once

#include <string>
#include <vector>

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

/// How the device runs an Einsum, each list of axes in the order of the value it applies to. One operand: `reduce`,
/// then the Transpose `output`. Two: per operand `reduce`, the Transpose `order` and the Reshape to `matrix`, then
/// the MatMul, the Reshape to `product` and the Transpose `output`. Identity Transposes and Reshapes are left out.
struct EinsumLowering {
    std::vector<std::vector<int64_t>> reduce;  ///< per operand: axes summed first (those of labels only it has)
    std::vector<std::vector<int64_t>> order;   ///< per operand, after the sums: to [batch, M, K] / [batch, K, N]
    std::vector<Shape> matrix;                 ///< per operand: [batch,] rows, columns (transposed: as MatMul reads)
    bool transpose_a = false, transpose_b = false;
    Shape product;                ///< the MatMul's output as [batch labels.., M labels.., N labels..]
    std::vector<int64_t> output;  ///< the Transpose to the output's labels
};

/// `node` (an Einsum with static shapes) as the ops of EinsumLowering; false with `why` set when it is not one.
bool lower_einsum(const Node& node, EinsumLowering& lowering, std::string& why);

/// Einsum-7: DecomposedOp, with the reason its equation was not decomposed.
class EinsumOp : public DecomposedOp {
public:
    Validation validate(const Node& node, const DeviceInfo& device) const override;
};

}  // namespace gpu
}  // namespace ovcl
