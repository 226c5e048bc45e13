// Interpolate-1 (opset1) against OpenVINO CPU: the expected values were computed by OpenVINO 2026.4's CPU plugin
// on the same inputs (element i is (i + 1)^1.5), printed to 8 significant digits: tolerance 1e-5 relative and
// absolute. Modes nearest / linear / cubic with and without align_corners, an axes subset, axes out of order
// (OpenVINO takes them ascending), pads; and the refusals.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

using Ints = std::vector<int64_t>;
using Vals = std::vector<double>;

struct Case {
    Shape data;
    Ints sizes;
    std::string mode;
    bool align_corners;
    Ints axes, pads_begin, pads_end;
    Shape out;
    Vals expected;
};

const std::vector<Case> kCases{
        {{1, 1, 4, 4}, {3, 6}, "nearest", false, {2, 3}, {0}, {0}, {1, 1, 3, 6}, {1, 1, 2.8284271, 5.1961527, 5.1961527, 8, 27, 27, 31.622776, 36.482872, 36.482872, 41.569221, 46.872166, 46.872166, 52.383202, 58.094749, 58.094749, 64}},
        {{1, 1, 4, 4}, {3, 6}, "nearest", true, {2, 3}, {0}, {0}, {1, 1, 3, 6}, {1, 1, 2.8284271, 2.8284271, 5.1961527, 8, 27, 27, 31.622776, 31.622776, 36.482872, 41.569221, 46.872166, 46.872166, 52.383202, 52.383202, 58.094749, 64}},
        {{1, 1, 4, 4}, {3, 6}, "linear", false, {2, 3}, {0}, {0}, {1, 1, 3, 6}, {1, 2.2189515, 3.6176691, 5.1961527, 7.0653844, 8, 16.45356, 19.043777, 21.728523, 24.507797, 27.463499, 28.941353, 40.248112, 43.724743, 47.272305, 50.890793, 54.645645, 56.523075}},
        {{1, 1, 4, 4}, {3, 6}, "linear", true, {2, 3}, {0}, {0}, {1, 1, 3, 6}, {1, 2.0970564, 3.3019724, 4.7226076, 6.3176918, 8, 19.09017, 21.531982, 24.028198, 26.633224, 29.340267, 32.09832, 46.872166, 50.178787, 53.525513, 56.952438, 60.456852, 64}},
        {{1, 1, 4, 4}, {3, 6}, "cubic", false, {2, 3}, {0}, {0}, {1, 1, 3, 6}, {1, 1.9897305, 3.6212118, 5.1961527, 7.2488475, 8.3115387, 16.187744, 18.456791, 21.727194, 24.454952, 27.785282, 29.471327, 41.494984, 44.510338, 48.790985, 52.288937, 56.501373, 58.624321}},
        {{1, 1, 4, 4}, {3, 6}, "cubic", true, {2, 3}, {0}, {0}, {1, 1, 3, 6}, {1, 1.863283, 3.3533835, 4.5541463, 6.5397606, 8, 18.181561, 20.243084, 23.386824, 25.604303, 29.000771, 31.366753, 46.872166, 49.628075, 53.775768, 56.654881, 61.002838, 64}},
        {{1, 1, 4, 4}, {6}, "nearest", false, {3}, {0}, {0}, {1, 1, 4, 6}, {1, 1, 2.8284271, 5.1961527, 5.1961527, 8, 11.18034, 11.18034, 14.696939, 18.520258, 18.520258, 22.627417, 27, 27, 31.622776, 36.482872, 36.482872, 41.569221, 46.872166, 46.872166, 52.383202, 58.094749, 58.094749, 64}},
        {{1, 1, 4, 4}, {3, 6}, "linear", false, {3, 2}, {0}, {0}, {1, 1, 3, 6}, {1, 2.2189515, 3.6176691, 5.1961527, 7.0653844, 8, 16.45356, 19.043777, 21.728523, 24.507797, 27.463499, 28.941353, 40.248112, 43.724743, 47.272305, 50.890793, 54.645645, 56.523075}},
        {{1, 1, 4, 4}, {5, 5}, "linear", false, {2, 3}, {0, 0, 1, 0}, {0, 0, 0, 1}, {1, 1, 5, 5}, {0, 0, 0, 0, 0, 1, 2.8284271, 5.1961527, 8, 0, 11.18034, 14.696939, 18.520258, 22.627417, 0, 27, 31.622776, 36.482872, 41.569221, 0, 46.872166, 52.383202, 58.094749, 64, 0}},
        {{2, 3}, {5}, "cubic", true, {1}, {0}, {0}, {2, 5}, {1, 1.6922392, 2.8284271, 4.1837049, 5.1961527, 8, 9.2604885, 11.18034, 13.236795, 14.696939}},
};

