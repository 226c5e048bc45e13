// ConvolutionBackpropData-1: hand-derived cases, a grid against the zero-insertion + flipped-kernel
// formulation, the spec's output-shape and padding rules, shape inference and invalid models.
#include <gtest/gtest.h>

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

// Transposed convolution as a plain correlation: the input is spread out by the stride (zeros between
// samples) and framed by (dilated kernel - 1) zeros, the kernel is flipped, and the full result is then
// cropped to [pads_begin, pads_begin + out) (positions past its end read as zero).
std::vector<double> naive_backprop(const std::vector<double>& x, const Dims& xs, const std::vector<double>& w,
                                   const Dims& ws, const Dims& strides, const Dims& dils, const Dims& pads_begin,
                                   const Dims& out_spatial) {
    const size_t n = xs.size() - 2;
    Dims zs{xs[0], xs[1]}, full{xs[0], ws[1]}, frame(n);
    for (size_t i = 0; i < n; ++i) {
        frame[i] = (ws[2 + i] - 1) * dils[i];
        zs.push_back((xs[2 + i] - 1) * strides[i] + 1 + 2 * frame[i]);
        full.push_back((xs[2 + i] - 1) * strides[i] + frame[i] + 1);
    }
    std::vector<double> z(static_cast<size_t>(test::volume(zs)), 0.0);
    test::for_each_index(xs, [&](const Dims& i) {
        Dims j = i;
        for (size_t s = 0; s < n; ++s)
            j[2 + s] = frame[s] + i[2 + s] * strides[s];
        z[test::ravel(j, zs)] = x[test::ravel(i, xs)];
    });
    const Dims kshape(ws.begin() + 2, ws.end());
    std::vector<double> f(static_cast<size_t>(test::volume(full)));
    test::for_each_index(full, [&](const Dims& o) {
        double sum = 0;
        for (int64_t c = 0; c < xs[1]; ++c)
            test::for_each_index(kshape, [&](const Dims& k) {
                int64_t zi = o[0] * zs[1] + c, wi = c * ws[1] + o[1];  // flat offsets, built axis by axis
                for (size_t s = 0; s < n; ++s) {
                    zi = zi * zs[2 + s] + o[2 + s] + k[s] * dils[s];
                    wi = wi * ws[2 + s] + kshape[s] - 1 - k[s];
                }
                sum += z[zi] * w[wi];
            });
        f[test::ravel(o, full)] = sum;
    });
    Dims ys{xs[0], ws[1]};
    ys.insert(ys.end(), out_spatial.begin(), out_spatial.end());
    std::vector<double> y(static_cast<size_t>(test::volume(ys)), 0.0);
    test::for_each_index(ys, [&](const Dims& o) {
        Dims fi = o;
        bool inside = true;
        for (size_t s = 0; s < n; ++s) {
            fi[2 + s] += pads_begin[s];
            inside = inside && fi[2 + s] < full[2 + s];
        }
        if (inside)
            y[test::ravel(o, ys)] = f[test::ravel(fi, full)];
    });
    return y;
}

Attributes attrs(const std::string& auto_pad, const Dims& strides, const Dims& dils, const Dims& pb, const Dims& pe,
                 const Dims& output_padding) {
    return {{"strides", op::list(strides)}, {"dilations", op::list(dils)},
            {"pads_begin", op::list(pb)},   {"pads_end", op::list(pe)},
            {"auto_pad", auto_pad},         {"output_padding", op::list(output_padding)}};
}

Tensor f32(const Shape& s, const std::vector<double>& v) { return test::make_tensor(element::f32, s, v); }

std::shared_ptr<Node> make_node(element::Type et, const PartialShape& data, const PartialShape& filter,
                                const Attributes& a, const std::shared_ptr<Node>& output_shape = nullptr) {
    OutputVector in{op::parameter(et, data), op::parameter(et, filter)};
    if (output_shape)
        in.push_back(output_shape);
    return op::make("ConvolutionBackpropData", in, a);
}

