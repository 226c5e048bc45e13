// StridedSlice-1 and Slice-8: spec examples, hand-derived values, and random slices checked
// against a slicer written here from the spec's words (index lists built by stepping).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>

#include "common/test_utils.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::iota;
using test::make_tensor;
using test::run;

namespace {

using Ints = std::vector<int64_t>;
Tensor ints(const Ints& v, element::Type type = element::i64) { return make_tensor<int64_t>(type, {v.size()}, v); }

Output<Node> cst(const Ints& v, element::Type type = element::i64) { return op::constant(ints(v, type)); }

// Reference: picks data[idx[0][k0], idx[1][k1], ...] into a tensor of out_shape (same element count).
Tensor pick(const Tensor& data, const std::vector<Ints>& idx, const Shape& out_shape) {
    Tensor out(data.get_element_type(), out_shape);
    const size_t es = data.get_element_type().size();
    const Strides st = row_major_strides(data.get_shape());
    size_t total = 1;
    for (const auto& l : idx)
        total *= l.size();
    EXPECT_EQ(total, out.get_size());
    std::vector<size_t> k(idx.size(), 0);
    for (size_t n = 0; n < total; ++n) {
        size_t src = 0;
        for (size_t a = 0; a < idx.size(); ++a)
            src += static_cast<size_t>(idx[a][k[a]]) * st[a];
        std::memcpy(static_cast<char*>(out.data()) + n * es, static_cast<const char*>(data.data()) + src * es, es);
        for (size_t a = idx.size(); a-- > 0;)
            if (++k[a] < idx[a].size())
                break;
            else
                k[a] = 0;
    }
    return out;
}

// The indices begin:end:step visits on an axis, stepping one index at a time (spec clamping rules).
Ints visit(int64_t dim, int64_t b, int64_t e, int64_t s, bool bm = false, bool em = false) {
    if (s > 0) {
        b = bm ? 0 : (b < 0 ? b + dim : b);
        e = em ? dim : (e < 0 ? e + dim : e);
        b = std::min(std::max<int64_t>(b, 0), dim);
        e = std::min(std::max<int64_t>(e, 0), dim);
    } else {
        b = bm ? dim - 1 : (b < 0 ? b + dim : b);
        e = em ? -1 : (e < 0 ? e + dim : e);
        b = std::min(std::max<int64_t>(b, 0), dim - 1);
        e = std::min(std::max<int64_t>(e, -1), dim);
    }
    Ints out;
    for (int64_t i = b; s > 0 ? i < e : i > e; i += s)
        out.push_back(i);
    return out;
}

Ints all_of_axis(size_t n) {
    Ints v(n);
    for (size_t i = 0; i < n; ++i)
        v[i] = static_cast<int64_t>(i);
    return v;
}

struct SsCase {
    Ints begin, end, stride, bm, em, nm, sm, el;
    SsCase() = default;
    SsCase(Ints b, Ints e, Ints s, Ints begin_mask = {}, Ints end_mask = {}, Ints new_axis = {}, Ints shrink = {},
           Ints ellipsis = {})
        : begin(std::move(b)), end(std::move(e)), stride(std::move(s)), bm(std::move(begin_mask)),
          em(std::move(end_mask)), nm(std::move(new_axis)), sm(std::move(shrink)), el(std::move(ellipsis)) {}
};

Attributes ss_attrs(const SsCase& c) {
    return {{"begin_mask", op::list(c.bm)},      {"end_mask", op::list(c.em)},
            {"new_axis_mask", op::list(c.nm)},   {"shrink_axis_mask", op::list(c.sm)},
            {"ellipsis_mask", op::list(c.el)}};
}

// Reference StridedSlice: expands the entries into per-input-axis index lists and the output shape.
Tensor ref_strided_slice(const Tensor& data, const SsCase& c) {
    auto bit = [](const Ints& m, size_t i) { return i < m.size() && m[i] == 1; };
    const Shape& shape = data.get_shape();
    size_t consumed = 0;
    for (size_t i = 0; i < c.begin.size(); ++i)
        consumed += !bit(c.el, i) && !bit(c.nm, i);
    std::vector<Ints> idx;
    Shape out;
    size_t ax = 0;
    bool had_ellipsis = false;
    for (size_t i = 0; i < c.begin.size(); ++i) {
        if (bit(c.el, i) && !had_ellipsis) {
            had_ellipsis = true;
            for (size_t k = 0; k < shape.size() - consumed; ++k, ++ax) {
                idx.push_back(all_of_axis(shape[ax]));
                out.push_back(shape[ax]);
            }
        } else if (bit(c.nm, i)) {
            out.push_back(1);
        } else if (bit(c.sm, i)) {
            const int64_t d = static_cast<int64_t>(shape[ax++]);
            idx.push_back({c.begin[i] < 0 ? c.begin[i] + d : c.begin[i]});
        } else {
            idx.push_back(visit(static_cast<int64_t>(shape[ax]), c.begin[i], c.end[i], c.stride[i], bit(c.bm, i),
                                bit(c.em, i)));
            out.push_back(idx.back().size());
            ++ax;
        }
    }
    for (; ax < shape.size(); ++ax) {
        idx.push_back(all_of_axis(shape[ax]));
        out.push_back(shape[ax]);
    }
    return pick(data, idx, out);
}

std::shared_ptr<Node> make_ss(const Tensor& data, const SsCase& c) {
    return op::make("StridedSlice", {op::constant(data), cst(c.begin), cst(c.end), cst(c.stride)}, ss_attrs(c));
}

Tensor eval_ss(const Tensor& data, const SsCase& c) {
    auto node = make_ss(data, c);
    auto out = run(node, {data, ints(c.begin), ints(c.end), ints(c.stride)}).at(0);
    EXPECT_EQ(node->get_output_partial_shape(0), PartialShape(out.get_shape()));
    return out;
}

}  // namespace