Tensor data_of(const Shape& s, element::Type t = element::f32) {
    Vals v(shape_size(s));
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = std::pow(static_cast<double>(i + 1), 1.5);
    return test::make_tensor<double>(t, s, v);
}

Attributes attrs_of(const Case& c) {
    return {{"axes", op::list(c.axes)},
            {"mode", c.mode},
            {"align_corners", c.align_corners ? "true" : "false"},
            {"antialias", "false"},
            {"pads_begin", op::list(c.pads_begin)},
            {"pads_end", op::list(c.pads_end)}};
}

TEST(Interpolate1, AgainstOpenVino) {
    for (const Case& c : kCases) {
        const Tensor r = test::eval_op("Interpolate", 1,
                                       {data_of(c.data), test::make_tensor<int64_t>(element::i64, {c.sizes.size()}, c.sizes)},
                                       attrs_of(c));
        EXPECT_EQ(r.get_shape(), c.out) << c.mode << " " << c.align_corners;
        EXPECT_TENSOR_NEAR(r, test::make_tensor<double>(element::f32, c.out, c.expected), 1e-5, 1e-5);
    }
    const Case& c = kCases[2];  // linear, f16 data
    const Tensor h = test::eval_op("Interpolate", 1, {data_of(c.data, element::f16), test::make_tensor<int64_t>(element::i32, {2}, c.sizes)},
                                   attrs_of(c));
    EXPECT_TENSOR_NEAR(h, test::make_tensor<double>(element::f16, c.out, c.expected), 1e-2, 2e-3);
}

TEST(Interpolate1, ShapesAndRefusals) {
    const auto make = [](const PartialShape& s, const Output<Node>& sizes, const Attributes& a) {
        return op::make("Interpolate", {op::parameter(element::f32, s), sizes}, a, 1);
    };
    const auto sizes = op::constant<int64_t>(element::i64, {2}, {3, 6});
    Attributes a = attrs_of(kCases[0]);
    EXPECT_EQ(make(PartialShape{-1, 3, 4, 4}, sizes, a)->get_output_partial_shape(0), (PartialShape{-1, 3, 3, 6}));
    EXPECT_EQ(make(PartialShape{1, 3, 4, 4}, op::parameter(element::i64, Shape{2}), a)->get_output_partial_shape(0),
              (PartialShape{1, 3, -1, -1}));
    const auto with = [&](const std::string& key, const std::string& value) {
        Attributes b = a;
        for (auto& kv : b)
            if (kv.first == key)
                kv.second = value;
        return b;
    };
    EXPECT_THROW(make(PartialShape{1, 1, 4, 4}, sizes, with("mode", "area")), ModelError);  // OpenVINO CPU cannot run it
    EXPECT_THROW(make(PartialShape{1, 1, 4, 4}, sizes, with("axes", "2,4")), ModelError);
    EXPECT_THROW(make(PartialShape{1, 1, 4, 4}, sizes, with("axes", "2,2")), ModelError);
    EXPECT_THROW(make(PartialShape{1, 1, 4, 4}, sizes, with("axes", "1,2,3")), ModelError);  // two sizes, three axes
    EXPECT_THROW(make(PartialShape{1, 1, 4, 4}, op::constant<float>(element::f32, {2}, {3, 6}), a), ModelError);
}

}  // namespace
