// MaxPool 1/8/14 and AvgPool 1/14: the spec's worked examples, hand-derived averages, a grid against a naive
// per-window formulation (ranks, strides, dilations, padding modes, rounding types, axes, types), shape
// inference and invalid models.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::Dims;
using test::run;
using test::to_shape;

namespace {

struct Params {
    std::string auto_pad = "explicit", rounding = "floor";
    Dims kernel, strides, dilations, pads_begin, pads_end;
    int64_t dilation(size_t i) const { return dilations.empty() ? 1 : dilations[i]; }
};

// The spec's output extent and effective pads of one axis, in floating point.
int64_t expected_extent(const Params& p, size_t i, int64_t in, int64_t& pb, int64_t& pe) {
    const int64_t s = p.strides[i], dk = (p.kernel[i] - 1) * p.dilation(i) + 1;
    if (p.auto_pad == "same_upper" || p.auto_pad == "same_lower") {
        const auto out = static_cast<int64_t>(std::ceil(double(in) / double(s)));
        const int64_t total = std::max<int64_t>(0, (out - 1) * s + dk - in);
        pb = p.auto_pad == "same_upper" ? total / 2 : total - total / 2;
        pe = total - pb;
        return out;
    }
    pb = p.auto_pad == "valid" ? 0 : p.pads_begin[i];
    pe = p.auto_pad == "valid" ? 0 : p.pads_end[i];
    const double q = double(in + pb + pe - dk) / double(s);
    auto out = static_cast<int64_t>(p.rounding == "floor" ? std::floor(q) : std::ceil(q)) + 1;
    if (p.rounding == "ceil_torch" && (out - 1) * s >= in + pb)
        --out;
    return out;
}

struct Expected {
    Dims shape;
    std::vector<double> values, indices;
};

// Visits every window tap: for each output position, the input positions its taps hit (inside or not).
Expected naive_pool(const std::vector<double>& x, const Dims& xs, const Params& p, bool max, bool exclude_pad,
                    int64_t axis) {
    const size_t n = xs.size() - 2;
    Dims pb(n), pe(n);
    Expected e;
    e.shape = {xs[0], xs[1]};
    for (size_t i = 0; i < n; ++i)
        e.shape.push_back(expected_extent(p, i, xs[2 + i], pb[i], pe[i]));
    bool any_pad = false;
    for (size_t i = 0; i < n; ++i)
        any_pad = any_pad || pb[i] != 0 || pe[i] != 0;
    int64_t modulo = 1;
    for (size_t i = static_cast<size_t>(axis < 0 ? axis + int64_t(xs.size()) : axis); i < xs.size(); ++i)
        modulo *= xs[i];
    int64_t plane = 1;
    for (size_t s = 0; s < n; ++s)
        plane *= xs[2 + s];
    const Dims kshape = p.kernel;
    test::for_each_index(e.shape, [&](const Dims& o) {
        double best = -std::numeric_limits<double>::infinity(), sum = 0;
        int64_t best_at = -1, inside = 0, taps = 0;
        test::for_each_index(kshape, [&](const Dims& k) {
            ++taps;
            Dims xi{o[0], o[1]};
            bool in = true;
            for (size_t s = 0; s < n; ++s) {
                const int64_t pos = o[2 + s] * p.strides[s] - pb[s] + k[s] * p.dilation(s);
                in = in && pos >= 0 && pos < xs[2 + s];
                xi.push_back(pos);
            }
            if (!in)
                return;
            const int64_t at = test::ravel(xi, xs);
            ++inside;
            sum += x[at];
            if (best_at < 0 || x[at] > best) {
                best = x[at];
                best_at = at;
            }
        });
        if (max) {
            e.values.push_back(best);
            e.indices.push_back(double((best_at < 0 ? (o[0] * xs[1] + o[1]) * plane : best_at) % modulo));
        } else {
            const int64_t divisor = !exclude_pad && any_pad ? taps : inside;
            e.values.push_back(divisor ? sum / double(divisor) : 0.0);
        }
    });
    return e;
}

Attributes pool_attrs(const Params& p) {
    Attributes a{{"kernel", op::list(p.kernel)}, {"rounding_type", p.rounding}, {"auto_pad", p.auto_pad}};
    if (!p.strides.empty())
        a.emplace_back("strides", op::list(p.strides));
    if (!p.pads_begin.empty())
        a.emplace_back("pads_begin", op::list(p.pads_begin));
    if (!p.pads_end.empty())
        a.emplace_back("pads_end", op::list(p.pads_end));
    return a;
}

std::shared_ptr<Node> max_pool(int64_t version, element::Type et, const PartialShape& shape, const Params& p,
                               Attributes extra = {}) {
    Attributes a = pool_attrs(p);
    if (version >= 8 && !p.dilations.empty())
        a.emplace_back("dilations", op::list(p.dilations));
    a.insert(a.end(), extra.begin(), extra.end());
    return op::make("MaxPool", {op::parameter(et, shape)}, a, version);
}

std::shared_ptr<Node> avg_pool(int64_t version, element::Type et, const PartialShape& shape, const Params& p,
                               bool exclude_pad) {
    Attributes a = pool_attrs(p);
    a.emplace_back("exclude-pad", exclude_pad ? "true" : "false");
    return op::make("AvgPool", {op::parameter(et, shape)}, a, version);
}

Tensor f32(const Shape& s, const std::vector<double>& v) { return test::make_tensor(element::f32, s, v); }
Tensor i64(const Shape& s, const std::vector<double>& v) { return test::make_tensor(element::i64, s, v); }

// A MaxPool-8 example of the spec: values and indices.
void spec_example(const Shape& shape, const std::vector<double>& input, const Params& p, Attributes extra,
                  const Shape& out, const std::vector<double>& values, const std::vector<double>& indices,
                  int64_t version = 8) {
    auto node = max_pool(version, element::f32, shape, p, std::move(extra));
    const auto r = run(node, {f32(shape, input)});
    EXPECT_TENSOR_NEAR(r[0], f32(out, values), 0, 0);
    EXPECT_TENSOR_EQ(r[1], i64(out, indices));
}

Params params(const std::string& auto_pad, const std::string& rounding, Dims kernel, Dims strides, Dims pb = {},
              Dims pe = {}, Dims dilations = {}) {
    Params p;
    p.auto_pad = auto_pad;
    p.rounding = rounding;
    p.kernel = std::move(kernel);
    p.strides = std::move(strides);
    p.pads_begin = std::move(pb);
    p.pads_end = std::move(pe);
    p.dilations = std::move(dilations);
    return p;
}

}  // namespace

