// Sizes at and past the limits: element counts and byte sizes, tensors that cannot be allocated,
// shape inference fed extents and attributes near INT64_MAX, and custom-op expressions that nest
// without end or overflow. Each must end in an ovcl::Exception naming what is wrong; this suite
// also runs under ASan+UBSan (scripts/test), where a wrapped size or a signed overflow fails it.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>

#include "extension/expression.hpp"
#include "hardening/hardening_utils.hpp"
#include "ovcl/detail/checked_math.hpp"
#include "ovcl/ir.hpp"
#include "ovcl/ops.hpp"
#include "ovcl/tensor.hpp"

using namespace ovcl;
using hardening::expect_error;

namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr size_t k2_31 = size_t(1) << 31, k2_32 = size_t(1) << 32, k2_62 = size_t(1) << 62;

}  // namespace

TEST(CheckedMath, EveryOperationAtTheLimits) {
    EXPECT_EQ(checked::add<int64_t>(kMax - 1, 1), kMax);
    EXPECT_THROW(checked::add<int64_t>(kMax, 1), InvalidArgument);
    EXPECT_THROW(checked::sub<int64_t>(kMin, 1), InvalidArgument);
    EXPECT_EQ(checked::mul<int64_t>(int64_t(1) << 31, int64_t(1) << 31), int64_t(1) << 62);
    EXPECT_THROW(checked::mul<int64_t>(int64_t(1) << 32, int64_t(1) << 31), InvalidArgument);
    EXPECT_THROW(checked::mul<uint64_t>(uint64_t(1) << 32, uint64_t(1) << 32), InvalidArgument);
    EXPECT_THROW(checked::div<int64_t>(kMin, -1), InvalidArgument);
    EXPECT_THROW(checked::div<int64_t>(7, 0), InvalidArgument);
    EXPECT_EQ(checked::div<int64_t>(-7, 2), -3);
    EXPECT_EQ(checked::mod<int64_t>(kMin, -1), 0);
    EXPECT_THROW(checked::mod<int64_t>(7, 0), InvalidArgument);
    EXPECT_THROW(checked::neg<int64_t>(kMin), InvalidArgument);
    expect_error([] { checked::mul<int64_t>(kMax, 2); }, {"integer overflow", "9223372036854775807 * 2"});
}

TEST(ShapeSize, CountsAndBytesThatDoNotFitAreRefused) {
    EXPECT_EQ(shape_size(Shape{}), 1u);
    EXPECT_EQ(shape_size(Shape{k2_62, 1}), k2_62);
    EXPECT_EQ(shape_size(Shape{0, k2_32, k2_32, 16}), 0u);  // empty, whatever the other extents
    expect_error<InvalidArgument>([] { shape_size(Shape{k2_32, k2_32, 16}); }, {"[4294967296,4294967296,16]", "2^63"});
    EXPECT_THROW(shape_size(Shape{k2_31, k2_31, 2}), InvalidArgument);  // exactly 2^63
    EXPECT_THROW(shape_size(Shape{size_t(kMax) + 9, 1}), InvalidArgument);
    EXPECT_EQ(shape_byte_size(Shape{size_t(1) << 60}, 4), size_t(1) << 62);
    expect_error<InvalidArgument>([] { shape_byte_size(Shape{size_t(1) << 61}, 4); }, {"[2305843009213693952]", "bytes"});
}

TEST(HostTensor, ATensorThatCannotBeAllocatedNamesItself) {
    expect_error([] { Tensor(element::f32, Shape{k2_32, k2_32}); }, {"[4294967296,4294967296]"});
    // A count that fits but memory that cannot: 2^46 f32 elements are 256 TiB, past any address space.
    expect_error([] { Tensor(element::f32, Shape{size_t(1) << 46}); },
                 {"out of host memory", "f32", "[70368744177664]", "281474976710656 bytes"});
    Tensor small(element::f32, Shape{2, 2});
    EXPECT_THROW(small.set_shape(Shape{k2_32, k2_32}), InvalidArgument);
    EXPECT_EQ(small.get_shape(), (Shape{2, 2}));  // a refused reshape leaves the tensor as it was
}

TEST(ShapeInference, HugeExtentsEndInAModelErrorNamingTheLayer) {
    // A Parameter whose extents multiply past INT64_MAX.
    expect_error<ModelError>([] { op::parameter(element::f32, PartialShape{kMax, 2}, "x"); },
                             {"Parameter '", "[9223372036854775807,2]", "more elements"});
    // Broadcast to [2^62, 2^62]: refused by shape inference, not by an allocation of its size.
    auto data = op::parameter(element::f32, PartialShape{1}, "d");
    auto target = op::constant<int64_t>(element::i64, Shape{2}, {int64_t(1) << 62, int64_t(1) << 62});
    expect_error<ModelError>([&] { op::make("Broadcast", {data, target}); }, {"Broadcast", "more elements"});
    // Tile repeats whose product overflows.
    auto repeats = op::constant<int64_t>(element::i64, Shape{1}, {kMax});
    auto tiled = op::parameter(element::f32, PartialShape{4}, "t");
    expect_error<ModelError>([&] { op::make("Tile", {tiled, repeats}); }, {"Tile", "integer overflow"});
}

