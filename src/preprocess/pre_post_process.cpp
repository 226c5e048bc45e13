// PrePostProcessor::build(): the recorded steps become ops between new Parameters and the model's first ops
// (inputs), and between the model's last ops and its Results (outputs), following OpenVINO's rules (the new
// Parameter's type and shape, the steps in order, then implicit conversions): docs/preprocess.md, "Rules".
#include "ovcl/preprocess/pre_post_process.hpp"

#include <sstream>

#include "graph_steps.hpp"
#include "output_steps.hpp"
#include "ovcl/except.hpp"
#include "ovcl/ops.hpp"

namespace ovcl {
namespace preprocess {

using detail::Step;

namespace {

using graph::port_label;
using graph::rank_of;
using graph::to_layout;

bool is_nv12(ColorFormat f) { return f == ColorFormat::NV12_SINGLE_PLANE || f == ColorFormat::NV12_TWO_PLANES; }

/// The axis `name` of the current layout for data `x`.
size_t axis_of(const Layout& layout, const std::string& name, const Output<Node>& x, const std::string& where) {
    const size_t rank = rank_of(x, where);
    if (layout.empty())
        raise<InvalidArgument>(where, ": the layout is not known (set tensor().set_layout or model().set_layout), "
                                      "so the ", name, " axis is not either");
    if (!layout.fits_rank(rank))
        raise<InvalidArgument>(where, ": layout '", layout, "' does not fit the data of rank ", rank, " (",
                               x.get_partial_shape(), ")");
    if (!layout.has_name(name))
        raise<InvalidArgument>(where, ": layout '", layout, "' has no ", name, " axis");
    return layout.index_for_rank(name, rank);
}

/// The state of one input while its steps apply.
struct Context {
    OutputVector planes;  ///< one port, or two for NV12_TWO_PLANES before convert_color
    Layout layout;
    ColorFormat color = ColorFormat::UNDEFINED;
};

/// The channel indices that turn `from` into `to` (RGB, BGR, RGBX, BGRX sources); empty when not supported.
std::vector<int64_t> channel_map(ColorFormat from, ColorFormat to) {
    const bool src_rgb = from == ColorFormat::RGB || from == ColorFormat::RGBX;
    const bool src_bgr = from == ColorFormat::BGR || from == ColorFormat::BGRX;
    if ((!src_rgb && !src_bgr) || (to != ColorFormat::RGB && to != ColorFormat::BGR))
        return {};
    const bool same_order = src_rgb == (to == ColorFormat::RGB);
    return same_order ? std::vector<int64_t>{0, 1, 2} : std::vector<int64_t>{2, 1, 0};
}

void apply_color(Context& ctx, const Step& s, const std::string& where) {
    if (ctx.color == ColorFormat::UNDEFINED)
        raise<InvalidArgument>(where, ": the tensor's color format is not set (tensor().set_color_format)");
    if (s.color == ctx.color)
        return;
    if (is_nv12(ctx.color)) {
        ctx.planes = {graph::nv12_to(ctx.planes, s.color, where)};
        ctx.color = s.color;
        return;
    }
    const std::vector<int64_t> map = channel_map(ctx.color, s.color);
    if (map.empty())
        raise<InvalidArgument>(where, ": no conversion from ", to_string(ctx.color), " to ", to_string(s.color));
    const Output<Node>& x = ctx.planes[0];
    const size_t axis = axis_of(ctx.layout, "C", x, where);
    const Dimension& ch = x.get_partial_shape()[axis];
    const int64_t want = ctx.color == ColorFormat::RGBX || ctx.color == ColorFormat::BGRX ? 4 : 3;
    if (ch.is_dynamic() || ch.get_length() != want)
        raise<InvalidArgument>(where, ": ", to_string(ctx.color), " data has ", want, " channels, the tensor has ",
                               ch, " (axis C of ", x.get_partial_shape(), ")");
    if (want == 4 || map != std::vector<int64_t>{0, 1, 2})
        ctx.planes = {graph::gather(x, map, axis)};
    ctx.color = s.color;
}

/// One preprocessing step on the context. `model_type`, `model_layout`, `model_shape`: the model input's.
void apply_pre(Context& ctx, const Step& s, const std::string& where, element::Type model_type,
               const Layout& model_layout, const PartialShape& model_shape) {
    using K = Step::Kind;
    if (s.kind == K::convert_color) {
        apply_color(ctx, s, where);
        return;
    }
    if (s.kind == K::convert_element_type) {
        const element::Type t = s.type.is_static() ? s.type : model_type;
        for (Output<Node>& p : ctx.planes)
            p = graph::convert(p, t);
        return;
    }
    if (is_nv12(ctx.color))
        raise<InvalidArgument>(where, ": the data is still ", to_string(ctx.color),
                               " planes; convert_color(RGB or BGR) comes first");
    Output<Node>& x = ctx.planes[0];
    switch (s.kind) {
    case K::convert_layout: {
        const Layout target = s.layout.empty() ? model_layout : s.layout;
        if (target.empty())
            raise<InvalidArgument>(where, ": no target layout (the model's layout is not set)");
        if (ctx.layout.empty())
            raise<InvalidArgument>(where, ": the tensor's layout is not known (tensor().set_layout)");
        x = to_layout(x, ctx.layout, target, where);
        ctx.layout = target;
        break;
    }
    case K::convert_layout_dims: {
        const size_t rank = rank_of(x, where);
        std::vector<bool> seen(rank, false);
        for (int64_t d : s.dims) {
            if (s.dims.size() != rank || d < 0 || static_cast<size_t>(d) >= rank || seen[static_cast<size_t>(d)])
                raise<InvalidArgument>(where, ": not a permutation of the ", rank, " axes of ", x.get_partial_shape());
            seen[static_cast<size_t>(d)] = true;
        }
        x = graph::transpose(x, s.dims);
        ctx.layout = layout::apply_permutation(ctx.layout, s.dims);
        break;
    }
    case K::mean:
    case K::scale: {
        const element::Type t = x.get_element_type();
        if (!t.is_real())
            raise<InvalidArgument>(where, ": the data is ", t,
                                   "; mean and scale take real types (add convert_element_type(f32) before it)");
        const size_t rank = rank_of(x, where);
        size_t axis = 0;
        if (s.values.size() > 1) {
            axis = axis_of(ctx.layout, "C", x, where);
            const Dimension& ch = x.get_partial_shape()[axis];
            if (ch.is_dynamic() || static_cast<size_t>(ch.get_length()) != s.values.size())
                raise<InvalidArgument>(where, ": ", s.values.size(), " values for ", ch, " channels (axis C of ",
                                       x.get_partial_shape(), ", layout ", ctx.layout, ")");
        }
        x = graph::binary(s.kind == K::mean ? "Subtract" : "Divide", x,
                          graph::per_axis_constant(t, s.values, rank, axis));
        break;
    }
    case K::resize: {
        const size_t h = axis_of(ctx.layout, "H", x, where), w = axis_of(ctx.layout, "W", x, where);
        int64_t height = s.height, width = s.width;
        if (height < 0) {
            // The model's H and W: by the model's layout (the tensor's when none is set).
            const Layout& ml = model_layout.empty() ? ctx.layout : model_layout;
            if (model_shape.rank_is_dynamic() || !ml.fits_rank(model_shape.size()) || !ml.has_name("H") ||
                !ml.has_name("W"))
                raise<InvalidArgument>(where, ": the model input's height and width are not known (its shape ",
                                       model_shape, ", layout '", ml, "')");
            const Dimension mh = model_shape[ml.index_for_rank("H", model_shape.size())];
            const Dimension mw = model_shape[ml.index_for_rank("W", model_shape.size())];
            if (mh.is_dynamic() || mw.is_dynamic())
                raise<InvalidArgument>(where, ": the model input's height and width are dynamic (", model_shape,
                                       "); give them: resize(algorithm, height, width)");
            height = mh.get_length();
            width = mw.get_length();
        }
        x = graph::resize(x, s.algorithm, h, w, height, width);
        break;
    }
    case K::reverse_channels: {
        const size_t axis = axis_of(ctx.layout, "C", x, where);
        const Dimension& ch = x.get_partial_shape()[axis];
        if (ch.is_dynamic())
            raise<InvalidArgument>(where, ": the channel count is dynamic (", x.get_partial_shape(), ")");
        std::vector<int64_t> idx;
        for (int64_t i = ch.get_length(); i-- > 0;)
            idx.push_back(i);
        x = graph::gather(x, idx, axis);
        break;
    }
    case K::custom:
        x = s.custom(x);
        if (!x.node)
            raise<InvalidArgument>(where, ": the custom step returned no port");
        break;
    default:
        break;
    }
}

/// The model layout the tensor layout reaches through the explicit convert_layout steps.
Layout propagate_layout(Layout l, const std::vector<Step>& steps) {
    for (const Step& s : steps) {
        if (s.kind == Step::Kind::convert_layout && !s.layout.empty())
            l = s.layout;
        else if (s.kind == Step::Kind::convert_layout_dims && !l.empty() && l.fits_rank(s.dims.size()))
            l = layout::apply_permutation(l, s.dims);
    }
    return l;
}

// The port the no-argument input() / output() means (`what` names the kind): the model's only one.
size_t only_port(size_t n, const char* what) {
    if (n != 1)
        raise<InvalidArgument>("PrePostProcessor::", what, "(): the model has ", n, " ", what,
                               "s; give an index or a name");
    return 0;
}

void check_port(size_t index, size_t n, const char* what) {
    if (index >= n)
        raise<NotFound>("PrePostProcessor::", what, "(", index, "): the model has ", n, " ", what, "s");
}
}  // namespace

PrePostProcessor::PrePostProcessor(std::shared_ptr<Model> model) : m_model(std::move(model)) {
    if (!m_model)
        raise<InvalidArgument>("PrePostProcessor: the model is null");
}

InputInfo& PrePostProcessor::input() { return input(only_port(m_model->get_parameters().size(), "input")); }

InputInfo& PrePostProcessor::input(size_t index) {
    check_port(index, m_model->get_parameters().size(), "input");
    return m_inputs[index];
}

InputInfo& PrePostProcessor::input(const std::string& name) {
    return input(m_model->get_parameter_index(m_model->input(name)));
}

OutputInfo& PrePostProcessor::output() { return output(only_port(m_model->get_results().size(), "output")); }

OutputInfo& PrePostProcessor::output(size_t index) {
    check_port(index, m_model->get_results().size(), "output");
    return m_outputs[index];
}

OutputInfo& PrePostProcessor::output(const std::string& name) {
    return output(m_model->get_result_index(m_model->output(name)));
}

namespace {

/// What an input's InputTensorInfo and InputModelInfo hold.
struct InputSpec {
    element::Type m_type;
    Layout m_layout;
    PartialShape m_shape;
    bool m_shape_set = false;
    int64_t m_height = -1, m_width = -1;
    ColorFormat m_color = ColorFormat::UNDEFINED;
    std::vector<std::string> m_sub_names;
    Layout m_model_layout;
};

/// New Parameters for input `index` of `model`, its steps applied and every consumer of the old Parameter
/// moved to the result.
NodeVector build_input(Model& model, size_t index, const InputSpec& t, const std::vector<Step>& steps) {
    const std::shared_ptr<Node> old = model.get_parameters().at(index);
    const Output<Node> old_port(old, 0);
    const std::string label = port_label(old_port, "input", index);
    const element::Type model_type = old_port.get_element_type();
    const PartialShape model_shape = old_port.get_partial_shape();

    const auto check_fits = [&](const Layout& l, const char* whose) {
        if (!l.empty() && model_shape.rank_is_static() && !l.fits_rank(model_shape.size()))
            raise<InvalidArgument>(label, ": ", whose, " layout '", l, "' does not fit the rank ", model_shape.size(),
                                   " of ", model_shape);
    };
    check_fits(t.m_model_layout, "model");
    check_fits(t.m_layout, "tensor");

    Layout tensor_layout = t.m_layout;
    if (tensor_layout.empty() && t.m_color != ColorFormat::UNDEFINED)
        tensor_layout = Layout("NHWC");  // images are interleaved unless said otherwise
    check_fits(tensor_layout, "tensor");
    Layout model_layout = t.m_model_layout;
    if (model_layout.empty())
        model_layout = propagate_layout(tensor_layout, steps);

    // The tensor's shape: the model's, permuted to the tensor layout (or back through convert_layout(dims)).
    PartialShape shape = model_shape;
    if (t.m_shape_set) {
        shape = t.m_shape;
    } else if (model_shape.rank_is_static()) {
        const size_t rank = model_shape.size();
        if (!tensor_layout.empty() && !model_layout.empty() && tensor_layout != model_layout) {
            std::vector<int64_t> perm;
            try {
                perm = layout::find_permutation(model_layout, tensor_layout, rank);
            } catch (const InvalidArgument& e) {
                raise<InvalidArgument>(label, ": ", e.what());
            }
            for (size_t i = 0; i < rank; ++i)
                shape[i] = model_shape[static_cast<size_t>(perm[i])];
        } else {
            Layout back = model_layout;
            for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
                if (it->kind != Step::Kind::convert_layout_dims || it->dims.size() != rank)
                    continue;
                PartialShape before = shape;
                std::vector<int64_t> inverse(rank);
                for (size_t k = 0; k < rank; ++k) {
                    const auto d = static_cast<size_t>(it->dims[k]);
                    if (d >= rank)
                        raise<InvalidArgument>(label, ": ", it->describe(), ": not a permutation of ", rank, " axes");
                    before[d] = shape[k];
                    inverse[d] = static_cast<int64_t>(k);
                }
                shape = before;
                back = layout::apply_permutation(back, inverse);
            }
            if (tensor_layout.empty())
                tensor_layout = back;
        }
    }
    if (t.m_height >= 0) {
        const std::string where = label + ": tensor().set_spatial_static_shape";
        if (shape.rank_is_dynamic())
            raise<InvalidArgument>(where, ": the tensor's rank is dynamic");
        const Output<Node> probe = op::parameter(element::f32, shape);
        shape[axis_of(tensor_layout, "H", probe, where)] = Dimension(t.m_height);
        shape[axis_of(tensor_layout, "W", probe, where)] = Dimension(t.m_width);
    }

