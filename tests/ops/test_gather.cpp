// Gather-1, -7, -8: the specification's examples, a coordinate-based naive formulation over ranks, axes,
// batch_dims and element types, index handling per version, dynamic shape inference, invalid cases.
#include <gtest/gtest.h>

#include <cstring>

#include "common/test_utils.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::eval;

namespace {

Output<Node> scalar(int64_t v) { return op::constant<int64_t>(element::i64, Shape{}, {v}); }
Output<Node> param(element::Type t, const PartialShape& s) { return op::parameter(t, s); }
Tensor scalar_tensor(int64_t v) { return test::make_tensor<int64_t>(element::i64, {}, {v}); }

std::shared_ptr<Node> gather(int64_t version, const Output<Node>& data, const Output<Node>& indices, const Output<Node>& axis,
                             std::optional<int64_t> batch_dims = std::nullopt) {
    Attributes attrs;
    if (batch_dims)
        attrs.emplace_back("batch_dims", std::to_string(*batch_dims));
    return op::make("Gather", {data, indices, axis}, attrs, version);
}
PartialShape gather_shape(int64_t version, const PartialShape& data, const PartialShape& indices, const Output<Node>& axis,
                          int64_t batch_dims = 0) {
    return gather(version, param(element::f32, data), param(element::i32, indices), axis,
                  version == 1 ? std::nullopt : std::optional<int64_t>(batch_dims))
        ->get_output_partial_shape(0);
}

// The specification's formula, element by element: out[p_0..p_{a-1}, i_b..i_{M-1}, p_{a+1}..] =
// data[p_0..p_{a-1}, indices[p_0..p_{b-1}, i_b..i_{M-1}], p_{a+1}..]; negative indices count from the end and
// out-of-range ones give zeros.
Tensor naive_gather(const Tensor& data, const Tensor& indices, size_t axis, size_t b) {
    const Shape& ds = data.get_shape();
    const Shape& is = indices.get_shape();
    Shape os(ds.begin(), ds.begin() + static_cast<std::ptrdiff_t>(axis));
    os.insert(os.end(), is.begin() + static_cast<std::ptrdiff_t>(b), is.end());
    os.insert(os.end(), ds.begin() + static_cast<std::ptrdiff_t>(axis) + 1, ds.end());
    Tensor out(data.get_element_type(), os);
    const size_t es = data.get_element_type().size();
    const auto idx = test::values(indices);
    const size_t m = is.size() - b;  // index axes in the output
    for (size_t flat = 0; flat < out.get_size(); ++flat) {
        const auto c = test::unravel(flat, os);
        std::vector<size_t> ic(c.begin(), c.begin() + static_cast<std::ptrdiff_t>(b));
        ic.insert(ic.end(), c.begin() + static_cast<std::ptrdiff_t>(axis),
                  c.begin() + static_cast<std::ptrdiff_t>(axis + m));
        auto k = static_cast<int64_t>(idx[test::ravel(ic, is)]);
        if (k < 0)
            k += static_cast<int64_t>(ds[axis]);
        char* dst = static_cast<char*>(out.data()) + flat * es;
        if (k < 0 || k >= static_cast<int64_t>(ds[axis])) {
            std::memset(dst, 0, es);
            continue;
        }
        std::vector<size_t> dc(c.begin(), c.begin() + static_cast<std::ptrdiff_t>(axis));
        dc.push_back(static_cast<size_t>(k));
        dc.insert(dc.end(), c.begin() + static_cast<std::ptrdiff_t>(axis + m), c.end());
        std::memcpy(dst, static_cast<const char*>(data.data()) + test::ravel(dc, ds) * es, es);
    }
    return out;
}

}  // namespace

