// IR round trips: read -> write -> read -> write gives byte-identical XML and BIN and the
// same graph; models built in code survive write -> read; the writer's layout choices.
#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>

#include "common/test_utils.hpp"
#include "ir/ir_test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using namespace ovcl::irtest;

namespace {

struct Written {
    std::string xml, bin;
};

Written write(const Model& m) {
    std::ostringstream xml, bin;
    ir::serialize(m, xml, bin);
    return {xml.str(), bin.str()};
}

std::shared_ptr<Model> read(const Written& w) {
    Tensor weights(element::u8, {w.bin.size()});
    if (!w.bin.empty())
        std::memcpy(weights.data(), w.bin.data(), w.bin.size());
    return ir::read_model_from_memory(w.xml, weights);
}

/// read -> write -> read -> write: both writes identical, both reads the same graph.
void check_round_trip(const std::shared_ptr<Model>& original) {
    const Written first = write(*original);
    const auto again = read(first);
    expect_same_graph(*original, *again);
    const Written second = write(*again);
    EXPECT_EQ(first.xml, second.xml);
    EXPECT_EQ(first.bin, second.bin);
    expect_same_graph(*again, *read(second));
}

std::string conv_bin() {
    std::vector<float> w(3 * 2 * 3 * 3);
    for (size_t i = 0; i < w.size(); ++i)
        w[i] = static_cast<float>(i) * 0.5f - 4.0f;
    return bytes_of(w) + bytes_of(std::vector<float>{1, 2, 3});
}

}  // namespace

TEST(IrRoundTrip, ConvAddReluV10) {
    TempDir dir;
    write_file(dir.file("w.bin"), conv_bin());
    auto model = ir::read_model(data_path("conv_add_relu_v10.xml"), dir.file("w.bin"));
    check_round_trip(model);
    // The original .bin held exactly the two constants back to back: the writer reproduces it.
    EXPECT_EQ(write(*model).bin, conv_bin());
}

TEST(IrRoundTrip, DynamicShapesAndRtInfoV11) { check_round_trip(ir::read_model(data_path("dynamic_v11.xml"))); }

TEST(IrRoundTrip, LegacyTypesV10) {
    TempDir dir;
    write_file(dir.file("w.bin"), bytes_of(std::vector<int64_t>{1, 3, 4}));
    check_round_trip(ir::read_model(data_path("legacy_types_v10.xml"), dir.file("w.bin")));
}

TEST(IrRoundTrip, MatMulSoftmaxV11) {
    if (!has_op("MatMul"))
        GTEST_SKIP() << "MatMul is not in the op table yet";
    TempDir dir;
    write_file(dir.file("w.bin"), bytes_of(std::vector<float>(12, 0.5f)));
    check_round_trip(ir::read_model(data_path("matmul_softmax_v11.xml"), dir.file("w.bin")));
}

TEST(IrRoundTrip, FilesThroughWriteModelAndReadModel) {
    TempDir dir;
    write_file(dir.file("w.bin"), conv_bin());
    auto model = ir::read_model(data_path("conv_add_relu_v10.xml"), dir.file("w.bin"));
    ir::write_model(*model, dir.file("out.xml"));  // .bin next to it by default
    const std::string xml1 = read_file(dir.file("out.xml")), bin1 = read_file(dir.file("out.bin"));
    auto back = ir::read_model(dir.file("out.xml"));
    expect_same_graph(*model, *back);
    ir::write_model(*back, dir.file("again.xml"), dir.file("weights_elsewhere.bin"));
    EXPECT_EQ(read_file(dir.file("again.xml")), xml1);
    EXPECT_EQ(read_file(dir.file("weights_elsewhere.bin")), bin1);
}

