// Einsum-7 against OpenVINO CPU: the expected values were computed by OpenVINO 2026.4's CPU plugin on the same
// inputs (element i of every input is i - 2), so exact (tolerance 0): matrix products, implicit outputs,
// diagonals, ellipses with broadcasting, label extents of 1, empty inputs, f32/f16/i32; and the refusals.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

using Vals = std::vector<double>;

struct Case {
    std::string equation;
    std::vector<Shape> inputs;
    Shape out;
    Vals expected;
};

Tensor einsum(const std::string& eq, const std::vector<Shape>& shapes, element::Type type = element::f32) {
    TensorVector in;
    for (const Shape& s : shapes)
        in.push_back(test::iota(type, s, -2));
    return test::eval_op("Einsum", 7, in, {{"equation", eq}});
}

TEST(Einsum, AgainstOpenVino) {
    const std::vector<Case> cases{
        {"ab,bc->ac", {{2, 3}, {3, 4}}, {2, 4}, {2, -1, -4, -7, 20, 26, 32, 38}},
        {"ii->i", {{3, 3}}, {3}, {-2, 2, 6}},
        {"iij->ji", {{3, 3, 2}}, {2, 3}, {-2, 6, 14, -1, 7, 15}},
        {"iji->ij", {{2, 3, 2}}, {2, 3}, {-2, 0, 2, 5, 7, 9}},
        {"...ab,...bc->...ac", {{2, 2, 3}, {1, 3, 2}}, {2, 2, 2}, {4, 1, 4, 10, 4, 19, 4, 28}},
        {"a...->a", {{2, 3}}, {2}, {-3, 6}},
        {"...a,...a", {{2, 3}, {1, 3}}, {2}, {5, -4}},
        {"...ii->...i", {{2, 3, 3}}, {2, 3}, {-2, 2, 6, 7, 11, 15}},
        {"ab,bc->ac", {{2, 3}, {1, 4}}, {2, 4}, {6, 3, 0, -3, -12, -6, 0, 6}},
        {"cb,ba", {{2, 3}, {3, 4}}, {4, 2}, {2, 20, -1, 26, -4, 32, -7, 38}},
        {"Ca,ab", {{2, 3}, {3, 2}}, {2, 2}, {4, 1, 4, 10}},
        {"ab,ab,ab->a", {{2, 3}, {2, 3}, {2, 3}}, {2}, {-9, 36}},
        {"ab,ab->", {{2, 3}, {2, 3}}, {}, {19}},
        {"ab->b", {{0, 3}}, {3}, {0, 0, 0}},
        {"ab...,b...", {{2, 3}, {3, 4}}, {4, 2}, {2, 20, -1, 26, -4, 32, -7, 38}},
        {"ab,cd->abcd", {{2, 1}, {1, 2}}, {2, 1, 1, 2}, {4, 2, 2, 1}},
    };
    for (const Case& c : cases) {
        const Tensor r = einsum(c.equation, c.inputs);
        EXPECT_EQ(r.get_shape(), c.out) << c.equation;
        EXPECT_EQ(test::values(r), c.expected) << c.equation;
    }
}

TEST(Einsum, ElementTypes) {
    const Vals product{2, -1, -4, -7, 20, 26, 32, 38};
    for (element::Type t : {element::i32, element::i64, element::f16}) {
        const Tensor r = einsum("ab,bc", {{2, 3}, {3, 4}}, t);
        EXPECT_EQ(r.get_element_type(), t);
        EXPECT_EQ(test::values(r), product) << t;
    }
}

TEST(Einsum, ShapeInference) {
    const auto p = [](const PartialShape& s) { return op::parameter(element::f32, s); };
    const auto out = [](const std::shared_ptr<Node>& n) { return n->get_output_partial_shape(0); };
    EXPECT_EQ(out(op::make("Einsum", {p({-1, 3, 4}), p({1, 4, 5})}, {{"equation", "...ab,...bc->...ac"}}, 7)),
              (PartialShape{-1, 3, 5}));
    EXPECT_EQ(out(op::make("Einsum", {p(PartialShape::dynamic()), p({2})}, {{"equation", "ab,b"}}, 7)),
              PartialShape::dynamic());
    EXPECT_EQ(out(op::make("Einsum", {p({2, -1}), p({3, 4})}, {{"equation", "ab,bc"}}, 7)), (PartialShape{2, 4}));
}

TEST(Einsum, Refusals) {
    const auto make = [](const std::string& eq, const std::vector<PartialShape>& shapes,
                         element::Type t = element::f32) {
        OutputVector in;
        for (const auto& s : shapes)
            in.push_back(op::parameter(t, s));
        return op::make("Einsum", in, {{"equation", eq}}, 7);
    };
    EXPECT_THROW(make("a b,bc->ac", {{2, 3}, {3, 4}}), ModelError);   // not a letter
    EXPECT_THROW(make("ab,bc->ad", {{2, 3}, {3, 4}}), ModelError);    // d is no input's
    EXPECT_THROW(make("ab,bc->aa", {{2, 3}, {3, 4}}), ModelError);    // repeated output label
    EXPECT_THROW(make("ii", {{3, 3}}), ModelError);                   // implicit "ii" (OpenVINO CPU refuses it)
    EXPECT_THROW(make("abc->a", {{2, 3}}), ModelError);               // rank 2 for three labels
    EXPECT_THROW(make("ab,bc->ac", {{2, 3}}), ModelError);            // two subscripts, one input
    EXPECT_THROW(make("ab,bc->ac", {{2, 3}, {2, 4}}), ModelError);    // b is 3 and 2
    EXPECT_THROW(make("a......->a", {{2, 3}}), ModelError);           // two ellipses
    EXPECT_THROW(make("ab->ba", {{2, 3}}, element::boolean), ModelError);
    EXPECT_THROW(op::make("Einsum", {op::parameter(element::f32, Shape{2}), op::parameter(element::f16, Shape{2})},
                          {{"equation", "a,a"}}, 7),
                 ModelError);
    try {
        make("ab,bc->ad", {{2, 3}, {3, 4}});
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find("Einsum"), std::string::npos) << e.what();
    }
}

}  // namespace
