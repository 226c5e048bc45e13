// NonZero-3 and Unique-10 against OpenVINO CPU: the expected values were computed by OpenVINO 2026.4's CPU
// plugin on the same inputs (exact: indices, counts and copied elements). Unique of an empty tensor fails in
// the CPU plugin and its NaN results are inconsistent: those two tests follow the specification instead.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

using Vals = std::vector<double>;
const double kNaN = std::nan("");

Tensor tensor(element::Type t, const Shape& s, const Vals& v) { return test::make_tensor<double>(t, s, v); }
Tensor i64s(double v) { return tensor(element::i64, {}, {v}); }

TensorVector run(const std::string& type, int64_t version, const TensorVector& in, const Attributes& attrs = {}) {
    OutputVector p;
    for (const auto& t : in)
        p.push_back(op::parameter(t.get_element_type(), t.get_shape()));
    return test::run(op::make(type, p, attrs, version), in);
}

// Every output's shape and values (exact).
void check(const TensorVector& got, const std::vector<std::pair<Shape, Vals>>& want) {
    ASSERT_EQ(want.size(), got.size()) << "outputs";
    for (size_t i = 0; i < want.size(); ++i) {
        EXPECT_EQ(got[i].get_shape(), want[i].first) << "output " << i;
        EXPECT_EQ(test::values(got[i]), want[i].second) << "output " << i;
    }
}

TEST(Unique, NonZero) {
    check(run("NonZero", 3, {tensor(element::f32, {2, 3}, {1, 0, 3, 0, 0, 2})}, {{"output_type", "i32"}}),
           {{{2, 3}, {0, 0, 1, 0, 2, 2}}});
    check(run("NonZero", 3, {tensor(element::f32, {}, {2})}), {{{1, 1}, {0}}});
    check(run("NonZero", 3, {tensor(element::i32, {}, {0})}), {{{1, 0}, {}}});
    check(run("NonZero", 3, {tensor(element::f32, {0, 3}, {})}), {{{2, 0}, {}}});
    check(run("NonZero", 3, {tensor(element::boolean, {3}, {1, 0, 1})}), {{{1, 2}, {0, 2}}});
    check(run("NonZero", 3, {tensor(element::f32, {4}, {kNaN, -0, 0, 1})}), {{{1, 2}, {0, 3}}});
    check(run("NonZero", 3, {tensor(element::f16, {2, 2, 2}, {0, 1, 2, 0, 0, 0, 0, 5})}),
           {{{3, 3}, {0, 0, 1, 0, 1, 1, 1, 0, 1}}});
}

TEST(Unique, Flattened) {
    check(run("Unique", 10, {tensor(element::f32, {7}, {3, 1, 2, 1, 3, 3, 0})}, {{"sorted", "true"}}),
           {{{4}, {0, 1, 2, 3}}, {{4}, {6, 1, 2, 0}}, {{7}, {3, 1, 2, 1, 3, 3, 0}}, {{4}, {1, 2, 1, 3}}});
    check(run("Unique", 10, {tensor(element::f32, {7}, {3, 1, 2, 1, 3, 3, 0})}, {{"sorted", "false"}}),
           {{{4}, {3, 1, 2, 0}}, {{4}, {0, 1, 2, 6}}, {{7}, {0, 1, 2, 1, 0, 0, 3}}, {{4}, {3, 2, 1, 1}}});
    check(run("Unique", 10, {tensor(element::i32, {4, 3}, {1, 2, 1, 3, 4, 3, 1, 2, 1, 0, 5, 0})},
               {{"sorted", "true"}, {"index_element_type", "i32"}, {"count_element_type", "i32"}}),
           {{{6}, {0, 1, 2, 3, 4, 5}},
            {{6}, {9, 0, 1, 3, 4, 10}},
            {{12}, {1, 2, 1, 3, 4, 3, 1, 2, 1, 0, 5, 0}},
            {{6}, {2, 4, 2, 2, 1, 1}}});
    check(run("Unique", 10, {tensor(element::i32, {4, 3}, {1, 2, 1, 3, 4, 3, 1, 2, 1, 0, 5, 0})},
               {{"sorted", "false"}, {"index_element_type", "i32"}, {"count_element_type", "i32"}}),
           {{{6}, {1, 2, 3, 4, 0, 5}},
            {{6}, {0, 1, 3, 4, 9, 10}},
            {{12}, {0, 1, 0, 2, 3, 2, 0, 1, 0, 4, 5, 4}},
            {{6}, {4, 2, 2, 1, 2, 1}}});
    check(run("Unique", 10, {tensor(element::i64, {}, {5})}), {{{1}, {5}}, {{1}, {0}}, {{1}, {0}}, {{1}, {1}}});
    check(run("Unique", 10, {tensor(element::boolean, {4}, {1, 0, 1, 1})}),
           {{{2}, {0, 1}}, {{2}, {1, 0}}, {{4}, {1, 0, 1, 1}}, {{2}, {1, 3}}});
    check(run("Unique", 10, {tensor(element::f32, {4}, {-0, 0, 2, -1})}),
           {{{3}, {-1, -0, 2}}, {{3}, {3, 0, 2}}, {{4}, {1, 1, 2, 0}}, {{3}, {1, 2, 1}}});
    check(run("Unique", 10, {tensor(element::u8, {4}, {200, 7, 200, 9})}, {{"sorted", "false"}}),
           {{{3}, {200, 7, 9}}, {{3}, {0, 1, 3}}, {{4}, {0, 1, 0, 2}}, {{3}, {2, 1, 1}}});
    check(run("Unique", 10, {tensor(element::f32, {0}, {})}), {{{0}, {}}, {{0}, {}}, {{0}, {}}, {{0}, {}}});
}