TEST(IrRoundTrip, WritesOpenVinoStyleV11) {
    auto p = op::parameter(element::f32, PartialShape({Dimension::dynamic(), 4, Dimension(2, 8)}), "in,put");
    auto c = op::constant<float>(element::f32, {4, 1}, {1, 2, 3, 4});
    auto add = op::make("Add", {p, c});
    add->set_friendly_name("add");
    add->output_names(0) = {"sum", "a,b"};
    auto relu = op::make("Relu", {add});
    auto model = std::make_shared<Model>(NodeVector{op::result(relu, "out")}, NodeVector{p}, "styled");
    const Written w = write(*model);
    EXPECT_EQ(w.xml.rfind("<?xml version=\"1.0\"?>\n<net name=\"styled\" version=\"11\">\n\t<layers>\n", 0), 0u)
        << w.xml;
    EXPECT_NE(w.xml.find("type=\"Const\" version=\"opset1\""), std::string::npos);
    EXPECT_NE(w.xml.find("type=\"ReLU\" version=\"opset1\""), std::string::npos);
    EXPECT_NE(w.xml.find("<data element_type=\"f32\" shape=\"4,1\" offset=\"0\" size=\"16\" />"), std::string::npos)
        << w.xml;
    EXPECT_NE(w.xml.find("precision=\"FP32\" names=\"a\\,b,sum\""), std::string::npos) << w.xml;
    EXPECT_NE(w.xml.find("names=\"in\\,put\""), std::string::npos);
    EXPECT_NE(w.xml.find("<dim>-1</dim>"), std::string::npos);
    EXPECT_NE(w.xml.find("<dim>2..8</dim>"), std::string::npos);
    EXPECT_NE(w.xml.find("<edge from-layer=\"0\" from-port=\"0\" to-layer=\"2\" to-port=\"0\" />"), std::string::npos)
        << w.xml;
    EXPECT_NE(w.xml.find("\t<rt_info />\n</net>"), std::string::npos);
    EXPECT_EQ(w.bin, bytes_of(std::vector<float>{1, 2, 3, 4}));
    auto back = read(w);
    expect_same_graph(*model, *back);
    EXPECT_EQ(back->input(0).get_names(), std::set<std::string>{"in,put"});
    check_round_trip(model);
}

TEST(IrRoundTrip, ParameterAndResultOrderSurvive) {
    // The result list uses b before a: a topological order alone would put b's Parameter first.
    auto a = op::parameter(element::f32, Shape{2}, "a");
    auto b = op::parameter(element::i32, Shape{3}, "b");
    auto rb = op::result(op::make("Negative", {b}), "rb");
    auto ra = op::result(op::make("Abs", {a}), "ra");
    auto unused = op::parameter(element::f16, Shape{1}, "unused");
    auto model = std::make_shared<Model>(NodeVector{rb, ra}, NodeVector{a, unused, b}, "order");
    auto back = read(write(*model));
    ASSERT_EQ(back->get_parameters().size(), 3u);
    EXPECT_EQ(back->get_parameters()[0]->get_friendly_name(), "a");
    EXPECT_EQ(back->get_parameters()[1]->get_friendly_name(), "unused");
    EXPECT_EQ(back->get_parameters()[2]->get_friendly_name(), "b");
    EXPECT_EQ(back->get_results()[0]->get_friendly_name(), "rb");
    EXPECT_EQ(back->get_results()[1]->get_friendly_name(), "ra");
    check_round_trip(model);
}

TEST(IrRoundTrip, IdenticalConstantsShareBytesAndOddSizesStayReadable) {
    auto p = op::parameter(element::u8, Shape{3}, "p");
    auto c1 = op::constant<uint8_t>(element::u8, {3}, {1, 2, 3});     // 3 bytes at 0
    auto c2 = op::constant<float>(element::f32, {2}, {0.5f, -1.0f});  // 8 bytes at 3: misaligned
    auto c3 = op::constant<uint8_t>(element::u8, {3}, {1, 2, 3});     // same bytes as c1
    auto c4 = op::constant<int64_t>(element::i64, {0}, {});           // no bytes at all
    auto s1 = op::make("Add", {p, c1});
    auto s2 = op::make("Add", {s1, c3});
    auto model =
        std::make_shared<Model>(NodeVector{op::result(s2), op::result(c2), op::result(c4)}, NodeVector{p}, "consts");
    const Written w = write(*model);
    EXPECT_EQ(w.bin.size(), 11u);  // c1 (shared by c3) then c2
    auto back = read(w);
    expect_same_graph(*model, *back);
    const Tensor v2 = back->get_results()[1]->input_value(0).node->get_constant_value();
    EXPECT_EQ(reinterpret_cast<uintptr_t>(v2.data()) % alignof(float), 0u);
    EXPECT_EQ(v2.data<float>()[1], -1.0f);
    check_round_trip(model);
}