TEST(ShapeInference, WindowGeometryAttributesNearTheLimitsAreRefused) {
    auto x = op::parameter(element::f32, PartialShape{1, 1, 8, 8}, "x");
    auto w = op::constant<float>(element::f32, Shape{1, 1, 3, 3}, std::vector<float>(9, 1.f));
    const std::string big = std::to_string(kMax - 2);
    const Attributes pads{{"strides", "1,1"}, {"dilations", "1,1"}, {"pads_begin", big + ",0"},
                          {"pads_end", big + ",0"}, {"auto_pad", "explicit"}};
    expect_error<ModelError>([&] { op::make("Convolution", {x, w}, pads); }, {"Convolution", "integer overflow"});
    const Attributes dilations{{"strides", "1,1"}, {"dilations", big + ",1"}, {"pads_begin", "0,0"},
                               {"pads_end", "0,0"}, {"auto_pad", "explicit"}};
    expect_error<ModelError>([&] { op::make("Convolution", {x, w}, dilations); }, {"Convolution"});
    auto dyn = op::parameter(element::f32, PartialShape{1, 1, -1, 8}, "dyn");
    expect_error<ModelError>([&] { op::make("Convolution", {dyn, w}, pads); }, {"Convolution", "integer overflow"});
    const Attributes pool{{"strides", "1,1"}, {"kernel", "2,2"}, {"pads_begin", big + ",0"}, {"pads_end", "1,0"},
                          {"rounding_type", "floor"}, {"auto_pad", "explicit"}};
    expect_error<ModelError>([&] { op::make("MaxPool", {x}, pool, 1); }, {"MaxPool", "integer overflow"});
    const Attributes backprop{{"strides", big + ",1"}, {"dilations", "1,1"}, {"pads_begin", "0,0"},
                              {"pads_end", "0,0"}, {"auto_pad", "explicit"}};
    expect_error<ModelError>([&] { op::make("ConvolutionBackpropData", {x, w}, backprop); },
                             {"ConvolutionBackpropData", "integer overflow"});
    auto padded = op::constant<int64_t>(element::i64, Shape{4}, {0, 0, kMax, 0});
    auto pads_end = op::constant<int64_t>(element::i64, Shape{4}, {0, 0, kMax, 0});
    expect_error<ModelError>([&] { op::make("Pad", {x, padded, pads_end}, {{"pad_mode", "constant"}}); }, {"Pad"});
}

TEST(ShapeInference, AnIrWithAHugeParameterIsRefusedAtRead) {
    const std::string xml = R"(<?xml version="1.0"?>
<net name="huge" version="11"><layers>
<layer id="0" name="x" type="Parameter" version="opset1"><data shape="9223372036854775807,2" element_type="f32"/>
<output><port id="0" precision="FP32"><dim>9223372036854775807</dim><dim>2</dim></port></output></layer>
<layer id="1" name="r" type="Result" version="opset1"><input><port id="0"><dim>9223372036854775807</dim><dim>2</dim>
</port></input></layer></layers>
<edges><edge from-layer="0" from-port="0" to-layer="1" to-port="0"/></edges></net>)";
    expect_error<ModelError>([&] { ir::read_model_from_memory(xml, Tensor()); }, {"'x'", "more elements"});
}

TEST(Expressions, DeepNestingIsRefusedBeforeTheStackIs) {
    const std::string parens = std::string(100000, '(') + "1" + std::string(100000, ')');
    expect_error([&] { ext::Expression::parse(parens); }, {"nests deeper than"});
    expect_error([&] { ext::Expression::parse(std::string(100000, '-') + "1"); }, {"nests deeper than"});
    std::string chain = "1";
    for (int i = 0; i < 100000; ++i)
        chain += "+1";
    expect_error([&] { ext::Expression::parse(chain); }, {"nests deeper than"});
    std::string calls = "1";
    for (int i = 0; i < 1000; ++i)
        calls = "max(" + calls + ",1)";
    expect_error([&] { ext::Expression::parse(calls); }, {"nests deeper than"});
    // What real launch geometry needs still parses.
    EXPECT_EQ(*ext::Expression::parse("round_up(ceil_div(in0.d1 * 3, 4), 16) + (-(2) % 5)")
                   .evaluate([](const ext::Ref&) { return int64_t{10}; }),
              16 - 2);
}

TEST(Expressions, OverflowIsAnErrorNeverAWrappedValue) {
    const auto ten = [](const ext::Ref&) { return std::optional<int64_t>(10); };
    const std::string max = std::to_string(kMax);
    expect_error([&] { ext::Expression::parse(max + " + 1").evaluate(ten); }, {"integer overflow"});
    expect_error([&] { ext::Expression::parse(max + " * 2").evaluate(ten); }, {"integer overflow"});
    expect_error([&] { ext::Expression::parse("-" + max + " - 2").evaluate(ten); }, {"integer overflow"});
    // INT64_MIN / -1 would raise SIGFPE on x86.
    expect_error([&] { ext::Expression::parse("(-" + max + " - 1) / -1").evaluate(ten); }, {"integer overflow"});
    EXPECT_EQ(*ext::Expression::parse("(-" + max + " - 1) % -1").evaluate(ten), 0);
    expect_error([&] { ext::Expression::parse("ceil_div(" + max + ", 2)").evaluate(ten); }, {"integer overflow"});
    expect_error([&] { ext::Expression::parse("in0.d0 / (in0.d0 - 10)").evaluate(ten); }, {"division by zero"});
}
