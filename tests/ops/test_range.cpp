// Range-1 and Range-4: the spec's examples, truncation for integer outputs, and random integer
// and binary-fraction ranges checked against a loop that steps until it passes stop.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "common/test_utils.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;
using test::run;

namespace {

const element::Type kF32 = element::f32, kF16 = element::f16;

template <typename T>
Tensor scalar(element::Type type, T v) {
    return make_tensor<T>(type, {}, {v});
}

// Builds Range from constants (so shape inference sees the values) and evaluates it.
Tensor eval_range(const Tensor& start, const Tensor& stop, const Tensor& step, const std::string& output_type = "",
                  int64_t version = 4) {
    Attributes attrs;
    if (!output_type.empty())
        attrs.emplace_back("output_type", output_type);
    auto node = op::make("Range", {op::constant(start), op::constant(stop), op::constant(step)}, attrs, version);
    auto out = run(node, {start, stop, step}).at(0);
    EXPECT_EQ(node->get_output_partial_shape(0), PartialShape(out.get_shape()));
    return out;
}

// Steps from start until passing stop.
std::vector<double> stepped(double start, double stop, double step) {
    std::vector<double> v;
    for (double x = start; step > 0 ? x < stop : x > stop; x += step)
        v.push_back(x);
    return v;
}

Tensor expect(element::Type type, const std::vector<double>& v) { return make_tensor<double>(type, {v.size()}, v); }

}  // namespace

TEST(Range, SpecExamples) {
    const auto i32 = element::i32;
    EXPECT_TENSOR_EQ(eval_range(scalar(i32, 2), scalar(i32, 23), scalar(i32, 3), "i32"),
                     expect(i32, {2, 5, 8, 11, 14, 17, 20}));
    EXPECT_TENSOR_EQ(eval_range(scalar(i32, 23), scalar(i32, 2), scalar(i32, -3), "i32"),
                     expect(i32, {23, 20, 17, 14, 11, 8, 5}));
    EXPECT_TENSOR_EQ(eval_range(scalar(kF32, 1.f), scalar(kF32, 2.5f), scalar(kF32, 0.5f), "f32"),
                     expect(element::f32, {1, 1.5, 2}));
    // Range-1: the output type is the inputs'.
    EXPECT_TENSOR_EQ(eval_range(scalar(i32, 2), scalar(i32, 23), scalar(i32, 3), "", 1),
                     expect(i32, {2, 5, 8, 11, 14, 17, 20}));
    EXPECT_TENSOR_EQ(eval_range(scalar(i32, 23), scalar(i32, 2), scalar(i32, -3), "", 1),
                     expect(i32, {23, 20, 17, 14, 11, 8, 5}));
    EXPECT_TENSOR_EQ(eval_range(scalar(kF32, 1.f), scalar(kF32, 2.5f), scalar(kF32, 0.5f), "", 1),
                     expect(element::f32, {1, 1.5, 2}));
}

TEST(Range, Range4MixesInputTypesAndTruncatesForIntegerOutputs) {
    // start i32, stop f32, step i64 into i64.
    EXPECT_TENSOR_EQ(eval_range(scalar(element::i32, -3), scalar(kF32, 4.5f), scalar(element::i64, 2), "i64"),
                     expect(element::i64, {-3, -1, 1, 3}));
    // Values are truncated toward zero first: 1.7 -> 1, 5.9 -> 5, 1.5 -> 1.
    EXPECT_TENSOR_EQ(eval_range(scalar(kF32, 1.7f), scalar(kF32, 5.9f), scalar(kF32, 1.5f), "i32"),
                     expect(element::i32, {1, 2, 3, 4}));
    EXPECT_TENSOR_EQ(eval_range(scalar(kF32, -1.7f), scalar(kF32, -5.9f), scalar(kF32, -1.5f),
                                "i32"),
                     expect(element::i32, {-1, -2, -3, -4}));
    // Real output keeps the fractions.
    EXPECT_TENSOR_NEAR(eval_range(scalar(kF32, 1.7f), scalar(kF32, 5.9f), scalar(kF32, 1.5f),
                                  "f32"),
                       expect(element::f32, {1.7, 3.2, 4.7}), 1e-6, 1e-6);
    EXPECT_TENSOR_NEAR(eval_range(scalar(element::i32, 0), scalar(element::i32, 1), scalar(kF32, 0.1f), "f16"),
                       expect(element::f16, {0, .1, .2, .3, .4, .5, .6, .7, .8, .9}), 1e-3, 1e-3);
    // Empty when the step points away from stop.
    EXPECT_EQ(eval_range(scalar(element::i32, 5), scalar(element::i32, 2), scalar(element::i32, 1), "i32").get_shape(),
              (Shape{0}));
    EXPECT_EQ(eval_range(scalar(element::i32, 2), scalar(element::i32, 2), scalar(element::i32, -1), "f32").get_shape(),
              (Shape{0}));
}

TEST(Range, FloatStepsOfOneTenth) {
    // Ten elements, not eleven: ceil((1 - 0) / 0.1f) is 10 though 0.1f is not exact.
    const Tensor out = eval_range(scalar(kF32, 0.f), scalar(kF32, 1.f), scalar(kF32, 0.1f), "", 1);
    ASSERT_EQ(out.get_shape(), (Shape{10}));
    for (size_t i = 0; i < 10; ++i)
        EXPECT_NEAR(out.data<float>()[i], 0.1 * static_cast<double>(i), 1e-6);
}