std::shared_ptr<Node> shape_const(const Dims& v) { return op::constant(element::i64, Shape{v.size()}, v); }

struct Case {
    size_t rank;
    int64_t stride, dilation;
    std::string mode;  // auto_pad
    int64_t output_padding;
    bool with_output_shape;
    int64_t delta;  // output_shape = natural unpadded extent + delta
    int64_t batch;
};

void check_case(const Case& c, uint32_t seed) {
    static const std::vector<Dims> spatial = {{5}, {4, 3}, {3, 2, 4}}, kernels = {{3}, {2, 3}, {3, 2, 2}};
    static const Dims pads_b = {1, 0, 2}, pads_e = {0, 2, 1};
    const size_t n = c.rank;
    Dims xs{c.batch, 3}, ws{3, 2};
    xs.insert(xs.end(), spatial[n - 1].begin(), spatial[n - 1].end());
    ws.insert(ws.end(), kernels[n - 1].begin(), kernels[n - 1].end());
    const Dims strides(n, c.stride), dils(n, c.dilation), op_pad(n, c.output_padding);
    const Dims pb(pads_b.begin(), pads_b.begin() + n), pe(pads_e.begin(), pads_e.begin() + n);
    // The spec's rules, axis by axis.
    Dims eff_pb(n, 0), out(n), requested(n);
    for (size_t i = 0; i < n; ++i) {
        const int64_t full = c.stride * (xs[2 + i] - 1) + (ws[2 + i] - 1) * c.dilation + 1;
        if (c.with_output_shape) {
            requested[i] = out[i] = full + c.delta;
            const int64_t total = std::max<int64_t>(0, full - out[i] + c.output_padding);
            // OpenVINO CPU's window: explicit starts at pads_begin, valid at 0, same_* split the cropping.
            eff_pb[i] = c.mode == "same_upper"   ? total - total / 2
                        : c.mode == "same_lower" ? total / 2
                        : c.mode == "explicit"   ? pb[i]
                                                 : 0;
        } else {
            if (c.mode == "explicit")
                eff_pb[i] = pb[i];
            out[i] = full - (c.mode == "explicit" ? pb[i] + pe[i] : 0) + c.output_padding;
        }
    }
    const Tensor x = test::random_tensor(element::f32, to_shape(xs), -1, 1, seed);
    const Tensor w = test::random_tensor(element::f32, to_shape(ws), -1, 1, seed + 500);
    const auto y = naive_backprop(test::values(x), xs, test::values(w), ws, strides, dils, eff_pb, out);
    Dims ys{c.batch, 2};
    ys.insert(ys.end(), out.begin(), out.end());
    auto node = make_node(element::f32, to_shape(xs), to_shape(ws), attrs(c.mode, strides, dils, pb, pe, op_pad),
                          c.with_output_shape ? shape_const(requested) : nullptr);
    SCOPED_TRACE("rank " + std::to_string(n) + " stride " + std::to_string(c.stride) + " dilation " +
                 std::to_string(c.dilation) + " " + c.mode + " output_padding " + std::to_string(c.output_padding) +
                 (c.with_output_shape ? " output_shape delta " + std::to_string(c.delta) : std::string()));
    ASSERT_EQ(node->get_output_partial_shape(0), PartialShape(to_shape(ys)));
    TensorVector inputs{x, w};
    if (c.with_output_shape)
        inputs.push_back(test::make_tensor(element::i64, Shape{n}, requested));
    EXPECT_TENSOR_NEAR(run(node, inputs)[0], f32(to_shape(ys), y), 1e-5, 1e-5);
}

}  // namespace

