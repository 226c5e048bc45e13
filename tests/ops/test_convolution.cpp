// Convolution-1 and GroupConvolution-1: hand-derived cases, a grid against a naive pad-then-correlate
// formulation, shape inference (spec examples, dynamic dims) and invalid models.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
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

struct Geometry {
    Dims strides, dilations, pads_begin, pads_end;
};

// Copies x into an explicitly zero-padded buffer, then correlates every output position with the filter.
// w is [O, C / groups, k..]; the result's shape goes to ys.
std::vector<double> naive_conv(const std::vector<double>& x, const Dims& xs, const std::vector<double>& w,
                               const Dims& ws, int64_t groups, const Geometry& g, Dims& ys) {
    const size_t n = xs.size() - 2;
    Dims ps = xs;
    for (size_t i = 0; i < n; ++i)
        ps[2 + i] += g.pads_begin[i] + g.pads_end[i];
    std::vector<double> xp(static_cast<size_t>(test::volume(ps)), 0.0);
    test::for_each_index(xs, [&](const Dims& i) {
        Dims j = i;
        for (size_t s = 0; s < n; ++s)
            j[2 + s] += g.pads_begin[s];
        xp[test::ravel(j, ps)] = x[test::ravel(i, xs)];
    });
    ys = {xs[0], ws[0]};
    for (size_t s = 0; s < n; ++s)
        ys.push_back((ps[2 + s] - ((ws[2 + s] - 1) * g.dilations[s] + 1)) / g.strides[s] + 1);
    const int64_t icg = xs[1] / groups, ocg = ws[0] / groups;
    const Dims kshape(ws.begin() + 2, ws.end());
    std::vector<double> y(static_cast<size_t>(test::volume(ys)));
    test::for_each_index(ys, [&](const Dims& o) {
        const int64_t grp = o[1] / ocg;
        double sum = 0;
        for (int64_t c = 0; c < icg; ++c)
            test::for_each_index(kshape, [&](const Dims& k) {
                int64_t xi = o[0] * ps[1] + grp * icg + c, wi = o[1] * ws[1] + c;  // flat, axis by axis
                for (size_t s = 0; s < n; ++s) {
                    xi = xi * ps[2 + s] + o[2 + s] * g.strides[s] + k[s] * g.dilations[s];
                    wi = wi * ws[2 + s] + k[s];
                }
                sum += xp[xi] * w[wi];
            });
        y[test::ravel(o, ys)] = sum;
    });
    return y;
}

Attributes window_attrs(const std::string& auto_pad, const Dims& strides, const Dims& dilations, const Dims& pb,
                        const Dims& pe) {
    return {{"strides", op::list(strides)},
            {"dilations", op::list(dilations)},
            {"pads_begin", op::list(pb)},
            {"pads_end", op::list(pe)},
            {"auto_pad", auto_pad}};
}

std::shared_ptr<Node> make_node(const std::string& type, element::Type et, const PartialShape& data,
                                const PartialShape& filter, const Attributes& attrs) {
    return op::make(type, {op::parameter(et, data), op::parameter(et, filter)}, attrs);
}

Tensor f32(const Shape& s, const std::vector<double>& v) { return test::make_tensor(element::f32, s, v); }

// The spec's effective padding for one axis.
void expected_pads(const std::string& mode, int64_t in, int64_t k, int64_t s, int64_t d, int64_t& pb, int64_t& pe) {
    if (mode == "valid") {
        pb = pe = 0;
    } else if (mode == "same_upper" || mode == "same_lower") {
        const int64_t out = (in + s - 1) / s, total = std::max<int64_t>(0, (out - 1) * s + (k - 1) * d + 1 - in);
        pb = mode == "same_upper" ? total / 2 : total - total / 2;
        pe = total - pb;
    }
}

}  // namespace