TEST(Range, RandomRangesMatchSteppingLoop) {
    std::mt19937 gen(13);
    auto rnd = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(gen); };
    const std::vector<element::Type> ints{element::i8, element::i32, element::i64};
    for (int iter = 0; iter < 200; ++iter) {
        const element::Type t = ints[static_cast<size_t>(iter) % ints.size()];
        const int64_t start = rnd(-40, 40), stop = rnd(-40, 40);
        const int64_t step = rnd(0, 1) ? rnd(1, 9) : -rnd(1, 9);
        const auto expected = stepped(static_cast<double>(start), static_cast<double>(stop), static_cast<double>(step));
        EXPECT_TENSOR_EQ(eval_range(scalar(t, start), scalar(t, stop), scalar(t, step), "", 1), expect(t, expected))
            << start << ":" << stop << ":" << step;
        EXPECT_TENSOR_EQ(eval_range(scalar(element::i64, start), scalar(element::i32, stop), scalar(t, step), "i64"),
                         expect(element::i64, expected));
        // Quarter steps are exact in binary, so the loop's accumulation is exact too.
        const double fs = static_cast<double>(start) / 4, fe = static_cast<double>(stop) / 4,
                     fk = static_cast<double>(step) / 4;
        const auto fexp = stepped(fs, fe, fk);
        EXPECT_TENSOR_EQ(eval_range(scalar(kF32, fs), scalar(kF32, fe), scalar(kF32, fk), "f32"),
                         expect(element::f32, fexp));
        EXPECT_TENSOR_EQ(eval_range(scalar(kF16, fs), scalar(kF16, fe), scalar(kF16, fk), "", 1),
                         expect(element::f16, fexp));
    }
    // u8 counts up.
    EXPECT_TENSOR_EQ(eval_range(scalar(element::u8, 250), scalar(element::u8, 255), scalar(element::u8, 2), "", 1),
                     expect(element::u8, {250, 252, 254}));
}

TEST(Range, PartialShapes) {
    auto p = [](element::Type t) { return op::parameter(t, Shape{}); };
    auto n = op::make("Range", {p(element::f32), op::constant(scalar(kF32, 3.f)), p(element::f32)},
                      {{"output_type", "i32"}});
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape::dynamic(1));
    EXPECT_EQ(n->get_output_element_type(0), element::i32);
    EXPECT_TENSOR_EQ(run(n, {scalar(kF32, 0.f), scalar(kF32, 3.f), scalar(kF32, 1.f)}).at(0),
                     expect(element::i32, {0, 1, 2}));
    n = op::make("Range", {p(element::i64), p(element::i64), p(element::i64)}, {}, 1);
    EXPECT_EQ(n->get_output_element_type(0), element::i64);
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape::dynamic(1));
}

TEST(Range, InvalidInputsThrow) {
    const auto f32 = element::f32;
    auto c = [](element::Type t, double v) { return op::constant(make_tensor<double>(t, {}, {v})); };
    EXPECT_THROW(op::make("Range", {c(f32, 0), c(f32, 3), c(f32, 0)}, {{"output_type", "f32"}}), ModelError);
    EXPECT_THROW(op::make("Range", {c(f32, 0), c(f32, 3), c(f32, 0)}, {}, 1), ModelError);
    EXPECT_THROW(op::make("Range", {c(f32, 0), c(f32, 3), c(f32, 0.5)}, {{"output_type", "i32"}}), ModelError);
    EXPECT_THROW(op::make("Range", {c(f32, 0), c(f32, 3), c(f32, 1)}, {{"output_type", "boolean"}}), ModelError);
    EXPECT_THROW(op::make("Range", {c(f32, 0), c(f32, 3), c(f32, 1)}, {{"output_type", "float"}}), ModelError);
    EXPECT_THROW(op::make("Range", {c(f32, 0), c(f32, 3), c(f32, 1)}), ModelError);  // output_type required
    EXPECT_THROW(op::make("Range", {c(element::i32, 0), c(f32, 3), c(f32, 1)}, {}, 1), ModelError);
    EXPECT_THROW(op::make("Range", {c(element::boolean, 0), c(f32, 3), c(f32, 1)}, {{"output_type", "f32"}}),
                 ModelError);
    EXPECT_THROW(op::make("Range", {op::constant(make_tensor<float>(f32, {1}, {0})), c(f32, 3), c(f32, 1)},
                          {{"output_type", "f32"}}),
                 ModelError);
    EXPECT_THROW(op::make("Range", {c(f32, std::numeric_limits<double>::infinity()), c(f32, 3), c(f32, 1)},
                          {{"output_type", "f32"}}),
                 ModelError);
    EXPECT_THROW(op::make("Range", {c(f32, 0), c(f32, 3)}, {{"output_type", "f32"}}), ModelError);
    auto n = op::make("Range", {c(element::i32, 0), c(element::i32, 3), op::parameter(element::i32, Shape{})}, {}, 1);
    EXPECT_THROW(run(n, {scalar(element::i32, 0), scalar(element::i32, 3), scalar(element::i32, 0)}), ModelError);
}
