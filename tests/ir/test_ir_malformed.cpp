// Malformed IR: every case must raise ovcl::ModelError naming the file and, where a layer is
// at fault, the layer (never a crash: CI runs this under ASan and UBSan). Each case edits a
// valid base IR (Parameter + Const -> Add -> ReLU -> Result) in one place.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "ir/ir_test_utils.hpp"

using namespace ovcl;
using namespace ovcl::irtest;

namespace {

const char* const k_base = R"(<?xml version="1.0"?>
<net name="base" version="11">
	<layers>
		<layer id="0" name="in" type="Parameter" version="opset1">
			<data shape="1,4" element_type="f32" />
			<output>
				<port id="0" precision="FP32" names="in"><dim>1</dim><dim>4</dim></port>
			</output>
		</layer>
		<layer id="1" name="w" type="Const" version="opset1">
			<data element_type="f32" shape="1,4" offset="0" size="16" />
			<output>
				<port id="0" precision="FP32"><dim>1</dim><dim>4</dim></port>
			</output>
		</layer>
		<layer id="2" name="sum" type="Add" version="opset1">
			<data auto_broadcast="numpy" />
			<input>
				<port id="0" precision="FP32"><dim>1</dim><dim>4</dim></port>
				<port id="1" precision="FP32"><dim>1</dim><dim>4</dim></port>
			</input>
			<output>
				<port id="2" precision="FP32" names="sum"><dim>1</dim><dim>4</dim></port>
			</output>
		</layer>
		<layer id="3" name="act" type="ReLU" version="opset1">
			<input>
				<port id="0" precision="FP32"><dim>1</dim><dim>4</dim></port>
			</input>
			<output>
				<port id="1" precision="FP32"><dim>1</dim><dim>4</dim></port>
			</output>
		</layer>
		<layer id="4" name="out" type="Result" version="opset1">
			<input>
				<port id="0" precision="FP32"><dim>1</dim><dim>4</dim></port>
			</input>
		</layer>
	</layers>
	<edges>
		<edge from-layer="0" from-port="0" to-layer="2" to-port="0" />
		<edge from-layer="1" from-port="0" to-layer="2" to-port="1" />
		<edge from-layer="2" from-port="2" to-layer="3" to-port="0" />
		<edge from-layer="3" from-port="1" to-layer="4" to-port="0" />
	</edges>
</net>
)";

/// The base with `from` (which must occur exactly once) replaced by `to`.
std::string edit(const std::string& from, const std::string& to, std::string xml = k_base) {
    const auto at = xml.find(from);
    if (at == std::string::npos || xml.find(from, at + 1) != std::string::npos)
        throw std::runtime_error("test bug: '" + from + "' does not occur exactly once");
    return xml.replace(at, from.size(), to);
}

const std::string k_bin(16, '\0');

/// Writes xml (and the 16-byte .bin unless bin is null) to <name>.xml/.bin in a temporary
/// directory, reads it and checks the ModelError names the file and each fragment.
void expect_error(const std::string& name, const std::string& xml, const std::vector<std::string>& fragments,
                  const std::string* bin = &k_bin) {
    SCOPED_TRACE(name);
    TempDir dir;
    const std::string file = name + ".xml";
    write_file(dir.file(file), xml);
    if (bin)
        write_file(dir.file(name + ".bin"), *bin);
    try {
        ir::read_model(dir.file(file));
        ADD_FAILURE() << "no exception";
    } catch (const ModelError& e) {
        const std::string msg = e.what();
        EXPECT_NE(msg.find(file), std::string::npos) << "the message does not name the file: " << msg;
        for (const auto& f : fragments)
            EXPECT_NE(msg.find(f), std::string::npos) << "'" << f << "' is not in: " << msg;
    } catch (const std::exception& e) {
        ADD_FAILURE() << "not a ModelError: " << e.what();
    }
}

}  // namespace

TEST(IrMalformed, TheBaseIsValid) {
    TempDir dir;
    write_file(dir.file("base.xml"), k_base);
    write_file(dir.file("base.bin"), k_bin);
    EXPECT_NO_THROW(ir::read_model(dir.file("base.xml")));
}

TEST(IrMalformed, XmlSyntaxError) {
    expect_error("truncated", std::string(k_base).substr(0, 700), {"XML parse error", "line"});
    expect_error("mismatched_tag", edit("</layers>", "</layer>"), {"XML parse error"});
}