TEST(MaxPool, SpecExamples) {
    const std::vector<double> a = {-1, 2, 3, 4, 5, -6, -7, 8, 9};
    // The spec lists -6 (index 5) at [1, 3]; that window covers input rows 0-1 of column 2, i.e. 3 and -6.
    spec_example({1, 1, 3, 3}, a, params("explicit", "floor", {2, 2}, {1, 1}, {1, 1}, {1, 1}), {}, {1, 1, 4, 4},
                 {-1, 2, 3, 3, 4, 5, 5, 3, 4, 8, 9, 9, -7, 8, 9, 9}, {0, 1, 2, 2, 3, 4, 4, 2, 3, 7, 8, 8, 6, 7, 8, 8});
    spec_example({1, 1, 7}, {-1, 2, 3, 5, -7, 9, 1}, params("valid", "floor", {3}, {1}), {}, {1, 1, 5}, {3, 5, 5, 9, 9},
                 {2, 3, 3, 5, 5});
    spec_example({1, 1, 3, 3}, a, params("same_lower", "floor", {2, 2}, {1, 1}), {}, {1, 1, 3, 3},
                 {-1, 2, 3, 4, 5, 5, 4, 8, 9}, {0, 1, 2, 3, 4, 4, 3, 7, 8});
    std::vector<double> two = a;
    two.insert(two.end(), {2, -1, 5, 6, -7, 1, 8, 2, -3});
    spec_example({1, 2, 3, 3}, two, params("same_upper", "floor", {2, 2}, {1, 1}), {}, {1, 2, 3, 3},
                 {5, 5, 3, 8, 9, 9, 8, 9, 9, 6, 5, 5, 8, 2, 1, 8, 2, -3},
                 {4, 4, 2, 7, 8, 8, 7, 8, 8, 12, 11, 11, 15, 16, 14, 15, 16, 17});
    const std::vector<double> seq = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    spec_example({1, 1, 3, 3}, seq, params("explicit", "ceil_torch", {2, 2}, {2, 2}, {1, 1}, {1, 1}), {}, {1, 1, 2, 2},
                 {1, 3, 7, 9}, {0, 2, 6, 8}, 14);
    spec_example({1, 1, 3, 3}, a, params("valid", "ceil", {2, 2}, {2, 2}), {}, {1, 1, 2, 2}, {5, 3, 8, 9},
                 {4, 2, 7, 8});
    spec_example({1, 1, 3, 3}, seq, params("explicit", "floor", {2, 2}, {1, 1}, {1, 1}, {1, 1}, {2, 2}), {},
                 {1, 1, 3, 3}, {5, 6, 5, 8, 9, 8, 5, 6, 5}, {4, 5, 4, 7, 8, 7, 4, 5, 4});
    std::vector<double> eighteen(18);
    for (size_t i = 0; i < 18; ++i)
        eighteen[i] = double(i + 1);
    spec_example({1, 2, 3, 3}, eighteen, params("explicit", "floor", {2, 2}, {1, 1}, {0, 0}, {0, 0}, {1, 1}),
                 {{"axis", "2"}}, {1, 2, 2, 2}, {5, 6, 8, 9, 14, 15, 17, 18}, {4, 5, 7, 8, 4, 5, 7, 8});
}