TEST(Gather, SpecificationExamples) {
    // batch_dims = 0, axis = 0.
    auto data = test::make_tensor<float>(element::f32, {5}, {1, 2, 3, 4, 5});
    auto idx = test::make_tensor<int>(element::i32, {3}, {0, 0, 4});
    for (int64_t v : {1, 7, 8}) {
        auto n = gather(v, param(element::f32, Shape{5}), param(element::i32, Shape{3}), scalar(0));
        EXPECT_TENSOR_EQ(eval(n, {data, idx, scalar_tensor(0)}),
                         test::make_tensor<float>(element::f32, {3}, {1, 1, 5}));
    }
    // batch_dims = 1, axis = 1.
    auto d2 = test::make_tensor<int>(element::i32, {2, 5}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
    auto i2 = test::make_tensor<int64_t>(element::i64, {2, 3}, {0, 0, 4, 4, 0, 0});
    for (int64_t v : {7, 8}) {
        auto n = gather(v, param(element::i32, Shape{2, 5}), param(element::i64, Shape{2, 3}), scalar(1), 1);
        EXPECT_EQ(n->get_output_partial_shape(0), PartialShape(Shape{2, 3}));
        EXPECT_TENSOR_EQ(eval(n, {d2, i2, scalar_tensor(1)}),
                         test::make_tensor<int>(element::i32, {2, 3}, {1, 1, 5, 10, 6, 6}));
    }
    // batch_dims = -1 normalizes against the indices' rank (2): the same result.
    auto neg = gather(8, param(element::i32, Shape{2, 5}), param(element::i64, Shape{2, 3}), scalar(-1), -1);
    EXPECT_TENSOR_EQ(eval(neg, {d2, i2, scalar_tensor(-1)}),
                     test::make_tensor<int>(element::i32, {2, 3}, {1, 1, 5, 10, 6, 6}));
    // Gather along axis 1 of a matrix with a 2-D index.
    auto m = test::make_tensor<float>(element::f32, {2, 3}, {1, 2, 3, 4, 5, 6});
    auto i3 = test::make_tensor<int>(element::i32, {2, 2}, {2, 0, 1, 1});
    auto n = gather(1, param(element::f32, Shape{2, 3}), param(element::i32, Shape{2, 2}), scalar(1));
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape(Shape{2, 2, 2}));
    EXPECT_TENSOR_EQ(eval(n, {m, i3, scalar_tensor(1)}),
                     test::make_tensor<float>(element::f32, {2, 2, 2}, {3, 1, 2, 2, 6, 4, 5, 5}));
    // A scalar index removes the axis.
    auto s = gather(7, param(element::f32, Shape{2, 3}), param(element::i32, Shape{}), scalar(0));
    EXPECT_TENSOR_EQ(eval(s, {m, test::make_tensor<int>(element::i32, {}, {1}), scalar_tensor(0)}),
                     test::make_tensor<float>(element::f32, {3}, {4, 5, 6}));
}

TEST(Gather, IndexRangesPerVersion) {
    auto data = test::make_tensor<float>(element::f32, {5}, {1, 2, 3, 4, 5});
    auto idx = test::make_tensor<int64_t>(element::i64, {5}, {-1, 0, -5, 5, -6});
    auto v8 = gather(8, param(element::f32, Shape{5}), param(element::i64, Shape{5}), scalar(0));
    EXPECT_TENSOR_EQ(eval(v8, {data, idx, scalar_tensor(0)}),
                     test::make_tensor<float>(element::f32, {5}, {5, 1, 1, 0, 0}));
    // Gather-1 and -7 define only [0, n): anything else is refused rather than guessed.
    for (int64_t v : {1, 7}) {
        auto n = gather(v, param(element::f32, Shape{5}), param(element::i64, Shape{1}), scalar(0));
        for (int64_t bad : {-1, 5, 100}) {
            EXPECT_THROW(eval(n, {data, test::make_tensor<int64_t>(element::i64, {1}, {bad}), scalar_tensor(0)}),
                         ModelError);
        }
        EXPECT_TENSOR_EQ(eval(n, {data, test::make_tensor<int64_t>(element::i64, {1}, {4}), scalar_tensor(0)}),
                         test::make_tensor<float>(element::f32, {1}, {5}));
    }
}

TEST(Gather, MatchesNaiveOverRanksAxesBatchDimsAndTypes) {
    struct Case {
        Shape data, indices;
        int64_t axis, batch_dims;
    };
    const std::vector<Case> cases = {
        {{7}, {4}, 0, 0},           {{7}, {}, -1, 0},          {{3, 5}, {2, 3}, 1, 0},     {{3, 5}, {4}, 0, 0},
        {{3, 5}, {3, 2}, -1, 1},    {{2, 3, 4}, {2, 3}, 2, 2}, {{2, 3, 4}, {2, 5}, 1, 1},  {{2, 3, 4}, {2, 2}, 2, -1},
        {{2, 3, 4, 2}, {6}, 2, 0},  {{2, 3, 4, 2}, {2, 3, 2}, -2, 2}, {{2, 3, 4}, {3, 0}, 0, 0},
    };
    for (const auto& c : cases) {
        const int64_t dr = static_cast<int64_t>(c.data.size()), ir = static_cast<int64_t>(c.indices.size());
        const size_t axis = static_cast<size_t>(c.axis < 0 ? c.axis + dr : c.axis);
        const size_t b = static_cast<size_t>(c.batch_dims < 0 ? c.batch_dims + ir : c.batch_dims);
        const int64_t n = static_cast<int64_t>(c.data[axis]);
        for (auto type : test::kElementTypes) {
            for (auto itype : {element::i32, element::i64}) {
                SCOPED_TRACE(c.data.to_string() + " " + c.indices.to_string() + " axis " + std::to_string(c.axis) +
                             " b " + std::to_string(c.batch_dims) + " " + type.get_type_name() + " " +
                             itype.get_type_name());
                Tensor data = test::random_tensor(type, c.data, -90, 90, 41);
                Tensor in_range = test::random_tensor(itype, c.indices, 0, static_cast<double>(n - 1), 43);
                Tensor any = test::random_tensor(itype, c.indices, static_cast<double>(-n - 2),
                                                 static_cast<double>(n + 1), 47);
                const Tensor expected = naive_gather(data, in_range, axis, b);
                for (int64_t v : {1, 7, 8}) {
                    if (v == 1 && b != 0)
                        continue;
                    auto node = gather(v, param(type, c.data), param(itype, c.indices), scalar(c.axis),
                                       v == 1 ? std::nullopt : std::optional<int64_t>(c.batch_dims));
                    EXPECT_EQ(node->get_output_partial_shape(0), PartialShape(expected.get_shape()));
                    EXPECT_TENSOR_EQ(eval(node, {data, in_range, scalar_tensor(c.axis)}), expected);
                }
                auto v8 = gather(8, param(type, PartialShape::dynamic()), param(itype, PartialShape::dynamic()),
                                 param(element::i64, Shape{}), c.batch_dims);
                EXPECT_TENSOR_EQ(eval(v8, {data, any, scalar_tensor(c.axis)}), naive_gather(data, any, axis, b));
            }
        }
    }
}

