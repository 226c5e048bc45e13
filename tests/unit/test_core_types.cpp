#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "common/test_utils.hpp"
#include "ovcl/any.hpp"
#include "ovcl/element_type.hpp"
#include "ovcl/ops.hpp"
#include "ovcl/shape.hpp"
#include "ovcl/tensor.hpp"

using namespace ovcl;

TEST(ElementType, NamesAndLegacyPrecisions) {
    EXPECT_EQ(element::Type("FP32"), element::f32);
    EXPECT_EQ(element::Type("BOOL"), element::boolean);
    EXPECT_EQ(element::Type("I64"), element::i64);
    EXPECT_EQ(element::Type("f16").size(), 2u);
    EXPECT_EQ(element::boolean.get_type_name(), "boolean");
    EXPECT_TRUE(element::f16.is_real());
    EXPECT_FALSE(element::u8.is_signed());
    EXPECT_THROW(element::Type("float"), InvalidArgument);
}

TEST(Float16, RoundTripsAndRoundsToNearestEven) {
    for (float f : {0.f, -0.f, 1.f, -2.5f, 65504.f, 6.103515625e-05f, 5.960464477539063e-08f})
        EXPECT_EQ(static_cast<float>(float16(f)), f) << f;
    EXPECT_EQ(float16(1.0f + 1.0f / 2048).bits, float16(1.0f).bits);       // tie -> even
    EXPECT_EQ(float16(1.0f + 3.0f / 2048).bits, float16(1.0f).bits + 2);   // tie -> even (up)
    EXPECT_TRUE(std::isinf(static_cast<float>(float16(70000.f))));
    EXPECT_TRUE(std::isnan(static_cast<float>(float16(std::numeric_limits<float>::quiet_NaN()))));
    EXPECT_EQ(float16(2.98e-08f).bits, 0u);  // below half the smallest subnormal
    EXPECT_EQ(float16(4.0e-08f).bits, 1u);   // rounds up to the smallest subnormal
}

TEST(PartialShape, ParsesTextForms) {
    PartialShape p("[1, 3, ?, -1, 2..8, 4..]");
    ASSERT_EQ(p.size(), 6u);
    EXPECT_EQ(p[0], Dimension(1));
    EXPECT_TRUE(p[2].is_dynamic());
    EXPECT_TRUE(p[3].is_dynamic());
    EXPECT_EQ(p[4], Dimension(2, 8));
    EXPECT_EQ(p[5].get_max_length(), Dimension::inf);
    EXPECT_EQ(p.to_string(), "[1,3,?,?,2..8,4..]");
    EXPECT_TRUE(PartialShape("[...]").rank_is_dynamic());
    EXPECT_EQ(PartialShape("[]").size(), 0u);
    EXPECT_THROW(PartialShape("[1,-2]"), InvalidArgument);
    EXPECT_THROW(PartialShape("[1,x]"), InvalidArgument);
    EXPECT_TRUE(p.contains(Shape{1, 3, 5, 7, 8, 4}));
    EXPECT_FALSE(p.contains(Shape{1, 3, 5, 7, 9, 4}));
}

TEST(Tensor, RoiViewCopiesOnlyTheRegion) {
    auto t = test::make_tensor<float>(element::f32, {2, 3, 4}, [] {
        std::vector<float> v(24);
        for (size_t i = 0; i < v.size(); ++i)
            v[i] = static_cast<float>(i);
        return v;
    }());
    Tensor roi(t, {1, 1, 1}, {2, 3, 3});
    EXPECT_EQ(roi.get_shape(), (Shape{1, 2, 2}));
    EXPECT_FALSE(roi.is_continuous());
    Tensor dst(element::f32, {1, 2, 2});
    roi.copy_to(dst);
    EXPECT_TENSOR_EQ(dst, test::make_tensor<float>(element::f32, {1, 2, 2}, {17, 18, 21, 22}));
    EXPECT_THROW(Tensor(t, {0, 0, 0}, {3, 1, 1}), InvalidArgument);
    EXPECT_THROW(t.data<int32_t>(), InvalidArgument);
}

TEST(Any, ConvertsThroughText) {
    Any yes = std::string("YES");
    EXPECT_TRUE(yes.as<bool>());
    EXPECT_EQ(Any("4").as<int>(), 4);
    EXPECT_EQ(Any(4).as<std::string>(), "4");
    EXPECT_EQ(Any(uint32_t{7}).as<int64_t>(), 7);
    EXPECT_THROW(Any("four").as<int>(), InvalidArgument);
    EXPECT_THROW(Any("-1").as<unsigned>(), InvalidArgument);
    EXPECT_EQ(Any("GPU.0 GPU.1").as<std::vector<std::string>>(), (std::vector<std::string>{"GPU.0", "GPU.1"}));
    EXPECT_EQ(Any(true), Any("YES"));
}

TEST(Any, TuplesAsCommaSeparatedText) {
    const Any range = std::tuple<unsigned, unsigned, unsigned>{1, 8, 1};
    EXPECT_EQ(range.to_string(), "1,8,1");
    const auto back = Any("2,4,1").as<std::tuple<unsigned, unsigned, unsigned>>();
    EXPECT_EQ(back, (std::tuple<unsigned, unsigned, unsigned>{2, 4, 1}));
}

TEST(Ops, ParameterShapeIsWrittenAsIrDoes) {
    EXPECT_EQ(op::parameter(element::f32, PartialShape("[1,3,?,2..8]"))->get_attr_text("shape"), "1,3,?,2..8");
    EXPECT_EQ(op::parameter(element::f32, PartialShape::dynamic())->get_attr_text("shape"), "...");
    EXPECT_EQ(op::parameter(element::f32, Shape{})->get_attr_text("shape"), "");
    auto p = op::parameter(element::i64, PartialShape("[...]"));
    EXPECT_TRUE(p->get_output_partial_shape(0).rank_is_dynamic());
}

TEST(Any, ElementTypesThroughText) {
    EXPECT_EQ(Any("f16").as<element::Type>(), element::f16);
    EXPECT_EQ(Any("FP32").as<element::Type>(), element::f32);
    EXPECT_EQ(Any(element::i64).as<std::string>(), "i64");
    EXPECT_THROW(Any("float").as<element::Type>(), InvalidArgument);
}
