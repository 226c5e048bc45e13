// RandomUniform-8 and Multinomial-13 against OpenVINO CPU: the expected values were computed by OpenVINO 2026.4's
// CPU plugin (the first inference of a freshly compiled model) with the same seeds and attributes. Exact for the
// integer outputs and for f32/f16 (the expected reals are printed with enough digits to parse back to the same
// f32/f16); f64 within 1e-7 relative (OpenVINO CPU computes it in f32). Covers both alignments, every output
// type, the i32 range that wraps, i64 bounds beyond i32, and the refusals.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

using Vals = std::vector<double>;

struct UniformCase {
    element::Type type;
    double lo, hi;
    uint64_t global_seed, op_seed;
    const char* alignment;
    Shape shape;
    Vals expected;
};

const std::vector<UniformCase> kUniform{
    {element::f32,
     0.0,
     1.0,
     150,
     10,
     "tensorflow",
     {3, 2},
     {0.701123595, 0.305396318, 0.939310551, 0.94560349, 0.11694777, 0.507700562}},
    {element::f32,
     -2.5,
     3.25,
     7461,
     1546,
     "tensorflow",
     {11},
     {2.64255738, -2.1714251, 2.05682373, -0.963876963, 0.74178201, 1.21182752, 0.323509425, -1.87565756, 1.30141091,
      0.895061016, 1.42888737}},
    {element::f16,
     -1.0,
     4.0,
     150,
     10,
     "tensorflow",
     {7},
     {2.50585938, 0.526855469, 3.69726562, 3.72851562, -0.415283203, 1.53808594, 1.59863281}},
    {element::f64, -3.0, 7.0, 3, 0, "tensorflow", {5}, {-1.72635961, 5.14691305, 5.97837877, 4.98094845, 0.307076693}},
    {element::i32, -5, 17, 150, 10, "tensorflow", {9}, {8, 13, 15, 14, 2, 2, 2, -3, 9}},
    {element::i64, -100, 1000, 7461, 1546, "tensorflow", {6}, {161, 18, -31, 708, 586, 962}},
    {element::i32,
     -7,
     2147483647,
     150,
     10,
     "tensorflow",
     {5},
     {1616494186, 2057770803, 385366867, 1433995656, 1385101348}},
    {element::i64, -1099511627776, 1099511627776, 150, 10, "tensorflow", {3}, {-2147483648, -2147483648, -2147483648}},
    {element::f32,
     -2.5,
     3.25,
     150,
     10,
     "pytorch",
     {7},
     {0.935548782, 0.631346464, -2.26574111, 0.841073036, 1.40837312, -0.253099442, -1.49282074}},
    {element::f16,
     0.1,
     0.3,
     7461,
     1546,
     "pytorch",
     {5},
     {0.290771484, 0.218994141, 0.191650391, 0.11529541, 0.263671875}},
    {element::f64, -3.0, 7.0, 150, 0, "pytorch", {5}, {2.97486734, 2.44581985, -2.59259319, 2.81056166, 3.79717064}},
    {element::i32, -5, 17, 150, 10, "pytorch", {6}, {7, 11, 14, 6, 9, 3}},
    {element::i32,
     -7,
     2147483647,
     3,
     0,
     "pytorch",
     {5},
     {-1929308305, -1843722601, -1253495554, -687413624, -898057289}},
    {element::i64, -100, 1000, 7461, 0, "pytorch", {5}, {738, -56, 420, 512, 955}},
};

Tensor scalar(element::Type t, double v) { return test::make_tensor(t, {}, Vals{v}); }

TEST(RandomUniform, MatchesOpenVinoCpu) {
    for (const UniformCase& c : kUniform) {
        SCOPED_TRACE(c.type.get_type_name() + " " + c.alignment + " seeds " + std::to_string(c.global_seed) + "/" +
                     std::to_string(c.op_seed));
        const Tensor shape =
            test::make_tensor(element::i64, {c.shape.size()}, std::vector<size_t>(c.shape.begin(), c.shape.end()));
        const Attributes attrs{{"output_type", c.type.get_type_name()},
                               {"global_seed", std::to_string(c.global_seed)},
                               {"op_seed", std::to_string(c.op_seed)},
                               {"alignment", c.alignment}};
        const Tensor r = test::eval_op("RandomUniform", 8, {shape, scalar(c.type, c.lo), scalar(c.type, c.hi)}, attrs);
        const Tensor expected = test::make_tensor(c.type, c.shape, c.expected);
        if (c.type == element::f64)
            EXPECT_TENSOR_NEAR(r, expected, 0, 1e-7);
        else
            EXPECT_TENSOR_EQ(r, expected);
    }
}

