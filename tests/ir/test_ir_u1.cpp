// u1 constants (1 bit per element, packed; BinaryConvolution's filter): the reader unpacks them into
// booleans, element i from bit i % 8 of byte i / 8 (least significant first, the order OpenVINO CPU's
// BinaryConvolution reads), checks the packed size, and the writer packs them back. The IR below is
// OpenVINO 2026.4's own (ov.save_model; the <data> line of the BinaryConvolution wrapped, ports on one line
// each, the result named y, no model rt_info); the expected outputs are its CPU plugin's on the same IR (exact).
#include <gtest/gtest.h>

#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ir/ir_test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using namespace ovcl::irtest;

namespace {

const char* const k_bconv = R"(<?xml version="1.0"?>
<net name="bconv" version="11">
	<layers>
		<layer id="0" name="x" type="Parameter" version="opset1">
			<data shape="1,8,2,3" element_type="f32" />
			<output>
				<port id="0" precision="FP32" names="x"><dim>1</dim><dim>8</dim><dim>2</dim><dim>3</dim></port>
			</output>
		</layer>
		<layer id="1" name="w" type="Const" version="opset1">
			<data element_type="u1" shape="2, 8, 2, 2" offset="0" size="8" />
			<output>
				<port id="0" precision="BIN"><dim>2</dim><dim>8</dim><dim>2</dim><dim>2</dim></port>
			</output>
		</layer>
		<layer id="2" name="bconv" type="BinaryConvolution" version="opset1">
			<data strides="1, 1" pads_begin="1, 1" pads_end="1, 1" dilations="1, 1" mode="xnor-popcount"
				pad_value="1" auto_pad="explicit" />
			<input>
				<port id="0" precision="FP32"><dim>1</dim><dim>8</dim><dim>2</dim><dim>3</dim></port>
				<port id="1" precision="BIN"><dim>2</dim><dim>8</dim><dim>2</dim><dim>2</dim></port>
			</input>
			<output>
				<port id="2" precision="FP32" names="y"><dim>1</dim><dim>2</dim><dim>3</dim><dim>4</dim></port>
			</output>
		</layer>
		<layer id="3" name="y" type="Result" version="opset1" output_names="y">
			<input>
				<port id="0" precision="FP32"><dim>1</dim><dim>2</dim><dim>3</dim><dim>4</dim></port>
			</input>
		</layer>
	</layers>
	<edges>
		<edge from-layer="0" from-port="0" to-layer="2" to-port="0" />
		<edge from-layer="1" from-port="0" to-layer="2" to-port="1" />
		<edge from-layer="2" from-port="2" to-layer="3" to-port="0" />
	</edges>
</net>
)";
const std::string k_bconv_bin("\x01\x80\xa5\x3c\xff\x00\x0f\x96", 8);

/// A u1 Const [3, 3] (9 bits in 2 bytes) -> Result, with the given size attribute.
std::string nine_bits_xml(const std::string& size) {
    return R"(<?xml version="1.0"?>
<net name="bits" version="11">
	<layers>
		<layer id="0" name="w" type="Const" version="opset1">
			<data element_type="u1" shape="3,3" offset="0" size=")" +
           size + R"(" />
			<output><port id="0" precision="BIN"><dim>3</dim><dim>3</dim></port></output>
		</layer>
		<layer id="1" name="out" type="Result" version="opset1">
			<input><port id="0" precision="BIN"><dim>3</dim><dim>3</dim></port></input>
		</layer>
	</layers>
	<edges><edge from-layer="0" from-port="0" to-layer="1" to-port="0" /></edges>
</net>
)";
}

std::shared_ptr<Model> read(const std::string& xml, const std::string& bin) {
    Tensor weights(element::u8, {bin.size()});
    if (!bin.empty())
        std::memcpy(weights.data(), bin.data(), bin.size());
    return ir::read_model_from_memory(xml, weights);
}

Tensor the_constant(const Model& m) {  // the value of the model's one Constant ("w")
    for (const auto& n : m.get_ordered_ops())
        if (n->is_constant())
            return n->get_constant_value();
    throw std::runtime_error("the model has no constant");
}

std::vector<double> bconv_input() {  // the values the CPU ran on: -1, -0.5, 0, 0.5, 1
    std::vector<double> v(48);
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = static_cast<double>((i * 37 + (i * i) % 11) % 5) / 2 - 1;
    return v;
}

}  // namespace