TEST(MaxPool, CeilWindowsInPaddingAndCeilTorch) {
    // ceil keeps a last window that starts in the end padding: it holds no input, so -inf, index 0
    const Params ceil = params("explicit", "ceil", {2}, {2}, {1}, {1});
    const auto r = run(max_pool(8, element::f32, Shape{1, 1, 3}, ceil), {f32({1, 1, 3}, {1, 2, 3})});
    const double inf = std::numeric_limits<double>::infinity();
    EXPECT_TENSOR_NEAR(r[0], f32({1, 1, 3}, {1, 3, -inf}), 0, 0);
    EXPECT_TENSOR_EQ(r[1], i64({1, 1, 3}, {0, 2, 0}));
    Params torch = ceil;
    torch.rounding = "ceil_torch";
    EXPECT_EQ(max_pool(14, element::f32, Shape{1, 1, 3}, torch)->get_output_partial_shape(0), PartialShape({1, 1, 2}));
    // ceil_torch keeps a last window that starts inside the input
    const auto kept = max_pool(14, element::f32, Shape{1, 1, 4}, params("explicit", "ceil_torch", {3}, {2}, {1}, {1}));
    EXPECT_EQ(kept->get_output_partial_shape(0), PartialShape({1, 1, 3}));
    const Tensor out = run(max_pool(1, element::i32, Shape{1, 1, 3}, ceil),
                           {test::make_tensor<int>(element::i32, {1, 1, 3}, {1, 2, 3})})[0];
    EXPECT_TENSOR_EQ(out, test::make_tensor<int>(element::i32, {1, 1, 3}, {1, 3, std::numeric_limits<int>::lowest()}));
}

