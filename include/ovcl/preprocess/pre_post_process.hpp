// PrePostProcessor: pre- and post-processing folded into the model as ordinary ops, as OpenVINO's
// ov::preprocess::PrePostProcessor. The application declares its tensors (u8 NHWC BGR, NV12, ...) and the steps to
// the model's inputs; build() returns a model whose Parameters take the application's tensors and whose first ops
// (Convert, Transpose, Subtract, Divide, Interpolate, Gather, Slice, element-wise color math) do the conversion, so
// every device runs them (the GPU plugin as kernels, fused where it can). Rules and an example: docs/preprocess.md.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "ovcl/model.hpp"
#include "ovcl/preprocess/steps.hpp"

namespace ovcl {
namespace preprocess {

class PrePostProcessor {
public:
    /// Throws InvalidArgument when `model` is null.
    explicit PrePostProcessor(std::shared_ptr<Model> model);

    /// The only input (throws InvalidArgument when the model has several), by index, or by tensor
    /// name / Parameter friendly name (throws NotFound listing the inputs). The same object each time.
    InputInfo& input();
    InputInfo& input(size_t index);
    InputInfo& input(const std::string& name);
    OutputInfo& output();
    OutputInfo& output(size_t index);
    OutputInfo& output(const std::string& name);

    /// A new model with the steps inserted (the model given is left as it was). Inputs keep their
    /// tensor and friendly names (NV12 two-plane: "<name>/y", "<name>/uv"), outputs their names.
    /// Throws InvalidArgument naming the input or output and the step for a step that cannot apply
    /// (an unknown layout axis, a mean/scale of the wrong size, resize without H/W, a color
    /// conversion on the wrong channel count, a result that does not fit the model's input).
    std::shared_ptr<Model> build();

private:
    std::shared_ptr<Model> m_model;
    std::map<size_t, InputInfo> m_inputs;
    std::map<size_t, OutputInfo> m_outputs;
};

}  // namespace preprocess
}  // namespace ovcl