TEST(StridedSlice, SpecExampleShapes) {
    const Shape six(6, 4);
    EXPECT_EQ(eval_ss(iota(element::f32, six), {{0, 1, 0, 1, 3, 3}, {4, 4, 4, 4, 0, 0}, {1, 1, 2, 2, -1, -2}, {}, {}})
                  .get_shape(),
              (Shape{4, 3, 2, 2, 3, 2}));
    // Clamping: begin 1234 -> 2 = end (empty); reversed, begin 2 and end 4321 both clamp to 1 (empty).
    EXPECT_EQ(eval_ss(iota(element::f32, {2, 2}), {{1234, 2}, {1234, 4321}, {1, -1}, {0, 0}, {0, 0}}).get_shape(),
              (Shape{0, 0}));
    // [np.newaxis, 0:2, np.newaxis, 0:4] of 2x4.
    EXPECT_EQ(eval_ss(iota(element::f32, {2, 4}), {{1234, 0, -1, 0}, {1234, 2, 9876, 4}, {132, 1, 241, 1},
                                                   {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 1, 0}})
                  .get_shape(),
              (Shape{1, 2, 1, 4}));
    // [0:1, 0, 0:384, 0:640, 0:8] with a shrunk axis.
    auto n = op::make("StridedSlice",
                      {op::parameter(element::f32, Shape{1, 2, 384, 640, 8}), cst({0, 0, 0, 0, 0}),
                       cst({1, 0, 384, 640, 8}), cst({1, 1, 1, 1, 1})},
                      ss_attrs({{}, {}, {}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {}, {0, 1, 0, 0, 0}, {}}));
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape({1, 384, 640, 8}));
    // [0:4, ..., 0:5] of a 12-D input, and [2:, ..., np.newaxis, :10].
    n = op::make("StridedSlice",
                 {op::parameter(element::f32, Shape(12, 10)), cst({0, 0, 0}), cst({4, 0, 5}), cst({1, -1, 1})},
                 ss_attrs({{}, {}, {}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 1, 0}}));
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape({4, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 5}));
    n = op::make("StridedSlice",
                 {op::parameter(element::f32, Shape(10, 10)), cst({2, 1, 10, 10}), cst({123, 1, 10, 5}),
                  cst({1, -1, 1, 1})},
                 ss_attrs({{}, {}, {}, {0, 0, 1, 1}, {1, 1, 0, 0}, {0, 0, 1}, {0}, {0, 1}}));
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape({8, 10, 10, 10, 10, 10, 10, 10, 10, 1, 5}));
}

