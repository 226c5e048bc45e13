// ScatterUpdate-3, ScatterElementsUpdate-3/12 and ScatterNDUpdate-4/15 against OpenVINO CPU: the expected
// values were computed by OpenVINO 2026.4's CPU plugin on the same inputs (f32 data holding small integers,
// so every result is exact), including repeated indices (the last update wins, or all are reduced), negative
// indices where OpenVINO allows them, and the refusals.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::eval_single;
using test::make_tensor;

namespace {

using Rows = std::vector<double>;

Tensor run(const std::string& type, int64_t version, const TensorVector& in, const Attributes& attrs = {}) {
    return test::eval_op(type, version, in, attrs);
}

Tensor data34() {
    Rows v(12);
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = static_cast<double>(i);
    return make_tensor<double>(element::f32, {3, 4}, v);
}
Tensor i64(const Shape& s, const Rows& v) { return make_tensor<double>(element::i64, s, v); }
Tensor i32(const Shape& s, const Rows& v) { return make_tensor<double>(element::i32, s, v); }
Tensor f32(const Shape& s, const Rows& v) { return make_tensor<double>(element::f32, s, v); }
Tensor axis(int64_t a) { return make_tensor<double>(element::i64, {}, {static_cast<double>(a)}); }

TEST(Scatter, ScatterUpdate) {
    const Tensor u = f32({2, 4}, {100, 101, 102, 103, 200, 201, 202, 203});
    EXPECT_EQ(test::values(run("ScatterUpdate", 3, {data34(), i64({2}, {2, 0}), u, axis(0)})),
              (Rows{200, 201, 202, 203, 4, 5, 6, 7, 100, 101, 102, 103}));
    EXPECT_EQ(test::values(run("ScatterUpdate", 3, {data34(), i64({2}, {1, 1}), u, axis(0)})),
              (Rows{0, 1, 2, 3, 200, 201, 202, 203, 8, 9, 10, 11}));
    const Tensor u2 = f32({3, 2}, {50, 51, 52, 53, 54, 55});
    EXPECT_EQ(test::values(run("ScatterUpdate", 3, {data34(), i64({2}, {3, 0}), u2, axis(1)})),
              (Rows{51, 1, 2, 50, 53, 5, 6, 52, 55, 9, 10, 54}));
    // OpenVINO CPU refuses a negative index here ("points to non-existing output tensor element").
    EXPECT_THROW(run("ScatterUpdate", 3, {data34(), i64({2}, {2, -3}), u, axis(0)}), ModelError);
}

TEST(Scatter, ScatterElementsUpdate) {
    const Tensor u = f32({2, 4}, {1, 2, 3, 4, 5, 6, 7, 8});
    EXPECT_EQ(test::values(run("ScatterElementsUpdate", 3, {data34(), i32({2, 4}, {1, 0, 2, 0, 2, 1, 0, -1}), u, axis(0)})),
              (Rows{0, 2, 7, 4, 1, 6, 6, 7, 5, 9, 3, 8}));
    const Tensor dup = i32({2, 4}, {1, 1, 2, 0, 1, 1, 0, 2});
    struct Case {
        std::string reduction;
        bool init;
        Rows expected;
    };
    const std::vector<Case> cases{
        {"none", true, {0, 1, 7, 4, 5, 6, 6, 7, 8, 9, 3, 8}},
        {"sum", true, {0, 1, 9, 7, 10, 13, 6, 7, 8, 9, 13, 19}},
        {"sum", false, {0, 1, 7, 4, 6, 8, 6, 7, 8, 9, 3, 8}},
        {"prod", true, {0, 1, 14, 12, 20, 60, 6, 7, 8, 9, 30, 88}},
        {"prod", false, {0, 1, 7, 4, 5, 12, 6, 7, 8, 9, 3, 8}},
        {"min", true, {0, 1, 2, 3, 1, 2, 6, 7, 8, 9, 3, 8}},
        {"min", false, {0, 1, 7, 4, 1, 2, 6, 7, 8, 9, 3, 8}},
        {"max", true, {0, 1, 7, 4, 5, 6, 6, 7, 8, 9, 10, 11}},
        {"max", false, {0, 1, 7, 4, 5, 6, 6, 7, 8, 9, 3, 8}},
        {"mean", false, {0, 1, 7, 4, 3, 4, 6, 7, 8, 9, 3, 8}},
    };
    for (const Case& c : cases)
        EXPECT_EQ(test::values(run("ScatterElementsUpdate", 12, {data34(), dup, u, axis(0)},
                                   {{"reduction", c.reduction}, {"use_init_val", c.init ? "true" : "false"}})),
                  c.expected)
            << c.reduction << " " << c.init;
    const auto mean = test::values(run("ScatterElementsUpdate", 12, {data34(), dup, u, axis(0)},
                                       {{"reduction", "mean"}, {"use_init_val", "true"}}));
    const Rows want{0, 1, 4.5, 3.5, 3.3333332538604736, 4.333333492279053, 6, 7, 8, 9, 6.5, 9.5};
    for (size_t i = 0; i < want.size(); ++i)
        EXPECT_NEAR(mean[i], want[i], 1e-6) << i;
}

// Integer reductions wrap as OpenVINO CPU's do: 2e9 + 2e9 + 7 in i32.
TEST(Scatter, IntegerReductionsWrap) {
    const Tensor d = make_tensor<double>(element::i32, {2}, {2000000000, 5});
    const Tensor u = make_tensor<double>(element::i32, {2}, {2000000000, 7});
    EXPECT_EQ(test::values(run("ScatterElementsUpdate", 12, {d, i32({2}, {0, 0}), u, axis(0)},
                               {{"reduction", "sum"}, {"use_init_val", "true"}})),
              (Rows{-294967289, 5}));
    // An integer mean is truncated toward zero, as OpenVINO CPU computes it: (5 - 2 - 6) / 3 = -1, (0 - 3) / 2 -> -1.
    const Tensor m = make_tensor<double>(element::i32, {2}, {5, 0});
    EXPECT_EQ(test::values(run("ScatterElementsUpdate", 12, {m, i32({3}, {0, 0, 1}), make_tensor<double>(element::i32, {3}, {-2, -6, -3}), axis(0)},
                               {{"reduction", "mean"}, {"use_init_val", "true"}})),
              (Rows{-1, -1}));
}

TEST(Scatter, ScatterNDUpdate) {
    const Tensor d8 = f32({8}, {0, 1, 2, 3, 4, 5, 6, 7});
    EXPECT_EQ(test::values(run("ScatterNDUpdate", 15, {d8, i32({4, 1}, {4, 3, -1, 7}), f32({4}, {9, 10, 11, 12})})),
              (Rows{0, 1, 2, 10, 9, 5, 6, 12}));
    const Tensor u = f32({2, 4}, {100, 101, 102, 103, 200, 201, 202, 203});
    EXPECT_EQ(test::values(run("ScatterNDUpdate", 4, {data34(), i32({2, 1}, {2, 0}), u})),
              (Rows{200, 201, 202, 203, 4, 5, 6, 7, 100, 101, 102, 103}));
    EXPECT_EQ(test::values(run("ScatterNDUpdate", 4, {data34(), i32({2, 2}, {2, 1, 0, 3}), f32({2}, {70, 80})})),
              (Rows{0, 1, 2, 80, 4, 5, 6, 7, 8, 70, 10, 11}));
    const Tensor dup = i32({3, 1}, {1, 1, 6}), ud = f32({3}, {2, 3, -4});
    const std::vector<std::pair<std::string, Rows>> cases{
        {"none", {0, 3, 2, 3, 4, 5, -4, 7}}, {"sum", {0, 6, 2, 3, 4, 5, 2, 7}}, {"sub", {0, -4, 2, 3, 4, 5, 10, 7}},
        {"prod", {0, 6, 2, 3, 4, 5, -24, 7}}, {"min", {0, 1, 2, 3, 4, 5, -4, 7}}, {"max", {0, 3, 2, 3, 4, 5, 6, 7}}};
    for (const auto& [reduction, expected] : cases)
        EXPECT_EQ(test::values(run("ScatterNDUpdate", 15, {d8, dup, ud}, {{"reduction", reduction}})), expected)
            << reduction;
}

// OpenVINO's first ScatterNDUpdate is in opset4 (its IR says version="opset4"): an opset3 model has none.
TEST(Scatter, ScatterNDUpdateStartsInOpset4) {
    EXPECT_EQ(OpRegistry::get().find("ScatterNDUpdate", 3), nullptr);
    ASSERT_NE(OpRegistry::get().find("ScatterNDUpdate", 4), nullptr);
    EXPECT_EQ(OpRegistry::get().find("ScatterNDUpdate", 14)->version, 4);
}

TEST(Scatter, Refusals) {
    const auto d = op::parameter(element::f32, Shape{3, 4});
    const auto a0 = op::constant<int64_t>(element::i64, {}, {0});
    // updates of the wrong shape, indices of a real type, an unknown reduction, an index outside the data
    EXPECT_THROW(op::make("ScatterUpdate", {d, op::parameter(element::i64, Shape{2}), op::parameter(element::f32, Shape{2, 5}), a0}, {}, 3),
                 ModelError);
    EXPECT_THROW(op::make("ScatterElementsUpdate", {d, op::parameter(element::f32, Shape{2, 4}), op::parameter(element::f32, Shape{2, 4}), a0}, {}, 3),
                 ModelError);
    EXPECT_THROW(op::make("ScatterNDUpdate", {d, op::parameter(element::i32, Shape{2, 1}), op::parameter(element::f32, Shape{2, 4})},
                          {{"reduction", "avg"}}, 15),
                 ModelError);
    EXPECT_THROW(op::make("ScatterNDUpdate", {d, op::parameter(element::i32, Shape{2, 3}), op::parameter(element::f32, Shape{2})}, {}, 4),
                 ModelError);
    EXPECT_THROW(run("ScatterNDUpdate", 4, {data34(), i32({1, 1}, {3}), f32({1, 4}, {1, 2, 3, 4})}), ModelError);
}

}  // namespace