TEST(AvgPool, HandDerived) {
    const Tensor x = f32({1, 1, 4}, {1, 2, 3, 4});
    EXPECT_TENSOR_NEAR(
        run(avg_pool(1, element::f32, Shape{1, 1, 4}, params("explicit", "floor", {2}, {2}), false), {x})[0],
        f32({1, 1, 2}, {1.5, 3.5}), 0, 0);
    const Params padded = params("explicit", "floor", {2}, {2}, {1}, {1});
    EXPECT_TENSOR_NEAR(run(avg_pool(1, element::f32, Shape{1, 1, 4}, padded, false), {x})[0],
                       f32({1, 1, 3}, {0.5, 2.5, 2}), 0, 0);
    EXPECT_TENSOR_NEAR(run(avg_pool(1, element::f32, Shape{1, 1, 4}, padded, true), {x})[0],
                       f32({1, 1, 3}, {1, 2.5, 4}), 0, 0);
    // ceil without padding: the overhanging last window averages what it covers
    EXPECT_TENSOR_NEAR(run(avg_pool(1, element::f32, Shape{1, 1, 5}, params("explicit", "ceil", {2}, {2}), false),
                           {f32({1, 1, 5}, {1, 2, 3, 4, 5})})[0],
                       f32({1, 1, 3}, {1.5, 3.5, 5}), 0, 0);
    // ceil with padding: without exclude-pad the whole kernel divides, even past the end padding
    const Params over = params("explicit", "ceil", {3}, {2}, {1}, {1});
    EXPECT_TENSOR_NEAR(run(avg_pool(1, element::f32, Shape{1, 1, 4}, over, false), {x})[0],
                       f32({1, 1, 3}, {1, 3, 4.0 / 3}), 1e-7, 0);
    EXPECT_TENSOR_NEAR(run(avg_pool(1, element::f32, Shape{1, 1, 4}, over, true), {x})[0], f32({1, 1, 3}, {1.5, 3, 4}),
                       0, 0);
    // a window entirely in padding averages to zero; ceil_torch drops it
    const Params empty = params("explicit", "ceil", {2}, {2}, {1}, {1});
    EXPECT_TENSOR_NEAR(run(avg_pool(14, element::f32, Shape{1, 1, 3}, empty, true), {f32({1, 1, 3}, {2, 4, 6})})[0],
                       f32({1, 1, 3}, {2, 5, 0}), 0, 0);
    Params torch = empty;
    torch.rounding = "ceil_torch";
    EXPECT_TENSOR_NEAR(run(avg_pool(14, element::f32, Shape{1, 1, 3}, torch, false), {f32({1, 1, 3}, {2, 4, 6})})[0],
                       f32({1, 1, 2}, {1, 5}), 0, 0);
    // same_upper pads (0 then 1) count as padding without exclude-pad
    EXPECT_TENSOR_NEAR(run(avg_pool(1, element::f32, Shape{1, 1, 3}, params("same_upper", "floor", {2}, {1}), false),
                           {f32({1, 1, 3}, {2, 4, 6})})[0],
                       f32({1, 1, 3}, {3, 5, 3}), 0, 0);
}

namespace {

struct GridCase {
    size_t rank;
    int64_t stride, dilation;
    std::string auto_pad, rounding;
    int64_t batch;
};

Params grid_params(const GridCase& c) {
    static const std::vector<Dims> kernels = {{3}, {2, 3}, {3, 1, 2}};
    static const Dims pads_b = {1, 0, 1}, pads_e = {2, 1, 2};
    const size_t n = c.rank;
    return params(c.auto_pad, c.rounding, kernels[n - 1], Dims(n, c.stride), Dims(pads_b.begin(), pads_b.begin() + n),
                  Dims(pads_e.begin(), pads_e.begin() + n), Dims(n, c.dilation));
}

Dims grid_input(const GridCase& c) {
    static const std::vector<Dims> spatial = {{8}, {7, 6}, {5, 4, 6}};
    Dims xs{c.batch, 3};
    xs.insert(xs.end(), spatial[c.rank - 1].begin(), spatial[c.rank - 1].end());
    return xs;
}

std::vector<GridCase> grid(bool with_dilation) {
    std::vector<GridCase> cases;
    for (size_t rank = 1; rank <= 3; ++rank)
        for (int64_t stride : {1, 2})
            for (int64_t dil : with_dilation ? std::vector<int64_t>{1, 2} : std::vector<int64_t>{1})
                for (const char* pad : {"explicit", "valid", "same_upper", "same_lower"})
                    for (const char* rounding : {"floor", "ceil", "ceil_torch"})
                        for (int64_t batch : {1, 2})
                            cases.push_back({rank, stride, dil, pad, rounding, batch});
    return cases;
}

std::string describe(const GridCase& c) {
    return "rank " + std::to_string(c.rank) + " stride " + std::to_string(c.stride) + " dilation " +
           std::to_string(c.dilation) + " " + c.auto_pad + " " + c.rounding + " batch " + std::to_string(c.batch);
}

}  // namespace