TEST(ConvolutionBackpropData, HandDerived1D) {
    const Tensor x = f32({1, 1, 2}, {1, 2}), w = f32({1, 1, 3}, {1, 1, 1});
    const auto run_with = [&](const Attributes& a, const Dims& out_shape = {}) {
        auto node = make_node(element::f32, x.get_shape(), w.get_shape(), a,
                              out_shape.empty() ? nullptr : shape_const(out_shape));
        TensorVector in{x, w};
        if (!out_shape.empty())
            in.push_back(test::make_tensor(element::i64, Shape{1}, out_shape));
        return run(node, in)[0];
    };
    EXPECT_TENSOR_NEAR(run_with(attrs("explicit", {2}, {1}, {0}, {0}, {0})), f32({1, 1, 5}, {1, 1, 3, 2, 2}), 0, 0);
    EXPECT_TENSOR_NEAR(run_with(attrs("explicit", {2}, {1}, {1}, {1}, {0})), f32({1, 1, 3}, {1, 3, 2}), 0, 0);
    EXPECT_TENSOR_NEAR(run_with(attrs("explicit", {2}, {1}, {0}, {0}, {1})), f32({1, 1, 6}, {1, 1, 3, 2, 2, 0}), 0, 0);
    // valid and same_* without an output shape: no padding at all
    EXPECT_TENSOR_NEAR(run_with(attrs("same_lower", {2}, {1}, {1}, {1}, {0})), f32({1, 1, 5}, {1, 1, 3, 2, 2}), 0, 0);
    // with output_shape = [4]: one element of cropping, at the end unless same_upper; explicit starts the window
    // at pads_begin, as OpenVINO CPU does (zeros past the full result)
    EXPECT_TENSOR_NEAR(run_with(attrs("explicit", {2}, {1}, {3}, {3}, {0}), {4}), f32({1, 1, 4}, {2, 2, 0, 0}), 0, 0);
    EXPECT_TENSOR_NEAR(run_with(attrs("explicit", {2}, {1}, {0}, {3}, {0}), {4}), f32({1, 1, 4}, {1, 1, 3, 2}), 0, 0);
    EXPECT_TENSOR_NEAR(run_with(attrs("same_lower", {2}, {1}, {0}, {0}, {0}), {4}), f32({1, 1, 4}, {1, 1, 3, 2}), 0, 0);
    EXPECT_TENSOR_NEAR(run_with(attrs("same_upper", {2}, {1}, {0}, {0}, {0}), {4}), f32({1, 1, 4}, {1, 3, 2, 2}), 0, 0);
    // an output_shape larger than the full result extends it with zeros
    EXPECT_TENSOR_NEAR(run_with(attrs("explicit", {2}, {1}, {0}, {0}, {0}), {7}), f32({1, 1, 7}, {1, 1, 3, 2, 2, 0, 0}),
                       0, 0);
}

TEST(ConvolutionBackpropData, ExplicitPadsWithAnOutputShapeAsOpenVino) {
    // OpenVINO 2026.4 CPU on x = 1..9 [1,1,3,3], w = (0..8)/10 + 0.1, stride 1: the output_shape window of the
    // 5x5 full result starts at pads_begin.
    const Tensor x = f32({1, 1, 3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9});
    const Tensor w = f32({1, 1, 3, 3}, {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9});
    const auto window = [&](const Dims& pb, const Dims& out) {
        auto node = make_node(element::f32, x.get_shape(), w.get_shape(), attrs("explicit", {1, 1}, {1, 1}, pb, {0, 0}, {0, 0}),
                              shape_const(out));
        return run(node, {x, w, test::make_tensor(element::i64, Shape{2}, out)})[0];
    };
    EXPECT_TENSOR_NEAR(window({1, 1}, {4, 4}),
                       f32({1, 1, 4, 4}, {2.6, 5.6, 5.4, 3.6, 8.4, 16.5, 14.4, 9, 13.4, 23.6, 18.6, 10.8, 11.2, 19, 14.4, 8.1}),
                       1e-5, 1e-5);
    EXPECT_TENSOR_NEAR(window({2, 2}, {4, 4}),
                       f32({1, 1, 4, 4}, {16.5, 14.4, 9, 0, 23.6, 18.6, 10.8, 0, 19, 14.4, 8.1, 0, 0, 0, 0, 0}), 1e-5, 1e-5);
    EXPECT_TENSOR_NEAR(window({0, 0}, {1, 1}), f32({1, 1, 1, 1}, {0.1}), 1e-6, 1e-6);
}