TEST(Convolution, HandDerived1D) {
    const Tensor x = f32({1, 1, 5}, {1, 2, 3, 4, 5}), w = f32({1, 1, 3}, {1, 0, -1});
    auto plain = make_node("Convolution", element::f32, x.get_shape(), w.get_shape(), {});
    EXPECT_TENSOR_NEAR(run(plain, {x, w})[0], f32({1, 1, 3}, {-2, -2, -2}), 0, 0);
    auto padded = make_node("Convolution", element::f32, x.get_shape(), w.get_shape(),
                            window_attrs("explicit", {1}, {1}, {1}, {1}));
    EXPECT_TENSOR_NEAR(run(padded, {x, w})[0], f32({1, 1, 5}, {-2, -2, -2, -2, 4}), 0, 0);
    auto strided = make_node("Convolution", element::f32, x.get_shape(), w.get_shape(),
                             window_attrs("explicit", {2}, {1}, {1}, {1}));
    EXPECT_TENSOR_NEAR(run(strided, {x, w})[0], f32({1, 1, 3}, {-2, -2, 4}), 0, 0);
}

TEST(Convolution, HandDerived2DAndDilation) {
    const Tensor x = f32({1, 1, 3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9}), w = f32({1, 1, 2, 2}, {1, 1, 1, 1});
    auto plain = make_node("Convolution", element::f32, x.get_shape(), w.get_shape(), {});
    EXPECT_TENSOR_NEAR(run(plain, {x, w})[0], f32({1, 1, 2, 2}, {12, 16, 24, 28}), 0, 0);
    auto dilated = make_node("Convolution", element::f32, x.get_shape(), w.get_shape(),
                             window_attrs("explicit", {1, 1}, {2, 2}, {0, 0}, {0, 0}));
    EXPECT_TENSOR_NEAR(run(dilated, {x, w})[0], f32({1, 1, 1, 1}, {20}), 0, 0);
}

TEST(Convolution, SameUpperAndSameLowerPutTheOddPadOnOppositeSides) {
    const Tensor x = f32({1, 1, 4}, {1, 2, 3, 4}), w = f32({1, 1, 2}, {1, 1});
    auto upper = make_node("Convolution", element::f32, x.get_shape(), w.get_shape(),
                           window_attrs("same_upper", {1}, {1}, {5}, {5}));  // pads ignored
    EXPECT_TENSOR_NEAR(run(upper, {x, w})[0], f32({1, 1, 4}, {3, 5, 7, 4}), 0, 0);
    auto lower = make_node("Convolution", element::f32, x.get_shape(), w.get_shape(),
                           window_attrs("same_lower", {1}, {1}, {}, {}));
    EXPECT_TENSOR_NEAR(run(lower, {x, w})[0], f32({1, 1, 4}, {1, 3, 5, 7}), 0, 0);
}

TEST(GroupConvolution, HandDerivedGroupsScaleTheirOwnChannels) {
    const Tensor x = f32({1, 2, 2}, {1, 2, 3, 4}), w = f32({2, 1, 1, 1}, {10, 100});
    auto node = make_node("GroupConvolution", element::f32, x.get_shape(), w.get_shape(), {});
    EXPECT_EQ(node->get_output_partial_shape(0), PartialShape({1, 2, 2}));
    EXPECT_TENSOR_NEAR(run(node, {x, w})[0], f32({1, 2, 2}, {10, 20, 300, 400}), 0, 0);
}