TEST(MaxPool, GridAgainstNaive) {
    const std::vector<int64_t> axes = {0, 1, 2, -1};
    uint32_t seed = 0;
    for (const GridCase& c : grid(true)) {
        const Dims xs = grid_input(c);
        const Params p = grid_params(c);
        const int64_t axis = axes[seed % axes.size()];
        const element::Type index_type = seed % 2 ? element::i32 : element::i64;
        const Tensor x = test::random_tensor(element::f32, to_shape(xs), -5, 5, seed++);
        const Expected e = naive_pool(test::values(x), xs, p, true, false, axis);
        auto node = max_pool(14, element::f32, to_shape(xs), p,
                             {{"axis", std::to_string(axis)}, {"index_element_type", index_type.get_type_name()}});
        SCOPED_TRACE(describe(c) + " axis " + std::to_string(axis));
        ASSERT_EQ(node->get_output_partial_shape(0), PartialShape(to_shape(e.shape)));
        ASSERT_EQ(node->get_output_element_type(1), index_type);
        const auto r = run(node, {x});
        EXPECT_TENSOR_NEAR(r[0], f32(to_shape(e.shape), e.values), 0, 0);
        EXPECT_TENSOR_EQ(r[1], test::make_tensor(index_type, to_shape(e.shape), e.indices));
    }
    EXPECT_EQ(seed, 3u * 2 * 2 * 4 * 3 * 2);
}

TEST(MaxPool, OlderVersionsAgreeWhereTheyOverlap) {
    for (const GridCase& c : grid(false)) {
        if (c.rounding == "ceil_torch")
            continue;
        const Dims xs = grid_input(c);
        Params p = grid_params(c);
        const Tensor x = test::random_tensor(element::f32, to_shape(xs), -5, 5, 99);
        SCOPED_TRACE(describe(c));
        auto v1 = max_pool(1, element::f32, to_shape(xs), p);
        ASSERT_EQ(v1->get_output_size(), 1u);
        auto v8 = max_pool(8, element::f32, to_shape(xs), p);
        ASSERT_EQ(v8->get_output_size(), 2u);
        EXPECT_EQ(v8->get_output_element_type(1), element::i64);
        EXPECT_TENSOR_EQ(run(v1, {x})[0], run(v8, {x})[0]);
    }
}

TEST(MaxPool, IntegerAndF16Types) {
    const Dims xs{2, 3, 6, 5};
    const Params p = params("explicit", "ceil", {3, 2}, {2, 2}, {1, 0}, {1, 1}, {1, 1});
    for (element::Type et : {element::f16, element::i32, element::i64, element::u8, element::i8}) {
        const bool is_unsigned = et == element::u8;
        const Tensor x = test::random_tensor(et, to_shape(xs), is_unsigned ? 0 : -100, 100, 11);
        const Expected e = naive_pool(test::values(x), xs, p, true, false, 1);
        auto node = max_pool(8, et, to_shape(xs), p, {{"axis", "1"}});
        const auto r = run(node, {x});
        SCOPED_TRACE(et.get_type_name());
        EXPECT_EQ(r[0].get_element_type(), et);
        EXPECT_TENSOR_EQ(r[0], test::make_tensor(et, to_shape(e.shape), e.values));
        EXPECT_TENSOR_EQ(r[1], i64(to_shape(e.shape), e.indices));
    }
}