    const element::Type type = t.m_type.is_static() ? t.m_type : model_type;
    const auto make_param = [&](const PartialShape& s, const std::string& suffix) {
        auto p = op::parameter(type, s);
        p->set_friendly_name(old->get_friendly_name() + suffix);
        for (const std::string& n : old->output_names(0))
            p->output_names(0).insert(n + suffix);
        p->get_rt_info() = old->get_rt_info();
        if (!tensor_layout.empty())
            p->get_rt_info()["layout"] = Any(tensor_layout.to_string());
        return p;
    };

    NodeVector params;
    Context ctx;
    ctx.layout = tensor_layout;
    ctx.color = t.m_color;
    if (is_nv12(t.m_color)) {
        // The planes of an NHWC image [N, H, W, 3].
        const std::string where = label + ": tensor().set_color_format(" + to_string(t.m_color) + ")";
        if (shape.rank_is_dynamic() || shape.size() != 4 || tensor_layout.names_for_rank(4) !=
                                                                std::vector<std::string>{"N", "H", "W", "C"})
            raise<InvalidArgument>(where, ": NV12 images are NHWC tensors of rank 4; the tensor is ", shape,
                                   " with layout '", tensor_layout, "'");
        const Dimension n = shape[0], h = shape[1], w = shape[2];
        const auto half = [](const Dimension& d) { return d.is_static() ? Dimension(d.get_length() / 2) : d; };
        if (t.m_color == ColorFormat::NV12_SINGLE_PLANE) {
            const Dimension rows = h.is_static() ? Dimension(h.get_length() * 3 / 2) : h;
            params.push_back(make_param(PartialShape{n, rows, w, 1}, ""));
        } else {
            const std::string y = t.m_sub_names.empty() ? "y" : t.m_sub_names[0];
            const std::string uv = t.m_sub_names.empty() ? "uv" : t.m_sub_names[1];
            params.push_back(make_param(PartialShape{n, h, w, 1}, "/" + y));
            params.push_back(make_param(PartialShape{n, half(h), half(w), 2}, "/" + uv));
        }
    } else {
        if ((t.m_color == ColorFormat::RGBX || t.m_color == ColorFormat::BGRX) && shape.rank_is_static()) {
            const Output<Node> probe = op::parameter(element::f32, shape);
            shape[axis_of(tensor_layout, "C", probe, label + ": tensor().set_color_format")] = Dimension(4);
        }
        params.push_back(make_param(shape, ""));
    }
    for (const auto& p : params)
        ctx.planes.emplace_back(p, 0);

