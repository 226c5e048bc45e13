// ExtractImagePatches-3 and Col2Im-15 against OpenVINO CPU: the expected values were computed by OpenVINO
// 2026.4's CPU plugin on the same inputs (element i is i + 1), so exact (tolerance 0): auto_pad valid /
// same_upper / same_lower, strides, rates, dilations, pads, batched and unbatched Col2Im, element types; and
// the refusals.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

using Ints = std::vector<int64_t>;
using Vals = std::vector<double>;

struct PatchCase {
    Shape data;
    Ints sizes, strides, rates;
    std::string auto_pad;
    Shape out;
    Vals expected;
};

struct Col2ImCase {
    Shape data;
    Ints size, kernel, strides, dilations, pads_begin, pads_end;
    Shape out;
    Vals expected;
};

Tensor patches(const PatchCase& c, element::Type t = element::f32) {
    return test::eval_op("ExtractImagePatches", 3, {test::iota(t, c.data, 1, 1)},
                         {{"sizes", op::list(c.sizes)}, {"strides", op::list(c.strides)}, {"rates", op::list(c.rates)},
                          {"auto_pad", c.auto_pad}});
}

Tensor ints(const Ints& v, element::Type t = element::i64) { return test::make_tensor<int64_t>(t, {v.size()}, v); }

Tensor col2im(const Col2ImCase& c, element::Type t = element::f32) {
    return test::eval_op("Col2Im", 15, {test::iota(t, c.data, 1, 1), ints(c.size), ints(c.kernel)},
                         {{"strides", op::list(c.strides)}, {"dilations", op::list(c.dilations)},
                          {"pads_begin", op::list(c.pads_begin)}, {"pads_end", op::list(c.pads_end)}});
}

const std::vector<PatchCase> kPatchCases{
        {{1, 1, 4, 4}, {2, 2}, {1, 1}, {1, 1}, "valid", {1, 4, 3, 3}, {1, 2, 3, 5, 6, 7, 9, 10, 11, 2, 3, 4, 6, 7, 8, 10, 11, 12, 5, 6, 7, 9, 10, 11, 13, 14, 15, 6, 7, 8, 10, 11, 12, 14, 15, 16}},
        {{1, 2, 3, 3}, {2, 2}, {1, 1}, {1, 1}, "valid", {1, 8, 2, 2}, {1, 2, 4, 5, 10, 11, 13, 14, 2, 3, 5, 6, 11, 12, 14, 15, 4, 5, 7, 8, 13, 14, 16, 17, 5, 6, 8, 9, 14, 15, 17, 18}},
        {{1, 1, 5, 5}, {2, 2}, {2, 2}, {1, 1}, "same_upper", {1, 4, 3, 3}, {1, 3, 5, 11, 13, 15, 21, 23, 25, 2, 4, 0, 12, 14, 0, 22, 24, 0, 6, 8, 10, 16, 18, 20, 0, 0, 0, 7, 9, 0, 17, 19, 0, 0, 0, 0}},
        {{1, 1, 5, 5}, {2, 2}, {2, 2}, {1, 1}, "same_lower", {1, 4, 3, 3}, {0, 0, 0, 0, 7, 9, 0, 17, 19, 0, 0, 0, 6, 8, 10, 16, 18, 20, 0, 2, 4, 0, 12, 14, 0, 22, 24, 1, 3, 5, 11, 13, 15, 21, 23, 25}},
        {{1, 1, 4, 4}, {3, 3}, {3, 3}, {1, 1}, "same_lower", {1, 9, 2, 2}, {0, 0, 0, 11, 0, 0, 9, 12, 0, 0, 10, 0, 0, 3, 0, 15, 1, 4, 13, 16, 2, 0, 14, 0, 0, 7, 0, 0, 5, 8, 0, 0, 6, 0, 0, 0}},
        {{2, 1, 5, 5}, {2, 2}, {1, 2}, {2, 2}, "valid", {2, 4, 3, 2}, {1, 3, 6, 8, 11, 13, 3, 5, 8, 10, 13, 15, 11, 13, 16, 18, 21, 23, 13, 15, 18, 20, 23, 25, 26, 28, 31, 33, 36, 38, 28, 30, 33, 35, 38, 40, 36, 38, 41, 43, 46, 48, 38, 40, 43, 45, 48, 50}},
        {{1, 1, 6, 5}, {2, 3}, {2, 1}, {2, 1}, "same_upper", {1, 6, 3, 5}, {0, 1, 2, 3, 4, 0, 11, 12, 13, 14, 0, 21, 22, 23, 24, 1, 2, 3, 4, 5, 11, 12, 13, 14, 15, 21, 22, 23, 24, 25, 2, 3, 4, 5, 0, 12, 13, 14, 15, 0, 22, 23, 24, 25, 0, 0, 11, 12, 13, 14, 0, 21, 22, 23, 24, 0, 0, 0, 0, 0, 11, 12, 13, 14, 15, 21, 22, 23, 24, 25, 0, 0, 0, 0, 0, 12, 13, 14, 15, 0, 22, 23, 24, 25, 0, 0, 0, 0, 0, 0}},
        {{1, 1, 2, 2}, {3, 3}, {1, 1}, {1, 1}, "valid", {1, 9, 0, 0}, {}},
};

