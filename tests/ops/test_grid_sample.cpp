// GridSample-9 against OpenVINO CPU: the expected values were computed by OpenVINO 2026.4's CPU plugin
// (INFERENCE_PRECISION_HINT f32) on the same inputs: every mode x padding_mode x align_corners over a grid that
// reaches past [-1, 1], f16 and integer data, and the refusals. Tolerance 1e-5 absolute (f32), 2e-3 for f16 outputs.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

using Vals = std::vector<double>;

struct Case {
    const char* mode;
    const char* padding;
    bool align_corners;
    Vals expected;
};

// data[i] = 0.5 * (i * 7 % 11 - 5) over [1, 2, 3, 4]; grid[i] = (0.37 * i) % 3.2 - 1.6 over [1, 2, 5, 2].
const std::vector<Case> kCases{
    {"bilinear", "zeros", false, {0,           -1.3299,    -0.0012500137, -1.0196997,  0,
                                  -0.67874986, -1.03315,   -0.89249998,   0,           0,
                                  0,           0.26325002, 0.54250002,    0.046350006, 0,
                                  0.27149996,  1.21065,    -1.39125,      0,           0}},
    {"bilinear", "zeros", true, {-0.19249992, -0.82405007, -0.069999933, -1.3350002,  0.60949999,
                                 -1.4365001,  -1.3922,     -0.014999866, -1.0454998,  -1.1809,
                                 0.07699997,  -0.10595002, 0.7349999,    -0.99364978, 0.12190001,
                                 0.27625,     1.8371999,   -1.7262502,   0.41819996,  0.45324999}},
    {"bilinear", "border", false, {-2.5, -1.705,     -0.0012500137, -1.98,       2.5, -2.5, -1.03315, -1.02, -2.5, -2.5,
                                   1,    0.33750004, 0.54250002,    0.090000033, 0.5, 1,    1.21065,  -1.59, 1,    1}},
    {"bilinear", "border", true, {-2.5,       -0.82405007, -0.069999933, -1.3350002,  2.5,
                                  -1.6900001, -1.3922,     -0.014999866, -2.5,        -2.4100001,
                                  1,          -0.10595002, 0.7349999,    -0.99364978, 0.5,
                                  0.32500005, 1.8371999,   -1.7262502,   1,           0.92500007}},
    {"bilinear", "reflection", false, {-0.049999833, -1.705,      -0.0012500137, -1.98,      1.4655493,  -2.5,
                                       -1.03315,     -1.02,       -1.9124997,    -1.8699998, -0.4000001, 0.33750004,
                                       0.54250002,   0.090000033, 0.42750043,    1,          1.21065,    -1.59,
                                       0.2949996,    0.63999987}},
    {"bilinear", "reflection", true, {0.20150001,  -0.82405007, -0.069999933, -1.3350002,  0.83090007,
                                      -1.38775,    -1.3922,     -0.014999866, -0.91499984, -0.70914984,
                                      -0.23650008, -0.10595002, 0.7349999,    -0.99364978, 0.40499985,
                                      0.24775,     1.8371999,   -1.7262502,   -0.61490011, -0.010850101}},
    {"bicubic", "zeros", false, {0.017798809,   -1.7980959, -0.062321961, -1.5108932,   0.024387246,
                                 -0.85993302,   -1.4382639, -1.37564,     0.068831004,  0.15254827,
                                 -0.0080547715, 0.37759188, 0.95211011,   0.29931796,   0.0048774495,
                                 0.40038818,    1.4833746,  -1.7317097,   -0.037980951, -0.072980389}},
    {"bicubic", "zeros", true, {-0.21046391,  -0.99112242, -0.19696954, -1.7380024, 0.92656922, -1.8685881, -1.529403,
                                -0.058349263, -1.3726583,  -1.529192,   0.10058161, -0.3313576, 1.2758492,  -1.1646936,
                                0.14259334,   0.37430882,  1.9487288,   -2.2462742, 0.88336468, 0.64537209}},
    {"bicubic", "border", false, {-2.5456774, -1.87318,  -0.1595476, -2.362309,  2.5000002,  -2.8556066, -1.4526993,
                                  -1.4089863, -2.575036, -2.8040791, 1.0380645,  0.32430238, 1.0390362,  0.25948974,
                                  0.49999997, 1.255554,  1.5256259,  -1.9702883, 1.1313131,  1.2533994}},
    {"bicubic", "border", true, {-2.8342478,  -0.73203778, -0.24590816, -1.5290087, 3.094157,    -1.8142896, -1.5300897,
                                 0.023586476, -2.9205151,  -2.7382829,  1.272985,   -0.33414504, 1.3287793,  -1.2334334,
                                 0.57614714,  0.29607809,  1.9504801,   -1.9948521, 1.6521916,   1.1117787}},
    {"bicubic", "reflection", false, {0.39840749, -1.9285468, -0.1595476, -2.608196,  1.5948306,
                                      -3.3005505, -1.4526993, -1.4406432, -2.3650107, -2.2904005,
                                      -1.0313979, 0.33719826, 1.0390362,  0.41367042, 0.46230447,
                                      1.5320601,  1.5256259,  -1.9825621, 0.62469393, 0.90209705}},
    {"bicubic", "reflection", true, {0.48037753,  -0.9660452,  -0.17706943, -1.7097436,  1.1721997,
                                     -1.8507649,  -1.5275664,  -0.27392146, -1.5690252,  -0.84077102,
                                     -0.67820162, -0.29350016, 1.2093325,   -0.95821315, 0.6077075,
                                     0.44546422,  1.946277,    -2.216352,   -0.54676372, -0.17316809}},
    {"nearest", "zeros", false, {0, -2.5, -1.5, -2.5, 0, 0, -1.5, -0.5, 0, 0, 0, 1, 2, 1, 0, 0, 2, -2.5, 0, 0}},
    {"nearest", "zeros", true, {0, 0.5,  -1.5, -0.5, 0, -2.5, -1.5, -0.5, -2.5, 0,
                                0, -1.5, 2,    -2.5, 0, 1,    2,    -2.5, 1,    0}},
    {"nearest", "border", false, {-2.5, -2.5, -1.5, -2.5, 2.5, -2.5, -1.5, -0.5, -2.5, -2.5,
                                  1,    1,    2,    1,    0.5, 1,    2,    -2.5, 1,    1}},
    {"nearest", "border", true, {-2.5, 0.5,  -1.5, -0.5, 2.5, -2.5, -1.5, -0.5, -2.5, -2.5,
                                 1,    -1.5, 2,    -2.5, 0.5, 1,    2,    -2.5, 1,    1}},
    {"nearest", "reflection", false, {1,  -2.5, -1.5, -2.5, 2.5, -2.5, -1.5, -0.5, -2.5, -2.5,
                                      -1, 1,    2,    1,    0.5, 1,    2,    -2.5, 1,    1}},
    {"nearest", "reflection", true, {1,  0.5,  -1.5, -0.5, -1,  -2.5, -1.5, -0.5, -2.5, 1,
                                     -1, -1.5, 2,    -2.5, 2.5, 1,    2,    -2.5, 1,    -1}},
};

