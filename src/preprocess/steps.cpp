// The recording side of pre/post-processing: setters that store what build() applies.
#include "ovcl/preprocess/steps.hpp"

#include <sstream>

#include "ovcl/except.hpp"

namespace ovcl {
namespace preprocess {

std::string to_string(ColorFormat format) {
    switch (format) {
    case ColorFormat::UNDEFINED: return "UNDEFINED";
    case ColorFormat::NV12_SINGLE_PLANE: return "NV12_SINGLE_PLANE";
    case ColorFormat::NV12_TWO_PLANES: return "NV12_TWO_PLANES";
    case ColorFormat::RGB: return "RGB";
    case ColorFormat::BGR: return "BGR";
    case ColorFormat::RGBX: return "RGBX";
    case ColorFormat::BGRX: return "BGRX";
    case ColorFormat::GRAY: return "GRAY";
    }
    return "?";
}

std::string to_string(ResizeAlgorithm algorithm) {
    switch (algorithm) {
    case ResizeAlgorithm::RESIZE_LINEAR: return "RESIZE_LINEAR";
    case ResizeAlgorithm::RESIZE_NEAREST: return "RESIZE_NEAREST";
    case ResizeAlgorithm::RESIZE_CUBIC: return "RESIZE_CUBIC";
    }
    return "?";
}

namespace detail {

std::string Step::describe() const {
    std::ostringstream os;
    const auto list = [&](const auto& v) {
        os << "[";
        for (size_t i = 0; i < v.size(); ++i)
            os << (i ? "," : "") << v[i];
        os << "]";
    };
    switch (kind) {
    case Kind::convert_element_type:
        os << "convert_element_type(" << (type.is_static() ? type.to_string() : "default") << ")";
        break;
    case Kind::convert_layout:
        os << "convert_layout(" << (layout.empty() ? "default" : layout.to_string()) << ")";
        break;
    case Kind::convert_layout_dims:
        os << "convert_layout(";
        list(dims);
        os << ")";
        break;
    case Kind::mean:
        os << "mean(";
        list(values);
        os << ")";
        break;
    case Kind::scale:
        os << "scale(";
        list(values);
        os << ")";
        break;
    case Kind::resize:
        os << "resize(" << to_string(algorithm);
        if (height >= 0)
            os << ", " << height << ", " << width;
        os << ")";
        break;
    case Kind::convert_color: os << "convert_color(" << to_string(color) << ")"; break;
    case Kind::reverse_channels: os << "reverse_channels()"; break;
    case Kind::custom: os << "custom()"; break;
    }
    return os.str();
}

Step make(Step::Kind kind) {
    Step s;
    s.kind = kind;
    return s;
}

std::vector<int64_t> to_order(const std::vector<uint64_t>& dims) {
    return std::vector<int64_t>(dims.begin(), dims.end());
}

// The steps pre- and post-processing both record.
Step type_step(element::Type type) {
    Step s = make(Step::Kind::convert_element_type);
    s.type = type;
    return s;
}
Step layout_step(const Layout& layout) {
    Step s = make(Step::Kind::convert_layout);
    s.layout = layout;
    return s;
}
Step dims_step(const std::vector<uint64_t>& dims) {
    Step s = make(Step::Kind::convert_layout_dims);
    s.dims = to_order(dims);
    return s;
}
// `who` ("preprocess()", "postprocess()") names the caller of an empty function.
Step custom_step(CustomStep step, const char* who) {
    if (!step)
        raise<InvalidArgument>(who, ".custom(): an empty function");
    Step s = make(Step::Kind::custom);
    s.custom = std::move(step);
    return s;
}

}  // namespace detail

using detail::Step;

InputTensorInfo& InputTensorInfo::set_element_type(element::Type type) {
    m_type = type;
    return *this;
}
InputTensorInfo& InputTensorInfo::set_layout(const Layout& layout) {
    m_layout = layout;
    return *this;
}
InputTensorInfo& InputTensorInfo::set_shape(const PartialShape& shape) {
    m_shape = shape;
    m_shape_set = true;
    return *this;
}
InputTensorInfo& InputTensorInfo::set_spatial_static_shape(size_t height, size_t width) {
    m_height = static_cast<int64_t>(height);
    m_width = static_cast<int64_t>(width);
    return *this;
}
InputTensorInfo& InputTensorInfo::set_color_format(ColorFormat format, const std::vector<std::string>& sub_names) {
    const size_t planes = format == ColorFormat::NV12_TWO_PLANES ? 2 : 1;
    if (!sub_names.empty() && (planes == 1 || sub_names.size() != planes))
        raise<InvalidArgument>("set_color_format(", to_string(format), "): ", sub_names.size(),
                               " sub-names given; ", planes == 1 ? "a single-plane format takes none" : "give 2");
    m_color = format;
    m_sub_names = sub_names;
    return *this;
}

InputModelInfo& InputModelInfo::set_layout(const Layout& layout) {
    m_layout = layout;
    return *this;
}

PreProcessSteps& PreProcessSteps::convert_element_type(element::Type type) {
    m_steps.push_back(detail::type_step(type));
    return *this;
}
PreProcessSteps& PreProcessSteps::convert_layout(const Layout& layout) {
    m_steps.push_back(detail::layout_step(layout));
    return *this;
}
PreProcessSteps& PreProcessSteps::convert_layout(const std::vector<uint64_t>& dims) {
    m_steps.push_back(detail::dims_step(dims));
    return *this;
}
PreProcessSteps& PreProcessSteps::mean(float value) { return mean(std::vector<float>{value}); }
PreProcessSteps& PreProcessSteps::mean(const std::vector<float>& values) {
    if (values.empty())
        raise<InvalidArgument>("preprocess().mean(): no values");
    Step s = detail::make(Step::Kind::mean);
    s.values = values;
    m_steps.push_back(s);
    return *this;
}
PreProcessSteps& PreProcessSteps::scale(float value) { return scale(std::vector<float>{value}); }
PreProcessSteps& PreProcessSteps::scale(const std::vector<float>& values) {
    if (values.empty())
        raise<InvalidArgument>("preprocess().scale(): no values");
    for (float v : values)
        if (v == 0.0f)
            raise<InvalidArgument>("preprocess().scale(): a scale of 0 (the data is divided by it)");
    Step s = detail::make(Step::Kind::scale);
    s.values = values;
    m_steps.push_back(s);
    return *this;
}
PreProcessSteps& PreProcessSteps::resize(ResizeAlgorithm algorithm) {
    Step s = detail::make(Step::Kind::resize);
    s.algorithm = algorithm;
    m_steps.push_back(s);
    return *this;
}
PreProcessSteps& PreProcessSteps::resize(ResizeAlgorithm algorithm, size_t height, size_t width) {
    if (height == 0 || width == 0)
        raise<InvalidArgument>("preprocess().resize(", to_string(algorithm), ", ", height, ", ", width,
                               "): the size must not be 0");
    Step s = detail::make(Step::Kind::resize);
    s.algorithm = algorithm;
    s.height = static_cast<int64_t>(height);
    s.width = static_cast<int64_t>(width);
    m_steps.push_back(s);
    return *this;
}
PreProcessSteps& PreProcessSteps::convert_color(ColorFormat format) {
    Step s = detail::make(Step::Kind::convert_color);
    s.color = format;
    m_steps.push_back(s);
    return *this;
}
PreProcessSteps& PreProcessSteps::reverse_channels() {
    m_steps.push_back(detail::make(Step::Kind::reverse_channels));
    return *this;
}
PreProcessSteps& PreProcessSteps::custom(CustomStep step) {
    m_steps.push_back(detail::custom_step(std::move(step), "preprocess()"));
    return *this;
}

OutputTensorInfo& OutputTensorInfo::set_element_type(element::Type type) {
    m_type = type;
    return *this;
}
OutputTensorInfo& OutputTensorInfo::set_layout(const Layout& layout) {
    m_layout = layout;
    return *this;
}
OutputModelInfo& OutputModelInfo::set_layout(const Layout& layout) {
    m_layout = layout;
    return *this;
}

PostProcessSteps& PostProcessSteps::convert_element_type(element::Type type) {
    m_steps.push_back(detail::type_step(type));
    return *this;
}
PostProcessSteps& PostProcessSteps::convert_layout(const Layout& layout) {
    m_steps.push_back(detail::layout_step(layout));
    return *this;
}
PostProcessSteps& PostProcessSteps::convert_layout(const std::vector<uint64_t>& dims) {
    m_steps.push_back(detail::dims_step(dims));
    return *this;
}
PostProcessSteps& PostProcessSteps::custom(CustomStep step) {
    m_steps.push_back(detail::custom_step(std::move(step), "postprocess()"));
    return *this;
}

}  // namespace preprocess
}  // namespace ovcl