TEST(IrU1, AnIrWrittenByOpenVinoRunsAsOpenVinoCpuRunsIt) {
    const auto model = read(k_bconv, k_bconv_bin);
    const Tensor w = the_constant(*model);
    EXPECT_EQ(w.get_element_type(), element::boolean);
    EXPECT_EQ(w.get_shape(), (Shape{2, 8, 2, 2}));
    const auto bits = test::values(w);
    // Bytes 0x01, 0x80, 0xa5: bit 0 first.
    EXPECT_EQ(std::vector<double>(bits.begin(), bits.begin() + 24),
              (std::vector<double>{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1}));
    const Tensor x = test::make_tensor(element::f32, {1, 8, 2, 3}, bconv_input());
    const TensorVector y = run_model(*model, {x});
    ASSERT_EQ(y.size(), 1u);
    EXPECT_EQ(y[0].get_shape(), (Shape{1, 2, 3, 4}));
    EXPECT_EQ(test::values(y[0]), (std::vector<double>{-8, -8, 0, -8, 6, 2, 0, -4, -6, -6, 0, -4,
                                                      0, 0, 8, 0, -6, 6, 8, 0, -2, -2, 0, 4}));
}

TEST(IrU1, APartialLastByteUnpacksItsLowBits) {
    // 9 elements: 0xa5 gives the first eight, bit 0 of the second byte the ninth; its other bits are unused.
    const auto model = read(nine_bits_xml("2"), std::string("\xa5\xff", 2));
    const Tensor w = the_constant(*model);
    EXPECT_EQ(w.get_shape(), (Shape{3, 3}));
    EXPECT_EQ(test::values(w), (std::vector<double>{1, 0, 1, 0, 0, 1, 0, 1, 1}));
}

TEST(IrU1, ThePackedSizeIsChecked) {
    TempDir dir;
    const auto expect_error = [&](const std::string& name, const std::string& xml, const std::string& bin,
                                  const std::string& fragment, const std::string& layer = "layer 0 'w'") {
        SCOPED_TRACE(name);
        write_file(dir.file(name + ".xml"), xml);
        write_file(dir.file(name + ".bin"), bin);
        try {
            ir::read_model(dir.file(name + ".xml"));
            ADD_FAILURE() << "no exception";
        } catch (const ModelError& e) {
            const std::string msg = e.what();
            EXPECT_NE(msg.find(name + ".xml"), std::string::npos) << msg;
            EXPECT_NE(msg.find(layer), std::string::npos) << msg;
            EXPECT_NE(msg.find(fragment), std::string::npos) << msg;
        }
    };
    // 9 bits need 2 bytes, not 1 (one per 8 elements, rounded down). A larger size is read as OpenVINO reads it: the
    // data is the range's first 2 bytes.
    expect_error("size_1", nine_bits_xml("1"), std::string(2, '\0'), "the 2 bytes of a u1 constant of shape [3,3]");
    write_file(dir.file("size_9.xml"), nine_bits_xml("9"));
    write_file(dir.file("size_9.bin"), std::string(9, '\0'));
    EXPECT_NO_THROW(ir::read_model(dir.file("size_9.xml")));
    expect_error("short_bin", nine_bits_xml("2"), std::string(1, '\0'), "beyond the end of the weights");
    expect_error("bconv_short_bin", k_bconv, k_bconv_bin.substr(0, 7), "beyond the end of the weights",
                 "layer 1 'w' (Const)");
}

TEST(IrU1, WritingPacksItBackAndReadsTheSame) {
    const auto model = read(k_bconv, k_bconv_bin);
    std::ostringstream xml, bin;
    ir::serialize(*model, xml, bin);
    EXPECT_EQ(bin.str(), k_bconv_bin);  // the same bytes: OpenVINO reads back what it wrote
    EXPECT_NE(xml.str().find("element_type=\"u1\""), std::string::npos);
    const auto again = read(xml.str(), bin.str());
    expect_same_graph(*model, *again);
    // A boolean filter built in code has no u1 text: it is written as boolean, a byte per element.
    const auto f = op::constant(test::make_tensor<double>(element::boolean, {1, 8, 1, 1}, {1, 0, 0, 1, 1, 1, 0, 1}));
    const auto p = op::parameter(element::f32, Shape{1, 8, 1, 1});
    const auto c = op::make("BinaryConvolution", {p, f},
                            {{"strides", "1,1"}, {"pads_begin", "0,0"}, {"pads_end", "0,0"}, {"dilations", "1,1"},
                             {"mode", "xnor-popcount"}, {"pad_value", "0"}},
                            1);
    const Model built(NodeVector{op::result(c)}, NodeVector{p}, "built");
    std::ostringstream xml2, bin2;
    ir::serialize(built, xml2, bin2);
    EXPECT_NE(xml2.str().find("element_type=\"boolean\""), std::string::npos);
    EXPECT_EQ(bin2.str().size(), 8u);
    expect_same_graph(built, *read(xml2.str(), bin2.str()));
}
