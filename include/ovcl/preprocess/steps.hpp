// The recorded steps of pre- and post-processing: what an application declares about its tensors
// and the conversions between them and the model. PrePostProcessor::build() turns them into ops
// (src/preprocess/). Shaped like OpenVINO's ov::preprocess classes; every setter returns *this so
// calls chain: ppp.input().preprocess().convert_element_type(element::f32).mean({..}).scale({..}).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ovcl/element_type.hpp"
#include "ovcl/layout.hpp"
#include "ovcl/node.hpp"
#include "ovcl/preprocess/color_format.hpp"

namespace ovcl {
namespace preprocess {

class PrePostProcessor;

/// A user function that adds its own ops after the current ones (OpenVINO's custom()).
using CustomStep = std::function<Output<Node>(const Output<Node>&)>;

namespace detail {
/// One recorded step; which fields matter depends on `kind`.
struct Step {
    enum class Kind { convert_element_type, convert_layout, convert_layout_dims, mean, scale, resize, convert_color,
                      reverse_channels, custom };
    Kind kind;
    element::Type type = element::undefined;  ///< convert_element_type; undefined: the model's (input) / tensor's
    Layout layout;                            ///< convert_layout; empty: the model's (input) / tensor's (output)
    std::vector<int64_t> dims;                ///< convert_layout_dims: a Transpose order
    std::vector<float> values;                ///< mean, scale: one value or one per channel
    ResizeAlgorithm algorithm = ResizeAlgorithm::RESIZE_LINEAR;
    int64_t height = -1, width = -1;          ///< resize; -1: the model's
    ColorFormat color = ColorFormat::UNDEFINED;
    CustomStep custom;
    /// "mean", "convert_layout NCHW", ... for messages.
    std::string describe() const;
};
}  // namespace detail

/// What the application's input tensor is: set here, it becomes the new Parameter's type and shape.
class InputTensorInfo {
public:
    InputTensorInfo& set_element_type(element::Type type);
    InputTensorInfo& set_layout(const Layout& layout);
    /// The tensor's full shape (instead of the one derived from the model's).
    InputTensorInfo& set_shape(const PartialShape& shape);
    /// The tensor's height and width (its layout, or NHWC for a color format, must name H and W);
    /// a resize() step brings them to the model's.
    InputTensorInfo& set_spatial_static_shape(size_t height, size_t width);
    /// The image format. NV12_TWO_PLANES makes two Parameters, "<name>/y" and "<name>/uv" (or
    /// "<name>/<sub_names[i]>"); a color format without a layout implies NHWC.
    InputTensorInfo& set_color_format(ColorFormat format, const std::vector<std::string>& sub_names = {});

private:
    friend class PrePostProcessor;
    element::Type m_type = element::undefined;
    Layout m_layout;
    PartialShape m_shape = PartialShape::dynamic();
    bool m_shape_set = false;
    int64_t m_height = -1, m_width = -1;
    ColorFormat m_color = ColorFormat::UNDEFINED;
    std::vector<std::string> m_sub_names;
};

/// What the model's input is (its layout: the target of implicit layout conversions and resize).
class InputModelInfo {
public:
    InputModelInfo& set_layout(const Layout& layout);

private:
    friend class PrePostProcessor;
    Layout m_layout;
};

/// The conversions applied, in the order given, to the application's tensor; after them the
/// element type and layout still differing from the model's are converted implicitly.
class PreProcessSteps {
public:
    /// To `type`; element::undefined: to the model input's type.
    PreProcessSteps& convert_element_type(element::Type type = element::undefined);
    /// To `layout` (a Transpose); empty: to the model's layout.
    PreProcessSteps& convert_layout(const Layout& layout = {});
    /// A Transpose with this order (axis i of the result is axis dims[i]).
    PreProcessSteps& convert_layout(const std::vector<uint64_t>& dims);
    /// Subtracts one value, or one per channel (the current layout must name C).
    PreProcessSteps& mean(float value);
    PreProcessSteps& mean(const std::vector<float>& values);
    /// Divides by one value, or one per channel.
    PreProcessSteps& scale(float value);
    PreProcessSteps& scale(const std::vector<float>& values);
    /// Resizes H and W (Interpolate-11) to the model's, or to (height, width).
    PreProcessSteps& resize(ResizeAlgorithm algorithm);
    PreProcessSteps& resize(ResizeAlgorithm algorithm, size_t height, size_t width);
    /// From the tensor's color format to `format`: NV12 (either form) to RGB, BGR or GRAY (BT.601 as
    /// OpenVINO's NV12toRGB), RGB <-> BGR, RGBX/BGRX -> RGB/BGR.
    PreProcessSteps& convert_color(ColorFormat format);
    /// Reverses the channel axis (RGB <-> BGR without declaring formats).
    PreProcessSteps& reverse_channels();
    PreProcessSteps& custom(CustomStep step);

private:
    friend class PrePostProcessor;
    std::vector<detail::Step> m_steps;
};

class InputInfo {
public:
    InputTensorInfo& tensor() { return m_tensor; }
    PreProcessSteps& preprocess() { return m_steps; }
    InputModelInfo& model() { return m_model; }

private:
    friend class PrePostProcessor;
    InputTensorInfo m_tensor;
    PreProcessSteps m_steps;
    InputModelInfo m_model;
};

/// What the application's output tensor is.
class OutputTensorInfo {
public:
    OutputTensorInfo& set_element_type(element::Type type);
    OutputTensorInfo& set_layout(const Layout& layout);

private:
    friend class PrePostProcessor;
    element::Type m_type = element::undefined;
    Layout m_layout;
};

class OutputModelInfo {
public:
    OutputModelInfo& set_layout(const Layout& layout);

private:
    friend class PrePostProcessor;
    Layout m_layout;
};

/// Conversions applied, in order, to the model's output; then the element type and layout still
/// differing from the tensor's are converted implicitly.
class PostProcessSteps {
public:
    /// To `type`; element::undefined: to the output tensor's type.
    PostProcessSteps& convert_element_type(element::Type type = element::undefined);
    /// To `layout`; empty: to the output tensor's layout.
    PostProcessSteps& convert_layout(const Layout& layout = {});
    PostProcessSteps& convert_layout(const std::vector<uint64_t>& dims);
    PostProcessSteps& custom(CustomStep step);

private:
    friend class PrePostProcessor;
    std::vector<detail::Step> m_steps;
};

class OutputInfo {
public:
    OutputTensorInfo& tensor() { return m_tensor; }
    PostProcessSteps& postprocess() { return m_steps; }
    OutputModelInfo& model() { return m_model; }

private:
    friend class PrePostProcessor;
    OutputTensorInfo m_tensor;
    PostProcessSteps m_steps;
    OutputModelInfo m_model;
};

}  // namespace preprocess
}  // namespace ovcl
