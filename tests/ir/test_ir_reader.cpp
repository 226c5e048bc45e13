// The IR reader on hand-written IR in OpenVINO's styles (v10 with legacy names and
// precisions, v11 with dynamic shapes and rt_info): types, shapes, names, attributes and
// constant values as OpenVINO would read them.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "common/test_utils.hpp"
#include "ir/ir_test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using namespace ovcl::irtest;

namespace {

std::vector<float> conv_weights() {
    std::vector<float> w(3 * 2 * 3 * 3);
    for (size_t i = 0; i < w.size(); ++i)
        w[i] = static_cast<float>(static_cast<int>(i % 7) - 3) * 0.25f;
    return w;
}
const std::vector<float> k_bias = {-1.0f, 0.0f, 0.5f};

std::string conv_bin() { return bytes_of(conv_weights()) + bytes_of(k_bias); }

std::shared_ptr<Node> find(const Model& m, const std::string& name) {
    for (const auto& n : m.get_ordered_ops())
        if (n->get_friendly_name() == name)
            return n;
    ADD_FAILURE() << "no node named " << name;
    return nullptr;
}

// conv 3x3, pad 1, stride 1, then bias and relu: the straightforward formula.
std::vector<float> conv_add_relu_expected(const std::vector<float>& x) {
    const auto w = conv_weights();
    std::vector<float> y(3 * 16);
    for (int oc = 0; oc < 3; ++oc)
        for (int oy = 0; oy < 4; ++oy)
            for (int ox = 0; ox < 4; ++ox) {
                float acc = 0;
                for (int ic = 0; ic < 2; ++ic)
                    for (int ky = 0; ky < 3; ++ky)
                        for (int kx = 0; kx < 3; ++kx) {
                            const int iy = oy + ky - 1, ix = ox + kx - 1;
                            if (iy < 0 || iy >= 4 || ix < 0 || ix >= 4)
                                continue;
                            acc += x[(ic * 4 + iy) * 4 + ix] * w[((oc * 2 + ic) * 3 + ky) * 3 + kx];
                        }
                y[(oc * 4 + oy) * 4 + ox] = std::max(0.0f, acc + k_bias[oc]);
            }
    return y;
}

}  // namespace

