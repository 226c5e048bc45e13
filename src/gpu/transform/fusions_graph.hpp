// What the graph fusions of fusions.hpp share (internal to the GPU plugin): who consumes each port, how a fused
// node takes over the names of the nodes it replaces, and the registry entries of the fused op types.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ops/fused_ops.hpp"
#include "ovcl/model.hpp"
#include "ovcl/op_registry.hpp"

namespace ovcl {
namespace gpu {

/// The consumers of every port of a model (as get_ordered_ops() lists them), kept up to date by redirect().
class Consumers {
public:
    using Use = std::pair<std::shared_ptr<Node>, size_t>;  ///< consumer, input index
    explicit Consumers(const NodeVector& order);
    const std::vector<Use>& of(const Output<Node>& port) const;
    /// The one consumer of `port`; nullptr when it has none or several, or feeds a model output.
    std::shared_ptr<Node> only(const Output<Node>& port) const;
    /// Whether every consumer of `port` is a node of `inside` (and there is at least one; a Result never is).
    bool all_in(const Output<Node>& port, const std::vector<std::shared_ptr<Node>>& inside) const;
    /// Every consumer of `from` reads `to` instead.
    void redirect(const Output<Node>& from, const Output<Node>& to);
    /// The nodes `old` read nothing any more; `reader` reads its inputs.
    void replace_reader(const NodeVector& old, const std::shared_ptr<Node>& reader);

private:
    std::map<Output<Node>, std::vector<Use>> m_uses;
};

/// What a fusion pass walks: the model's ops in order (the fused types registered), their consumers and
/// positions. done(n) revalidates the model after n replacements and returns n.
struct FusionWalk {
    explicit FusionWalk(Model& model);
    /// Returns `changed`, after inferring the model's types again unless every change was a replace() whose fused
    /// node gives what the node it stands for gave (then nothing downstream changes: a KV cache's specialisation
    /// per token spares the whole-graph inference).
    size_t done(size_t changed);
    /// Sorts `nodes` (all still in `position`) into graph order.
    void sort_in_order(NodeVector& nodes) const;
    /// replace_by_fused, counting the replacements whose output type and shape are the replaced one's.
    void replace(const std::shared_ptr<Node>& fused, const NodeVector& nodes);
    /// replace(), with `nodes` taken out of `position` so that no later match takes them.
    void replace_taken(const std::shared_ptr<Node>& fused, const NodeVector& nodes);

    Model& model;
    NodeVector order;
    Consumers consumers;
    std::map<const Node*, size_t> position;
    size_t same_output = 0;  ///< replace() calls whose fused output matched
};

/// `fused` (one output) replaces `nodes` (in graph order; the last one's output is the value it computes): it
/// takes the last node's friendly name, tensor names and rt_info, rt_info["fused_names"] lists every node's
/// friendly name (or the names it had fused itself), and the last node's consumers read it.
void replace_by_fused(const std::shared_ptr<Node>& fused, const NodeVector& nodes, Consumers& consumers);

/// The operand of `binary` (two inputs, numpy broadcast) that is not `producer`, when it is a Constant of the
/// producer's type that broadcasts along the channel axis `axis` of the producer's output only (a bias, a
/// per-channel scale; one value counts); nullptr otherwise.
std::shared_ptr<Node> channel_constant(const Node& binary, const Output<Node>& producer, size_t axis);

/// A node of two inputs with numpy broadcasting (auto_broadcast absent or "numpy").
bool numpy_binary(const Node& n);

/// The single value of a Constant of one element (any real or integer type) in `value`; false otherwise.
bool scalar_constant(const Output<Node>& port, double& value);

/// The values of a Constant of an integer type (axes, a permutation, a slice's bounds); nullopt otherwise.
std::optional<std::vector<int64_t>> integer_constant(const Output<Node>& port);

/// A normalisation FusedMVN stands for (fusions_norm_patterns.cpp): an MVN node, a LayerNorm decomposition, or an
/// RMSNorm one (LLaMA's, Qwen's: the same without the mean).
struct NormPattern {
    Output<Node> data;
    std::vector<size_t> axes;  ///< normalised, sorted
    double eps = 0;
    bool inside = true;  ///< eps inside the square root
    bool normalize_variance = true;
    bool center = true;  ///< false: RMS normalisation, x / sqrt(mean(x^2) + eps), no mean subtracted
    bool mvn = false;  ///< an MVN node (else a decomposition)
    NodeVector nodes;  ///< every matched node but data and Constants (perhaps twice), the result among them
};
/// Whether `node` is the result of a normalisation (an MVN node, or the division of a decomposition); fills
/// `pattern` when it is (the caller checks that the intermediates are read by the pattern only).
bool match_normalisation(const std::shared_ptr<Node>& node, NormPattern& pattern);

}  // namespace gpu
}  // namespace ovcl