const Vals kGrid{-1.60000002, -1.23000002, -0.860000014, -0.49000001, -0.119999997, 0.25,         0.620000005,
                 0.99000001,  1.36000001,  -1.47000003,  -1.10000002, -0.730000019, -0.360000014, 0.00999999978,
                 0.379999995, 0.75,        1.12,         1.49000001,  -1.34000003,  -0.970000029};

Tensor data_tensor() {
    Vals v(24);
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = 0.5 * (static_cast<int>(i * 7 % 11) - 5);
    return test::make_tensor(element::f32, {1, 2, 3, 4}, v);
}

Attributes attrs(const std::string& mode, const std::string& padding, bool align) {
    return {{"mode", mode}, {"padding_mode", padding}, {"align_corners", align ? "true" : "false"}};
}

TEST(GridSample, ModesPaddingsAndAlignment) {
    const Tensor data = data_tensor(), grid = test::make_tensor(element::f32, {1, 2, 5, 2}, kGrid);
    for (const Case& c : kCases) {
        SCOPED_TRACE(std::string(c.mode) + " " + c.padding + (c.align_corners ? " align_corners" : ""));
        const Tensor r = test::eval_op("GridSample", 9, {data, grid}, attrs(c.mode, c.padding, c.align_corners));
        ASSERT_EQ(r.get_shape(), (Shape{1, 2, 2, 5}));
        EXPECT_TENSOR_NEAR(r, test::make_tensor(element::f32, {1, 2, 2, 5}, c.expected), 1e-5, 0);
    }
}