    // The implicit layout conversion is due at the end. Element-wise steps commute with it, so it moves before
    // a trailing run of convert_element_type / mean / scale: the transpose then moves the narrow tensor type
    // (u8 rather than f32), and the per-channel math runs in the model's layout, where each channel constant
    // covers whole rows (in NHWC the channel is the innermost axis of 3: the slowest broadcast for a kernel).
    const auto elementwise = [](const Step& s) {
        return s.kind == Step::Kind::convert_element_type || s.kind == Step::Kind::mean ||
               s.kind == Step::Kind::scale;
    };
    size_t tail = steps.size();
    while (tail > 0 && elementwise(steps[tail - 1]))
        --tail;
    const auto implicit_layout = [&] {
        if (is_nv12(ctx.color) || ctx.layout.empty() || model_layout.empty() || ctx.layout == model_layout)
            return;
        ctx.planes[0] = to_layout(ctx.planes[0], ctx.layout, model_layout,
                                  label + ": implicit convert_layout to the model's " + model_layout.to_string());
        ctx.layout = model_layout;
    };
    for (size_t i = 0; i < steps.size(); ++i) {
        if (i == tail)
            implicit_layout();
        const std::string where = label + ": preprocess step " + std::to_string(i + 1) + " " + steps[i].describe();
        try {
            apply_pre(ctx, steps[i], where, model_type, model_layout, model_shape);
        } catch (const InvalidArgument&) {
            throw;
        } catch (const Exception& e) {  // shape inference of an inserted op (ModelError, ...)
            raise<InvalidArgument>(where, ": ", e.what());
        }
    }
    if (is_nv12(ctx.color))
        raise<InvalidArgument>(label, ": the tensor is ", to_string(ctx.color),
                               "; add preprocess().convert_color(ColorFormat::RGB or BGR) for the model");
    // Without steps after it, the transpose still moves the narrower of the two types.
    if (ctx.planes[0].get_element_type().size() > model_type.size())
        ctx.planes[0] = graph::convert(ctx.planes[0], model_type);
    implicit_layout();
    Output<Node> x = graph::convert(ctx.planes[0], model_type);
    if (!x.get_partial_shape().compatible(model_shape))
        raise<InvalidArgument>(label, ": after preprocessing the data is ", x.get_element_type(), " ",
                               x.get_partial_shape(), " but the model takes ", model_type, " ", model_shape,
                               t.m_height >= 0 ? " (a resize step brings the spatial size to the model's)" : "");
    for (const auto& [consumer, port] : model.get_consumers(old_port))
        consumer->set_argument(port, x);
    return params;
}

}  // namespace

std::shared_ptr<Model> PrePostProcessor::build() {
    std::shared_ptr<Model> model = m_model->clone();
    NodeVector params;
    const NodeVector& old_params = model->get_parameters();
    for (size_t i = 0; i < old_params.size(); ++i) {
        auto it = m_inputs.find(i);
        if (it == m_inputs.end()) {
            params.push_back(old_params[i]);
            continue;
        }
        const InputInfo& info = it->second;
        const InputTensorInfo& t = info.m_tensor;
        const InputSpec spec{t.m_type,   t.m_layout, t.m_shape,     t.m_shape_set,       t.m_height,
                             t.m_width,  t.m_color,  t.m_sub_names, info.m_model.m_layout};
        NodeVector fresh = build_input(*model, i, spec, info.m_steps.m_steps);
        params.insert(params.end(), fresh.begin(), fresh.end());
    }
    NodeVector results = model->get_results();
    for (const auto& [i, info] : m_outputs) {
        const OutputSpec spec{info.m_tensor.m_type, info.m_tensor.m_layout, info.m_model.m_layout};
        if (auto fresh = build_output(*model, i, spec, info.m_steps.m_steps))
            results[i] = fresh;
    }
    auto built = std::make_shared<Model>(results, params, model->get_friendly_name(), model->get_sinks());
    built->get_rt_info() = model->get_rt_info();
    return built;
}

}  // namespace preprocess
}  // namespace ovcl
