#include "output_steps.hpp"

#include "graph_steps.hpp"
#include "ovcl/except.hpp"
#include "ovcl/ops.hpp"

namespace ovcl {
namespace preprocess {

using detail::Step;
using graph::port_label;
using graph::rank_of;
using graph::to_layout;

std::shared_ptr<Node> build_output(Model& model, size_t index, const OutputSpec& t, const std::vector<Step>& steps) {
    const std::shared_ptr<Node> result = model.get_results().at(index);
    const Output<Node> source = result->input_value(0);
    const std::string label = port_label(Output<Node>(result, 0), "output", index);
    Output<Node> x = source;
    Layout layout = t.m_model_layout;
    for (size_t i = 0; i < steps.size(); ++i) {
        const Step& s = steps[i];
        const std::string where = label + ": postprocess step " + std::to_string(i + 1) + " " + s.describe();
        try {
            switch (s.kind) {
            case Step::Kind::convert_element_type: {
                const element::Type type = s.type.is_static() ? s.type : t.m_type;
                if (!type.is_static())
                    raise<InvalidArgument>(where, ": no target type (the output tensor's type is not set)");
                x = graph::convert(x, type);
                break;
            }
            case Step::Kind::convert_layout: {
                const Layout target = s.layout.empty() ? t.m_layout : s.layout;
                if (target.empty())
                    raise<InvalidArgument>(where, ": no target layout (the output tensor's layout is not set)");
                if (layout.empty())
                    raise<InvalidArgument>(where, ": the model output's layout is not set (model().set_layout)");
                x = to_layout(x, layout, target, where);
                layout = target;
                break;
            }
            case Step::Kind::convert_layout_dims:
                if (s.dims.size() != rank_of(x, where))
                    raise<InvalidArgument>(where, ": not a permutation of the axes of ", x.get_partial_shape());
                x = graph::transpose(x, s.dims);
                layout = layout::apply_permutation(layout, s.dims);
                break;
            case Step::Kind::custom:
                x = s.custom(x);
                if (!x.node)
                    raise<InvalidArgument>(where, ": the custom step returned no port");
                break;
            default:
                raise<InvalidArgument>(where, ": not a postprocessing step");
            }
        } catch (const InvalidArgument&) {
            throw;
        } catch (const Exception& e) {
            raise<InvalidArgument>(where, ": ", e.what());
        }
    }
    if (t.m_type.is_static())
        x = graph::convert(x, t.m_type);
    if (!t.m_layout.empty() && !layout.empty() && t.m_layout != layout)
        x = to_layout(x, layout, t.m_layout, label + ": implicit convert_layout to the tensor's " +
                                                 t.m_layout.to_string());
    if (x == source)
        return nullptr;
    // The output's tensor names move to the new last port, so the application finds the output as before.
    x.node->output_names(x.index) = source.node->output_names(source.index);
    source.node->output_names(source.index).clear();
    auto fresh = op::result(x, result->get_friendly_name());
    fresh->get_rt_info() = result->get_rt_info();
    if (!t.m_layout.empty())
        fresh->get_rt_info()["layout"] = Any(t.m_layout.to_string());
    return fresh;
}

}  // namespace preprocess
}  // namespace ovcl