TEST(Unique, EachNanStandsAloneAfterTheNumbers) {  // the specification's reading; the CPU plugin's is inconsistent
    const auto r = run("Unique", 10, {tensor(element::f32, {5}, {kNaN, 1, kNaN, -0.0, 0})});
    const Vals v = test::values(r.at(0));
    ASSERT_EQ(v.size(), 4u);
    EXPECT_EQ(v[0], 0.0);
    EXPECT_EQ(v[1], 1.0);
    EXPECT_TRUE(std::isnan(v[2]) && std::isnan(v[3]));
    EXPECT_EQ(test::values(r[1]), (Vals{3, 1, 0, 2}));
    EXPECT_EQ(test::values(r[2]), (Vals{2, 1, 3, 0, 0}));
    EXPECT_EQ(test::values(r[3]), (Vals{2, 1, 1, 1}));
}

TEST(Unique, AlongAnAxis) {
    check(run("Unique", 10, {tensor(element::i32, {4, 3}, {1, 2, 1, 3, 4, 3, 1, 2, 1, 0, 5, 0}), i64s(0)},
               {{"sorted", "true"}, {"index_element_type", "i32"}, {"count_element_type", "i32"}}),
           {{{3, 3}, {0, 5, 0, 1, 2, 1, 3, 4, 3}}, {{3}, {3, 0, 1}}, {{4}, {1, 2, 1, 0}}, {{3}, {1, 2, 1}}});
    check(run("Unique", 10, {tensor(element::i32, {4, 3}, {1, 2, 1, 3, 4, 3, 1, 2, 1, 0, 5, 0}), i64s(1)},
               {{"sorted", "true"}, {"index_element_type", "i32"}, {"count_element_type", "i32"}}),
           {{{4, 2}, {1, 2, 3, 4, 1, 2, 0, 5}}, {{2}, {0, 1}}, {{3}, {0, 1, 0}}, {{2}, {2, 1}}});
    check(run("Unique", 10, {tensor(element::i32, {4, 3}, {1, 2, 1, 3, 4, 3, 1, 2, 1, 0, 5, 0}), i64s(-1)},
               {{"sorted", "true"}, {"index_element_type", "i32"}, {"count_element_type", "i32"}}),
           {{{4, 2}, {1, 2, 3, 4, 1, 2, 0, 5}}, {{2}, {0, 1}}, {{3}, {0, 1, 0}}, {{2}, {2, 1}}});
    check(run("Unique", 10, {tensor(element::i32, {4, 3}, {1, 2, 1, 3, 4, 3, 1, 2, 1, 0, 5, 0}), i64s(0)},
               {{"sorted", "false"}, {"index_element_type", "i32"}, {"count_element_type", "i32"}}),
           {{{3, 3}, {1, 2, 1, 3, 4, 3, 0, 5, 0}}, {{3}, {0, 1, 3}}, {{4}, {0, 1, 0, 2}}, {{3}, {2, 1, 1}}});
    check(run("Unique", 10, {tensor(element::i32, {4, 3}, {1, 2, 1, 3, 4, 3, 1, 2, 1, 0, 5, 0}), i64s(1)},
               {{"sorted", "false"}, {"index_element_type", "i32"}, {"count_element_type", "i32"}}),
           {{{4, 2}, {1, 2, 3, 4, 1, 2, 0, 5}}, {{2}, {0, 1}}, {{3}, {0, 1, 0}}, {{2}, {2, 1}}});
    check(run("Unique", 10, {tensor(element::i32, {4, 3}, {1, 2, 1, 3, 4, 3, 1, 2, 1, 0, 5, 0}), i64s(-1)},
               {{"sorted", "false"}, {"index_element_type", "i32"}, {"count_element_type", "i32"}}),
           {{{4, 2}, {1, 2, 3, 4, 1, 2, 0, 5}}, {{2}, {0, 1}}, {{3}, {0, 1, 0}}, {{2}, {2, 1}}});
    check(run("Unique", 10, {tensor(element::f16, {3, 2, 2}, {2, 1, 0, 1, 2, 1, 0, 1, 1, 1, 0, 0}), i64s(2)}),
           {{{3, 2, 2}, {1, 2, 1, 0, 1, 2, 1, 0, 1, 1, 0, 0}}, {{2}, {1, 0}}, {{2}, {1, 0}}, {{2}, {1, 1}}});
    check(run("Unique", 10, {tensor(element::f16, {3, 2, 2}, {2, 1, 0, 1, 2, 1, 0, 1, 1, 1, 0, 0}), i64s(0)}),
           {{{2, 2, 2}, {1, 1, 0, 0, 2, 1, 0, 1}}, {{2}, {2, 0}}, {{3}, {1, 1, 0}}, {{2}, {1, 2}}});
}