TEST(IrReader, ConvAddReluV10WithLegacyNames) {
    TempDir dir;
    write_file(dir.file("w.bin"), conv_bin());
    auto model = ir::read_model(data_path("conv_add_relu_v10.xml"), dir.file("w.bin"));
    EXPECT_EQ(model->get_friendly_name(), "conv_add_relu");
    ASSERT_EQ(model->get_parameters().size(), 1u);
    ASSERT_EQ(model->get_results().size(), 1u);

    const auto param = model->get_parameters()[0];
    EXPECT_EQ(param->get_friendly_name(), "data");
    EXPECT_EQ(param->get_output_element_type(0), element::f32);
    EXPECT_EQ(param->get_output_partial_shape(0), PartialShape({1, 2, 4, 4}));
    EXPECT_EQ(model->input(0).get_names(), std::set<std::string>{"data"});

    const auto weights = find(*model, "conv1/weights");
    ASSERT_TRUE(weights);
    EXPECT_EQ(weights->get_type_name(), "Constant");  // "Const" in the IR
    EXPECT_EQ(weights->get_output_partial_shape(0), PartialShape({3, 2, 3, 3}));
    EXPECT_EQ(bytes_of(weights->get_constant_value()), bytes_of(conv_weights()));
    EXPECT_EQ(weights->get_attr_text("shape"), "3, 2, 3, 3");  // text kept exactly
    const auto bias = find(*model, "conv1/bias");
    ASSERT_TRUE(bias);
    EXPECT_EQ(bytes_of(bias->get_constant_value()), bytes_of(k_bias));

    const auto conv = find(*model, "conv1");
    ASSERT_TRUE(conv);
    EXPECT_EQ(conv->get_type_name(), "Convolution");
    EXPECT_EQ(conv->get_version(), 1);
    const Attributes conv_attrs = {{"strides", "1, 1"},
                                   {"dilations", "1, 1"},
                                   {"pads_begin", "1, 1"},
                                   {"pads_end", "1, 1"},
                                   {"auto_pad", "explicit"}};
    EXPECT_EQ(conv->get_attributes(), conv_attrs);
    EXPECT_EQ(conv->get_attr<std::vector<int64_t>>("pads_begin"), (std::vector<int64_t>{1, 1}));
    ASSERT_TRUE(conv->get_rt_info().count("fused_names"));
    const auto fused = conv->get_rt_info().at("fused_names").as<AnyMap>();
    EXPECT_EQ(fused.at("version").as<std::string>(), "0");
    EXPECT_EQ(fused.at("value").as<std::string>(), "conv1,conv1/bn");

    const auto relu = find(*model, "relu1");
    ASSERT_TRUE(relu);
    EXPECT_EQ(relu->get_type_name(), "Relu");     // "ReLU" in the IR
    EXPECT_TRUE(relu->get_attributes().empty());  // <data/>
    EXPECT_EQ(relu->output_names(0), (std::set<std::string>{"prob", "relu1,out"}));
    EXPECT_EQ(model->output(0).get_names(), (std::set<std::string>{"prob", "relu1,out"}));
    EXPECT_TRUE(model->output("prob").node == model->get_results()[0]);
    EXPECT_EQ(model->output(0).get_partial_shape(), PartialShape({1, 3, 4, 4}));
    EXPECT_EQ(find(*model, "conv1/add")->output_names(0), std::set<std::string>{"conv1/add:0"});

    std::vector<float> x(32);
    for (size_t i = 0; i < x.size(); ++i)
        x[i] = std::sin(static_cast<float>(i)) * 2.0f;
    const auto out = run_model(*model, {test::make_tensor(element::f32, {1, 2, 4, 4}, x)});
    ASSERT_EQ(out.size(), 1u);
    EXPECT_TENSOR_NEAR(out[0], test::make_tensor(element::f32, {1, 3, 4, 4}, conv_add_relu_expected(x)), 1e-5, 1e-5);
}

TEST(IrReader, DefaultBinPathIsTheXmlStem) {
    TempDir dir;
    write_file(dir.file("net.xml"), read_file(data_path("conv_add_relu_v10.xml")));
    write_file(dir.file("net.bin"), conv_bin());
    auto model = ir::read_model(dir.file("net.xml"));
    EXPECT_EQ(bytes_of(find(*model, "conv1/bias")->get_constant_value()), bytes_of(k_bias));
}

TEST(IrReader, ConstantsOutliveTheModelAndShareTheMapping) {
    TempDir dir;
    write_file(dir.file("w.bin"), conv_bin());
    Tensor w, b;
    {
        auto model = ir::read_model(data_path("conv_add_relu_v10.xml"), dir.file("w.bin"));
        w = find(*model, "conv1/weights")->get_constant_value();
        b = find(*model, "conv1/bias")->get_constant_value();
        // Both views sit in one mapping, 216 bytes apart, as in the file.
        EXPECT_EQ(static_cast<const char*>(b.data()) - static_cast<const char*>(w.data()), 216);
    }
    std::filesystem::remove(dir.file("w.bin"));  // the mapping stays valid
    EXPECT_EQ(bytes_of(w), bytes_of(conv_weights()));
    EXPECT_EQ(bytes_of(b), bytes_of(k_bias));
}

