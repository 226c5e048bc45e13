// MVN-1/-6, NormalizeL2-1 and BatchNormInference-1/-5 against brute-force formulations: each
// element's normalisation group is collected by comparing coordinates, and the statistics are
// taken in long double.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "common/test_utils.hpp"
#include "ovcl/except.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::eval;

namespace {

// For each element, the values of the elements that agree with it outside `axes`.
std::vector<std::vector<long double>> groups(const std::vector<double>& v, const Shape& shape,
                                             const std::vector<int64_t>& axes) {
    std::set<size_t> reduced;
    for (int64_t a : axes)
        reduced.insert(static_cast<size_t>(a < 0 ? a + static_cast<int64_t>(shape.size()) : a));
    std::vector<std::vector<long double>> out(v.size());
    for (size_t i = 0; i < v.size(); ++i) {
        const auto ci = test::unravel(i, shape);
        for (size_t j = 0; j < v.size(); ++j) {
            const auto cj = test::unravel(j, shape);
            bool same = true;
            for (size_t d = 0; d < shape.size(); ++d)
                same = same && (reduced.count(d) || ci[d] == cj[d]);
            if (same)
                out[i].push_back(v[j]);
        }
    }
    return out;
}

std::vector<double> naive_mvn(const Tensor& x, const std::vector<int64_t>& axes, bool normalize_variance, double eps,
                              bool inside_sqrt) {
    const auto v = test::values(x);
    const auto g = groups(v, x.get_shape(), axes);
    std::vector<double> out(v.size());
    for (size_t i = 0; i < v.size(); ++i) {
        long double mean = 0, var = 0;
        for (long double y : g[i])
            mean += y / g[i].size();
        for (long double y : g[i])
            var += (y - mean) * (y - mean) / g[i].size();
        long double r = v[i] - mean;
        if (normalize_variance)
            r /= inside_sqrt ? std::sqrt(var + eps) : std::sqrt(var) + eps;
        out[i] = static_cast<double>(r);
    }
    return out;
}

std::vector<double> naive_l2(const Tensor& x, const std::vector<int64_t>& axes, double eps, bool add) {
    const auto v = test::values(x);
    const auto g = groups(v, x.get_shape(), axes);
    std::vector<double> out(v.size());
    for (size_t i = 0; i < v.size(); ++i) {
        long double sq = 0;
        for (long double y : g[i])
            sq += y * y;
        out[i] = static_cast<double>(v[i] / std::sqrt(add ? sq + eps : std::max<long double>(sq, eps)));
    }
    return out;
}

Tensor i64s(const std::vector<int64_t>& v) { return test::make_tensor<int64_t>(element::i64, {v.size()}, v); }

std::shared_ptr<Node> mvn6(element::Type et, const PartialShape& shape, const std::vector<int64_t>& axes, bool norm,
                           const std::string& eps, const std::string& mode) {
    return op::make("MVN", {op::parameter(et, shape), op::constant<int64_t>(element::i64, {axes.size()}, axes)},
                    {{"normalize_variance", norm ? "true" : "false"}, {"eps", eps}, {"eps_mode", mode}}, 6);
}

std::shared_ptr<Node> normalize_l2(element::Type et, const PartialShape& shape, const std::vector<int64_t>& axes,
                                   const std::string& eps, const std::string& mode) {
    return op::make("NormalizeL2", {op::parameter(et, shape), op::constant<int64_t>(element::i64, {axes.size()}, axes)},
                    {{"eps", eps}, {"eps_mode", mode}});
}

const std::vector<std::vector<int64_t>> kAxes4d = {{2, 3}, {1, 2, 3}, {-1}, {0, 2, 3}, {1}, {3, -3}};

}  // namespace

TEST(MVN6, MatchesBruteForceOverAxesAndEpsModes) {
    uint32_t seed = 1;
    for (const auto& axes : kAxes4d)
        for (bool norm : {true, false})
            for (const std::string mode : {"inside_sqrt", "outside_sqrt"})
                for (const element::Type et : {element::f32, element::f16}) {
                    SCOPED_TRACE(op::list(axes) + " " + mode + (norm ? " norm" : "") + " " + et.get_type_name());
                    const Shape shape{2, 3, 2, 3};
                    const Tensor x = test::random_tensor(et, shape, -2, 3, seed++);
                    auto node = mvn6(et, shape, axes, norm, "0.25", mode);
                    EXPECT_EQ(node->get_output_partial_shape(0), PartialShape(shape));
                    const double tol = et == element::f16 ? 4e-3 : 1e-5;
                    EXPECT_TENSOR_NEAR(
                        eval(*node, {x, i64s(axes)}),
                        test::make_tensor<double>(et, shape, naive_mvn(x, axes, norm, 0.25, mode[0] == 'i')), tol, tol);
                }
}

