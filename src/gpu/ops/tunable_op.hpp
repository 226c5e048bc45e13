// What an op host class implements to be tuned: its candidates for a node. The selector (tuning/) picks one;
// the op itself never asks it, so ops sit below the tuner that runs them.
#pragma once

#include <string>
#include <vector>

#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {
namespace tuning {

/// An op with several implementations for a node: candidate_names()[0] is the heuristic's pick.
/// configure() of such an op is candidate 0.
class TunableOp {
public:
    virtual ~TunableOp() = default;
    /// The names of the candidates (their impl names), never empty; [0] is the default.
    virtual std::vector<std::string> candidate_names(const Node& node, const DeviceInfo& device) const = 0;
    /// The launches of candidate `index` of candidate_names().
    virtual OpConfig configure_candidate(const Node& node, const DeviceInfo& device, size_t index) const = 0;
};

}  // namespace tuning

/// Declares a tunable host class: validate(), configure() (candidate 0) and the candidates, defined in
/// ops/<family>.cpp.
#define OVCL_DECLARE_TUNABLE_GPU_OP(NAME)                                                                      \
    class NAME : public GpuOp, public tuning::TunableOp {                                                      \
    public:                                                                                                    \
        Validation validate(const Node& node, const DeviceInfo& device) const override;                       \
        OpConfig configure(const Node& node, const DeviceInfo& device) const override;                        \
        std::vector<std::string> candidate_names(const Node& node, const DeviceInfo& device) const override;  \
        OpConfig configure_candidate(const Node& node, const DeviceInfo& device, size_t index) const override; \
    }

}  // namespace gpu
}  // namespace ovcl