TEST(IrReader, DynamicDimsRangesRankAndRtInfoV11) {
    // No Const needs weights, so no .bin is needed.
    auto model = ir::read_model(data_path("dynamic_v11.xml"));
    EXPECT_EQ(model->get_friendly_name(), "dynamic_shapes");
    ASSERT_EQ(model->get_parameters().size(), 2u);
    const auto x = model->get_parameters()[0];
    const auto mask = model->get_parameters()[1];
    EXPECT_EQ(x->get_friendly_name(), "x");
    EXPECT_EQ(x->get_output_partial_shape(0),
              PartialShape({Dimension::dynamic(), 3, Dimension(1, 10), Dimension::dynamic()}));
    EXPECT_EQ(x->output_names(0), (std::set<std::string>{"x", "input,0"}));
    EXPECT_EQ(mask->get_output_element_type(0), element::f16);
    EXPECT_TRUE(mask->get_output_partial_shape(0).rank_is_dynamic());
    EXPECT_EQ(mask->get_rt_info().at("old_api_map_element_type").as<AnyMap>().at("value").as<std::string>(), "f32");

    const auto probs = find(*model, "probs");
    ASSERT_TRUE(probs);
    EXPECT_EQ(probs->get_type_name(), "Softmax");
    EXPECT_EQ(probs->get_version(), 8);
    EXPECT_EQ(probs->get_output_partial_shape(0), x->get_output_partial_shape(0));
    // Port rt_info lives under "output:<i>".
    const auto port_rt = probs->get_rt_info().at("output:0").as<AnyMap>();
    EXPECT_EQ(port_rt.at("layout").as<AnyMap>().at("layout").as<std::string>(), "[N,C,H,W]");

    const auto relu = find(*model, "mask_relu");
    ASSERT_TRUE(relu);
    EXPECT_TRUE(relu->get_output_partial_shape(0).rank_is_dynamic());
    EXPECT_EQ(model->output(1).get_element_type(), element::f16);
    EXPECT_TRUE(model->is_dynamic());

    const auto& rt = model->get_rt_info();
    EXPECT_EQ(rt.at("MO_version").as<std::string>(), "2023.0.0");
    const auto conv = rt.at("conversion_parameters").as<AnyMap>();
    EXPECT_EQ(conv.at("framework").as<std::string>(), "onnx");
    EXPECT_EQ(conv.at("input_shape").as<std::string>(), "[?,3,1..10,?]");
    EXPECT_EQ(rt.at("optimum version").as<std::string>(), "1.2");
}

TEST(IrReader, LegacyPrecisionsMultipleOutputsAndArbitraryPortIds) {
    TempDir dir;
    write_file(dir.file("w.bin"), bytes_of(std::vector<int64_t>{1, 3, 4}));
    auto model = ir::read_model(data_path("legacy_types_v10.xml"), dir.file("w.bin"));
    ASSERT_EQ(model->get_parameters().size(), 2u);
    EXPECT_EQ(model->input(0).get_element_type(), element::i32);  // element_type="I32"
    EXPECT_EQ(model->input(1).get_element_type(), element::boolean);
    EXPECT_EQ(model->input(1).get_partial_shape(), PartialShape{});  // shape="" is a scalar
    ASSERT_EQ(model->get_results().size(), 2u);
    EXPECT_EQ(model->output(0).get_element_type(), element::u8);
    EXPECT_EQ(model->output(0).get_partial_shape(), PartialShape({3, 4}));
    EXPECT_EQ(model->output(1).get_element_type(), element::boolean);

    const auto axis = find(*model, "split/axis");
    EXPECT_EQ(axis->get_constant_value().get_element_type(), element::i64);
    EXPECT_EQ(axis->get_constant_value().get_shape(), Shape{});
    EXPECT_EQ(axis->get_constant_value().data<int64_t>()[0], 1);

    // Output ports are ordered by id: port 2 is output 0 even though the IR lists port 3 first.
    const auto split = find(*model, "split");
    EXPECT_EQ(split->output_names(0), std::set<std::string>{"split:0"});
    EXPECT_EQ(split->output_names(1), std::set<std::string>{"split:1"});
    const auto concat = find(*model, "concat");
    EXPECT_TRUE(concat->input_value(0) == Output<Node>(split, 1));
    EXPECT_TRUE(concat->input_value(1) == Output<Node>(split, 0));

    std::vector<int32_t> ids(12);
    for (int i = 0; i < 12; ++i)
        ids[static_cast<size_t>(i)] = i;
    auto flag = test::make_tensor(element::boolean, {}, std::vector<int>{1});
    const auto out = run_model(*model, {test::make_tensor(element::i32, {2, 6}, ids), flag});
    EXPECT_TENSOR_EQ(out[0],
                     test::make_tensor(element::u8, {3, 4}, std::vector<int>{3, 4, 5, 9, 10, 11, 0, 1, 2, 6, 7, 8}));
    EXPECT_TENSOR_EQ(out[1], test::make_tensor(element::boolean, {}, std::vector<int>{0}));
}