TEST(MVN6, HandValuesAndModesDiffer) {
    const Tensor x = test::make_tensor<float>(element::f32, {1, 4}, {1, 2, 3, 4});
    // mean 2.5, variance 1.25
    auto inside = mvn6(element::f32, Shape{1, 4}, {1}, true, "1", "inside_sqrt");
    auto outside = mvn6(element::f32, Shape{1, 4}, {1}, true, "1", "OUTSIDE_SQRT");
    const double di = std::sqrt(2.25), doo = std::sqrt(1.25) + 1;
    EXPECT_TENSOR_NEAR(eval(*inside, {x, i64s({1})}),
                       test::make_tensor<double>(element::f32, {1, 4}, {-1.5 / di, -0.5 / di, 0.5 / di, 1.5 / di}),
                       1e-6, 0);
    EXPECT_TENSOR_NEAR(eval(*outside, {x, i64s({1})}),
                       test::make_tensor<double>(element::f32, {1, 4}, {-1.5 / doo, -0.5 / doo, 0.5 / doo, 1.5 / doo}),
                       1e-6, 0);
    auto centre = mvn6(element::f32, Shape{1, 4}, {-1}, false, "1", "inside_sqrt");
    EXPECT_TENSOR_EQ(eval(*centre, {x, i64s({-1})}),
                     test::make_tensor<float>(element::f32, {1, 4}, {-1.5, -.5, .5, 1.5}));
    // A constant slice normalises to 0, not NaN.
    const Tensor flat = test::make_tensor<float>(element::f32, {1, 3}, {7, 7, 7});
    auto n = mvn6(element::f32, Shape{1, 3}, {1}, true, "1e-9", "inside_sqrt");
    EXPECT_TENSOR_EQ(eval(*n, {flat, i64s({1})}), test::make_tensor<float>(element::f32, {1, 3}, {0, 0, 0}));
}

TEST(MVN1, AcrossChannelsAndReductionAxes) {
    uint32_t seed = 100;
    for (const Shape& shape : {Shape{2, 3, 4}, Shape{2, 3, 2, 3}, Shape{1, 2, 2, 2, 2}})
        for (bool across : {true, false})
            for (bool norm : {true, false}) {
                const Tensor x = test::random_tensor(element::f32, shape, -1, 2, seed++);
                auto node = op::make("MVN", {op::parameter(element::f32, shape)},
                                     {{"across_channels", across ? "true" : "false"},
                                      {"normalize_variance", norm ? "true" : "false"},
                                      {"eps", "1e-3"}},
                                     2);
                std::vector<int64_t> axes;
                for (size_t d = across ? 1 : 2; d < shape.size(); ++d)
                    axes.push_back(static_cast<int64_t>(d));
                EXPECT_TENSOR_NEAR(eval(*node, {x}),
                                   test::make_tensor<double>(element::f32, shape, naive_mvn(x, axes, norm, 1e-3, true)),
                                   1e-5, 1e-5)
                    << shape << (across ? " across" : "") << (norm ? " norm" : "");
            }
    // reduction_axes, when given, wins over across_channels (OpenVINO writes both).
    const Shape shape{2, 3, 4};
    const Tensor x = test::random_tensor(element::f16, shape, -1, 2, 7);
    for (const std::vector<int64_t>& axes : std::vector<std::vector<int64_t>>{{0, 2}, {-1}, {1}}) {
        auto node = op::make("MVN", {op::parameter(element::f16, shape)},
                             {{"across_channels", "true"},
                              {"reduction_axes", op::list(axes)},
                              {"normalize_variance", "true"},
                              {"eps", "1e-9"}},
                             2);
        EXPECT_TENSOR_NEAR(eval(*node, {x}),
                           test::make_tensor<double>(element::f16, shape, naive_mvn(x, axes, true, 1e-9, true)), 4e-3,
                           4e-3)
            << op::list(axes);
    }
}

TEST(NormalizeL2, MatchesBruteForce) {
    uint32_t seed = 200;
    for (const auto& axes : kAxes4d)
        for (const std::string mode : {"add", "max"})
            for (const element::Type et : {element::f32, element::f16}) {
                const Shape shape{2, 3, 2, 2};
                const Tensor x = test::random_tensor(et, shape, -1, 1, seed++);
                // A large eps makes the two modes visibly differ.
                auto node = normalize_l2(et, shape, axes, "0.5", mode);
                const double tol = et == element::f16 ? 2e-3 : 1e-6;
                EXPECT_TENSOR_NEAR(eval(*node, {x, i64s(axes)}),
                                   test::make_tensor<double>(et, shape, naive_l2(x, axes, 0.5, mode == "add")), tol,
                                   tol)
                    << op::list(axes) << " " << mode << " " << et;
            }
}