TEST(StridedSlice, HandDerivedValues) {
    const Tensor data = iota(element::f32, {2, 3, 4});  // 0..23
    // [1:, :, ::-1]: masks make begin/end irrelevant; the reversed end mask keeps element 0.
    EXPECT_TENSOR_EQ(eval_ss(data, {{1, 1, 123}, {0, 0, 2}, {1, 1, -1}, {0, 1, 1}, {1, 1, 1}}),
                     make_tensor<float>(element::f32, {1, 3, 4}, {15, 14, 13, 12, 19, 18, 17, 16, 23, 22, 21, 20}));
    // [0:2, 0:2, 0:-1]
    EXPECT_TENSOR_EQ(eval_ss(data, {{0, 0, 0}, {2, 2, -1}, {1, 1, 1}, {}, {}}),
                     make_tensor<float>(element::f32, {2, 2, 3}, {0, 1, 2, 4, 5, 6, 12, 13, 14, 16, 17, 18}));
    // [-1, 2:0:-2, 3:0:-2] with the first axis shrunk
    EXPECT_TENSOR_EQ(eval_ss(data, {{-1, 2, 3}, {0, 0, 0}, {1, -2, -2}, {}, {}, {}, {1}}),
                     make_tensor<float>(element::f32, {1, 2}, {23, 21}));
    // [..., 1] : ellipsis then a shrunk last axis
    EXPECT_TENSOR_EQ(eval_ss(data, {{0, 1}, {0, 2}, {1, 1}, {}, {}, {}, {0, 1}, {1}}),
                     make_tensor<float>(element::f32, {2, 3}, {1, 5, 9, 13, 17, 21}));
    // [1, newaxis, ::2] -> shape [1, 2, 4]
    EXPECT_TENSOR_EQ(eval_ss(data, {{1, 0, 0}, {2, 0, 0}, {1, 1, 2}, {0, 0, 1}, {0, 0, 1}, {0, 1}, {1}}),
                     make_tensor<float>(element::f32, {1, 2, 4}, {12, 13, 14, 15, 20, 21, 22, 23}));
    // Fewer entries than the rank: the rest are whole; strides input left out means 1.
    auto n = op::make("StridedSlice", {op::constant(data), cst({1}), cst({2})},
                      {{"begin_mask", "0"}, {"end_mask", "0"}});
    EXPECT_TENSOR_EQ(run(n, {data, ints({1}), ints({2})}).at(0),
                     make_tensor<float>(element::f32, {1, 3, 4}, [] {
                         std::vector<float> v(12);
                         for (size_t i = 0; i < 12; ++i)
                             v[i] = static_cast<float>(12 + i);
                         return v;
                     }()));
}