TEST(IrReader, MatMulSoftmaxV11) {
    if (!has_op("MatMul"))
        GTEST_SKIP() << "MatMul is not in the op table yet";
    const std::vector<float> w = {1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1};  // 4x3, used transposed
    TempDir dir;
    write_file(dir.file("w.bin"), bytes_of(w));
    auto model = ir::read_model(data_path("matmul_softmax_v11.xml"), dir.file("w.bin"));
    const auto fc = find(*model, "fc");
    EXPECT_EQ(fc->get_type_name(), "MatMul");
    EXPECT_EQ(fc->get_output_partial_shape(0), PartialShape({2, 4}));
    const auto sm = find(*model, "scores");
    EXPECT_EQ(sm->get_type_name(), "Softmax");
    EXPECT_EQ(sm->get_version(), 1);
    const std::vector<float> x = {1, 2, 3, 0, 0, 0};
    const auto out = run_model(*model, {test::make_tensor(element::f32, {2, 3}, x)});
    // Row 0 logits (1, 2, 3, 6); row 1 all zero.
    const double e[] = {std::exp(1.0), std::exp(2.0), std::exp(3.0), std::exp(6.0)};
    const double s = e[0] + e[1] + e[2] + e[3];
    EXPECT_TENSOR_NEAR(
        out[0],
        test::make_tensor(element::f32, {2, 4},
                          std::vector<double>{e[0] / s, e[1] / s, e[2] / s, e[3] / s, 0.25, 0.25, 0.25, 0.25}),
        1e-6, 1e-5);
}

namespace {
std::string softmax_ir(const std::string& opset, int axis) {
    return R"(<?xml version="1.0"?>
<net name="sm" version="11"><layers>
<layer id="0" name="x" type="Parameter" version="opset1"><data shape="2,5" element_type="f32"/>
 <output><port id="0" precision="FP32"><dim>2</dim><dim>5</dim></port></output></layer>
<layer id="1" name="sm" type="SoftMax" version=")" +
           opset + R"("><data axis=")" + std::to_string(axis) + R"("/>
 <input><port id="0" precision="FP32"><dim>2</dim><dim>5</dim></port></input>
 <output><port id="1" precision="FP32"><dim>2</dim><dim>5</dim></port></output></layer>
<layer id="2" name="r" type="Result" version="opset1"><input><port id="0"/></input></layer>
</layers><edges>
<edge from-layer="0" from-port="0" to-layer="1" to-port="0"/>
<edge from-layer="1" from-port="1" to-layer="2" to-port="0"/>
</edges></net>)";
}
}  // namespace

TEST(IrReader, OpsetPicksTheNewestVersionNotAfterIt) {
    const std::pair<const char*, int64_t> cases[] = {
        {"opset1", 1}, {"opset7", 1}, {"opset8", 8}, {"opset13", 8}, {"opset15", 8}};
    for (const auto& [opset, version] : cases) {
        auto model = ir::read_model_from_memory(softmax_ir(opset, 1), Tensor());
        EXPECT_EQ(find(*model, "sm")->get_version(), version) << opset;
    }
    // A negative axis is Softmax-8 only: the opset decides whether the IR is valid.
    EXPECT_NO_THROW(ir::read_model_from_memory(softmax_ir("opset8", -1), Tensor()));
    EXPECT_THROW(ir::read_model_from_memory(softmax_ir("opset1", -1), Tensor()), ModelError);
    EXPECT_THROW(ir::read_model_from_memory(softmax_ir("opset7", -1), Tensor()), ModelError);
}

