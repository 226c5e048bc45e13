// ovcl.preprocess: PrePostProcessor and its steps, as openvino.preprocess. Setters return the same object,
// so calls chain as in C++.
#include <nanobind/stl/function.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "py_common.hpp"

namespace ovcl_py {

using namespace ovcl;
using namespace ovcl::preprocess;

namespace {
constexpr auto self_ref = nb::rv_policy::reference_internal;

std::vector<float> floats(nb::handle v) {
    if (nb::isinstance<nb::float_>(v) || nb::isinstance<nb::int_>(v))
        return {nb::cast<float>(v)};
    std::vector<float> out;
    for (nb::handle x : nb::iter(v))
        out.push_back(nb::cast<float>(x));
    return out;
}
// The steps pre- and post-processing share: convert_element_type (None: the model's type) and convert_layout (a
// layout, a Transpose order, or None: the model's layout).
template <typename Steps>
void bind_common_steps(nb::class_<Steps>& cls) {
    cls.def("convert_element_type", [](Steps& s, nb::handle t) -> Steps& {
           return s.convert_element_type(t.is_none() ? element::undefined : to_type(t));
       }, nb::arg("type").none() = nb::none(), self_ref)
        .def("convert_layout", [](Steps& s, nb::handle l) -> Steps& {
            if (l.is_none())
                return s.convert_layout(Layout());
            if (nb::isinstance<nb::str>(l) || nb::isinstance<Layout>(l))
                return s.convert_layout(nb::cast<Layout>(l));
            return s.convert_layout(nb::cast<std::vector<uint64_t>>(l));
        }, nb::arg("layout").none() = nb::none(), self_ref);
}

}  // namespace

void bind_preprocess(nb::module_& parent) {
    nb::module_ m = parent.def_submodule("preprocess", "Pre- and post-processing folded into the model.");

    nb::enum_<ColorFormat>(m, "ColorFormat")
        .value("UNDEFINED", ColorFormat::UNDEFINED)
        .value("NV12_SINGLE_PLANE", ColorFormat::NV12_SINGLE_PLANE)
        .value("NV12_TWO_PLANES", ColorFormat::NV12_TWO_PLANES)
        .value("RGB", ColorFormat::RGB)
        .value("BGR", ColorFormat::BGR)
        .value("RGBX", ColorFormat::RGBX)
        .value("BGRX", ColorFormat::BGRX)
        .value("GRAY", ColorFormat::GRAY);
    nb::enum_<ResizeAlgorithm>(m, "ResizeAlgorithm")
        .value("RESIZE_LINEAR", ResizeAlgorithm::RESIZE_LINEAR)
        .value("RESIZE_NEAREST", ResizeAlgorithm::RESIZE_NEAREST)
        .value("RESIZE_CUBIC", ResizeAlgorithm::RESIZE_CUBIC);

    nb::class_<InputTensorInfo>(m, "InputTensorInfo")
        .def("set_element_type", [](InputTensorInfo& i, nb::handle t) -> InputTensorInfo& {
            return i.set_element_type(to_type(t));
        }, self_ref)
        .def("set_layout", &InputTensorInfo::set_layout, self_ref)
        .def("set_shape", [](InputTensorInfo& i, nb::handle s) -> InputTensorInfo& {
            return i.set_shape(to_partial_shape(s));
        }, self_ref)
        .def("set_spatial_static_shape", &InputTensorInfo::set_spatial_static_shape, self_ref)
        .def("set_color_format", &InputTensorInfo::set_color_format, nb::arg("format"),
             nb::arg("sub_names") = std::vector<std::string>{}, self_ref);
    nb::class_<InputModelInfo>(m, "InputModelInfo").def("set_layout", &InputModelInfo::set_layout, self_ref);

    auto pre = nb::class_<PreProcessSteps>(m, "PreProcessSteps");
    bind_common_steps(pre);
    pre.def("mean", [](PreProcessSteps& s, nb::handle v) -> PreProcessSteps& { return s.mean(floats(v)); },
             self_ref)
        .def("scale", [](PreProcessSteps& s, nb::handle v) -> PreProcessSteps& { return s.scale(floats(v)); },
             self_ref)
        .def("resize", [](PreProcessSteps& s, ResizeAlgorithm a) -> PreProcessSteps& { return s.resize(a); },
             self_ref)
        .def("resize", [](PreProcessSteps& s, ResizeAlgorithm a, size_t h, size_t w) -> PreProcessSteps& {
            return s.resize(a, h, w);
        }, self_ref)
        .def("convert_color", &PreProcessSteps::convert_color, self_ref)
        .def("reverse_channels", &PreProcessSteps::reverse_channels, self_ref);

    nb::class_<preprocess::InputInfo>(m, "InputInfo")
        .def("tensor", &preprocess::InputInfo::tensor, self_ref)
        .def("preprocess", &preprocess::InputInfo::preprocess, self_ref)
        .def("model", &preprocess::InputInfo::model, self_ref);

    nb::class_<OutputTensorInfo>(m, "OutputTensorInfo")
        .def("set_element_type", [](OutputTensorInfo& o, nb::handle t) -> OutputTensorInfo& {
            return o.set_element_type(to_type(t));
        }, self_ref)
        .def("set_layout", &OutputTensorInfo::set_layout, self_ref);
    nb::class_<OutputModelInfo>(m, "OutputModelInfo").def("set_layout", &OutputModelInfo::set_layout, self_ref);
    auto post = nb::class_<PostProcessSteps>(m, "PostProcessSteps");
    bind_common_steps(post);
    nb::class_<preprocess::OutputInfo>(m, "OutputInfo")
        .def("tensor", &preprocess::OutputInfo::tensor, self_ref)
        .def("postprocess", &preprocess::OutputInfo::postprocess, self_ref)
        .def("model", &preprocess::OutputInfo::model, self_ref);

    nb::class_<PrePostProcessor>(m, "PrePostProcessor", "Steps between the application's tensors and the model's.")
        .def(nb::init<std::shared_ptr<Model>>(), nb::arg("model"))
        .def("input", [](PrePostProcessor& p, nb::handle key) -> preprocess::InputInfo& {
            if (key.is_none())
                return p.input();
            if (nb::isinstance<nb::int_>(key))
                return p.input(nb::cast<size_t>(key));
            return p.input(nb::cast<std::string>(key));
        }, nb::arg("key").none() = nb::none(), self_ref)
        .def("output", [](PrePostProcessor& p, nb::handle key) -> preprocess::OutputInfo& {
            if (key.is_none())
                return p.output();
            if (nb::isinstance<nb::int_>(key))
                return p.output(nb::cast<size_t>(key));
            return p.output(nb::cast<std::string>(key));
        }, nb::arg("key").none() = nb::none(), self_ref)
        .def("build", [](PrePostProcessor& p) {
            nb::gil_scoped_release release;
            return p.build();
        });
}

}  // namespace ovcl_py