TEST(ConvolutionBackpropData, HandDerivedChannelsAndDilation) {
    // two input channels summed into one output channel; dilation 2 spreads the taps
    const Tensor x = f32({1, 2, 2}, {1, 2, 10, 20}), w = f32({2, 1, 2}, {1, -1, 1, 1});
    auto node = make_node(element::f32, x.get_shape(), w.get_shape(), attrs("explicit", {1}, {2}, {0}, {0}, {0}));
    // channel 0: [1, 2, -1, -2]; channel 1: [10, 20, 10, 20]
    EXPECT_TENSOR_NEAR(run(node, {x, w})[0], f32({1, 1, 4}, {11, 22, 9, 18}), 0, 0);
}

TEST(ConvolutionBackpropData, GridAgainstNaive) {
    uint32_t seed = 0;
    for (size_t rank = 1; rank <= 3; ++rank)
        for (int64_t stride : {1, 2, 3})
            for (int64_t dil : {1, 2})
                for (int64_t batch : {1, 2}) {
                    for (int64_t op : {0, 1}) {
                        check_case({rank, stride, dil, "explicit", op, false, 0, batch}, seed++);
                        check_case({rank, stride, dil, "valid", op, false, 0, batch}, seed++);
                        check_case({rank, stride, dil, "same_upper", op, false, 0, batch}, seed++);
                    }
                    for (const char* mode : {"explicit", "same_upper", "same_lower", "valid"})
                        for (int64_t delta : {-2, -1, 0, 1})
                            check_case({rank, stride, dil, mode, delta == -2 ? 1 : 0, true, delta, batch}, seed++);
                }
    EXPECT_EQ(seed, 3u * 3 * 2 * 2 * (6 + 16));
}

TEST(ConvolutionBackpropData, F16ComputesInF32) {
    const Dims xs{1, 3, 4, 5}, ws{3, 2, 3, 3};
    const Tensor x = test::random_tensor(element::f16, to_shape(xs), -1, 1, 3);
    const Tensor w = test::random_tensor(element::f16, to_shape(ws), -1, 1, 4);
    const auto y = naive_backprop(test::values(x), xs, test::values(w), ws, {2, 2}, {1, 1}, {1, 0}, {8, 10});
    auto node =
        make_node(element::f16, to_shape(xs), to_shape(ws), attrs("explicit", {2, 2}, {1, 1}, {1, 0}, {0, 1}, {0, 0}));
    const Tensor out = run(node, {x, w})[0];
    EXPECT_EQ(out.get_element_type(), element::f16);
    EXPECT_TENSOR_NEAR(out, test::make_tensor(element::f16, {1, 2, 8, 10}, y), 2e-3, 1e-3);
}

TEST(ConvolutionBackpropData, SpecExampleShapes) {
    auto a = make_node(element::f32, PartialShape({1, 20, 224, 224}), PartialShape({20, 10, 3, 3}),
                       attrs("explicit", {2, 2}, {1, 1}, {1, 1}, {1, 1}, {0, 0}));
    EXPECT_EQ(a->get_output_partial_shape(0), PartialShape({1, 10, 447, 447}));
    auto b = make_node(element::f32, PartialShape({1, 20, 2, 2}), PartialShape({20, 10, 3, 3}),
                       attrs("explicit", {3, 3}, {1, 1}, {0, 0}, {0, 0}, {2, 2}));
    EXPECT_EQ(b->get_output_partial_shape(0), PartialShape({1, 10, 8, 8}));
    auto c = make_node(element::f32, PartialShape({1, 20, 224, 224}), PartialShape({20, 10, 3, 3}),
                       attrs("valid", {1, 1}, {1, 1}, {1, 1}, {1, 1}, {0, 0}), shape_const({450, 450}));
    EXPECT_EQ(c->get_output_partial_shape(0), PartialShape({1, 10, 450, 450}));
}

