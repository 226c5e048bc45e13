// ConvertPromoteTypes-14 against OpenVINO 2026.4: the tables are the output types OpenVINO's shape inference
// gives for every pair of the element types ovcl has (rows input 0, columns input 1; ERR: refused), with and
// without promote_unsafe, for two tensors and (pytorch_scalar_promotion) a tensor and a scalar; the converted
// values are exact (tolerance 0).
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

const std::vector<element::Type> kTypes{element::boolean, element::u8,  element::i8,  element::u16,
                                        element::i16,     element::u32, element::i32, element::u64,
                                        element::i64,     element::f16, element::f32, element::f64};

std::string promoted(element::Type a, element::Type b, const Shape& sa, const Shape& sb, const Attributes& attrs) {
    try {
        const auto n = op::make("ConvertPromoteTypes", {op::parameter(a, sa), op::parameter(b, sb)}, attrs, 14);
        EXPECT_EQ(n->get_output_element_type(0), n->get_output_element_type(1));
        EXPECT_EQ(n->get_output_partial_shape(1), PartialShape(sb));
        return n->get_output_element_type(0).get_type_name();
    } catch (const ModelError&) {
        return "ERR";
    }
}

void expect_table(const std::vector<std::string>& rows, const Shape& sb, const Attributes& attrs) {
    for (size_t i = 0; i < kTypes.size(); ++i) {
        std::istringstream row(rows.at(i));
        for (size_t j = 0; j < kTypes.size(); ++j) {
            std::string expected;
            row >> expected;
            EXPECT_EQ(promoted(kTypes[i], kTypes[j], Shape{2}, sb, attrs), expected) << kTypes[i] << " with " << kTypes[j];
        }
    }
}

TEST(ConvertPromoteTypes, SafeTable) {
    expect_table({
        "boolean u8 i8 u16 i16 u32 i32 u64 i64 f16 f32 f64",
        "u8 u8 ERR u16 i16 u32 i32 u64 i64 f16 f32 f64",
        "i8 ERR i8 ERR i16 ERR i32 ERR i64 f16 f32 f64",
        "u16 u16 ERR u16 ERR u32 i32 u64 i64 ERR f32 f64",
        "i16 i16 i16 ERR i16 ERR i32 ERR i64 ERR f32 f64",
        "u32 u32 ERR u32 ERR u32 ERR u64 i64 ERR ERR f64",
        "i32 i32 i32 i32 i32 ERR i32 ERR i64 ERR ERR f64",
        "u64 u64 ERR u64 ERR u64 ERR u64 ERR ERR ERR ERR",
        "i64 i64 i64 i64 i64 i64 i64 ERR i64 ERR ERR ERR",
        "f16 f16 f16 ERR ERR ERR ERR ERR ERR f16 f32 f64",
        "f32 f32 f32 f32 f32 ERR ERR ERR ERR f32 f32 f64",
        "f64 f64 f64 f64 f64 f64 f64 ERR ERR f64 f64 f64",
    }, Shape{2}, {});
}

TEST(ConvertPromoteTypes, UnsafeTable) {
    expect_table({
        "boolean u8 i8 u16 i16 u32 i32 u64 i64 f16 f32 f64",
        "u8 u8 i16 u16 i16 u32 i32 u64 i64 f16 f32 f64",
        "i8 i16 i8 i32 i16 i64 i32 f32 i64 f16 f32 f64",
        "u16 u16 i32 u16 i32 u32 i32 u64 i64 f16 f32 f64",
        "i16 i16 i16 i32 i16 i64 i32 f32 i64 f16 f32 f64",
        "u32 u32 i64 u32 i64 u32 i64 u64 i64 f16 f32 f64",
        "i32 i32 i32 i32 i32 i64 i32 f32 i64 f16 f32 f64",
        "u64 u64 f32 u64 f32 u64 f32 u64 f32 f16 f32 f64",
        "i64 i64 i64 i64 i64 i64 i64 f32 i64 f16 f32 f64",
        "f16 f16 f16 f16 f16 f16 f16 f16 f16 f16 f32 f64",
        "f32 f32 f32 f32 f32 f32 f32 f32 f32 f32 f32 f64",
        "f64 f64 f64 f64 f64 f64 f64 f64 f64 f64 f64 f64",
    }, Shape{2}, {{"promote_unsafe", "true"}});
}