TEST(IrMalformed, EmptyAndNonXmlFiles) {
    expect_error("empty", "", {});
    expect_error("text", "this is not xml at all", {});
}

TEST(IrMalformed, NoNetElement) {
    expect_error("no_net", "<?xml version=\"1.0\"?><model version=\"11\"><layers/></model>", {"no <net>"});
}

TEST(IrMalformed, NetVersionMissingOrUnsupported) {
    expect_error("net_no_version", edit("<net name=\"base\" version=\"11\">", "<net name=\"base\">"), {"version"});
    expect_error("net_version_7", edit("version=\"11\"", "version=\"7\""), {"unsupported IR version '7'"});
}

TEST(IrMalformed, NoLayersElement) {
    expect_error("no_layers", "<net name=\"x\" version=\"11\"><edges/></net>", {"no <layers>"});
}

TEST(IrMalformed, UnknownOperationType) {
    expect_error("unknown_type", edit("type=\"ReLU\"", "type=\"Frobnicate\""),
                 {"layer 3 'act' (Frobnicate)", "unknown operation type"});
}

TEST(IrMalformed, UnknownOrBadOpsetVersion) {
    for (const std::string v : {"opset99", "opset17", "opset0", "experimental", "extension", "opsetX", "opset", ""})
        expect_error("opset_" + (v.empty() ? std::string("empty") : v),
                     edit("type=\"ReLU\" version=\"opset1\"", "type=\"ReLU\" version=\"" + v + "\""),
                     {"layer 3 'act'", "operation set version '" + v + "'"});
}

TEST(IrMalformed, LayerVersionMissing) {
    expect_error("layer_no_version", edit("type=\"ReLU\" version=\"opset1\"", "type=\"ReLU\""),
                 {"layer 3 'act'", "no version"});
}

TEST(IrMalformed, OperationNotInTheOpset) {
    // Gelu first appears in opset2.
    expect_error("gelu_opset1", edit("type=\"ReLU\" version=\"opset1\"", "type=\"Gelu\" version=\"opset1\""),
                 {"layer 3 'act'", "no version in opset1"});
}

TEST(IrMalformed, LayerIdMissingBadOrHuge) {
    expect_error("id_missing", edit("<layer id=\"3\" ", "<layer "), {"'act'", "no id"});
    expect_error("id_text", edit("<layer id=\"3\" ", "<layer id=\"x3\" "), {"layer x3 'act'", "id"});
    expect_error("id_negative", edit("<layer id=\"3\" ", "<layer id=\"-3\" "), {"layer -3 'act'"});
    expect_error("id_huge", edit("<layer id=\"3\" ", "<layer id=\"99999999999999999999999\" "),
                 {"layer 99999999999999999999999 'act'"});
}

TEST(IrMalformed, DuplicateLayerId) {
    expect_error("dup_id", edit("<layer id=\"3\" ", "<layer id=\"2\" "), {"layer 2 'act'", "duplicate layer id 2"});
}

TEST(IrMalformed, LayerTypeMissing) {
    expect_error("no_type", edit(" type=\"ReLU\"", ""), {"layer 3 'act'", "no type"});
}

TEST(IrMalformed, EdgeToMissingLayer) {
    expect_error("edge_to_missing", edit("to-layer=\"4\"", "to-layer=\"9\""), {"to-layer 9 does not exist"});
}

TEST(IrMalformed, EdgeFromMissingLayer) {
    expect_error("edge_from_missing", edit("from-layer=\"3\"", "from-layer=\"42\""), {"from-layer 42 does not exist"});
}

TEST(IrMalformed, EdgeIntoUnknownInputPort) {
    expect_error("edge_bad_to_port",
                 edit("from-layer=\"2\" from-port=\"2\" to-layer=\"3\" to-port=\"0\"",
                      "from-layer=\"2\" from-port=\"2\" to-layer=\"3\" to-port=\"7\""),
                 {"layer 3 'act'", "port 7", "not an input port"});
}

TEST(IrMalformed, EdgeFromOutputPortThatDoesNotExist) {
    expect_error("edge_bad_from_port", edit("from-layer=\"2\" from-port=\"2\"", "from-layer=\"2\" from-port=\"5\""),
                 {"layer 2 'sum'", "port 5", "not an output port"});
    // Port 0 of layer 2 exists, but as an input.
    expect_error("edge_from_input_port", edit("from-layer=\"2\" from-port=\"2\"", "from-layer=\"2\" from-port=\"0\""),
                 {"layer 2 'sum'", "port 0", "not an output port"});
}