const std::vector<Col2ImCase> kCol2ImCases{
        {{1, 4, 9}, {4, 4}, {2, 2}, {1, 1}, {1, 1}, {0, 0}, {0, 0}, {1, 1, 4, 4}, {1, 12, 14, 12, 23, 66, 70, 45, 29, 78, 82, 51, 25, 60, 62, 36}},
        {{4, 9}, {4, 4}, {2, 2}, {1, 1}, {1, 1}, {0, 0}, {0, 0}, {1, 4, 4}, {1, 12, 14, 12, 23, 66, 70, 45, 29, 78, 82, 51, 25, 60, 62, 36}},
        {{1, 8, 4}, {3, 3}, {2, 2}, {1, 1}, {1, 1}, {0, 0}, {0, 0}, {1, 2, 3, 3}, {1, 7, 6, 12, 34, 22, 11, 27, 16, 17, 39, 22, 44, 98, 54, 27, 59, 32}},
        {{2, 4, 4}, {4, 4}, {2, 2}, {2, 2}, {1, 1}, {0, 0}, {0, 0}, {2, 1, 4, 4}, {1, 5, 2, 6, 9, 13, 10, 14, 3, 7, 4, 8, 11, 15, 12, 16, 17, 21, 18, 22, 25, 29, 26, 30, 19, 23, 20, 24, 27, 31, 28, 32}},
        {{1, 4, 1}, {3, 3}, {2, 2}, {1, 1}, {2, 2}, {0, 0}, {0, 0}, {1, 1, 3, 3}, {1, 0, 2, 0, 0, 0, 3, 0, 4}},
        {{1, 4, 16}, {3, 3}, {2, 2}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1, 3, 3}, {110, 114, 118, 126, 130, 134, 142, 146, 150}},
        {{1, 6, 9}, {3, 4}, {2, 3}, {1, 1}, {1, 1}, {1, 0}, {0, 1}, {1, 1, 3, 4}, {32, 84, 156, 124, 38, 96, 174, 136, 34, 78, 132, 98}},
        {{1, 4, 6}, {5, 5}, {2, 2}, {2, 2}, {2, 1}, {1, 0}, {0, 1}, {1, 1, 5, 5}, {0, 0, 0, 0, 0, 17, 29, 19, 31, 21, 0, 0, 0, 0, 0, 16, 22, 17, 23, 18, 0, 0, 0, 0, 0}},
};

TEST(ExtractImagePatches, AgainstOpenVino) {
    for (const auto& c : kPatchCases) {
        const Tensor r = patches(c);
        EXPECT_EQ(r.get_shape(), c.out) << c.data << " " << c.auto_pad;
        EXPECT_EQ(test::values(r), c.expected) << c.data << " " << c.auto_pad;
    }
    for (element::Type t : {element::f16, element::i32, element::u8}) {
        const Tensor r = patches(kPatchCases[2], t);
        EXPECT_EQ(r.get_element_type(), t);
        EXPECT_EQ(test::values(r), kPatchCases[2].expected) << t;
    }
}