TEST(StridedSlice, RandomSlicesMatchReferenceForAllTypes) {
    std::mt19937 gen(7);
    auto rnd = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(gen); };
    for (int iter = 0; iter < 300; ++iter) {
        const size_t rank = static_cast<size_t>(rnd(1, 4));
        Shape shape(rank);
        for (auto& d : shape)
            d = static_cast<size_t>(rnd(iter % 25 == 0 ? 0 : 1, 5));
        SsCase c;
        const int64_t entries = rnd(0, static_cast<int64_t>(rank));
        const int64_t ellipsis_at = entries > 0 && rnd(0, 3) == 0 ? rnd(0, entries - 1) : -1;
        for (int64_t i = 0; i <= entries; ++i) {
            const bool is_ellipsis = i == ellipsis_at;
            const bool is_new = !is_ellipsis && rnd(0, 5) == 0;
            if (i == entries && !is_new)
                break;
            c.nm.push_back(is_new ? 1 : 0);
            c.el.push_back(is_ellipsis ? 1 : 0);
            c.sm.push_back(0);
            c.bm.push_back(rnd(0, 3) == 0 ? 1 : 0);
            c.em.push_back(rnd(0, 3) == 0 ? 1 : 0);
            c.stride.push_back(rnd(0, 1) ? rnd(1, 3) : -rnd(1, 3));
            c.begin.push_back(rnd(-7, 7));
            c.end.push_back(rnd(-7, 7));
        }
        // Some entries that consume an input axis become shrinks, with an index valid for that axis.
        size_t real = 0;
        for (size_t i = 0; i < c.begin.size(); ++i)
            real += !c.nm[i] && !c.el[i];
        size_t axis = 0;
        for (size_t i = 0; i < c.begin.size(); ++i) {
            if (c.el[i]) {
                axis += rank - real;
            } else if (!c.nm[i]) {
                const int64_t d = static_cast<int64_t>(shape[axis++]);
                if (d > 0 && rnd(0, 4) == 0) {
                    c.sm[i] = 1;
                    c.begin[i] = rnd(-d, d - 1);
                }
            }
        }
        const element::Type type = test::kElementTypes[static_cast<size_t>(iter) % test::kElementTypes.size()];
        const Tensor data = iota(type, shape);
        const Tensor expected = ref_strided_slice(data, c);
        EXPECT_TENSOR_EQ(eval_ss(data, c), expected)
            << "iter " << iter << " shape " << shape << " begin " << op::list(c.begin) << " end " << op::list(c.end)
            << " stride " << op::list(c.stride) << " bm " << op::list(c.bm) << " em " << op::list(c.em) << " nm "
            << op::list(c.nm) << " sm " << op::list(c.sm) << " el " << op::list(c.el);
    }
}

TEST(StridedSlice, PartialShapes) {
    const Attributes plain{{"begin_mask", "0,0,1"}, {"end_mask", "0,0,1"}};
    // Begin/end unknown: the rank stays, dims are bounded by the input's.
    auto dyn = [](size_t n) { return op::parameter(element::i64, Shape{n}); };
    auto n = op::make("StridedSlice", {op::parameter(element::f32, PartialShape("[4,?,2..6]")), dyn(3), dyn(3),
                                       cst({1, 1, 1})},
                      plain);
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[0..4,?,2..6]"));
    // Unknown length of begin and no rank-changing mask: rank kept.
    n = op::make("StridedSlice",
                 {op::parameter(element::f32, Shape{3, 5}), op::parameter(element::i64, PartialShape("[?]")),
                  op::parameter(element::i64, PartialShape("[?]"))},
                 {{"begin_mask", "0"}, {"end_mask", "0"}});
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[0..3,0..5]"));
    n = op::make("StridedSlice",
                 {op::parameter(element::f32, Shape{3, 5}), op::parameter(element::i64, PartialShape("[?]")),
                  op::parameter(element::i64, PartialShape("[?]"))},
                 {{"begin_mask", "0"}, {"end_mask", "0"}, {"new_axis_mask", "1"}});
    EXPECT_TRUE(n->get_output_partial_shape(0).rank_is_dynamic());
    // Known values over dynamic dims: bounds, or the same dim for a whole reversed axis.
    n = op::make("StridedSlice", {op::parameter(element::f32, PartialShape("[?,2..10,?,?]")), cst({0, 1, 0, -3}),
                                  cst({3, 100, 0, 100}), cst({1, 1, -1, 1})},
                 {{"begin_mask", "0,0,1"}, {"end_mask", "0,0,1"}, {"shrink_axis_mask", "0"}});
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[0..3,1..9,?,0..3]"));
    n = op::make("StridedSlice", {op::parameter(element::f32, PartialShape::dynamic()), cst({0}), cst({1}), cst({1})},
                 {{"begin_mask", "0"}, {"end_mask", "0"}});
    EXPECT_TRUE(n->get_output_partial_shape(0).rank_is_dynamic());
    // Runtime values through parameters give the exact result.
    const Tensor data = iota(element::i32, {3, 4});
    n = op::make("StridedSlice", {op::parameter(element::i32, Shape{3, 4}), dyn(2), dyn(2), dyn(2)},
                 {{"begin_mask", "0,0"}, {"end_mask", "0,0"}});
    EXPECT_TENSOR_EQ(run(n, {data, ints({2, -1}), ints({-4, 0}), ints({-1, -2})}).at(0),
                     make_tensor<int32_t>(element::i32, {3, 2}, {11, 9, 7, 5, 3, 1}));
}