TEST(IrMalformed, EdgeAttributesMissingOrNotNumbers) {
    expect_error("edge_text", edit("from-layer=\"3\"", "from-layer=\"three\""), {"edge #3", "from-layer"});
    expect_error("edge_no_to_port", edit("to-layer=\"4\" to-port=\"0\"", "to-layer=\"4\""), {"edge #3", "to-port"});
}

TEST(IrMalformed, TwoEdgesIntoOneInput) {
    expect_error(
        "dup_edge",
        edit("</edges>", "\t<edge from-layer=\"0\" from-port=\"0\" to-layer=\"3\" to-port=\"0\" />\n\t</edges>"),
        {"layer 3 'act'", "more than one incoming edge"});
}

TEST(IrMalformed, InputLeftUnconnected) {
    expect_error("unconnected", edit("<edge from-layer=\"1\" from-port=\"0\" to-layer=\"2\" to-port=\"1\" />", ""),
                 {"layer 2 'sum'", "input port 1 is not connected"});
}

TEST(IrMalformed, DuplicateOrBadPortId) {
    expect_error(
        "dup_port",
        edit("<port id=\"2\" precision=\"FP32\" names=\"sum\">", "<port id=\"1\" precision=\"FP32\" names=\"sum\">"),
        {"layer 2 'sum'", "duplicate port id 1"});
    expect_error(
        "bad_port_id",
        edit("<port id=\"2\" precision=\"FP32\" names=\"sum\">", "<port id=\"-2\" precision=\"FP32\" names=\"sum\">"),
        {"layer 2 'sum'", "bad id '-2'"});
}

TEST(IrMalformed, ConstBeyondTheBin) {
    expect_error("const_beyond", edit("offset=\"0\" size=\"16\"", "offset=\"8\" size=\"16\""),
                 {"layer 1 'w' (Const)", "beyond the end"});
    expect_error("const_offset_huge", edit("offset=\"0\" size=\"16\"", "offset=\"18446744073709551615\" size=\"16\""),
                 {"layer 1 'w'", "beyond the end"});
}

TEST(IrMalformed, ConstSizeSmallerThanItsShape) {
    expect_error("const_size", edit("offset=\"0\" size=\"16\"", "offset=\"0\" size=\"12\""),
                 {"layer 1 'w'", "size 12 is smaller than the 16 bytes"});
    // A larger size is taken (below) only while its range lies in the .bin, as OpenVINO checks it.
    expect_error("const_size_past_bin", edit("offset=\"0\" size=\"16\"", "offset=\"0\" size=\"17\""),
                 {"layer 1 'w'", "beyond the end"});
}

// OpenVINO's reader takes a Const whose size exceeds its data (save_model writes an empty constant with size 1):
// the data is the first bytes of the range.
TEST(IrLeniency, ConstSizeLargerThanItsShapeAsOpenVinoSavesIt) {
    Tensor weights(element::u8, Shape{20});
    const float w[4] = {1.f, -2.f, 3.f, -4.f};
    std::memcpy(weights.data(), w, sizeof w);
    std::shared_ptr<Model> model;
    ASSERT_NO_THROW(model = ir::read_model_from_memory(
                        edit("offset=\"0\" size=\"16\"", "offset=\"0\" size=\"20\""), weights));
    std::shared_ptr<Node> constant;
    for (const auto& node : model->get_ordered_ops())
        if (node->get_friendly_name() == "w")
            constant = node;
    ASSERT_TRUE(constant && constant->is_constant());
    const Tensor value = constant->get_constant_value();
    ASSERT_EQ(value.get_shape(), Shape({1, 4}));
    EXPECT_EQ(std::vector<float>(value.data<float>(), value.data<float>() + 4), std::vector<float>(w, w + 4));

    // The empty constant as OpenVINO saves it, concatenated to the input: a model of one Concat.
    std::string empty = edit("element_type=\"f32\" shape=\"1,4\" offset=\"0\" size=\"16\"",
                             "element_type=\"f32\" shape=\"1,0\" offset=\"16\" size=\"1\"");
    empty = edit("<port id=\"0\" precision=\"FP32\"><dim>1</dim><dim>4</dim></port>\n\t\t\t</output>\n\t\t</layer>\n\t\t"
                 "<layer id=\"2\" name=\"sum\" type=\"Add\" version=\"opset1\">\n\t\t\t<data auto_broadcast=\"numpy\" />",
                 "<port id=\"0\" precision=\"FP32\"><dim>1</dim><dim>0</dim></port>\n\t\t\t</output>\n\t\t</layer>\n\t\t"
                 "<layer id=\"2\" name=\"sum\" type=\"Concat\" version=\"opset1\">\n\t\t\t<data axis=\"1\" />",
                 empty);
    ASSERT_NO_THROW(model = ir::read_model_from_memory(empty, weights));
    EXPECT_EQ(model->outputs().at(0).get_partial_shape(), PartialShape({1, 4}));
}