TEST(ExtractImagePatches, ShapesAndRefusals) {
    const auto make = [](const PartialShape& s, const Attributes& extra = {}) {
        Attributes a{{"sizes", "2,2"}, {"strides", "2,2"}, {"rates", "1,1"}, {"auto_pad", "same_upper"}};
        for (const auto& kv : extra)
            for (auto& e : a)
                if (e.first == kv.first)
                    e.second = kv.second;
        return op::make("ExtractImagePatches", {op::parameter(element::f32, s)}, a, 3);
    };
    EXPECT_EQ(make(PartialShape{-1, 3, 5, 8})->get_output_partial_shape(0), (PartialShape{-1, 12, 3, 4}));
    EXPECT_EQ(make(PartialShape{1, 3, Dimension(4, 6), 8})->get_output_partial_shape(0),
              (PartialShape{1, 12, Dimension(2, 3), 4}));
    EXPECT_THROW(make(PartialShape{1, 3, 5}), ModelError);
    EXPECT_THROW(make(PartialShape{1, 3, 5, 5}, {{"auto_pad", "explicit"}}), ModelError);
    EXPECT_THROW(make(PartialShape{1, 3, 5, 5}, {{"sizes", "2"}}), ModelError);
    EXPECT_THROW(make(PartialShape{1, 3, 5, 5}, {{"strides", "0,1"}}), ModelError);
}

TEST(Col2Im, AgainstOpenVino) {
    for (const auto& c : kCol2ImCases) {
        const Tensor r = col2im(c);
        EXPECT_EQ(r.get_shape(), c.out) << c.data;
        EXPECT_EQ(test::values(r), c.expected) << c.data;
    }
    for (element::Type t : {element::f16, element::i32, element::i64}) {
        const Tensor r = col2im(kCol2ImCases[0], t);
        EXPECT_EQ(r.get_element_type(), t);
        EXPECT_EQ(test::values(r), kCol2ImCases[0].expected) << t;
    }
}

TEST(Col2Im, ShapesAndRefusals) {
    const auto make = [](const PartialShape& data, const Ints& size, const Ints& kernel) {
        return op::make("Col2Im", {op::parameter(element::f32, data), op::constant(ints(size)), op::constant(ints(kernel))}, {}, 15);
    };
    EXPECT_EQ(make(PartialShape{-1, 8, 4}, {3, 3}, {2, 2})->get_output_partial_shape(0), (PartialShape{-1, 2, 3, 3}));
    EXPECT_EQ(make(PartialShape{8, -1}, {3, 3}, {2, 2})->get_output_partial_shape(0), (PartialShape{2, 3, 3}));
    const auto dyn = op::make("Col2Im", {op::parameter(element::f32, PartialShape{1, 8, 4}), op::parameter(element::i64, Shape{2}),
                                         op::parameter(element::i64, Shape{2})},
                              {}, 15);
    EXPECT_EQ(dyn->get_output_partial_shape(0), (PartialShape{1, -1, -1, -1}));
    EXPECT_THROW(make(PartialShape{1, 4, 8}, {4, 4}, {2, 2}), ModelError);   // 9 blocks, not 8
    EXPECT_THROW(make(PartialShape{1, 5, 9}, {4, 4}, {2, 2}), ModelError);   // 5 columns for a 2x2 kernel
    EXPECT_THROW(make(PartialShape{9}, {4, 4}, {2, 2}), ModelError);         // rank 1
    EXPECT_THROW(make(PartialShape{1, 4, 9}, {4, 4, 1}, {2, 2}), ModelError);
    EXPECT_THROW(make(PartialShape{1, 4, 9}, {4, 4}, {0, 2}), ModelError);
    // Runtime sizes that do not match the blocks.
    const TensorVector in{test::iota(element::f32, {1, 8, 4}), ints({4, 4}), ints({2, 2})};
    EXPECT_THROW(test::run(dyn, in), ModelError);
}

}  // namespace