TEST(Gather, ShapeInference) {
    EXPECT_EQ(gather_shape(1, PartialShape("[?,3]"), PartialShape("[4]"), scalar(1)), PartialShape("[?,4]"));
    EXPECT_EQ(gather_shape(1, PartialShape("[2,3,4]"), PartialShape("[?,5]"), scalar(-2)), PartialShape("[2,?,5,4]"));
    EXPECT_EQ(gather_shape(8, PartialShape("[?,5]"), PartialShape("[2,3]"), scalar(1), 1), PartialShape("[2,3]"));
    EXPECT_EQ(gather_shape(7, PartialShape("[2..6,5,4]"), PartialShape("[3..9,2]"), scalar(2), 1),
              PartialShape("[3..6,5,2]"));
    // Unknown axis: the rank and the batch dimensions are known.
    EXPECT_EQ(gather_shape(8, PartialShape("[2,3,4]"), PartialShape("[2,5]"), param(element::i64, Shape{}), 1),
              PartialShape("[2,?,?]"));
    EXPECT_EQ(gather_shape(1, PartialShape("[2,3,4]"), PartialShape("[5]"), param(element::i32, Shape{1})),
              PartialShape::dynamic(3));
    EXPECT_TRUE(gather_shape(8, PartialShape::dynamic(), PartialShape("[2]"), scalar(0)).rank_is_dynamic());
    EXPECT_TRUE(gather_shape(8, PartialShape("[2,3]"), PartialShape::dynamic(), scalar(0)).rank_is_dynamic());
    auto n = gather(8, param(element::u8, Shape{4}), param(element::i32, Shape{2}), scalar(0));
    EXPECT_EQ(n->get_output_element_type(0), element::u8);
    // Gather-7 without the batch_dims attribute uses 0.
    auto v7 = gather(7, param(element::f32, Shape{2, 3, 4}), param(element::i64, Shape{2, 3}), scalar(1));
    EXPECT_EQ(v7->get_output_partial_shape(0), PartialShape(Shape{2, 2, 3, 4}));
}

TEST(Gather, InvalidCases) {
    auto d = param(element::f32, Shape{2, 3, 4});
    auto i = param(element::i32, Shape{2, 3});
    EXPECT_THROW(gather(1, d, i, scalar(3)), ModelError);   // axis out of range
    EXPECT_THROW(gather(8, d, i, scalar(-4)), ModelError);
    EXPECT_THROW(gather(8, d, i, scalar(0), 1), ModelError);   // batch_dims > axis
    EXPECT_THROW(gather(8, d, i, scalar(2), 3), ModelError);   // batch_dims beyond the indices' rank
    EXPECT_THROW(gather(7, d, i, scalar(2), -3), ModelError);
    EXPECT_THROW(gather(7, d, param(element::i32, Shape{3, 3}), scalar(2), 1), ModelError);  // batch dims differ
    EXPECT_THROW(gather(8, d, param(element::f32, Shape{2}), scalar(0)), ModelError);        // float indices
    EXPECT_THROW(gather(8, d, i, op::constant<float>(element::f32, {}, {0.f})), ModelError);
    EXPECT_THROW(gather(8, d, i, op::constant<int64_t>(element::i64, {2}, {0, 1})), ModelError);
    EXPECT_THROW(gather(8, param(element::f32, Shape{}), i, scalar(0)), ModelError);  // scalar data
    EXPECT_THROW(op::make("Gather", {d, i}, {}, 8), ModelError);
    EXPECT_THROW(op::make("Gather", {d, i, scalar(0)}, {{"batch_dims", "one"}}, 8), ModelError);
    // Mismatching runtime inputs.
    auto n = gather(8, param(element::f32, PartialShape::dynamic()), param(element::i32, PartialShape::dynamic()),
                    param(element::i64, Shape{}), 1);
    EXPECT_THROW(eval(n, {Tensor(element::f32, {2, 3}), Tensor(element::i32, {3, 1}), scalar_tensor(1)}), ModelError);
    EXPECT_THROW(eval(n, {Tensor(element::f32, {2, 3}), Tensor(element::i32, {2, 1}), scalar_tensor(2)}), ModelError);
}
