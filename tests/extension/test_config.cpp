// A custom op defined only by a custom-kernel config (.xml) and its .cl file, read inside an IR
// model, run on the GPU; query_model; REF's refusal; every malformed config's error (file:line).
#include <regex>

#include "extension/extension_test_utils.hpp"

namespace ovcl {
namespace test {
namespace {

// ScaledSwish of `shape` with alpha/beta as the IR gives them, written as .xml/.bin and read back.
std::shared_ptr<Model> swish_ir(Core& core, const ScratchDir& dir, const Shape& shape, const Attributes& attrs) {
    auto model = one_op_model("ScaledSwish", {PartialShape(shape)}, attrs);
    ir::write_model(*model, dir.file("swish.xml"));
    return core.read_model(dir.file("swish.xml"));
}

TEST(ExtensionConfig, XmlAndClOnlyRunOnGpuAndMatchTheFormula) {
    OVCL_REQUIRE_GPU();
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    core.add_extension(extension_data("scaled_swish.xml"));
    ScratchDir dir;
    const Shape shape{2, 3, 17, 5};  // 510 elements: the last work-group is partly past the end
    auto model = swish_ir(core, dir, shape, {{"alpha", "1.5"}, {"beta", "0.75"}});
    std::ifstream written(dir.file("swish.xml"));
    const std::string text((std::istreambuf_iterator<char>(written)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("type=\"ScaledSwish\" version=\"extension\""), std::string::npos) << text;

    const Tensor x = random_tensor(element::f32, shape, -6.0, 6.0, 7);
    auto compiled = core.compile_model(model, "GPU");
    EXPECT_EQ(primitive_of(compiled, "op"), "extension_ScaledSwish");  // the user's kernel, not a host step
    auto request = compiled.create_infer_request();
    request.set_input_tensor(x);
    request.infer();
    EXPECT_TENSOR_NEAR(request.get_output_tensor(), scaled_swish(x, 1.5f, 0.75f), 1e-5, 1e-5);
    // Hand-checked: swish(2) with alpha 1.5, beta 0.75 = 1.5 * 2 / (1 + e^-1.5) = 2.452723...
    Tensor two = make_tensor<float>(element::f32, shape, std::vector<float>(shape_size(shape), 2.0f));
    request.set_input_tensor(two);
    request.infer();
    EXPECT_NEAR(request.get_output_tensor().data<float>()[509], 2.452723, 1e-5);
}

TEST(ExtensionConfig, DefaultsApplyWhenTheLayerOmitsAttributes) {
    OVCL_REQUIRE_GPU();
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    core.add_extension(extension_data("scaled_swish.xml"));
    ScratchDir dir;
    auto model = swish_ir(core, dir, {64}, {});  // alpha = beta = 1: plain swish
    const Tensor x = random_tensor(element::f32, {64}, -4.0, 4.0, 3);
    EXPECT_TENSOR_NEAR(infer_on(core, model, "GPU", {x})[0], scaled_swish(x, 1.0f, 1.0f), 1e-5, 1e-5);
}

TEST(ExtensionConfig, GpuMatchesTheHostImplementationOnRef) {
    OVCL_REQUIRE_GPU();
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto exts = read_kernel_config(extension_data("scaled_swish.xml"));
    ASSERT_EQ(exts.size(), 1u);
    exts[0].host = scaled_swish_host;
    core.add_extension(exts);
    ScratchDir dir;
    for (const Shape& shape : {Shape{1}, Shape{63}, Shape{4, 64}, Shape{3, 5, 7, 11}}) {
        auto model = swish_ir(core, dir, shape, {{"alpha", "0.5"}, {"beta", "2"}});
        const Tensor x = random_tensor(element::f32, shape, -5.0, 5.0, 11);
        const auto gpu = infer_on(core, model, "GPU", {x});
        const auto ref = infer_on(core, model, "REF", {x});
        EXPECT_TENSOR_NEAR(gpu[0], ref[0], 1e-5, 1e-5) << shape;
    }
}

TEST(ExtensionConfig, ConfigFileProperty) {
    OVCL_REQUIRE_GPU();
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    core.set_property("GPU", {{"CONFIG_FILE", extension_data("scaled_swish.xml")}});
    EXPECT_EQ(core.get_property("GPU", "CONFIG_FILE").as<std::string>(), extension_data("scaled_swish.xml"));
    ScratchDir dir;
    auto model = swish_ir(core, dir, {8, 8}, {{"alpha", "2"}});
    const Tensor x = random_tensor(element::f32, {8, 8}, -3.0, 3.0, 5);
    EXPECT_TENSOR_NEAR(infer_on(core, model, "GPU", {x})[0], scaled_swish(x, 2.0f, 1.0f), 1e-5, 1e-5);
    // A bad CONFIG_FILE is refused with the file named, and the property keeps its value.
    try {
        core.set_property("GPU", {{"CONFIG_FILE", dir.file("nope.xml")}});
        FAIL() << "no exception";
    } catch (const Exception& e) {
        EXPECT_NE(std::string(e.what()).find("nope.xml"), std::string::npos) << e.what();
    }
    EXPECT_EQ(core.get_property("GPU", "CONFIG_FILE").as<std::string>(), extension_data("scaled_swish.xml"));
}

TEST(ExtensionConfig, QueryModelReportsTheOpOnGpu) {
    OVCL_REQUIRE_GPU();
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    core.add_extension(extension_data("scaled_swish.xml"));
    ScratchDir dir;
    auto model = swish_ir(core, dir, {4, 16}, {{"beta", "1.25"}});
    const auto supported = core.query_model(model, "GPU");
    ASSERT_TRUE(supported.count("op"));
    EXPECT_EQ(supported.at("op"), "GPU.0");
    // f16 needs cl_khr_fp16 for T=half: where the device lacks it, the reason says so.
    auto half = one_op_model("ScaledSwish", {PartialShape{4}}, {}, element::f16);
    const auto report = core.query_model_report(half, "GPU");
    if (!report.at("op").device.empty())
        GTEST_SKIP() << "this device has cl_khr_fp16";
    EXPECT_NE(report.at("op").reason.find("cl_khr_fp16"), std::string::npos) << report.at("op").reason;
}

TEST(ExtensionConfig, RefRefusesAKernelOnlyOpNamingIt) {
    Core core;
    core.add_extension(extension_data("scaled_swish.xml"));
    auto model = one_op_model("ScaledSwish", {PartialShape{4}}, {});
    try {
        core.compile_model(model, "REF");
        FAIL() << "REF compiled an op without a host implementation";
    } catch (const NotImplemented& e) {
        EXPECT_NE(std::string(e.what()).find("ScaledSwish 'op'"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("no host implementation"), std::string::npos) << e.what();
    }
    EXPECT_EQ(core.query_model(model, "REF").count("op"), 0u);
    // Asking REF for the extension itself: NotImplemented as the plugin API says.
    const auto exts = read_kernel_config(extension_data("scaled_swish.xml"));
    EXPECT_THROW(core.add_extension(exts[0], "REF"), NotImplemented);
}

TEST(ExtensionConfig, IrAttributesAreCheckedAgainstTheDeclaration) {
    Core core;
    core.add_extension(extension_data("scaled_swish.xml"));
    ScratchDir dir;
    auto model = one_op_model("ScaledSwish", {PartialShape{4}}, {{"alpha", "2"}});
    ir::write_model(*model, dir.file("m.xml"));
    std::ifstream in(dir.file("m.xml"));
    const std::string good((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto expect_error = [&](const std::string& from, const std::string& to, const std::string& expected) {
        std::string text = good;
        const size_t at = text.find(from);
        ASSERT_NE(at, std::string::npos) << from;
        text.replace(at, from.size(), to);
        try {
            core.read_model(text, Tensor());
            FAIL() << "read " << to;
        } catch (const ModelError& e) {
            EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
            EXPECT_NE(std::string(e.what()).find("'op' (ScaledSwish)"), std::string::npos) << e.what();
        }
    };
    expect_error("alpha=\"2\"", "alpha=\"2\" gamma=\"1\"",
                 "unknown attribute 'gamma' (ScaledSwish declares alpha, beta)");
    expect_error("alpha=\"2\"", "alpha=\"two\"", "attribute 'alpha': 'two' is not a number");
    expect_error("version=\"extension\"", "version=\"custom\"",
                 "registered by an extension for opset 'extension', not 'custom'");
}

// --- malformed configs: each error names the config file and the line of the element at fault.

class BadConfig : public ::testing::Test {
protected:
    // Writes `body` as <CustomLayer> lines 2.. of bad.xml (the kernel file next to it) and expects
    // add_extension to fail with `expected` at `line`.
    void expect_error(const std::string& body, int line, const std::string& expected) {
        std::ifstream cl(extension_data("scaled_swish.cl"));
        m_dir.write("swish.cl", std::string((std::istreambuf_iterator<char>(cl)), std::istreambuf_iterator<char>()));
        const std::string path = m_dir.write("bad.xml", "<CustomLayers>\n" + body + "\n</CustomLayers>\n");
        Core core;
        try {
            core.add_extension(path);
            FAIL() << "no error for:\n" << body;
        } catch (const Exception& e) {
            const std::string msg = e.what();
            EXPECT_NE(msg.find(path + ":" + std::to_string(line) + ":"), std::string::npos)
                << "expected line " << line << " in: " << msg;
            EXPECT_NE(msg.find(expected), std::string::npos) << msg;
        }
        EXPECT_FALSE(find_extension("BadOp")) << "a malformed config registered its op";
    }
    // A well-formed layer with one line replaced: line 2 <CustomLayer>, 3 <Kernel>, 4 <Source>,
    // 5 <Define>, 6 </Kernel>, 7 <Buffers>, 8-10 bindings, 11 </Buffers>, 12 <WorkSizes>, 13 </CustomLayer>.
    static std::string layer(int replace_line = 0, const std::string& with = "") {
        std::vector<std::string> lines = {
            "<CustomLayer name=\"BadOp\" type=\"SimpleGPU\" version=\"1\">",
            "  <Kernel entry=\"scaled_swish\">",
            "    <Source filename=\"swish.cl\"/>",
            "    <Define name=\"ALPHA\" param=\"alpha\" type=\"float\" default=\"1\"/>",
            "  </Kernel>",
            "  <Buffers>",
            "    <Tensor arg-index=\"0\" type=\"input\" port-index=\"0\"/>",
            "    <Tensor arg-index=\"1\" type=\"output\" port-index=\"0\"/>",
            "    <Scalar arg-index=\"2\" type=\"int\" value=\"out0.size\"/>",
            "  </Buffers>",
            "  <WorkSizes global=\"round_up(out0.size, 64)\" local=\"64\"/>",
            "</CustomLayer>"};
        if (replace_line)
            lines.at(static_cast<size_t>(replace_line - 2)) = with;
        std::string s;
        for (size_t i = 0; i < lines.size(); ++i)
            s += lines[i] + (i + 1 < lines.size() ? "\n" : "");
        return s;
    }
    ScratchDir m_dir;
};

TEST_F(BadConfig, TheWellFormedLayerRegisters) {
    m_dir.write("swish.cl", "__kernel void scaled_swish(__global const T* x, __global T* y, int n) {}\n");
    std::string good = layer();
    good.replace(good.find("BadOp"), 5, "WellFormedOp");  // registration is process-wide: another name
    const std::string path = m_dir.write("good.xml", "<CustomLayers>\n" + good + "\n</CustomLayers>\n");
    Core core;
    core.add_extension(path);
    ASSERT_TRUE(find_extension("WellFormedOp"));
    EXPECT_EQ(find_extension("WellFormedOp")->kernel->args.size(), 3u);
}

TEST_F(BadConfig, MissingKernelFile) {
    expect_error(layer(4, "    <Source filename=\"missing.cl\"/>"), 4, "cannot read the kernel source 'missing.cl'");
}

TEST_F(BadConfig, BadExpression) {
    expect_error(layer(12, "  <WorkSizes global=\"out0.size *\"/>"), 12,
                 "global work size: bad expression 'out0.size *': expected a number, a name or '(' but the text ends");
    expect_error(layer(12, "  <WorkSizes global=\"out0.size + in0.dx\"/>"), 12, "expected d<j>, size or rank");
    expect_error(layer(12, "  <WorkSizes global=\"floor(out0.size, 2)\"/>"), 12, "unknown function 'floor'");
    expect_error(layer(10, "    <Scalar arg-index=\"2\" type=\"int\" value=\"(in0.size\"/>"), 10, "expected ')'");
}

TEST_F(BadConfig, ExpressionNamesThatTheOpDoesNotHave) {
    expect_error(layer(12, "  <WorkSizes global=\"in1.size\"/>"), 12, "in1.size: the op has 1 input(s)");
    expect_error(layer(12, "  <WorkSizes global=\"width * 2\"/>"), 12, "unknown name 'width'");
    expect_error(layer(12, "  <WorkSizes global=\"alpha\"/>"), 12, "attribute 'alpha' is not an INT attribute");
    expect_error(layer(12, "  <WorkSizes global=\"64\" local=\"8, 8\"/>"), 12, "the local work size has 2");
}

TEST_F(BadConfig, UnknownBinding) {
    expect_error(layer(10, "    <Weights arg-index=\"2\" name=\"w\"/>"), 10, "unknown binding <Weights>");
    expect_error(layer(9, "    <Tensor arg-index=\"1\" type=\"weights\" port-index=\"0\"/>"), 9,
                 "unknown binding type 'weights'");
    expect_error(layer(9, "    <Tensor arg-index=\"1\" type=\"output\" port-index=\"1\"/>"), 9,
                 "binds output 1, but the op has 1 output(s)");
    expect_error(layer(9, "    <Tensor arg-index=\"0\" type=\"output\" port-index=\"0\"/>"), 9,
                 "arg-index 0 is bound twice");
    expect_error(layer(9, "    <Tensor arg-index=\"3\" type=\"output\" port-index=\"0\"/>"), 2,
                 "kernel argument 1 is not bound");
    expect_error(layer(8, "    <Tensor arg-index=\"0\" type=\"input\" port-index=\"0\" format=\"BYXF\"/>"), 8,
                 "format 'BYXF' is not supported");
}

TEST_F(BadConfig, UnknownAttribute) {
    expect_error(layer(10, "    <Scalar arg-index=\"2\" type=\"float\" param=\"gain\"/>"), 10,
                 "kernel argument 2: unknown attribute 'gain'");
    expect_error(layer(5, "    <Define name=\"ALPHA\" param=\"alpha\" type=\"double\"/>"), 5,
                 "attribute 'alpha': unknown type 'double'");
    expect_error(layer(5, "    <Define name=\"ALPHA\" param=\"alpha\" type=\"float\" default=\"x\"/>"), 5,
                 "the default of attribute 'alpha': 'x' is not a number");
    expect_error(layer(10, "    <Scalar arg-index=\"2\" type=\"half\" value=\"1\"/>"), 10,
                 "unknown scalar type 'half'");
}

TEST_F(BadConfig, StructureErrors) {
    expect_error(layer(3, "  <Kernel entry=\"scaled_swish\"><Unknown/>"), 3, "unknown element <Unknown> in <Kernel>");
    expect_error(layer(12, "  <Sizes global=\"1\"/>"), 12, "unknown element <Sizes> in <CustomLayer>");
    expect_error(layer(2, "<CustomLayer name=\"BadOp\" type=\"MVCL\">"), 2, "type 'MVCL' is not supported");
    expect_error(layer(2, "<CustomLayer name=\"Relu\">"), 2, "Relu is a built-in op type");
    expect_error(layer(12, "  <WorkSizes local=\"1\"/>"), 12, "<WorkSizes> needs a global attribute");
    expect_error(layer(7, "  <Buffers"), 8, "XML parse error");
}

TEST_F(BadConfig, OneBadLayerRegistersNone) {
    std::ifstream cl(extension_data("scaled_swish.cl"));
    m_dir.write("swish.cl", std::string((std::istreambuf_iterator<char>(cl)), std::istreambuf_iterator<char>()));
    std::string second = layer(12, "  <WorkSizes global=\"out0.size +\"/>");
    second.replace(second.find("BadOp"), 5, "BadOp2");
    std::string first = layer();
    first.replace(first.find("BadOp"), 5, "GoodOp");
    const std::string path = m_dir.write("two.xml", "<CustomLayers>\n" + first + "\n" + second + "\n</CustomLayers>\n");
    Core core;
    EXPECT_THROW(core.add_extension(path), InvalidArgument);
    EXPECT_FALSE(find_extension("GoodOp"));
}

TEST(ExtensionConfig, NonXmlExtensionsAreNotImplemented) {
    Core core;
    EXPECT_THROW(core.add_extension(std::string("libmy_extension.so")), NotImplemented);
    try {
        core.add_extension(extension_data("no_such_config.xml"));
        FAIL() << "no exception";
    } catch (const NotFound& e) {
        EXPECT_NE(std::string(e.what()).find("no_such_config.xml"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace test
}  // namespace ovcl