TEST(RandomUniform, ZeroSeedsAreNotDeterministic) {
    const Tensor shape = test::make_tensor(element::i64, {1}, Vals{64});
    const Attributes attrs{{"output_type", "f32"}, {"global_seed", "0"}, {"op_seed", "0"}};
    const TensorVector in{shape, scalar(element::f32, 0), scalar(element::f32, 1)};
    const Vals a = test::values(test::eval_op("RandomUniform", 8, in, attrs));
    const Vals b = test::values(test::eval_op("RandomUniform", 8, in, attrs));
    EXPECT_NE(a, b);
    for (double v : a) {
        EXPECT_GE(v, 0.0);
        EXPECT_LT(v, 1.0);
    }
}

TEST(RandomUniform, ShapeInferenceAndRefusals) {
    const auto c = [](element::Type t, const Shape& s, const Vals& v) { return op::constant<double>(t, s, v); };
    const auto make = [&](const std::shared_ptr<Node>& shape, double lo, double hi, const Attributes& a) {
        return op::make("RandomUniform", {shape, c(element::f32, {}, {lo}), c(element::f32, {1}, {hi})}, a, 8);
    };
    const Attributes f32{{"output_type", "f32"}};
    EXPECT_EQ(make(c(element::i32, {3}, {2, 0, 4}), 0, 1, f32)->get_output_partial_shape(0), (PartialShape{2, 0, 4}));
    EXPECT_EQ(make(op::parameter(element::i64, PartialShape{2}), 0, 1, f32)->get_output_partial_shape(0),
              (PartialShape{Dimension(), Dimension()}));
    EXPECT_THROW(make(c(element::i32, {1}, {2}), 1, 1, f32), ModelError);                       // min == max
    EXPECT_THROW(make(c(element::i32, {1}, {-2}), 0, 1, f32), ModelError);                      // negative extent
    EXPECT_THROW(make(c(element::i32, {1, 1}, {2}), 0, 1, f32), ModelError);                    // shape not 1-D
    EXPECT_THROW(make(c(element::i32, {1}, {2}), 0, 1, {{"output_type", "i32"}}), ModelError);  // min/max type
    EXPECT_THROW(make(c(element::i32, {1}, {2}), 0, 1, {{"output_type", "f32"}, {"alignment", "numpy"}}), ModelError);
    EXPECT_THROW(make(c(element::i32, {1}, {2}), 0, 1, {{"output_type", "u8"}}), ModelError);
}

struct MultinomialCase {
    const char* input;
    bool with_replacement, log_probs;
    uint64_t global_seed, op_seed;
    int64_t samples;
    element::Type type;
    Vals expected;
};

const std::vector<MultinomialCase> kMultinomial{
    {"probs", true, false, 1, 2, 6, element::i32, {3, 3, 2, 1, 2, 1, 0, 0, 2, 0, 2, 0, 3, 2, 3, 3, 0, 1}},
    {"probs", true, false, 150, 10, 3, element::i64, {3, 3, 0, 3, 0, 0, 3, 3, 3}},
    {"probs", true, false, 0, 7, 4, element::i32, {1, 3, 2, 1, 0, 0, 0, 3, 1, 1, 3, 0}},
    {"probs", false, false, 1, 2, 3, element::i32, {3, 2, 1, 0, 2, 3, 0, 1, 3}},
    {"probs", false, false, 150, 10, 3, element::i64, {3, 2, 0, 3, 0, 2, 3, 2, 1}},
    {"probs", false, false, 0, 7, 3, element::i32, {1, 3, 2, 0, 2, 3, 0, 3, 1}},
    {"logp", true, true, 1, 2, 6, element::i32, {3, 3, 2, 1, 2, 1, 0, 0, 1, 0, 1, 0, 3, 2, 3, 3, 0, 1}},
    {"logp", true, true, 150, 10, 3, element::i64, {3, 3, 0, 3, 0, 0, 3, 3, 3}},
    {"logp", true, true, 0, 7, 4, element::i32, {1, 3, 2, 1, 0, 0, 0, 3, 1, 1, 3, 0}},
    {"logp", false, true, 1, 2, 3, element::i32, {3, 2, 1, 0, 2, 1, 0, 1, 3}},
    {"logp", false, true, 150, 10, 3, element::i64, {3, 2, 0, 3, 0, 1, 3, 2, 1}},
    {"logp", false, true, 0, 7, 3, element::i32, {1, 3, 2, 0, 1, 2, 0, 3, 1}},
};