TEST(Unique, TypesAndShapes) {
    const auto data = op::parameter(element::f32, Shape{4, 3});
    const auto flat = op::make("Unique", {data}, {{"index_element_type", "i32"}}, 10);
    ASSERT_EQ(flat->get_output_size(), 4u);
    EXPECT_EQ(flat->get_output_partial_shape(0), PartialShape({Dimension(1, 12)}));
    EXPECT_EQ(flat->get_output_partial_shape(2), PartialShape({12}));
    EXPECT_EQ(flat->get_output_element_type(1), element::i32);
    EXPECT_EQ(flat->get_output_element_type(3), element::i64);
    const auto axis = op::make("Unique", {data, op::constant(element::i32, Shape{}, std::vector<int32_t>{-1})}, {}, 10);
    EXPECT_EQ(axis->get_output_partial_shape(0), PartialShape({4, Dimension(1, 3)}));
    EXPECT_EQ(axis->get_output_partial_shape(2), PartialShape({3}));
    const auto nz = op::make("NonZero", {data}, {}, 3);
    EXPECT_EQ(nz->get_output_partial_shape(0), PartialShape({2, Dimension(0, 12)}));
    EXPECT_EQ(nz->get_output_element_type(0), element::i64);
}

TEST(Unique, Refusals) {
    const auto data = op::parameter(element::f32, Shape{4, 3});
    const auto axis = [](int64_t a) { return op::constant(element::i64, Shape{}, std::vector<int64_t>{a}); };
    EXPECT_THROW(op::make("Unique", {data, axis(2)}, {}, 10), ModelError);
    EXPECT_THROW(op::make("Unique", {data, axis(-3)}, {}, 10), ModelError);
    EXPECT_THROW(op::make("Unique", {data, op::parameter(element::f32, Shape{})}, {}, 10), ModelError);
    EXPECT_THROW(op::make("Unique", {data, op::parameter(element::i64, Shape{2})}, {}, 10), ModelError);
    EXPECT_THROW(op::make("Unique", {op::parameter(element::f32, Shape{}), axis(0)}, {}, 10), ModelError);
    EXPECT_THROW(op::make("Unique", {data}, {{"index_element_type", "f32"}}, 10), ModelError);
    EXPECT_THROW(op::make("Unique", {data}, {{"count_element_type", "u8"}}, 10), ModelError);
    EXPECT_THROW(op::make("NonZero", {data}, {{"output_type", "f16"}}, 3), ModelError);
    EXPECT_THROW(op::make("NonZero", {data, data}, {}, 3), ModelError);
}

}  // namespace
