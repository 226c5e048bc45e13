// StringTensorPack-15 and StringTensorUnpack-15: ovcl has no string element type, so the IR reader refuses a
// model with either op (naming the layer, before any other error) or with a string Parameter or Constant. The
// IRs are trimmed from what OpenVINO 2026.4's save_model writes for these ops.
#include <gtest/gtest.h>

#include <string>

#include "common/test_utils.hpp"
#include "ovcl/ir.hpp"

using namespace ovcl;

namespace {

std::string parameter(int id, const char* type, const char* precision) {
    return "<layer id=\"" + std::to_string(id) + "\" name=\"p" + std::to_string(id) +
           "\" type=\"Parameter\" version=\"opset1\"><data shape=\"2\" element_type=\"" + type +
           "\"/><output><port id=\"0\" precision=\"" + precision + "\"><dim>2</dim></port></output></layer>";
}

std::string result(int id, const char* precision) {
    return "<layer id=\"" + std::to_string(id) + "\" name=\"r" + std::to_string(id) +
           "\" type=\"Result\" version=\"opset1\"><input><port id=\"0\" precision=\"" + precision +
           "\"><dim>2</dim></port></input></layer>";
}

std::string edge(int from, int from_port, int to, int to_port) {
    return "<edge from-layer=\"" + std::to_string(from) + "\" from-port=\"" + std::to_string(from_port) +
           "\" to-layer=\"" + std::to_string(to) + "\" to-port=\"" + std::to_string(to_port) + "\"/>";
}

std::string net(const std::string& layers, const std::string& edges) {
    return "<net name=\"strings\" version=\"11\"><layers>" + layers + "</layers><edges>" + edges + "</edges></net>";
}

// The reader's message for `xml`, which it must refuse with a ModelError.
std::string refusal(const std::string& xml) {
    try {
        ir::read_model_from_memory(xml, Tensor(element::u8, {0}));
    } catch (const ModelError& e) {
        return e.what();
    }
    ADD_FAILURE() << "the model was read";
    return "";
}

void expect_mentions(const std::string& msg, const std::string& part) {
    EXPECT_NE(msg.find(part), std::string::npos) << "'" << part << "' missing from: " << msg;
}

TEST(StringTensor, PackIsRefusedNamingTheLayer) {
    const std::string pack =
        "<layer id=\"3\" name=\"pack\" type=\"StringTensorPack\" version=\"opset15\"><input><port id=\"0\" "
        "precision=\"I32\"><dim>2</dim></port><port id=\"1\" precision=\"I32\"><dim>2</dim></port><port id=\"2\" "
        "precision=\"U8\"><dim>2</dim></port></input><output><port id=\"3\" precision=\"STRING\"><dim>2</dim></port>"
        "</output></layer>";
    const std::string msg = refusal(net(
        parameter(0, "i32", "I32") + parameter(1, "i32", "I32") + parameter(2, "u8", "U8") + pack + result(4, "STRING"),
        edge(0, 0, 3, 0) + edge(1, 0, 3, 1) + edge(2, 0, 3, 2) + edge(3, 3, 4, 0)));
    expect_mentions(msg, "layer 3 'pack' (StringTensorPack)");
    expect_mentions(msg, "string tensors, which ovcl does not support");
}

TEST(StringTensor, UnpackIsRefusedBeforeItsStringInput) {
    const std::string unpack =
        "<layer id=\"1\" name=\"unpack\" type=\"StringTensorUnpack\" version=\"opset15\"><input><port id=\"0\" "
        "precision=\"STRING\"><dim>2</dim></port></input><output><port id=\"1\" precision=\"I32\"><dim>2</dim></port>"
        "</output></layer>";
    const std::string msg =
        refusal(net(parameter(0, "string", "STRING") + unpack + result(2, "I32"), edge(0, 0, 1, 0) + edge(1, 1, 2, 0)));
    expect_mentions(msg, "layer 1 'unpack' (StringTensorUnpack)");
    expect_mentions(msg, "string tensors");
}

TEST(StringTensor, StringParameterIsRefused) {
    const std::string msg = refusal(net(parameter(0, "string", "STRING") + result(1, "STRING"), edge(0, 0, 1, 0)));
    expect_mentions(msg, "layer 0 'p0' (Parameter)");
    expect_mentions(msg, "string tensors are not supported");
}

}  // namespace
