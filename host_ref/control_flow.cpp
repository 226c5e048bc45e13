// Host reference of the control-flow ops: each body runs on the host engine of whole models
// (OpRegistry::plan_body), so a body may hold any op the REF device runs, including other control flow.
// Sliced inputs are copied out part by part, concatenated outputs joined after the last iteration
// (in reverse order for a negative stride, as OpenVINO does). A Loop without a trip count runs until its
// body's condition is false; the evaluation's cancel flag is checked before each iteration.
#include "host_ref/ref_utils.hpp"

#include <algorithm>
#include <map>

#include "host_ref/concat_split.hpp"
#include "ovcl/model.hpp"
#include "shape_infer/control_flow_infer.hpp"

namespace ovcl {
namespace host_ref {

namespace {

bool first_true(const Tensor& t) {
    if (t.get_size() == 0)
        return false;
    return to_i64(t).at(0) != 0;
}

// Elements [first, first + count) along axis, as a dense tensor.
Tensor take(const Tensor& t, size_t axis, size_t first, size_t count) {
    Coordinate begin(t.get_shape().size(), 0), end(t.get_shape().begin(), t.get_shape().end());
    begin[axis] = first;
    end[axis] = first + count;
    const Tensor region(t, begin, end);
    Tensor part(t.get_element_type(), region.get_shape());
    region.copy_to(part);
    return part;
}

// Writes `src` into `out` (a placeholder takes its shape).
void put(const Node& node, size_t index, const Tensor& src, Tensor& out) {
    if (src.get_element_type() != out.get_element_type())
        raise<ModelError>(node.describe(), ": output ", index, " is ", out.get_element_type(), " but the body gives ",
                          src.get_element_type());
    if (out.get_shape() != src.get_shape())
        out.set_shape(src.get_shape());
    src.copy_to(out);
}

// Joins parts along axis into out (a placeholder takes the joined shape).
void join(const Node& node, size_t index, const std::vector<Tensor>& parts, size_t axis, Tensor& out) {
    Shape shape = parts.at(0).get_shape();
    std::vector<const void*> srcs;
    std::vector<Shape> shapes;
    size_t total = 0;
    for (const auto& p : parts) {
        Shape s = p.get_shape();
        if (s.size() != shape.size() || axis >= s.size())
            raise<ModelError>(node.describe(), ": output ", index, " joins parts of shapes ", shape, " and ", s);
        total += s[axis];
        s[axis] = shape[axis];
        if (s != shape)
            raise<ModelError>(node.describe(), ": output ", index, " joins parts of shapes ", shape, " and ",
                              p.get_shape());
        srcs.push_back(p.data());
        shapes.push_back(p.get_shape());
    }
    shape[axis] = total;
    if (out.get_shape() != shape)
        out.set_shape(shape);
    concat_bytes(srcs, shapes, out.data(), axis, out.get_element_type().size());
}

size_t axis_of(const Node& node, int64_t axis, size_t rank) {
    return static_cast<size_t>(shape_infer::normalize_axis(node, axis, static_cast<int64_t>(rank)));
}

void iterate(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx, bool is_loop) {
    const Body& body = node.get_bodies().at(0);
    const OpRegistry::BodyFn evaluate_body = OpRegistry::get().plan_body(body.model);
    const auto& params = body.model->get_parameters();
    TensorVector args(params.size());
    int64_t count = is_loop ? to_i64(in.at(0)).at(0) : -1;  // -1: until the condition says stop
    bool run = is_loop ? first_true(in.at(1)) : true;
    std::optional<size_t> iteration_param;
    std::vector<std::pair<const BodyInput*, size_t>> sliced;  // with the normalised axis
    for (const auto& bi : body.inputs) {
        if (bi.outer < 0) {
            iteration_param = bi.param;
            continue;
        }
        const Tensor& t = in.at(static_cast<size_t>(bi.outer));
        if (!bi.sliced) {
            args[bi.param] = t;
            continue;
        }
        const size_t axis = axis_of(node, bi.axis, t.get_shape().size());
        const auto n = *shape_infer::sliced_iterations(node, bi, Dimension(static_cast<int64_t>(t.get_shape()[axis])));
        count = count < 0 ? n : std::min(count, n);
        sliced.emplace_back(&bi, axis);
    }
    std::optional<size_t> condition_result;
    for (const auto& bo : body.outputs)
        if (bo.outer < 0)
            condition_result = bo.result;
    for (size_t p = 0; p < params.size(); ++p)
        if (!args[p] && p != iteration_param &&
            std::none_of(sliced.begin(), sliced.end(), [&](const auto& s) { return s.first->param == p; }))
            raise<ModelError>(node.describe(), ": body parameter ", p, " is fed by no input");
    std::map<size_t, Tensor> last;                // body result -> its latest value
    std::map<size_t, std::vector<Tensor>> parts;  // body result -> every iteration's value
    for (int64_t k = 0; run && (count < 0 || k < count); ++k) {
        if (ctx.cancel && ctx.cancel->load(std::memory_order_relaxed))
            raise<Cancelled>("the inference was cancelled");
        for (const auto& [bi, axis] : sliced) {
            const Tensor& t = in[static_cast<size_t>(bi->outer)];
            const int64_t extent = static_cast<int64_t>(t.get_shape()[axis]);
            const int64_t start = bi->start < 0 ? extent + bi->start : bi->start;
            // A part begins at start + k * stride and reaches part_size elements towards the end for a
            // positive stride, towards the start for a negative one.
            const int64_t at = start + k * bi->stride;
            const int64_t first = bi->stride > 0 ? at : at - bi->part_size + 1;
            args[bi->param] = take(t, axis, static_cast<size_t>(first), static_cast<size_t>(bi->part_size));
        }
        if (iteration_param) {
            const auto& p = params[*iteration_param];
            Tensor it(p->get_output_element_type(0), p->get_output_partial_shape(0).is_static()
                                                         ? p->get_output_shape(0)
                                                         : Shape{});
            dispatch_type(it.get_element_type(), [&](auto tag) {
                using T = decltype(tag);
                if constexpr (std::is_same_v<T, float16>)
                    static_cast<T*>(it.data())[0] = T(static_cast<float>(k));
                else
                    static_cast<T*>(it.data())[0] = static_cast<T>(k);
            });
            args[*iteration_param] = it;
        }
        TensorVector results = evaluate_body(args, ctx);
        for (const auto& bo : body.outputs) {
            if (bo.concatenated)
                parts[bo.result].push_back(results[bo.result]);
            else
                last[bo.result] = results[bo.result];
        }
        for (const auto& e : body.back_edges)
            args[e.param] = results[e.result];
        if (condition_result)
            run = first_true(results[*condition_result]);
    }
    for (const auto& bo : body.outputs) {
        if (bo.outer < 0)
            continue;
        const auto o = static_cast<size_t>(bo.outer);
        if (bo.concatenated) {
            auto& p = parts[bo.result];
            if (p.empty()) {  // no iteration: an empty join along the axis
                Shape s = out[o].get_shape();
                if (s.empty() && !node.get_output_partial_shape(o).rank_is_static())
                    raise<ModelError>(node.describe(), ": output ", o, " joins no iteration and has no known rank");
                if (node.get_output_partial_shape(o).rank_is_static()) {
                    const PartialShape& ps = node.get_output_partial_shape(o);
                    s.assign(ps.size(), 0);
                    for (size_t i = 0; i < ps.size(); ++i)
                        s[i] = ps[i].is_static() ? static_cast<size_t>(ps[i].get_length()) : 0;
                    s[axis_of(node, bo.axis, s.size())] = 0;
                }
                out[o].set_shape(s);
                continue;
            }
            if (bo.stride < 0)
                std::reverse(p.begin(), p.end());
            join(node, o, p, axis_of(node, bo.axis, p[0].get_shape().size()), out[o]);
        } else if (last.count(bo.result)) {
            put(node, o, last[bo.result], out[o]);
        } else {  // no iteration: the value fed back into the body is still its initial one
            const Tensor* initial = nullptr;
            for (const auto& e : body.back_edges)
                if (e.result == bo.result)
                    initial = &args[e.param];
            if (!initial || !*initial)
                raise<ModelError>(node.describe(), ": output ", o, " has no value: the loop ran no iteration");
            put(node, o, *initial, out[o]);
        }
    }
}

}  // namespace

void if_op(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx) {
    const Body& body = node.get_bodies().at(first_true(in.at(0)) ? 0 : 1);
    TensorVector args(body.model->get_parameters().size());
    for (const auto& bi : body.inputs)
        args.at(bi.param) = in.at(static_cast<size_t>(bi.outer));
    for (size_t p = 0; p < args.size(); ++p)
        if (!args[p])
            raise<ModelError>(node.describe(), ": body parameter ", p, " is fed by no input");
    const TensorVector results = OpRegistry::get().plan_body(body.model)(args, ctx);
    for (const auto& bo : body.outputs)
        put(node, static_cast<size_t>(bo.outer), results.at(bo.result), out.at(static_cast<size_t>(bo.outer)));
}

void loop(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx) {
    iterate(node, in, out, ctx, true);
}

void tensor_iterator(const Node& node, const TensorVector& in, TensorVector& out, EvalContext& ctx) {
    iterate(node, in, out, ctx, false);
}

}  // namespace host_ref
}  // namespace ovcl
