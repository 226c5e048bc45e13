#include "shape_infer/control_flow_infer.hpp"

#include <algorithm>

#include "ovcl/model.hpp"
#include "ovcl/ops.hpp"

namespace ovcl {
namespace shape_infer {

namespace {

using ParamInfo = std::vector<std::optional<OutputInfo>>;

// The smallest partial shape holding both (ranks that differ give a dynamic rank).
PartialShape hull(const PartialShape& a, const PartialShape& b) {
    if (a.rank_is_dynamic() || b.rank_is_dynamic() || a.size() != b.size())
        return PartialShape::dynamic();
    std::vector<Dimension> dims;
    for (size_t i = 0; i < a.size(); ++i) {
        const auto lo = std::min(a[i].get_min_length(), b[i].get_min_length());
        const bool unbounded = a[i].get_max_length() == Dimension::inf || b[i].get_max_length() == Dimension::inf;
        dims.emplace_back(lo, unbounded ? Dimension::inf : std::max(a[i].get_max_length(), b[i].get_max_length()));
    }
    return PartialShape(dims);
}

// Inferring a body infers the bodies nested in it, each for every round of its own node: a hostile IR of
// nested bodies whose parameters never match could take exponential time. The inferences one top-level
// inference may start are counted and bounded.
constexpr size_t kMaxBodyInferences = 10000;
thread_local size_t t_body_depth = 0, t_body_inferences = 0;

struct BodyInference {
    explicit BodyInference(const Node& node) {
        if (t_body_depth == 0)
            t_body_inferences = 0;
        if (++t_body_inferences > kMaxBodyInferences)
            raise<ModelError>(node.describe(), ": its bodies and those nested in them take more than ",
                              kMaxBodyInferences, " shape inferences");
        ++t_body_depth;
    }
    ~BodyInference() { --t_body_depth; }
    BodyInference(const BodyInference&) = delete;
    BodyInference& operator=(const BodyInference&) = delete;
};

// The body's result types and shapes when its parameters take `params` (unset: as the body declares). A body
// whose parameters already are what `params` asks (the common case) answers from its own ports.
Outputs infer_body(const Node& node, const Body& body, const ParamInfo& params, const char* which) {
    const auto& declared = body.model->get_parameters();
    bool same = true;
    for (size_t i = 0; i < declared.size() && i < params.size() && same; ++i)
        same = !params[i] || (params[i]->type == declared[i]->get_output_element_type(0) &&
                              params[i]->shape == declared[i]->get_output_partial_shape(0));
    std::shared_ptr<Model> model = body.model;
    if (!same) {
        const BodyInference guard(node);
        model = body.model->clone();
        const auto& ps = model->get_parameters();
        for (size_t i = 0; i < ps.size() && i < params.size(); ++i)
            if (params[i]) {
                ps[i]->set_attr("element_type", params[i]->type.get_type_name());
                ps[i]->set_attr("shape", op::shape_attr(params[i]->shape));
            }
        try {
            model->validate_nodes_and_infer_types();
        } catch (const std::exception& e) {
            raise<ModelError>(node.describe(), ": in the ", which, ": ", e.what());
        }
    }
    Outputs out;
    for (const auto& r : model->get_results())
        out.push_back({r->get_output_element_type(0), r->get_output_partial_shape(0)});
    return out;
}

void check_ports(const Node& node, const Body& body, size_t n_inputs, const char* which) {
    const size_t n_params = body.model->get_parameters().size(), n_results = body.model->get_results().size();
    std::vector<bool> fed(n_params, false);
    for (const auto& in : body.inputs) {
        if (in.param >= n_params || (in.outer >= 0 && static_cast<size_t>(in.outer) >= n_inputs))
            raise<ModelError>(node.describe(), ": the ", which, "'s port map names input ", in.outer, " / parameter ",
                              in.param, ", beyond the node's ", n_inputs, " inputs or the body's ", n_params,
                              " parameters");
        if (fed[in.param])
            raise<ModelError>(node.describe(), ": ", which, " parameter ", in.param, " is mapped twice");
        fed[in.param] = true;
    }
    for (const auto& out : body.outputs)
        if (out.result >= n_results)
            raise<ModelError>(node.describe(), ": the ", which, "'s port map names result ", out.result, " of ",
                              n_results);
    for (const auto& e : body.back_edges)
        if (e.result >= n_results || e.param >= n_params)
            raise<ModelError>(node.describe(), ": a back edge joins result ", e.result, " to parameter ", e.param,
                              ", beyond the body's ", n_results, " results and ", n_params, " parameters");
}

// The node's output count: outputs 0..n-1 each mapped exactly once by the body.
size_t output_count(const Node& node, const Body& body, const char* which) {
    std::vector<int> seen;
    for (const auto& out : body.outputs) {
        if (out.outer < 0)
            continue;
        const auto o = static_cast<size_t>(out.outer);
        if (o >= seen.size())
            seen.resize(o + 1, 0);
        if (++seen[o] > 1)
            raise<ModelError>(node.describe(), ": output ", o, " is mapped twice by the ", which);
    }
    for (size_t o = 0; o < seen.size(); ++o)
        if (!seen[o])
            raise<ModelError>(node.describe(), ": the ", which, " gives no value for output ", o);
    return seen.size();
}

void check_scalar(const Node& node, const Inputs& in, size_t i, const char* what, bool boolean) {
    const bool ok = boolean ? in[i].type == element::boolean : in[i].type.is_integral() && in[i].type != element::boolean;
    if (in[i].type.is_static() && !ok)
        raise<ModelError>(node.describe(), ": ", what, " (input ", i, ") must be ", boolean ? "boolean" : "an integer",
                          ", not ", in[i].type);
    if ((in[i].shape.rank_is_static() && in[i].shape.size() > 1) ||
        (in[i].shape.is_static() && in[i].shape.size() == 1 && in[i].shape[0].get_length() != 1))
        raise<ModelError>(node.describe(), ": ", what, " (input ", i, ") must be a scalar or a 1-element 1-D tensor, not ", in[i].shape);
}

Outputs iterate(const Node& node, const Inputs& in, bool is_loop) {
    const char* which = "body";
    const auto& bodies = node.get_bodies();
    if (bodies.size() != 1)
        raise<ModelError>(node.describe(), ": needs one body, the IR gives ", bodies.size());
    const Body& body = bodies[0];
    check_ports(node, body, in.size(), which);
    std::optional<int64_t> count;  // iterations, when known
    if (is_loop) {
        if (in.size() < 2)
            raise<ModelError>(node.describe(), ": needs trip_count and execution_condition inputs");
        check_scalar(node, in, 0, "trip_count", false);
        check_scalar(node, in, 1, "execution_condition", true);
    }
    ParamInfo params(body.model->get_parameters().size());
    for (const auto& bi : body.inputs) {
        if (bi.outer < 0)
            continue;  // the current iteration: the body's own declaration
        if (is_loop && bi.outer < 2)
            raise<ModelError>(node.describe(), ": body parameter ", bi.param, " is mapped to input ", bi.outer,
                              ", which is the loop's ", bi.outer == 0 ? "trip count" : "execution condition");
        OutputInfo info{in[bi.outer].type, in[bi.outer].shape};
        if (bi.sliced && info.shape.rank_is_static()) {
            const int64_t axis = normalize_axis(node, bi.axis, info.shape.rank_length());
            if (bi.part_size <= 0 || bi.stride == 0)
                raise<ModelError>(node.describe(), ": sliced input ", bi.outer, " has part_size ", bi.part_size,
                                  " and stride ", bi.stride);
            const auto n = sliced_iterations(node, bi, info.shape[axis]);
            if (n && count && *n != *count)
                raise<ModelError>(node.describe(), ": sliced inputs give ", *count, " and ", *n, " iterations");
            if (n)
                count = n;
            info.shape[axis] = Dimension(bi.part_size);
        }
        params[bi.param] = info;
    }
    if (is_loop) {
        const auto trip = const_i64(in[0]);
        const auto run = const_i64(in[1]);
        std::optional<int64_t> loop_count;
        if (run && !run->empty() && (*run)[0] == 0)
            loop_count = 0;
        else if (trip && !trip->empty() && (*trip)[0] >= 0 && run) {
            // The body's condition, when it has one, must be a constant true for the count to be the trip count.
            bool body_true = true;
            for (const auto& bo : body.outputs)
                if (bo.purpose == "execution_condition" || bo.outer < 0) {
                    const auto& src = body.model->get_results()[bo.result]->input_value(0).node;
                    const Tensor& v = src->get_constant_value();
                    body_true = src->is_constant() && v.get_size() == 1 && v.get_element_type() == element::boolean &&
                                *static_cast<const char*>(v.data()) != 0;
                }
            if (body_true)
                loop_count = (*trip)[0];
        }
        if (loop_count && count)
            count = std::min(*count, *loop_count);
        else if (!loop_count)
            count = std::nullopt;
        else
            count = loop_count;
    } else if (!count) {
        raise<ModelError>(node.describe(), ": a TensorIterator needs a sliced input to count its iterations");
    }
    Outputs results;
    for (int round = 0;; ++round) {  // widen back-edge parameters until the body's results stop changing
        results = infer_body(node, body, params, which);
        bool changed = false;
        for (const auto& e : body.back_edges) {
            auto& p = params[e.param];
            const auto declared = body.model->get_parameters()[e.param];
            const OutputInfo now = p ? *p : OutputInfo{declared->get_output_element_type(0),
                                                       declared->get_output_partial_shape(0)};
            if (now.type.is_static() && results[e.result].type.is_static() && now.type != results[e.result].type)
                raise<ModelError>(node.describe(), ": a back edge carries ", results[e.result].type, " into a ",
                                  now.type, " parameter");
            const PartialShape wide = round < 3 ? hull(now.shape, results[e.result].shape) : PartialShape::dynamic();
            if (wide != now.shape) {
                p = OutputInfo{now.type, wide};
                changed = true;
            }
        }
        if (!changed)
            break;
        if (round > 4)
            raise<ModelError>(node.describe(), ": the back-edge shapes do not settle");
    }
    Outputs out(output_count(node, body, which));
    for (const auto& bo : body.outputs) {
        if (bo.outer < 0)
            continue;
        OutputInfo info = results[bo.result];
        if (bo.concatenated && info.shape.rank_is_static()) {
            const int64_t axis = normalize_axis(node, bo.axis, info.shape.rank_length());
            const Dimension part = info.shape[axis];
            info.shape[axis] = part.is_static() && count
                                   ? Dimension(checked::mul(part.get_length(), *count))
                                   : Dimension::dynamic();
        } else if (bo.concatenated) {
            info.shape = PartialShape::dynamic();
        }
        out[static_cast<size_t>(bo.outer)] = info;
    }
    return out;
}

}  // namespace

std::optional<int64_t> sliced_iterations(const Node& node, const BodyInput& in, const Dimension& extent) {
    if (!extent.is_static())
        return std::nullopt;
    const int64_t n = extent.get_length();
    const int64_t start = in.start < 0 ? n + in.start : in.start;
    const int64_t end = in.end < 0 ? n + in.end : in.end;
    if (start < 0 || start >= std::max<int64_t>(n, 1) || end < 0 || end >= std::max<int64_t>(n, 1))
        raise<ModelError>(node.describe(), ": sliced input ", in.outer, " runs from ", in.start, " to ", in.end,
                          " over an axis of ", n);
    if (n == 0)
        return 0;
    if ((in.stride > 0) != (end >= start) && start != end)
        raise<ModelError>(node.describe(), ": sliced input ", in.outer, " steps by ", in.stride, " from ", start,
                          " to ", end);
    const int64_t span = (end > start ? end - start : start - end) + 1;
    if (span % in.part_size)
        raise<ModelError>(node.describe(), ": sliced input ", in.outer, " spans ", span, ", not a multiple of part_size ",
                          in.part_size);
    return span / in.part_size;
}

Outputs if_op(const Node& node, const Inputs& in) {
    const auto& bodies = node.get_bodies();
    if (bodies.size() != 2)
        raise<ModelError>(node.describe(), ": needs a then_body and an else_body, the IR gives ", bodies.size(),
                          " bodies");
    if (in.empty())
        raise<ModelError>(node.describe(), ": needs the condition input");
    check_scalar(node, in, 0, "cond", true);
    const char* names[] = {"then_body", "else_body"};
    Outputs branch[2];
    size_t n_out = 0;
    for (size_t b = 0; b < 2; ++b) {
        check_ports(node, bodies[b], in.size(), names[b]);
        ParamInfo params(bodies[b].model->get_parameters().size());
        for (const auto& bi : bodies[b].inputs) {
            if (bi.outer <= 0)
                raise<ModelError>(node.describe(), ": ", names[b], " parameter ", bi.param, " is mapped to input ",
                                  bi.outer, ", not a data input");
            params[bi.param] = OutputInfo{in[bi.outer].type, in[bi.outer].shape};
        }
        const Outputs results = infer_body(node, bodies[b], params, names[b]);
        const size_t n = output_count(node, bodies[b], names[b]);
        if (b == 1 && n != n_out)
            raise<ModelError>(node.describe(), ": the then_body gives ", n_out, " outputs, the else_body ", n);
        n_out = n;
        branch[b].resize(n);
        for (const auto& bo : bodies[b].outputs)
            if (bo.outer >= 0)
                branch[b][static_cast<size_t>(bo.outer)] = results[bo.result];
    }
    if (const auto cond = const_i64(in[0]); cond && !cond->empty())
        return branch[(*cond)[0] ? 0 : 1];
    Outputs out(n_out);
    for (size_t o = 0; o < n_out; ++o) {
        const auto& a = branch[0][o];
        const auto& b = branch[1][o];
        if (a.type.is_static() && b.type.is_static() && a.type != b.type)
            raise<ModelError>(node.describe(), ": output ", o, " is ", a.type, " in the then_body and ", b.type,
                              " in the else_body");
        out[o] = {a.type.is_static() ? a.type : b.type, hull(a.shape, b.shape)};
    }
    return out;
}

Outputs loop(const Node& node, const Inputs& in) { return iterate(node, in, true); }
Outputs tensor_iterator(const Node& node, const Inputs& in) { return iterate(node, in, false); }

}  // namespace shape_infer
}  // namespace ovcl