// Every combination of rank, stride, dilation, padding mode, batch and grouping against the naive form.
namespace {

struct Grouping {
    std::string op;
    int64_t groups, out_per_group, in_per_group;
};

void check_grid_case(size_t n, int64_t stride, int64_t dil, const std::string& mode, int64_t batch, const Grouping& gr,
                     uint32_t seed) {
    static const std::vector<Dims> spatial = {{9}, {7, 8}, {6, 5, 7}}, kernels = {{3}, {3, 2}, {2, 3, 1}};
    static const Dims pads_b = {1, 0, 2}, pads_e = {2, 1, 0};
    const Dims pb(pads_b.begin(), pads_b.begin() + n), pe(pads_e.begin(), pads_e.begin() + n);
    Dims xs{batch, gr.groups * gr.in_per_group}, ws{gr.groups * gr.out_per_group, gr.in_per_group};
    xs.insert(xs.end(), spatial[n - 1].begin(), spatial[n - 1].end());
    ws.insert(ws.end(), kernels[n - 1].begin(), kernels[n - 1].end());
    Dims op_ws = ws;  // the op's filter layout: [G, O/G, I/G, k..] when grouped
    if (gr.op == "GroupConvolution") {
        op_ws[0] = gr.out_per_group;
        op_ws.insert(op_ws.begin(), gr.groups);
    }
    const Dims strides(n, stride), dils(n, dil);
    Geometry g{strides, dils, pb, pe};
    for (size_t i = 0; i < n; ++i)
        expected_pads(mode, xs[2 + i], ws[2 + i], stride, dil, g.pads_begin[i], g.pads_end[i]);
    const Tensor x = test::random_tensor(element::f32, to_shape(xs), -1, 1, seed);
    const Tensor w = test::random_tensor(element::f32, to_shape(op_ws), -1, 1, seed + 1000);
    Dims ys;
    const auto y = naive_conv(test::values(x), xs, test::values(w), ws, gr.groups, g, ys);
    auto node =
        make_node(gr.op, element::f32, to_shape(xs), to_shape(op_ws), window_attrs(mode, strides, dils, pb, pe));
    SCOPED_TRACE(gr.op + " rank " + std::to_string(n) + " stride " + std::to_string(stride) + " dilation " +
                 std::to_string(dil) + " " + mode + " batch " + std::to_string(batch) + " groups " +
                 std::to_string(gr.groups));
    ASSERT_EQ(node->get_output_partial_shape(0), PartialShape(to_shape(ys)));
    if (mode == "same_upper" || mode == "same_lower") {
        for (size_t i = 0; i < n; ++i)
            EXPECT_EQ(ys[2 + i], (xs[2 + i] + stride - 1) / stride);
    }
    EXPECT_TENSOR_NEAR(run(node, {x, w})[0], f32(to_shape(ys), y), 1e-5, 1e-5);
}

}  // namespace

TEST(Convolution, GridAgainstNaive) {
    const std::vector<Grouping> groupings = {
        {"Convolution", 1, 3, 4}, {"GroupConvolution", 2, 3, 2}, {"GroupConvolution", 4, 2, 1}};  // last: depthwise
    uint32_t cases = 0;
    for (size_t n = 1; n <= 3; ++n)
        for (int64_t stride : {1, 2})
            for (int64_t dil : {1, 2})
                for (const char* mode : {"explicit", "valid", "same_upper", "same_lower"})
                    for (int64_t batch : {1, 2})
                        for (const auto& gr : groupings)
                            check_grid_case(n, stride, dil, mode, batch, gr, cases++);
    EXPECT_EQ(cases, 288u);
}

TEST(Convolution, F16ComputesInF32) {
    const Dims xs{2, 3, 6, 7}, ws{4, 3, 3, 3};
    const Tensor x = test::random_tensor(element::f16, to_shape(xs), -1, 1, 7);
    const Tensor w = test::random_tensor(element::f16, to_shape(ws), -1, 1, 8);
    const Geometry g{{2, 1}, {1, 2}, {1, 2}, {0, 1}};
    Dims ys;
    const auto y = naive_conv(test::values(x), xs, test::values(w), ws, 1, g, ys);
    auto node = make_node("Convolution", element::f16, to_shape(xs), to_shape(ws),
                          window_attrs("explicit", g.strides, g.dilations, g.pads_begin, g.pads_end));
    const Tensor out = run(node, {x, w})[0];
    EXPECT_EQ(out.get_element_type(), element::f16);
    EXPECT_TENSOR_NEAR(out, test::make_tensor(element::f16, to_shape(ys), y), 2e-3, 1e-3);
}