TEST(IrMalformed, MissingBin) { expect_error("no_bin", k_base, {"layer 1 'w'", "cannot open weights file"}, nullptr); }

TEST(IrMalformed, BadElementTypes) {
    expect_error("const_f33",
                 edit("element_type=\"f32\" shape=\"1,4\" offset", "element_type=\"f33\" shape=\"1,4\" offset"),
                 {"layer 1 'w'", "element_type", "f33"});
    expect_error("const_dynamic",
                 edit("element_type=\"f32\" shape=\"1,4\" offset", "element_type=\"dynamic\" shape=\"1,4\" offset"),
                 {"layer 1 'w'", "static"});
    expect_error("param_float", edit("shape=\"1,4\" element_type=\"f32\"", "shape=\"1,4\" element_type=\"float\""),
                 {"layer 0 'in' (Parameter)", "element_type"});
}

// OpenVINO's reader takes a port's precision and dims as information only (checked with the openvino wheel:
// an unknown precision name, another type, other dims or another rank all read): types and shapes come from
// the producers and shape inference. Dims must still parse (NegativeOrNonNumericDims).
TEST(IrLeniency, PortPrecisionAndDimsAreInformational) {
    const std::string act_out = "<port id=\"1\" precision=\"FP32\"><dim>1</dim><dim>4</dim></port>\n\t\t\t</output>";
    const std::string add_in = "<port id=\"0\" precision=\"FP32\"><dim>1</dim><dim>4</dim></port>\n\t\t\t\t<port id=\"1\"";
    const std::vector<std::pair<std::string, std::string>> edits{
        {act_out, "<port id=\"1\" precision=\"FP33\"><dim>1</dim><dim>4</dim></port>\n\t\t\t</output>"},
        {act_out, "<port id=\"1\" precision=\"I64\"><dim>1</dim><dim>4</dim></port>\n\t\t\t</output>"},
        {add_in, "<port id=\"0\" precision=\"BOOL\"><dim>7</dim></port>\n\t\t\t\t<port id=\"1\""},
        {act_out, "<port id=\"1\" precision=\"FP32\"><dim>2</dim><dim>3</dim><dim>5</dim></port>\n\t\t\t</output>"},
        {"precision=\"FP32\" names=\"sum\"", "precision=\"I64\" names=\"sum\""},
        {"names=\"sum\"><dim>1</dim><dim>4</dim>", "names=\"sum\"><dim>1</dim><dim>5</dim>"},
        {"names=\"sum\"><dim>1</dim><dim>4</dim>", "names=\"sum\"><dim>4</dim>"},
    };
    Tensor weights(element::u8, Shape{16});
    for (const auto& [from, to] : edits) {
        SCOPED_TRACE(to);
        std::shared_ptr<Model> model;
        ASSERT_NO_THROW(model = ir::read_model_from_memory(edit(from, to), weights));
        EXPECT_EQ(model->outputs().at(0).get_element_type(), element::f32);
        EXPECT_EQ(model->outputs().at(0).get_partial_shape(), PartialShape({1, 4}));
    }
}