TEST(StridedSlice, InvalidInputsThrow) {
    auto data = op::parameter(element::f32, Shape{2, 3});
    const Attributes masks{{"begin_mask", "0,0"}, {"end_mask", "0,0"}};
    EXPECT_THROW(op::make("StridedSlice", {data, cst({0, 0}), cst({1, 1}), cst({1, 0})}, masks), ModelError);
    EXPECT_THROW(op::make("StridedSlice", {data, cst({0, 0}), cst({1}), cst({1, 1})}, masks), ModelError);
    EXPECT_THROW(op::make("StridedSlice", {data, cst({0, 0, 0}), cst({1, 1, 1})}, masks), ModelError);  // 3 > rank
    EXPECT_THROW(op::make("StridedSlice", {data, cst({0, 0}), cst({1, 1})}, {{"begin_mask", "0"}}), ModelError);
    EXPECT_THROW(op::make("StridedSlice", {data, cst({0, 0}), cst({1, 1})},
                          {{"begin_mask", "0"}, {"end_mask", "0"}, {"ellipsis_mask", "1,1"}}),
                 ModelError);
    EXPECT_THROW(op::make("StridedSlice", {data, cst({0, 3}), cst({1, 1})},
                          {{"begin_mask", "0"}, {"end_mask", "0"}, {"shrink_axis_mask", "0,1"}}),
                 ModelError);
    EXPECT_THROW(op::make("StridedSlice", {data, op::constant(make_tensor<float>(element::f32, {2}, {0, 0})),
                                           cst({1, 1})},
                          masks),
                 ModelError);
    EXPECT_THROW(op::make("StridedSlice", {data, op::parameter(element::i64, Shape{2, 1}), cst({1, 1})}, masks),
                 ModelError);
    EXPECT_THROW(op::make("StridedSlice", {data, cst({0, 0}), cst({1, 1})}, {{"begin_mask", "x"}, {"end_mask", "0"}}),
                 ModelError);
    // A zero stride that only shows at run time.
    auto n = op::make("StridedSlice", {data, cst({0, 0}), cst({1, 1}), op::parameter(element::i32, Shape{2})}, masks);
    EXPECT_THROW(run(n, {iota(element::f32, {2, 3}), ints({0, 0}), ints({1, 1}), ints({0, 1}, element::i32)}),
                 ModelError);
}

// ---- Slice-8 --------------------------------------------------------------------------------

namespace {

Tensor eval_slice(const Tensor& data, const Ints& start, const Ints& stop, const Ints& step, const Ints* axes) {
    OutputVector args{op::constant(data), cst(start), cst(stop), cst(step)};
    TensorVector tensors{data, ints(start), ints(stop), ints(step)};
    if (axes) {
        args.push_back(cst(*axes, element::i32));
        tensors.push_back(ints(*axes, element::i32));
    }
    auto node = op::make("Slice", args);
    auto out = run(node, tensors).at(0);
    EXPECT_EQ(node->get_output_partial_shape(0), PartialShape(out.get_shape()));
    return out;
}

Tensor ref_slice(const Tensor& data, const Ints& start, const Ints& stop, const Ints& step, const Ints& axes) {
    const Shape& shape = data.get_shape();
    std::vector<Ints> idx;
    Shape out;
    for (size_t a = 0; a < shape.size(); ++a) {
        idx.push_back(all_of_axis(shape[a]));
        for (size_t j = 0; j < axes.size(); ++j) {
            const int64_t ax = axes[j] < 0 ? axes[j] + static_cast<int64_t>(shape.size()) : axes[j];
            if (ax == static_cast<int64_t>(a))
                idx.back() = visit(static_cast<int64_t>(shape[a]), start[j], stop[j], step[j]);
        }
        out.push_back(idx.back().size());
    }
    return pick(data, idx, out);
}

}  // namespace