TEST(IrRoundTrip, RtInfoOfLayersPortsAndModel) {
    auto p = op::parameter(element::f32, Shape{2}, "p");
    auto relu = op::make("Relu", {p});
    relu->get_rt_info()["fused_names"] = AnyMap{{"version", "0"}, {"value", "r1,r2"}};
    relu->get_rt_info()["plain"] = std::string("text");
    relu->get_rt_info()["output:0"] = AnyMap{{"layout", AnyMap{{"version", "0"}, {"layout", "[N]"}}}};
    relu->get_rt_info()["input:0"] = AnyMap{{"precise", AnyMap{{"version", "0"}}}};
    auto model = std::make_shared<Model>(NodeVector{op::result(relu)}, NodeVector{p}, "rt");
    model->get_rt_info()["framework"] = AnyMap{{"name", std::string("onnx")}, {"opset", std::string("17")}};
    model->get_rt_info()["MO_version"] = std::string("custom");
    model->get_rt_info()["has space"] = std::string("kept");
    const Written w = write(*model);
    EXPECT_NE(w.xml.find("<attribute name=\"fused_names\" version=\"0\" value=\"r1,r2\" />"), std::string::npos)
        << w.xml;
    EXPECT_NE(w.xml.find("<info name=\"has space\" value=\"kept\" />"), std::string::npos) << w.xml;
    auto back = read(w);
    const auto& rt = back->get_results()[0]->input_value(0).node->get_rt_info();
    EXPECT_EQ(rt.at("fused_names").as<AnyMap>().at("value").as<std::string>(), "r1,r2");
    EXPECT_EQ(rt.at("plain").as<AnyMap>().at("value").as<std::string>(), "text");
    EXPECT_EQ(rt.at("output:0").as<AnyMap>().at("layout").as<AnyMap>().at("layout").as<std::string>(), "[N]");
    EXPECT_TRUE(rt.count("input:0"));
    EXPECT_EQ(back->get_rt_info().at("framework").as<AnyMap>().at("opset").as<std::string>(), "17");
    EXPECT_EQ(back->get_rt_info().at("has space").as<std::string>(), "kept");
    const Written again = write(*back);
    EXPECT_EQ(again.xml, write(*read(again)).xml);
}

TEST(IrRoundTrip, DynamicRankAndScalars) {
    auto p = op::parameter(element::f32, PartialShape::dynamic(), "any");
    auto s = op::parameter(element::f32, PartialShape{}, "scalar");
    auto add = op::make("Add", {p, s});
    auto model = std::make_shared<Model>(NodeVector{op::result(add)}, NodeVector{p, s}, "ranks");
    auto back = read(write(*model));
    EXPECT_TRUE(back->input(0).get_partial_shape().rank_is_dynamic());
    EXPECT_EQ(back->input(1).get_partial_shape(), PartialShape{});
    EXPECT_TRUE(back->output(0).get_partial_shape().rank_is_dynamic());
    check_round_trip(model);
}

TEST(IrRoundTrip, ConstantWithStaleAttributesIsWrittenFromItsValue) {
    auto c = op::constant<int32_t>(element::i32, {2, 2}, {1, 2, 3, 4});
    c->set_attr("element_type", "f32");  // no longer describes the value
    c->set_attr("shape", "7");
    c->set_attr("offset", "999");
    auto model = std::make_shared<Model>(NodeVector{op::result(c)}, NodeVector{}, "stale");
    const Written w = write(*model);
    EXPECT_NE(w.xml.find("<data element_type=\"i32\" shape=\"2,2\" offset=\"0\" size=\"16\" />"), std::string::npos)
        << w.xml;
    auto back = read(w);
    EXPECT_EQ(bytes_of(back->get_results()[0]->input_value(0).node->get_constant_value()),
              bytes_of(std::vector<int32_t>{1, 2, 3, 4}));
}

TEST(IrRoundTrip, StatefulModelKeepsItsSinks) {
    auto model = ir::read_model(data_path("read_value_assign_v11.xml"));
    check_round_trip(model);
    auto back = read(write(*model));
    ASSERT_EQ(back->get_sinks().size(), 1u);
    EXPECT_EQ(back->get_sinks()[0]->get_friendly_name(), "state/write");
    EXPECT_EQ(back->get_variable_ids(), std::vector<std::string>{"acc"});
}
