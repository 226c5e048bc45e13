// OneHot-1 and OneHot-16 (negative_indices_mode) against OpenVINO CPU: the expected values were computed by OpenVINO 2026.4's CPU plugin on the same
// inputs (an index of -1 or of depth gives off_value everywhere), and the refusals.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;

namespace {

TEST(OneHot, AsOpenVinoCpu) {
    const Tensor idx = make_tensor<double>(element::i32, {2, 2}, {0, 2, -1, 3});
    const auto node = [](int64_t axis) {
        return op::make("OneHot", {op::parameter(element::i32, Shape{2, 2}), op::constant<int64_t>(element::i64, {}, {3}),
                                   op::constant<float>(element::f32, {}, {5}), op::constant<float>(element::f32, {}, {-1})},
                        {{"axis", std::to_string(axis)}}, 1);
    };
    const auto inputs = [&] {
        return TensorVector{idx, make_tensor<double>(element::i64, {}, {3}), make_tensor<double>(element::f32, {}, {5}),
                            make_tensor<double>(element::f32, {}, {-1})};
    };
    Tensor r = test::eval_single(node(-1), inputs());
    EXPECT_EQ(r.get_shape(), (Shape{2, 2, 3}));
    EXPECT_EQ(test::values(r), (std::vector<double>{5, -1, -1, -1, -1, 5, -1, -1, -1, -1, -1, -1}));
    r = test::eval_single(node(0), inputs());
    EXPECT_EQ(r.get_shape(), (Shape{3, 2, 2}));
    EXPECT_EQ(test::values(r), (std::vector<double>{5, -1, -1, -1, -1, -1, -1, -1, -1, 5, -1, -1}));
}

TEST(OneHot, Version16NegativeIndicesMode) {
    const auto run = [](const std::vector<double>& idx, const Shape& s, int64_t axis, const std::string& mode) {
        const Attributes a = mode.empty() ? Attributes{{"axis", std::to_string(axis)}}
                                          : Attributes{{"axis", std::to_string(axis)}, {"negative_indices_mode", mode}};
        return test::values(test::eval_op("OneHot", 16,
                                          {make_tensor<double>(element::i64, s, idx), make_tensor<double>(element::i64, {}, {3}),
                                           make_tensor<double>(element::f32, {}, {5}), make_tensor<double>(element::f32, {}, {-1})},
                                          a));
    };
    const std::vector<double> idx{0, -1, 2, -3, 3, -4, 5};
    const std::vector<double> ignored{5, -1, -1, -1, -1, -1, -1, -1, 5, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
    EXPECT_EQ(run(idx, {7}, -1, ""), ignored);
    EXPECT_EQ(run(idx, {7}, -1, "ignore_negative"), ignored);
    EXPECT_EQ(run(idx, {7}, -1, "normalize"),
              (std::vector<double>{5, -1, -1, -1, -1, 5, -1, -1, 5, 5, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}));
    EXPECT_EQ(run({1, -2, -1, 0}, {2, 2}, 0, "normalize"), (std::vector<double>{-1, -1, -1, 5, 5, 5, -1, -1, -1, -1, 5, -1}));
    const auto make = [](const std::string& mode, int64_t version) {
        return op::make("OneHot", {op::parameter(element::i32, Shape{2}), op::constant<int64_t>(element::i64, {}, {3}),
                                   op::constant<float>(element::f32, {}, {1}), op::constant<float>(element::f32, {}, {0})},
                        {{"axis", "-1"}, {"negative_indices_mode", mode}}, version);
    };
    EXPECT_THROW(make("bogus", 16), ModelError);
    EXPECT_THROW(make("normalize", 1), ModelError);  // OneHot-1 has no such mode
}

TEST(OneHot, Refusals) {
    const auto i = op::parameter(element::i32, Shape{2});
    const auto on = op::constant<float>(element::f32, {}, {1}), off = op::constant<float>(element::f32, {}, {0});
    EXPECT_THROW(op::make("OneHot", {op::parameter(element::f32, Shape{2}), op::constant<int64_t>(element::i64, {}, {3}), on, off},
                          {{"axis", "-1"}}, 1),
                 ModelError);  // real indices
    EXPECT_THROW(op::make("OneHot", {i, op::constant<int64_t>(element::i64, {}, {-3}), on, off}, {{"axis", "-1"}}, 1),
                 ModelError);  // negative depth
    EXPECT_THROW(op::make("OneHot", {i, op::constant<int64_t>(element::i64, {}, {3}), on,
                                     op::constant<int32_t>(element::i32, {}, {0})},
                          {{"axis", "-1"}}, 1),
                 ModelError);  // on and off of two types
    EXPECT_THROW(op::make("OneHot", {i, op::constant<int64_t>(element::i64, {}, {3}), on, off}, {{"axis", "2"}}, 1),
                 ModelError);  // axis outside [-2, 2)
}

}  // namespace