TEST(ConvolutionBackpropData, DynamicShapes) {
    const auto a = attrs("explicit", {2, 2}, {1, 1}, {1, 1}, {1, 1}, {0, 0});
    auto d = make_node(element::f32, PartialShape("[?,20,?,224]"), PartialShape({20, 10, 3, 3}), a);
    EXPECT_EQ(d->get_output_partial_shape(0), PartialShape("[?,10,?,447]"));
    auto r = make_node(element::f32, PartialShape::dynamic(), PartialShape({20, 10, 3, 3}), a);
    EXPECT_EQ(r->get_output_partial_shape(0), PartialShape("[?,10,?,?]"));
    // a runtime output_shape: spatial extents unknown until evaluation, then whatever it says
    auto os = op::parameter(element::i32, PartialShape({2}));
    auto p = make_node(element::f32, PartialShape({1, 2, 3, 3}), PartialShape({2, 1, 3, 3}), a, os);
    EXPECT_EQ(p->get_output_partial_shape(0), PartialShape("[1,1,?,?]"));
    const Tensor x = test::random_tensor(element::f32, {1, 2, 3, 3}),
                 w = test::random_tensor(element::f32, {2, 1, 3, 3});
    const Tensor y = run(p, {x, w, test::make_tensor(element::i32, {2}, std::vector<int>{6, 4})})[0];
    EXPECT_EQ(y.get_shape(), (Shape{1, 1, 6, 4}));
}

TEST(ConvolutionBackpropData, InvalidModelsThrowModelError) {
    const auto f = element::f32;
    const auto a = attrs("explicit", {1, 1}, {1, 1}, {0, 0}, {0, 0}, {0, 0});
    EXPECT_THROW(make_node(f, PartialShape({1, 3, 4, 4}), PartialShape({2, 3, 3, 3}), a), ModelError);  // channels
    EXPECT_THROW(make_node(f, PartialShape({1, 3, 4, 4}), PartialShape({3, 2, 3}), a), ModelError);     // kernel rank
    EXPECT_THROW(make_node(f, PartialShape({1, 3, 4, 4}), PartialShape({3, 2, 3, 3}), a, shape_const({5, 5, 5})),
                 ModelError);
    EXPECT_THROW(make_node(f, PartialShape({1, 3, 4, 4}), PartialShape({3, 2, 3, 3}), a,
                           op::parameter(element::i64, PartialShape({2, 1}))),
                 ModelError);
    EXPECT_THROW(make_node(f, PartialShape({1, 3, 4, 4}), PartialShape({3, 2, 3, 3}), a,
                           op::parameter(element::f32, PartialShape({2}))),
                 ModelError);
    EXPECT_THROW(
        make_node(f, PartialShape({1, 3, 1}), PartialShape({3, 2, 1}), attrs("explicit", {1}, {1}, {1}, {1}, {0})),
        ModelError);  // a negative output extent
    EXPECT_THROW(make_node(f, PartialShape({1, 3, 4, 4}), PartialShape({3, 2, 3, 3}),
                           attrs("explicit", {1, 1}, {1, 1}, {0, 0}, {0, 0}, {0, -1})),
                 ModelError);
    // mismatching runtime inputs
    auto dyn = make_node(f, PartialShape::dynamic(4), PartialShape::dynamic(4), a);
    EXPECT_THROW(run(dyn, {test::random_tensor(f, {1, 3, 4, 4}), test::random_tensor(f, {2, 2, 3, 3})}), ModelError);
}