TEST(NormalizeL2, HandValuesAndParticularCases) {
    const Tensor x = test::make_tensor<float>(element::f32, {2, 2}, {3, 4, 0, 0});
    auto add = normalize_l2(element::f32, Shape{2, 2}, {1}, "1e-10", "add");
    EXPECT_TENSOR_NEAR(eval(*add, {x, i64s({1})}), test::make_tensor<float>(element::f32, {2, 2}, {.6f, .8f, 0, 0}),
                       1e-6, 0);
    auto max = normalize_l2(element::f32, Shape{2, 2}, {-1}, "100", "max");
    EXPECT_TENSOR_NEAR(eval(*max, {x, i64s({-1})}), test::make_tensor<float>(element::f32, {2, 2}, {.3f, .4f, 0, 0}),
                       1e-6, 0);
    // Empty axes: each element divided by itself (0 stays 0).
    const Tensor y = test::make_tensor<float>(element::f32, {4}, {-2, 0, 5, 1e-3f});
    auto none = normalize_l2(element::f32, Shape{4}, {}, "1e-6", "max");
    EXPECT_TENSOR_EQ(eval(*none, {y, i64s({})}), test::make_tensor<float>(element::f32, {4}, {1, 0, 1, 1}));
}

TEST(BatchNormInference, BothVersionsMatchBruteForce) {
    uint32_t seed = 300;
    for (const Shape& shape : {Shape{4, 3}, Shape{2, 3, 5}, Shape{2, 3, 2, 2}, Shape{1, 3, 2, 1, 2}})
        for (int64_t version : {1, 5})
            for (const element::Type et : {element::f32, element::f16}) {
                const Shape c{3};
                const Tensor x = test::random_tensor(et, shape, -3, 3, seed++);
                const Tensor gamma = test::random_tensor(et, c, 0.5, 2, seed++);
                const Tensor beta = test::random_tensor(et, c, -1, 1, seed++);
                const Tensor mean = test::random_tensor(et, c, -1, 1, seed++);
                const Tensor var = test::random_tensor(et, c, 0.1, 2, seed++);
                OutputVector params;
                for (const Tensor* t : {&gamma, &beta, &x, &mean, &var})
                    params.push_back(op::parameter(et, t->get_shape()));
                TensorVector inputs = {gamma, beta, x, mean, var};
                if (version == 5) {
                    std::rotate(params.begin(), params.begin() + 2, params.begin() + 3);
                    std::rotate(inputs.begin(), inputs.begin() + 2, inputs.begin() + 3);
                }
                auto node = op::make("BatchNormInference", params, {{"epsilon", "0.01"}}, version);
                EXPECT_EQ(node->get_output_partial_shape(0), PartialShape(shape));
                const auto xv = test::values(x), g = test::values(gamma), b = test::values(beta),
                           m = test::values(mean), v = test::values(var);
                std::vector<double> expected(xv.size());
                for (size_t i = 0; i < xv.size(); ++i) {
                    const size_t ch = test::unravel(i, shape)[1];
                    expected[i] = g[ch] * (xv[i] - m[ch]) / std::sqrt(v[ch] + 0.01) + b[ch];
                }
                const double tol = et == element::f16 ? 4e-3 : 1e-5;
                EXPECT_TENSOR_NEAR(eval(*node, inputs), test::make_tensor<double>(et, shape, expected), tol, tol)
                    << shape << " v" << version << " " << et;
            }
}

TEST(Normalization, DynamicShapes) {
    auto m = mvn6(element::f32, PartialShape::dynamic(), {1}, true, "1e-9", "inside_sqrt");
    EXPECT_TRUE(m->get_output_partial_shape(0).rank_is_dynamic());
    const PartialShape partial{Dimension(), 3, Dimension(2, 8)};
    EXPECT_EQ(normalize_l2(element::f32, partial, {1}, "1e-9", "add")->get_output_partial_shape(0), partial);
    // BatchNorm takes the channel count from the per-channel inputs when the data does not know it.
    OutputVector p = {op::parameter(element::f32, PartialShape{2, Dimension(), 4})};
    for (int i = 0; i < 4; ++i)
        p.push_back(op::parameter(element::f32, Shape{5}));
    auto bn = op::make("BatchNormInference", p, {{"epsilon", "1e-5"}}, 5);
    EXPECT_EQ(bn->get_output_partial_shape(0), (PartialShape{2, 5, 4}));
}

