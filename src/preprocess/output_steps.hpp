// Output post-processing (PrePostProcessor::build): the steps recorded for a model output become
// ops between its last op and a new Result.
#pragma once

#include <memory>
#include <vector>

#include "ovcl/model.hpp"
#include "ovcl/preprocess/pre_post_process.hpp"

namespace ovcl {
namespace preprocess {

/// What an output's OutputTensorInfo and OutputModelInfo hold.
struct OutputSpec {
    element::Type m_type;
    Layout m_layout;
    Layout m_model_layout;
};

/// The new Result of output `index` after its steps (nullptr when nothing changes).
std::shared_ptr<Node> build_output(Model& model, size_t index, const OutputSpec& t,
                                   const std::vector<detail::Step>& steps);

}  // namespace preprocess
}  // namespace ovcl