TEST(Convolution, SpecExampleShapes) {
    auto c1 = make_node("Convolution", element::f32, PartialShape({1, 5, 128}), PartialShape({16, 5, 4}),
                        window_attrs("valid", {2}, {1}, {0}, {0}));
    EXPECT_EQ(c1->get_output_partial_shape(0), PartialShape({1, 16, 63}));
    auto c2 = make_node("Convolution", element::f32, PartialShape({1, 3, 224, 224}), PartialShape({64, 3, 5, 5}),
                        window_attrs("explicit", {1, 1}, {1, 1}, {2, 2}, {2, 2}));
    EXPECT_EQ(c2->get_output_partial_shape(0), PartialShape({1, 64, 224, 224}));
    auto c3 =
        make_node("Convolution", element::f32, PartialShape({1, 7, 320, 320, 320}), PartialShape({32, 7, 3, 3, 3}),
                  window_attrs("explicit", {3, 3, 3}, {2, 2, 2}, {0, 0, 0}, {0, 0, 0}));
    EXPECT_EQ(c3->get_output_partial_shape(0), PartialShape({1, 32, 106, 106, 106}));
}

TEST(Convolution, DynamicShapesPropagateWhatIsKnown) {
    const auto attrs = window_attrs("explicit", {2, 1}, {1, 1}, {0, 0}, {0, 0});
    auto a = make_node("Convolution", element::f32, PartialShape("[?,4,?,10]"), PartialShape({8, 4, 3, 3}), attrs);
    EXPECT_EQ(a->get_output_partial_shape(0), PartialShape("[?,8,?,8]"));
    auto b = make_node("Convolution", element::f32, PartialShape("[1,4,11..21,10]"), PartialShape({8, 4, 3, 3}), attrs);
    EXPECT_EQ(b->get_output_partial_shape(0), PartialShape("[1,8,5..10,8]"));
    auto c = make_node("Convolution", element::f32, PartialShape::dynamic(), PartialShape({8, 4, 3, 3}), attrs);
    EXPECT_EQ(c->get_output_partial_shape(0), PartialShape("[?,8,?,?]"));
    auto d = make_node("Convolution", element::f32, PartialShape({1, 4, 9, 9}), PartialShape("[8,4,?,?]"),
                       window_attrs("same_upper", {2, 2}, {1, 1}, {}, {}));
    EXPECT_EQ(d->get_output_partial_shape(0), PartialShape({1, 8, 5, 5}));
    auto e = make_node("GroupConvolution", element::f32, PartialShape("[2,?,8]"), PartialShape({3, 2, 4, 3}), {});
    EXPECT_EQ(e->get_output_partial_shape(0), PartialShape({2, 6, 6}));
}

TEST(Convolution, InvalidModelsThrowModelError) {
    const auto f = element::f32;
    // channel mismatch, bad kernel rank, bad data rank, bad attribute lengths / values, kernel too large
    EXPECT_THROW(make_node("Convolution", f, PartialShape({1, 3, 8, 8}), PartialShape({4, 2, 3, 3}), {}), ModelError);
    EXPECT_THROW(make_node("Convolution", f, PartialShape({1, 3, 8, 8}), PartialShape({4, 3, 3}), {}), ModelError);
    EXPECT_THROW(make_node("Convolution", f, PartialShape({1, 3}), PartialShape({4, 3}), {}), ModelError);
    EXPECT_THROW(
        make_node("Convolution", f, PartialShape({1, 3, 8, 8}), PartialShape({4, 3, 3, 3}), {{"strides", "1"}}),
        ModelError);
    EXPECT_THROW(
        make_node("Convolution", f, PartialShape({1, 3, 8, 8}), PartialShape({4, 3, 3, 3}), {{"strides", "1,0"}}),
        ModelError);
    EXPECT_THROW(
        make_node("Convolution", f, PartialShape({1, 3, 8, 8}), PartialShape({4, 3, 3, 3}), {{"pads_begin", "-1,0"}}),
        ModelError);
    EXPECT_THROW(
        make_node("Convolution", f, PartialShape({1, 3, 8, 8}), PartialShape({4, 3, 3, 3}), {{"auto_pad", "sideways"}}),
        ModelError);
    EXPECT_THROW(make_node("Convolution", f, PartialShape({1, 3, 2, 8}), PartialShape({4, 3, 3, 3}), {}), ModelError);
    EXPECT_THROW(
        make_node("Convolution", f, PartialShape({1, 3, 8, 8}), PartialShape({4, 3, 3, 3}), {{"dilations", "x,1"}}),
        ModelError);
    EXPECT_THROW(op::make("Convolution", {op::parameter(f, PartialShape({1, 3, 8})),
                                          op::parameter(element::f16, PartialShape({4, 3, 3}))}),
                 ModelError);
    // bad group count: 6 channels in 4 groups; 6 channels as 3 groups of 1
    EXPECT_THROW(make_node("GroupConvolution", f, PartialShape({1, 6, 8}), PartialShape({4, 2, 2, 3}), {}), ModelError);
    EXPECT_THROW(make_node("GroupConvolution", f, PartialShape({1, 6, 8}), PartialShape({3, 2, 1, 3}), {}), ModelError);
    EXPECT_THROW(make_node("GroupConvolution", f, PartialShape({1, 6, 8}), PartialShape({3, 2, 3}), {}), ModelError);
}