TEST(IrMalformed, NegativeOrNonNumericDims) {
    const std::string port = "<port id=\"2\" precision=\"FP32\" names=\"sum\"><dim>1</dim><dim>4</dim>";
    expect_error("dim_negative",
                 edit(port, "<port id=\"2\" precision=\"FP32\" names=\"sum\"><dim>1</dim><dim>-3</dim>"),
                 {"layer 2 'sum'", "output port 2", "negative dimension -3"});
    expect_error("dim_text", edit(port, "<port id=\"2\" precision=\"FP32\" names=\"sum\"><dim>1</dim><dim>four</dim>"),
                 {"layer 2 'sum'", "output port 2", "'four' is not a number"});
    expect_error("dim_range", edit(port, "<port id=\"2\" precision=\"FP32\" names=\"sum\"><dim>1</dim><dim>9..2</dim>"),
                 {"layer 2 'sum'", "bad dimension range"});
    expect_error(
        "dim_huge",
        edit(port, "<port id=\"2\" precision=\"FP32\" names=\"sum\"><dim>1</dim><dim>99999999999999999999</dim>"),
        {"layer 2 'sum'", "not a number"});
    expect_error("shape_negative", edit("shape=\"1,4\" element_type=\"f32\"", "shape=\"1,-4\" element_type=\"f32\""),
                 {"layer 0 'in'", "-4"});
    expect_error("shape_text", edit("shape=\"1,4\" element_type=\"f32\"", "shape=\"1,x\" element_type=\"f32\""),
                 {"layer 0 'in'", "shape"});
    expect_error("const_shape_dynamic", edit("shape=\"1,4\" offset", "shape=\"?,4\" offset"),
                 {"layer 1 'w'", "not static"});
}

TEST(IrMalformed, Cycle) {
    // sum takes act's output and act takes sum's: a loop, with the Parameter left dangling.
    std::string xml = edit("<edge from-layer=\"0\" from-port=\"0\" to-layer=\"2\" to-port=\"0\" />",
                           "<edge from-layer=\"3\" from-port=\"1\" to-layer=\"2\" to-port=\"0\" />");
    xml = edit("<edge from-layer=\"3\" from-port=\"1\" to-layer=\"4\" to-port=\"0\" />",
               "<edge from-layer=\"0\" from-port=\"0\" to-layer=\"4\" to-port=\"0\" />", xml);
    expect_error("cycle", xml, {"cycle", "layer"});
    // A layer feeding itself.
    expect_error("self_loop",
                 edit("from-layer=\"2\" from-port=\"2\" to-layer=\"3\" to-port=\"0\"",
                      "from-layer=\"3\" from-port=\"1\" to-layer=\"3\" to-port=\"0\""),
                 {"layer 3 'act'", "cycle"});
}

TEST(IrMalformed, ShapeInferenceFailure) {
    // Add of [1,3] and [1,4]: not broadcastable.
    std::string xml = edit("shape=\"1,4\" element_type=\"f32\"", "shape=\"1,3\" element_type=\"f32\"");
    xml = edit("names=\"in\"><dim>1</dim><dim>4</dim>", "names=\"in\"><dim>1</dim><dim>3</dim>", xml);
    xml = edit(
        "<input>\n\t\t\t\t<port id=\"0\" precision=\"FP32\"><dim>1</dim><dim>4</dim></port>\n\t\t\t\t<port id=\"1\"",
        "<input>\n\t\t\t\t<port id=\"0\" precision=\"FP32\"><dim>1</dim><dim>3</dim></port>\n\t\t\t\t<port id=\"1\"",
        xml);
    expect_error("add_mismatch", xml, {"layer 2 'sum' (Add)", "[1,3]", "[1,4]"});
}

TEST(IrMalformed, BadAttributeValue) {
    expect_error("bad_broadcast", edit("auto_broadcast=\"numpy\"", "auto_broadcast=\"sideways\""),
                 {"layer 2 'sum'", "sideways"});
    expect_error("const_offset_text", edit("offset=\"0\"", "offset=\"zero\""), {"layer 1 'w'", "bad offset"});
}

TEST(IrMalformed, ConstAttributeMissing) {
    expect_error("const_no_size", edit(" size=\"16\"", ""), {"layer 1 'w'", "'size'"});
}

TEST(IrMalformed, ParameterWithoutShape) {
    expect_error("param_no_shape", edit("shape=\"1,4\" element_type=\"f32\"", "element_type=\"f32\""),
                 {"layer 0 'in'", "shape"});
}

TEST(IrMalformed, ResultWithTwoInputs) {
    std::string xml = edit(
        "<port id=\"0\" precision=\"FP32\"><dim>1</dim><dim>4</dim></port>\n\t\t\t</input>\n\t\t</layer>\n\t</layers>",
        "<port id=\"0\" precision=\"FP32\"><dim>1</dim><dim>4</dim></port>\n"
        "<port id=\"1\" precision=\"FP32\"><dim>1</dim><dim>4</dim></port>\n\t\t\t</input>\n\t\t</layer>\n\t</layers>");
    xml = edit("</edges>", "<edge from-layer=\"0\" from-port=\"0\" to-layer=\"4\" to-port=\"1\" /></edges>", xml);
    expect_error("result_two_inputs", xml, {"layer 4 'out' (Result)"});
}