TEST(AvgPool, GridAgainstNaive) {
    uint32_t seed = 0;
    for (const GridCase& c : grid(false))
        for (bool exclude : {false, true}) {
            const Dims xs = grid_input(c);
            Params p = grid_params(c);
            const Tensor x = test::random_tensor(element::f32, to_shape(xs), -5, 5, seed++);
            const Expected e = naive_pool(test::values(x), xs, p, false, exclude, 0);
            auto node = avg_pool(14, element::f32, to_shape(xs), p, exclude);
            SCOPED_TRACE(describe(c) + (exclude ? " exclude-pad" : ""));
            ASSERT_EQ(node->get_output_partial_shape(0), PartialShape(to_shape(e.shape)));
            EXPECT_TENSOR_NEAR(run(node, {x})[0], f32(to_shape(e.shape), e.values), 1e-6, 1e-6);
            if (c.rounding != "ceil_torch") {  // AvgPool-1 computes the same
                EXPECT_TENSOR_NEAR(run(avg_pool(1, element::f32, to_shape(xs), p, exclude), {x})[0],
                                   f32(to_shape(e.shape), e.values), 1e-6, 1e-6);
            }
        }
    EXPECT_EQ(seed, 3u * 2 * 4 * 3 * 2 * 2);
}

TEST(AvgPool, F16ComputesInF32) {
    const Dims xs{1, 2, 7, 7};
    const Params p = params("same_lower", "floor", {3, 3}, {2, 2});
    const Tensor x = test::random_tensor(element::f16, to_shape(xs), -1, 1, 3);
    const Expected e = naive_pool(test::values(x), xs, p, false, false, 0);
    const Tensor out = run(avg_pool(1, element::f16, to_shape(xs), p, false), {x})[0];
    EXPECT_EQ(out.get_element_type(), element::f16);
    EXPECT_TENSOR_NEAR(out, test::make_tensor(element::f16, to_shape(e.shape), e.values), 1e-3, 1e-3);
}

TEST(Pooling, ShapeInference) {
    const auto f = element::f32;
    const Params p = params("explicit", "floor", {3, 3}, {2, 2}, {1, 1}, {1, 1});
    EXPECT_EQ(max_pool(14, f, PartialShape("[?,3,?,10]"), p)->get_output_partial_shape(1), PartialShape("[?,3,?,5]"));
    EXPECT_EQ(avg_pool(1, f, PartialShape("[1,3,8..16,10]"), p, true)->get_output_partial_shape(0),
              PartialShape("[1,3,4..8,5]"));
    EXPECT_EQ(max_pool(1, f, PartialShape::dynamic(), p)->get_output_partial_shape(0), PartialShape("[?,?,?,?]"));
    EXPECT_EQ(max_pool(8, f, PartialShape("[1,3,?,9]"), params("same_upper", "floor", {3, 3}, {2, 2}))
                  ->get_output_partial_shape(0),
              PartialShape("[1,3,?,5]"));
    // the spec's AvgPool examples
    const Shape in{1, 3, 32, 32};
    EXPECT_EQ(avg_pool(1, f, in, params("same_upper", "floor", {2, 2}, {2, 2}, {0, 0}, {1, 1}), true)
                  ->get_output_partial_shape(0),
              PartialShape({1, 3, 16, 16}));
    EXPECT_EQ(avg_pool(1, f, in, params("explicit", "floor", {5, 5}, {3, 3}, {1, 1}, {1, 1}), true)
                  ->get_output_partial_shape(0),
              PartialShape({1, 3, 10, 10}));
    EXPECT_EQ(avg_pool(1, f, in, params("explicit", "floor", {5, 5}, {2, 2}, {1, 1}, {1, 1}), false)
                  ->get_output_partial_shape(0),
              PartialShape({1, 3, 15, 15}));
    EXPECT_EQ(
        avg_pool(1, f, in, params("valid", "floor", {5, 5}, {2, 2}, {1, 1}, {1, 1}), true)->get_output_partial_shape(0),
        PartialShape({1, 3, 14, 14}));
    EXPECT_EQ(
        max_pool(8, f, in, params("explicit", "floor", {2, 2}, {2, 2}, {1, 1}, {1, 1}))->get_output_partial_shape(1),
        PartialShape({1, 3, 17, 17}));
}