TEST(ConvertPromoteTypes, PytorchScalarSafeTable) {  // input 1 is the scalar
    expect_table({
        "boolean u8 i8 u16 i16 u32 i32 u64 i64 f16 f32 f64",
        "u8 u8 ERR ERR ERR ERR ERR ERR ERR f16 f32 f64",
        "i8 i8 i8 i8 ERR ERR ERR ERR ERR f16 f32 f64",
        "u16 u16 ERR u16 ERR ERR ERR ERR ERR ERR f32 f64",
        "i16 i16 i16 i16 i16 i16 ERR ERR ERR ERR f32 f64",
        "u32 u32 ERR u32 ERR u32 ERR ERR ERR ERR ERR f64",
        "i32 i32 i32 i32 i32 i32 i32 i32 ERR ERR ERR f64",
        "u64 u64 ERR u64 ERR u64 ERR u64 ERR ERR ERR ERR",
        "i64 i64 i64 i64 i64 i64 i64 i64 i64 ERR ERR ERR",
        "f16 f16 f16 ERR ERR ERR ERR ERR ERR f16 ERR ERR",
        "f32 f32 f32 f32 f32 ERR ERR ERR ERR f32 f32 ERR",
        "f64 f64 f64 f64 f64 f64 f64 ERR ERR f64 f64 f64",
    }, Shape{}, {{"pytorch_scalar_promotion", "true"}});
}

TEST(ConvertPromoteTypes, PytorchScalarUnsafeTable) {
    expect_table({
        "boolean u8 i8 u16 i16 u32 i32 u64 i64 f16 f32 f64",
        "u8 u8 u8 u8 u8 u8 u8 u8 u8 f16 f32 f64",
        "i8 i8 i8 i8 i8 i8 i8 i8 i8 f16 f32 f64",
        "u16 u16 u16 u16 u16 u16 u16 u16 u16 f16 f32 f64",
        "i16 i16 i16 i16 i16 i16 i16 i16 i16 f16 f32 f64",
        "u32 u32 u32 u32 u32 u32 u32 u32 u32 f16 f32 f64",
        "i32 i32 i32 i32 i32 i32 i32 i32 i32 f16 f32 f64",
        "u64 u64 u64 u64 u64 u64 u64 u64 u64 f16 f32 f64",
        "i64 i64 i64 i64 i64 i64 i64 i64 i64 f16 f32 f64",
        "f16 f16 f16 f16 f16 f16 f16 f16 f16 f16 f16 f16",
        "f32 f32 f32 f32 f32 f32 f32 f32 f32 f32 f32 f32",
        "f64 f64 f64 f64 f64 f64 f64 f64 f64 f64 f64 f64",
    }, Shape{}, {{"pytorch_scalar_promotion", "true"}, {"promote_unsafe", "true"}});
}

TEST(ConvertPromoteTypes, U64TargetScalarsAndValues) {
    const Attributes unsafe_i64{{"promote_unsafe", "true"}, {"u64_integer_promotion_target", "i64"}};
    EXPECT_EQ(promoted(element::u64, element::i8, Shape{2}, Shape{2}, unsafe_i64), "i64");
    EXPECT_EQ(promoted(element::i64, element::u64, Shape{2}, Shape{2}, unsafe_i64), "i64");
    EXPECT_EQ(promoted(element::u64, element::i8, Shape{2}, Shape{2}, {{"u64_integer_promotion_target", "i64"}}), "ERR");
    // Two scalars, or a scalar of the other kind, promote as tensors do.
    const Attributes pytorch{{"pytorch_scalar_promotion", "true"}, {"promote_unsafe", "true"}};
    EXPECT_EQ(promoted(element::u8, element::i8, Shape{}, Shape{}, pytorch), "i16");
    EXPECT_EQ(promoted(element::i8, element::u8, Shape{}, Shape{2}, pytorch), "u8");
    EXPECT_EQ(promoted(element::i32, element::f16, Shape{2}, Shape{}, pytorch), "f16");

    const Tensor a = test::make_tensor<double>(element::i8, {2}, {-3, 100});
    const Tensor b = test::make_tensor<double>(element::u8, {2, 1}, {200, 7});
    const auto n = op::make("ConvertPromoteTypes", {op::parameter(element::i8, Shape{2}), op::parameter(element::u8, Shape{2, 1})},
                            {{"promote_unsafe", "true"}}, 14);
    const TensorVector r = test::run(n, {a, b});
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(r[0].get_element_type(), element::i16);
    EXPECT_EQ(r[1].get_shape(), (Shape{2, 1}));
    EXPECT_EQ(test::values(r[0]), (std::vector<double>{-3, 100}));
    EXPECT_EQ(test::values(r[1]), (std::vector<double>{200, 7}));
    const Tensor h = test::make_tensor<double>(element::f16, {2}, {1.5, -2});
    const Tensor i = test::make_tensor<double>(element::i64, {}, {3});
    const auto m = op::make("ConvertPromoteTypes", {op::parameter(element::f16, Shape{2}), op::parameter(element::i64, Shape{})},
                            {{"promote_unsafe", "true"}}, 14);
    const TensorVector s = test::run(m, {h, i});
    EXPECT_EQ(s[1].get_element_type(), element::f16);
    EXPECT_EQ(test::values(s[0]), (std::vector<double>{1.5, -2}));
    EXPECT_EQ(test::values(s[1]), (std::vector<double>{3}));
}

}  // namespace