TEST(Slice, SpecExamples) {
    const Tensor ten = iota(element::f32, {10});
    const Ints ax0{0};
    auto vals = [](std::vector<float> v) { return make_tensor<float>(element::f32, {v.size()}, v); };
    EXPECT_TENSOR_EQ(eval_slice(ten, {1}, {8}, {1}, &ax0), vals({1, 2, 3, 4, 5, 6, 7}));
    EXPECT_TENSOR_EQ(eval_slice(ten, {1}, {8}, {1}, nullptr), vals({1, 2, 3, 4, 5, 6, 7}));
    EXPECT_TENSOR_EQ(eval_slice(ten, {1}, {8}, {2}, &ax0), vals({1, 3, 5, 7}));
    EXPECT_TENSOR_EQ(eval_slice(ten, {-100}, {100}, {1}, &ax0), vals({0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
    EXPECT_TENSOR_EQ(eval_slice(ten, {9}, {-11}, {-1}, &ax0), vals({9, 8, 7, 6, 5, 4, 3, 2, 1, 0}));
    EXPECT_TENSOR_EQ(eval_slice(ten, {9}, {0}, {-1}, &ax0), vals({9, 8, 7, 6, 5, 4, 3, 2, 1}));
    EXPECT_TENSOR_EQ(eval_slice(ten, {9}, {-10}, {-1}, &ax0), vals({9, 8, 7, 6, 5, 4, 3, 2, 1}));
    EXPECT_TENSOR_EQ(eval_slice(ten, {9}, {-11}, {-2}, &ax0), vals({9, 7, 5, 3, 1}));
    EXPECT_TENSOR_EQ(eval_slice(ten, {100}, {-100}, {-1}, &ax0), vals({9, 8, 7, 6, 5, 4, 3, 2, 1, 0}));
    const Ints ax01{0, 1};
    EXPECT_TENSOR_EQ(eval_slice(iota(element::f32, {2, 5}), {0, 1}, {2, 4}, {1, 2}, &ax01),
                     make_tensor<float>(element::f32, {2, 2}, {1, 3, 6, 8}));
    // INT64 limits as "to the end" in both directions.
    const int64_t big = std::numeric_limits<int64_t>::max(), small = std::numeric_limits<int64_t>::min();
    EXPECT_TENSOR_EQ(eval_slice(ten, {7}, {big}, {1}, &ax0), vals({7, 8, 9}));
    EXPECT_TENSOR_EQ(eval_slice(ten, {2}, {small}, {-1}, &ax0), vals({2, 1, 0}));
    EXPECT_TENSOR_EQ(eval_slice(ten, {big}, {small}, {small}, &ax0), vals({9}));
}

TEST(Slice, AxesInAnyOrderAndNegative) {
    const Tensor data = iota(element::i64, {2, 3, 4});
    const Ints axes{-1, 0};
    EXPECT_TENSOR_EQ(eval_slice(data, {-1, 1}, {0, 2}, {-2, 1}, &axes),
                     make_tensor<int64_t>(element::i64, {1, 3, 2}, {15, 13, 19, 17, 23, 21}));
}

TEST(Slice, RandomSlicesMatchReferenceForAllTypes) {
    std::mt19937 gen(11);
    auto rnd = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(gen); };
    for (int iter = 0; iter < 200; ++iter) {
        const int64_t rank = rnd(1, 4);
        Shape shape(static_cast<size_t>(rank));
        for (auto& d : shape)
            d = static_cast<size_t>(rnd(iter % 20 == 0 ? 0 : 1, 5));
        Ints axes = all_of_axis(shape.size());
        std::shuffle(axes.begin(), axes.end(), gen);
        axes.resize(static_cast<size_t>(rnd(1, rank)));
        for (auto& a : axes)
            a -= rnd(0, 1) * rank;  // some negative
        Ints start, stop, step;
        for (size_t j = 0; j < axes.size(); ++j) {
            start.push_back(rnd(-8, 8));
            stop.push_back(rnd(-8, 8));
            step.push_back(rnd(0, 1) ? rnd(1, 3) : -rnd(1, 3));
        }
        const element::Type type = test::kElementTypes[static_cast<size_t>(iter) % test::kElementTypes.size()];
        const Tensor data = iota(type, shape);
        EXPECT_TENSOR_EQ(eval_slice(data, start, stop, step, &axes), ref_slice(data, start, stop, step, axes))
            << "iter " << iter << " shape " << shape << " start " << op::list(start) << " stop " << op::list(stop)
            << " step " << op::list(step) << " axes " << op::list(axes);
    }
}

TEST(Slice, PartialShapes) {
    auto p = [](const char* s) { return op::parameter(element::f32, PartialShape(s)); };
    auto n = op::make("Slice", {p("[?,8,2..20]"), cst({1, 2}), cst({-1, 100}), cst({1, 3}), cst({2, 0})});
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[0..33,8,0..18]"));
    n = op::make("Slice", {p("[4,8]"), cst({0}), cst({2}), cst({1}), op::parameter(element::i64, Shape{1})});
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[0..4,0..8]"));
    n = op::make("Slice", {p("[4,?]"), op::parameter(element::i64, Shape{1}), cst({2}), cst({1})});
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[0..4,?]"));
    n = op::make("Slice", {p("[...]"), cst({0}), cst({2}), cst({1})});
    EXPECT_TRUE(n->get_output_partial_shape(0).rank_is_dynamic());
    // Whole axis backwards over a dynamic dim keeps it.
    n = op::make("Slice", {p("[3..7]"), cst({-1}), cst({std::numeric_limits<int64_t>::min()}), cst({-1})});
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[3..7]"));
}

TEST(Slice, InvalidInputsThrow) {
    auto data = op::parameter(element::f32, Shape{4, 5});
    EXPECT_THROW(op::make("Slice", {data, cst({0}), cst({2}), cst({0})}), ModelError);
    EXPECT_THROW(op::make("Slice", {data, cst({0, 0}), cst({2, 2}), cst({1, 1}), cst({1, -1})}), ModelError);
    EXPECT_THROW(op::make("Slice", {data, cst({0}), cst({2}), cst({1}), cst({2})}), ModelError);
    EXPECT_THROW(op::make("Slice", {data, cst({0, 0}), cst({2}), cst({1})}), ModelError);
    EXPECT_THROW(op::make("Slice", {data, cst({0}), cst({2})}), ModelError);
    EXPECT_THROW(op::make("Slice", {op::parameter(element::f32, Shape{}), cst({0}), cst({1}), cst({1})}), ModelError);
    const auto float_step = op::constant(make_tensor<float>(element::f32, {1}, {1}));
    EXPECT_THROW(op::make("Slice", {data, cst({0}), cst({2}), float_step}), ModelError);
    auto n = op::make("Slice", {data, cst({0}), cst({2}), op::parameter(element::i64, Shape{1})});
    EXPECT_THROW(run(n, {iota(element::f32, {4, 5}), ints({0}), ints({2}), ints({0})}), ModelError);
    EXPECT_THROW(run(n, {iota(element::f32, {4, 5}), ints({0}), ints({2}), ints({1, 1})}), ModelError);
}