TEST(IrMalformed, HugeDimsOverflowTheByteSize) {
    expect_error(
        "const_overflow",
        edit("shape=\"1,4\" offset=\"0\" size=\"16\"", "shape=\"4294967296,4294967296,16\" offset=\"0\" size=\"16\""),
        {"layer 1 'w'", "overflows"});
}

TEST(IrMalformed, OutputPortCountDisagrees) {
    expect_error("two_outputs",
                 edit("<port id=\"2\" precision=\"FP32\" names=\"sum\"><dim>1</dim><dim>4</dim></port>",
                      "<port id=\"2\" precision=\"FP32\" names=\"sum\"><dim>1</dim><dim>4</dim></port>"
                      "<port id=\"3\" precision=\"FP32\"><dim>1</dim><dim>4</dim></port>"),
                 {"layer 2 'sum'", "2 output ports", "has 1"});
}

TEST(IrMalformed, NoResultLayer) {
    std::string xml = edit("<edge from-layer=\"3\" from-port=\"1\" to-layer=\"4\" to-port=\"0\" />", "");
    const std::string result_layer =
        "\t\t<layer id=\"4\" name=\"out\" type=\"Result\" version=\"opset1\">\n"
        "\t\t\t<input>\n"
        "\t\t\t\t<port id=\"0\" precision=\"FP32\"><dim>1</dim><dim>4</dim></port>\n"
        "\t\t\t</input>\n"
        "\t\t</layer>\n";
    xml = edit(result_layer, "", xml);
    expect_error("no_result", xml, {"no Result"});
}

TEST(IrMalformed, ConstWithAnInput) {
    std::string xml = edit("<data element_type=\"f32\" shape=\"1,4\" offset=\"0\" size=\"16\" />",
                           "<data element_type=\"f32\" shape=\"1,4\" offset=\"0\" size=\"16\" />"
                           "<input><port id=\"5\"><dim>1</dim><dim>4</dim></port></input>");
    xml = edit("</edges>", "<edge from-layer=\"0\" from-port=\"0\" to-layer=\"1\" to-port=\"5\" /></edges>", xml);
    expect_error("const_input", xml, {"layer 1 'w'"});
}

TEST(IrMalformed, MissingXmlFile) {
    TempDir dir;
    try {
        ir::read_model(dir.file("nowhere.xml"));
        ADD_FAILURE() << "no exception";
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find("nowhere.xml"), std::string::npos) << e.what();
    }
    std::filesystem::create_directory(dir.file("folder.xml"));
    try {
        ir::read_model(dir.file("folder.xml"));
        ADD_FAILURE() << "no exception";
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find("folder.xml: is a directory"), std::string::npos) << e.what();
    }
}

TEST(IrMalformed, InMemoryErrorsNameTheMemory) {
    try {
        ir::read_model_from_memory(k_base, Tensor());  // the Const needs 16 bytes
        ADD_FAILURE() << "no exception";
    } catch (const ModelError& e) {
        const std::string msg = e.what();
        EXPECT_NE(msg.find("<memory>: layer 1 'w'"), std::string::npos) << msg;
    }
    Tensor short_weights(element::u8, {8});
    EXPECT_THROW(ir::read_model_from_memory(k_base, short_weights), ModelError);
    Tensor strided(Tensor(element::u8, {4, 8}), {0, 0}, {4, 4});  // not dense
    EXPECT_THROW(ir::read_model_from_memory(k_base, strided), ModelError);
}

TEST(IrMalformed, RtInfoNestedTooDeep) {
    std::string deep;
    for (int i = 0; i < 10000; ++i)
        deep += "<a>";
    for (int i = 0; i < 10000; ++i)
        deep += "</a>";
    expect_error("deep_rt_info", edit("</edges>", "</edges><rt_info>" + deep + "</rt_info>"), {"rt_info", "nested"});
}

TEST(IrMalformed, NoLayersAtAll) {
    expect_error("zero_layers", "<net name=\"x\" version=\"11\"><layers></layers><edges/></net>", {"no layers"});
}