TEST(Convolution, MismatchingRuntimeInputsThrow) {
    auto node = make_node("Convolution", element::f32, PartialShape("[?,?,?,?]"), PartialShape("[?,?,?,?]"), {});
    const Tensor x = test::random_tensor(element::f32, {1, 3, 5, 5}),
                 w = test::random_tensor(element::f32, {2, 4, 3, 3});
    EXPECT_THROW(run(node, {x, w}), ModelError);
    const Tensor big = test::random_tensor(element::f32, {2, 3, 7, 7});
    EXPECT_THROW(run(node, {x, big}), ModelError);  // a 7x7 kernel on a 5x5 input
    EXPECT_THROW(run(node, {x}), InvalidArgument);
    auto i32 = make_node("Convolution", element::i32, PartialShape({1, 1, 3}), PartialShape({1, 1, 1}), {});
    EXPECT_THROW(run(i32, {test::random_tensor(element::i32, {1, 1, 3}, 0, 5),
                           test::random_tensor(element::i32, {1, 1, 1}, 0, 5)}),
                 NotImplemented);
}

// The host reference must stay usable as an oracle on ResNet-50 sizes.
TEST(Convolution, ResNetSizedLayerIsFastAndRight) {
    const Dims xs{1, 64, 56, 56}, ws{64, 64, 3, 3};
    const Tensor x = test::random_tensor(element::f32, to_shape(xs), -1, 1, 1);
    const Tensor w = test::random_tensor(element::f32, to_shape(ws), -1, 1, 2);
    auto node = make_node("Convolution", element::f32, to_shape(xs), to_shape(ws),
                          window_attrs("explicit", {1, 1}, {1, 1}, {1, 1}, {1, 1}));
    const auto t0 = std::chrono::steady_clock::now();
    const Tensor y = run(node, {x, w})[0];
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const float* xv = x.data<const float>();
    const float* wv = w.data<const float>();
    const float* yv = y.data<const float>();
    for (const Dims& o : {Dims{0, 0, 0}, Dims{17, 55, 3}, Dims{63, 28, 55}, Dims{5, 31, 17}}) {
        double sum = 0;
        for (int64_t c = 0; c < 64; ++c)
            for (int64_t ky = 0; ky < 3; ++ky)
                for (int64_t kx = 0; kx < 3; ++kx) {
                    const int64_t iy = o[1] + ky - 1, ix = o[2] + kx - 1;
                    if (iy >= 0 && iy < 56 && ix >= 0 && ix < 56)
                        sum += double(xv[(c * 56 + iy) * 56 + ix]) * wv[((o[0] * 64 + c) * 3 + ky) * 3 + kx];
                }
        EXPECT_NEAR(yv[(o[0] * 56 + o[1]) * 56 + o[2]], sum, 1e-4);
    }
    std::cout << "56x56x64->64 3x3 convolution: " << seconds << " s\n";
#if defined(NDEBUG) && !defined(__SANITIZE_ADDRESS__)
    EXPECT_LT(seconds, 1.0);
#endif
}