const Vals kProbs{0.1, 0.2, 0.3, 0.4, 0.5, 0, 0.25, 0.25, 1, 2, 3, 4};
const Vals kLogProbs{-2.30258512, -1.60943794, -1.20397282, -0.9162907,  -0.693147182, -2.30258512,
                     -1.89712,    -1.38629436, 0,           0.693147182, 1.09861231,   1.38629436};

Tensor multinomial(const Tensor& probs, int64_t samples, element::Type type, bool with_replacement, bool log_probs,
                   uint64_t global_seed, uint64_t op_seed) {
    const Attributes attrs{{"convert_type", type.get_type_name()},
                           {"with_replacement", with_replacement ? "true" : "false"},
                           {"log_probs", log_probs ? "true" : "false"},
                           {"global_seed", std::to_string(global_seed)},
                           {"op_seed", std::to_string(op_seed)}};
    return test::eval_op("Multinomial", 13, {probs, scalar(element::i32, static_cast<double>(samples))}, attrs);
}

TEST(Multinomial, MatchesOpenVinoCpu) {
    for (const MultinomialCase& c : kMultinomial) {
        SCOPED_TRACE(std::string(c.input) + (c.with_replacement ? " with" : " without") + " replacement, seeds " +
                     std::to_string(c.global_seed) + "/" + std::to_string(c.op_seed));
        const Tensor probs = test::make_tensor(element::f32, {3, 4}, c.log_probs ? kLogProbs : kProbs);
        const Tensor r =
            multinomial(probs, c.samples, c.type, c.with_replacement, c.log_probs, c.global_seed, c.op_seed);
        EXPECT_TENSOR_EQ(r, test::make_tensor(c.type, {3, static_cast<size_t>(c.samples)}, c.expected));
    }
}

TEST(Multinomial, F16ProbsAndEmptySamples) {
    const Tensor probs = test::make_tensor(element::f16, {3, 4}, kProbs);
    EXPECT_TENSOR_EQ(multinomial(probs, 5, element::i32, true, false, 9, 9),
                     test::make_tensor(element::i32, {3, 5}, Vals{2, 1, 2, 3, 2, 0, 0, 0, 0, 0, 1, 3, 2, 2, 3}));
    EXPECT_EQ(multinomial(probs, 0, element::i64, true, false, 9, 9).get_shape(), (Shape{3, 0}));
}

TEST(Multinomial, ShapeInferenceAndRefusals) {
    const auto make = [](const PartialShape& probs, const std::shared_ptr<Node>& samples, const std::string& type) {
        return op::make("Multinomial", {op::parameter(element::f32, probs), samples},
                        {{"convert_type", type}, {"with_replacement", "true"}, {"log_probs", "false"}}, 13);
    };
    const auto n = [](double v) { return op::constant<double>(element::i64, Shape{}, {v}); };
    EXPECT_EQ(make({Dimension(), 5}, n(7), "i64")->get_output_partial_shape(0), (PartialShape{Dimension(), 7}));
    EXPECT_EQ(make({2, 5}, op::parameter(element::i32, PartialShape{1}), "i32")->get_output_partial_shape(0),
              (PartialShape{2, Dimension()}));
    EXPECT_THROW(make({5}, n(2), "i32"), ModelError);      // probs must be 2-D (OpenVINO too)
    EXPECT_THROW(make({2, 5}, n(-1), "i32"), ModelError);  // negative num_samples
    EXPECT_THROW(make({2, 5}, n(2), "f32"), ModelError);   // convert_type
    // Zero probabilities leave a sample without a class (OpenVINO CPU leaves such outputs unwritten).
    EXPECT_THROW(
        multinomial(test::make_tensor(element::f32, {1, 3}, Vals{0, 0, 0}), 2, element::i32, true, false, 3, 4),
        ModelError);
}

}  // namespace