TEST(Pooling, InvalidModelsThrowModelError) {
    const auto f = element::f32;
    const Params p = params("explicit", "floor", {2, 2}, {1, 1});
    EXPECT_THROW(max_pool(8, f, PartialShape({3, 8}), params("explicit", "floor", {2}, {1})), ModelError);  // rank 2
    EXPECT_THROW(max_pool(8, f, PartialShape({1, 1, 2, 2, 2, 2}), p), ModelError);                          // rank 6
    EXPECT_THROW(max_pool(8, f, PartialShape({1, 3, 8, 8}), params("explicit", "floor", {2}, {1})), ModelError);
    EXPECT_THROW(max_pool(8, f, PartialShape({1, 3, 8, 8}), params("explicit", "floor", {2, 2}, {1, 0})), ModelError);
    EXPECT_THROW(max_pool(8, f, PartialShape({1, 3, 8, 8}), params("explicit", "floor", {2, 0}, {1, 1})), ModelError);
    EXPECT_THROW(max_pool(8, f, PartialShape({1, 3, 8, 8}), params("explicit", "round", {2, 2}, {1, 1})), ModelError);
    EXPECT_THROW(max_pool(8, f, PartialShape({1, 3, 8, 8}), params("explicit", "ceil_torch", {2, 2}, {1, 1})),
                 ModelError);
    EXPECT_THROW(avg_pool(1, f, PartialShape({1, 3, 8, 8}), params("explicit", "ceil_torch", {2, 2}, {1, 1}), true),
                 ModelError);
    EXPECT_THROW(max_pool(8, f, PartialShape({1, 3, 8, 8}), params("diagonal", "floor", {2, 2}, {1, 1})), ModelError);
    EXPECT_THROW(max_pool(8, f, PartialShape({1, 3, 8, 8}), p, {{"index_element_type", "f32"}}), ModelError);
    EXPECT_THROW(max_pool(8, f, PartialShape({1, 3, 8, 8}), p, {{"axis", "4"}}), ModelError);
    EXPECT_THROW(max_pool(8, f, PartialShape({1, 3, 2, 8}), params("explicit", "floor", {3, 3}, {1, 1})), ModelError);
    EXPECT_THROW(max_pool(8, element::boolean, PartialShape({1, 3, 8, 8}), p), ModelError);
    EXPECT_THROW(op::make("MaxPool", {op::parameter(f, PartialShape({1, 3, 8, 8}))}, {{"strides", "1,1"}}), ModelError);
    EXPECT_THROW(op::make("AvgPool", {op::parameter(f, PartialShape({1, 3, 8, 8}))},
                          {{"kernel", "2,2"}, {"exclude-pad", "perhaps"}}),
                 ModelError);
    // mismatching runtime inputs
    auto dyn = max_pool(8, f, PartialShape::dynamic(4), params("explicit", "floor", {3, 3}, {1, 1}));
    EXPECT_THROW(run(dyn, {test::random_tensor(f, {1, 1, 2, 2})}), ModelError);
    EXPECT_THROW(run(dyn, {test::random_tensor(f, {1, 1, 4})}), ModelError);
    auto avg_i32 = avg_pool(1, element::i32, PartialShape({1, 1, 4}), params("explicit", "floor", {2}, {2}), true);
    EXPECT_THROW(run(avg_i32, {test::random_tensor(element::i32, {1, 1, 4}, 0, 9)}), NotImplemented);
}