TEST(GridSample, F16DataAndNearestTies) {
    const Tensor data = test::make_tensor(element::f16, {1, 1, 2, 3}, Vals{1, 2, 3, 4, 5, 6});
    const Tensor grid = test::make_tensor(element::f32, {1, 1, 4, 2},
                                          std::vector<float>{0, 0, -1.f / 3, 0.5, 1.f / 3, -0.5, 0.25, 0.1f});
    const Tensor nearest = test::eval_op("GridSample", 9, {data, grid}, attrs("nearest", "zeros", false));
    EXPECT_TENSOR_EQ(nearest, test::make_tensor(element::f16, {1, 1, 1, 4}, Vals{2, 4, 3, 5}));
    const Tensor bilinear = test::eval_op("GridSample", 9, {data, grid}, attrs("bilinear", "zeros", false));
    EXPECT_TENSOR_NEAR(bilinear, test::make_tensor(element::f16, {1, 1, 1, 4}, Vals{3.5, 4.5, 2.5, 4.1757812}), 2e-3,
                       0);
}

TEST(GridSample, IntegerDataRoundOrTruncateAndSaturate) {
    const Tensor grid = test::make_tensor(
        element::f32, {1, 1, 6, 2},
        std::vector<float>{0.1f, 0.2f, -0.33f, 0.5f, 0.9f, -0.9f, 0.26f, 0.74f, -1.2f, 0.1f, 0.6f, -0.45f});
    Vals v(12);
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = static_cast<double>(i) * 23 - 40;
    const auto run = [&](const Tensor& data, const char* mode) {
        return test::eval_op("GridSample", 9, {data, grid}, attrs(mode, "zeros", false));
    };
    const Tensor i32 = test::make_tensor(element::i32, {1, 1, 3, 4}, v);  // truncated
    EXPECT_TENSOR_EQ(run(i32, "bilinear"),
                     test::make_tensor(element::i32, {1, 1, 1, 6}, Vals{118, 140, 13, 169, 6, 52}));
    EXPECT_TENSOR_EQ(run(i32, "bicubic"), test::make_tensor(element::i32, {1, 1, 1, 6}, Vals{134, 163, 8, 179, 5, 55}));
    v[0] = v[1] = 0;
    const Tensor u8 = test::make_tensor(element::u8, {1, 1, 3, 4}, v);  // rounded
    EXPECT_TENSOR_EQ(run(u8, "bilinear"), test::make_tensor(element::u8, {1, 1, 1, 6}, Vals{119, 140, 13, 170, 7, 52}));
    const Tensor edges =
        test::make_tensor(element::u8, {1, 1, 3, 4}, Vals{0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255});
    // bicubic overshoots: -23.9 and 327.9 saturate
    EXPECT_TENSOR_EQ(run(edges, "bicubic"),
                     test::make_tensor(element::u8, {1, 1, 1, 6}, Vals{193, 0, 123, 235, 0, 255}));
}

TEST(GridSample, EmptyGrid) {
    const Tensor r = test::eval_op("GridSample", 9, {data_tensor(), Tensor(element::f32, Shape{1, 0, 3, 2})});
    EXPECT_EQ(r.get_shape(), (Shape{1, 2, 0, 3}));
}

TEST(GridSample, ShapeInferenceAndRefusals) {
    const auto p = [](element::Type t, const PartialShape& s) { return op::parameter(t, s); };
    const auto make = [&](const PartialShape& d, const PartialShape& g, const Attributes& a = {}) {
        return op::make("GridSample", {p(element::f32, d), p(element::f32, g)}, a, 9);
    };
    EXPECT_EQ(make({Dimension(), 3, 8, 8}, {2, 4, Dimension(), 2})->get_output_partial_shape(0),
              (PartialShape{2, 3, 4, Dimension()}));
    EXPECT_EQ(make(PartialShape::dynamic(), {2, 4, 5, 2})->get_output_partial_shape(0),
              (PartialShape{2, Dimension(), 4, 5}));
    EXPECT_THROW(make({1, 3, 8}, {1, 4, 5, 2}), ModelError);     // data rank
    EXPECT_THROW(make({1, 3, 8, 8}, {1, 4, 5, 3}), ModelError);  // grid's last axis
    EXPECT_THROW(make({1, 3, 8, 8}, {2, 4, 5, 2}), ModelError);  // batch
    EXPECT_THROW(make({1, 3, 8, 8}, {1, 4, 5, 2}, {{"mode", "linear"}}), ModelError);
    EXPECT_THROW(make({1, 3, 8, 8}, {1, 4, 5, 2}, {{"padding_mode", "wrap"}}), ModelError);
    EXPECT_THROW(op::make("GridSample", {p(element::f32, {1, 3, 8, 8}), p(element::i32, {1, 4, 5, 2})}, {}, 9),
                 ModelError);  // integer grid
    EXPECT_THROW(op::make("GridSample", {p(element::boolean, {1, 3, 8, 8}), p(element::f32, {1, 4, 5, 2})}, {}, 9),
                 ModelError);
}

}  // namespace