TEST(Normalization, InvalidCasesThrowModelError) {
    const auto f32 = element::f32;
    const Shape s{2, 3, 4};
    EXPECT_THROW(mvn6(f32, s, {3}, true, "1e-9", "inside_sqrt"), ModelError);
    EXPECT_THROW(mvn6(f32, s, {-4}, true, "1e-9", "inside_sqrt"), ModelError);
    EXPECT_THROW(mvn6(f32, s, {1}, true, "1e-9", "inside"), ModelError);
    EXPECT_THROW(mvn6(f32, s, {1}, true, "tiny", "inside_sqrt"), ModelError);
    EXPECT_THROW(mvn6(element::i32, s, {1}, true, "1e-9", "inside_sqrt"), ModelError);
    auto x = op::parameter(f32, s);
    auto axes = op::constant<int64_t>(element::i64, {1}, {1});
    EXPECT_THROW(op::make("MVN", {x, axes}, {{"normalize_variance", "true"}, {"eps_mode", "inside_sqrt"}}, 6),
                 ModelError);  // eps is required
    EXPECT_THROW(op::make("MVN", {x}, {{"normalize_variance", "true"}, {"eps", "1"}, {"eps_mode", "inside_sqrt"}}, 6),
                 ModelError);
    EXPECT_THROW(op::make("MVN", {x}, {{"eps", "1e-9"}, {"reduction_axes", "1,3"}}, 2), ModelError);
    EXPECT_THROW(op::make("MVN", {x}, {{"across_channels", "yes"}, {"eps", "1e-9"}}, 2), ModelError);
    EXPECT_THROW(op::make("MVN", {x, axes}, {{"eps", "1e-9"}}, 2), ModelError);
    EXPECT_THROW(normalize_l2(f32, s, {1}, "1e-9", "mean"), ModelError);
    EXPECT_THROW(normalize_l2(f32, s, {5}, "1e-9", "add"), ModelError);
    EXPECT_THROW(op::make("NormalizeL2", {x, op::constant<float>(f32, {1}, {1})}, {{"eps", "1"}, {"eps_mode", "add"}}),
                 ModelError);

    const auto bn = [](const PartialShape& data, const PartialShape& gamma, element::Type gt, const std::string& eps,
                       size_t count = 5) {
        OutputVector p = {op::parameter(element::f32, data), op::parameter(gt, gamma)};
        for (size_t i = 2; i < count; ++i)
            p.push_back(op::parameter(element::f32, Shape{3}));
        return op::make("BatchNormInference", p, {{"epsilon", eps}}, 5);
    };
    EXPECT_NO_THROW(bn(Shape{2, 3}, Shape{3}, f32, "1e-5"));
    EXPECT_THROW(bn(Shape{2, 4}, Shape{3}, f32, "1e-5"), ModelError);           // channel mismatch
    EXPECT_THROW(bn(Shape{2, 3}, Shape{4}, f32, "1e-5"), ModelError);           // per-channel inputs disagree
    EXPECT_THROW(bn(Shape{3}, Shape{3}, f32, "1e-5"), ModelError);              // rank < 2
    EXPECT_THROW(bn(Shape{2, 3}, Shape{1, 3}, f32, "1e-5"), ModelError);        // gamma not 1D
    EXPECT_THROW(bn(Shape{2, 3}, Shape{3}, element::f16, "1e-5"), ModelError);  // type mismatch
    EXPECT_THROW(bn(Shape{2, 3}, Shape{3}, f32, "-1"), ModelError);
    EXPECT_THROW(bn(Shape{2, 3}, Shape{3}, f32, "1e-5", 4), ModelError);
}

TEST(Normalization, MismatchingRuntimeInputs) {
    EvalContext ctx;
    auto m = mvn6(element::f32, PartialShape::dynamic(), {2}, true, "1e-9", "inside_sqrt");
    EXPECT_THROW(evaluate_node(*m, {test::random_tensor(element::f32, {2, 3}), i64s({2})}, ctx), ModelError);
    OutputVector p;
    for (int i = 0; i < 5; ++i)
        p.push_back(op::parameter(element::f32, PartialShape::dynamic()));
    auto bn = op::make("BatchNormInference", p, {{"epsilon", "1e-5"}}, 1);
    const Tensor c3 = test::random_tensor(element::f32, {3}), c4 = test::random_tensor(element::f32, {4});
    const Tensor x = test::random_tensor(element::f32, {2, 3, 2});
    EXPECT_NO_THROW(evaluate_node(*bn, {c3, c3, x, c3, c3}, ctx));
    EXPECT_THROW(evaluate_node(*bn, {c3, c4, x, c3, c3}, ctx), ModelError);
    EXPECT_THROW(evaluate_node(*bn, {c3, c3, c3, c3, c3}, ctx), ModelError);  // data rank 1
}