namespace {
std::string two_consts_ir(uint64_t offset_a, uint64_t offset_b) {
    return R"(<net name="c" version="11"><layers>
<layer id="0" name="a" type="Const" version="opset1"><data element_type="f32" shape="2" offset=")" +
           std::to_string(offset_a) + R"(" size="8"/>
 <output><port id="0" precision="FP32"><dim>2</dim></port></output></layer>
<layer id="1" name="b" type="Const" version="opset1"><data element_type="i16" shape="3" offset=")" +
           std::to_string(offset_b) + R"(" size="6"/>
 <output><port id="0" precision="I16"><dim>3</dim></port></output></layer>
<layer id="2" name="ra" type="Result" version="opset1"><input><port id="0"/></input></layer>
<layer id="3" name="rb" type="Result" version="opset1"><input><port id="0"/></input></layer>
</layers><edges>
<edge from-layer="0" from-port="0" to-layer="2" to-port="0"/>
<edge from-layer="1" from-port="0" to-layer="3" to-port="0"/>
</edges></net>)";
}
}  // namespace

TEST(IrReader, MemoryWeightsAreSharedWhenAlignedAndCopiedWhenNot) {
    const std::vector<float> a = {1.5f, -2.25f};
    const std::vector<int16_t> b = {7, -8, 300};
    // a at offset 4 (aligned), b at offset 13 (odd: misaligned for i16).
    std::string blob(32, '\x55');
    blob.replace(4, 8, bytes_of(a));
    blob.replace(13, 6, bytes_of(b));
    Tensor weights(element::u8, {blob.size()});
    std::memcpy(weights.data(), blob.data(), blob.size());

    Tensor ta, tb;
    {
        auto model = ir::read_model_from_memory(two_consts_ir(4, 13), weights);
        ta = find(*model, "a")->get_constant_value();
        tb = find(*model, "b")->get_constant_value();
        EXPECT_EQ(ta.data(), static_cast<char*>(weights.data()) + 4);  // a view, no copy
        EXPECT_NE(tb.data(), static_cast<char*>(weights.data()) + 13);
        EXPECT_EQ(reinterpret_cast<uintptr_t>(tb.data()) % alignof(int16_t), 0u);
    }
    EXPECT_EQ(bytes_of(ta), bytes_of(a));
    EXPECT_EQ(bytes_of(tb), bytes_of(b));
    EXPECT_EQ(tb.data<int16_t>()[2], 300);
}

TEST(IrReader, ParametersAndResultsFollowDocumentOrder) {
    // Layer ids are out of document order on purpose; document order decides.
    const std::string xml = R"(<net name="order" version="11"><layers>
<layer id="7" name="second_in" type="Parameter" version="opset1"><data shape="3" element_type="f32"/>
 <output><port id="0" precision="FP32" names="b"><dim>3</dim></port></output></layer>
<layer id="2" name="first_in" type="Parameter" version="opset1"><data shape="3" element_type="f32"/>
 <output><port id="0" precision="FP32" names="a"><dim>3</dim></port></output></layer>
<layer id="5" name="diff" type="Subtract" version="opset1">
 <input><port id="4"><dim>3</dim></port><port id="1"><dim>3</dim></port></input>
 <output><port id="9" precision="FP32" names="d"><dim>3</dim></port></output></layer>
<layer id="1" name="out_b" type="Result" version="opset1"><input><port id="0"/></input></layer>
<layer id="0" name="out_d" type="Result" version="opset1"><input><port id="0"/></input></layer>
</layers><edges>
<edge from-layer="2" from-port="0" to-layer="5" to-port="1"/>
<edge from-layer="7" from-port="0" to-layer="5" to-port="4"/>
<edge from-layer="5" from-port="9" to-layer="0" to-port="0"/>
<edge from-layer="7" from-port="0" to-layer="1" to-port="0"/>
</edges></net>)";
    auto model = ir::read_model_from_memory(xml, Tensor());
    ASSERT_EQ(model->get_parameters().size(), 2u);
    EXPECT_EQ(model->get_parameters()[0]->get_friendly_name(), "second_in");
    EXPECT_EQ(model->get_parameters()[1]->get_friendly_name(), "first_in");
    ASSERT_EQ(model->get_results().size(), 2u);
    EXPECT_EQ(model->get_results()[0]->get_friendly_name(), "out_b");
    EXPECT_EQ(model->get_results()[1]->get_friendly_name(), "out_d");
    // Input port 1 (from first_in) is input 0 of diff: ports count in id order.
    const auto out = run_model(*model, {test::make_tensor(element::f32, {3}, std::vector<float>{1, 2, 3}),
                                        test::make_tensor(element::f32, {3}, std::vector<float>{10, 20, 30})});
    EXPECT_TENSOR_EQ(out[1], test::make_tensor(element::f32, {3}, std::vector<float>{9, 18, 27}));
}

TEST(IrReader, UnusedParameterStaysAnInput) {
    const std::string xml = R"(<net name="u" version="10"><layers>
<layer id="0" name="used" type="Parameter" version="opset1"><data shape="2" element_type="FP16"/>
 <output><port id="0" precision="FP16"><dim>2</dim></port></output></layer>
<layer id="1" name="unused" type="Parameter" version="opset1"><data shape="1..4" element_type="i64"/>
 <output><port id="0" precision="I64"><dim>1..4</dim></port></output></layer>
<layer id="2" name="r" type="Result" version="opset1"><input><port id="0"><dim>2</dim></port></input></layer>
</layers><edges><edge from-layer="0" from-port="0" to-layer="2" to-port="0"/></edges></net>)";
    auto model = ir::read_model_from_memory(xml, Tensor());
    ASSERT_EQ(model->get_parameters().size(), 2u);
    EXPECT_EQ(model->input(0).get_element_type(), element::f16);
    EXPECT_EQ(model->input(1).get_partial_shape(), PartialShape({Dimension(1, 4)}));
}

TEST(IrReader, ZeroSizedConstantNeedsNoWeights) {
    const std::string xml = R"(<net name="z" version="11"><layers>
<layer id="0" name="empty" type="Const" version="opset1"><data element_type="f32" shape="0,3" offset="0" size="0"/>
 <output><port id="0" precision="FP32"><dim>0</dim><dim>3</dim></port></output></layer>
<layer id="1" name="r" type="Result" version="opset1"><input><port id="0"/></input></layer>
</layers><edges><edge from-layer="0" from-port="0" to-layer="1" to-port="0"/></edges></net>)";
    auto model = ir::read_model_from_memory(xml, Tensor());
    EXPECT_EQ(model->output(0).get_partial_shape(), PartialShape({0, 3}));
    TempDir dir;
    write_file(dir.file("z.xml"), xml);
    EXPECT_NO_THROW(ir::read_model(dir.file("z.xml")));  // z.bin does not exist: fine
}

TEST(IrReader, ReadValueAndAssignMakeAStatefulModel) {
    auto model = ir::read_model(data_path("read_value_assign_v11.xml"));
    ASSERT_EQ(model->get_sinks().size(), 1u);
    EXPECT_EQ(model->get_sinks()[0]->get_friendly_name(), "state/write");
    EXPECT_EQ(model->get_sinks()[0]->get_version(), 6);
    EXPECT_EQ(model->get_variable_ids(), std::vector<std::string>{"acc"});
    const auto read = find(*model, "state/read");
    EXPECT_EQ(read->get_type_name(), "ReadValue");
    EXPECT_EQ(read->get_version(), 6);
    EXPECT_EQ(read->get_output_partial_shape(0), PartialShape({1, 4}));
    // The Assign is part of the model (a sink) though no Result depends on it.
    bool found = false;
    for (const auto& n : model->get_ordered_ops())
        found = found || n == model->get_sinks()[0];
    EXPECT_TRUE(found);
}
