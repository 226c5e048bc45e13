// Extension ops registered from C++ (ovcl/extension.hpp): kernels with scalar arguments, shape
// rules with INT attributes, several inputs and outputs, host-only ops, refusals and errors.
#include <sstream>

#include "extension/extension_test_utils.hpp"

namespace ovcl {
namespace test {
namespace {

// ClipRound: y = rint(clamp(x, lo, hi)); lo and hi are scalar kernel arguments.
OpExtension clip_round(bool with_host = true) {
    OpExtension e;
    e.type = "ClipRound";
    e.attributes = {{"lo", AttributeKind::FLOAT, "-1", ""}, {"hi", AttributeKind::FLOAT, "1", ""}};
    OpenCLKernel k;
    k.source = R"(
__kernel void clip_round(__global const T* x, __global T* y, float lo, float hi, int n) {
    const int i = get_global_id(0);
    if (i < n)
        y[i] = rint(clamp(x[i], (T)lo, (T)hi));
})";
    k.entry = "clip_round";
    k.args = {KernelBinding::input(0), KernelBinding::output(0), KernelBinding::attribute("lo", "float"),
              KernelBinding::attribute("hi", "float"), KernelBinding::expression("out0.size")};
    k.global = {"round_up(out0.size, 32)"};
    k.local = {"32"};
    e.kernel = k;
    if (with_host)
        e.host = [](const Node& node, const TensorVector& in, TensorVector& out) {
            const float lo = std::stof(extension_attr_text(node, "lo"));
            const float hi = std::stof(extension_attr_text(node, "hi"));
            for (size_t i = 0; i < in[0].get_size(); ++i)
                out[0].data<float>()[i] = std::nearbyint(std::min(std::max(in[0].data<const float>()[i], lo), hi));
        };
    return e;
}

// RepeatRows: [r, c] -> [r * repeats, c], a 2-D launch; the output shape is a rule over an INT attribute.
OpExtension repeat_rows() {
    OpExtension e;
    e.type = "RepeatRows";
    e.opset = "custom_opset";
    e.attributes = {{"repeats", AttributeKind::INT, "2", ""}};
    e.outputs = {OutputRule{"in0.d0 * repeats, in0.d1", "in0", ""}};
    OpenCLKernel k;
    k.source = R"(
__kernel void repeat_rows(__global const T* x, __global T* y, int rows, int cols) {
    const int r = get_global_id(0), c = get_global_id(1);
    y[r * cols + c] = x[(r % rows) * cols + c];
})";
    k.entry = "repeat_rows";
    k.args = {KernelBinding::input(0), KernelBinding::output(0), KernelBinding::expression("in0.d0"),
              KernelBinding::expression("in0.d1")};
    k.global = {"out0.d0", "out0.d1"};
    e.kernel = k;
    e.host = [](const Node&, const TensorVector& in, TensorVector& out) {
        const size_t rows = in[0].get_shape()[0], cols = in[0].get_shape()[1];
        for (size_t r = 0; r < out[0].get_shape()[0]; ++r)
            for (size_t c = 0; c < cols; ++c)
                out[0].data<float>()[r * cols + c] = in[0].data<const float>()[(r % rows) * cols + c];
    };
    return e;
}

// SumDiff: (a, b) -> (a + b, a - b), shape inference by a C++ function, a literal define.
OpExtension sum_diff() {
    OpExtension e;
    e.type = "SumDiff";
    e.inputs = 2;
    e.outputs = {OutputRule{}, OutputRule{}};
    e.infer = [](const Node&, const std::vector<InputInfo>& in) {
        if (in[0].shape != in[1].shape)
            throw std::runtime_error("SumDiff needs equal shapes");
        return std::vector<OutputInfo>{{in[0].type, in[0].shape}, {in[0].type, in[0].shape}};
    };
    OpenCLKernel k;
    k.source = R"(
__kernel void sum_diff(__global const T_IN0* a, __global const T_IN1* b, __global T* s, __global T_OUT1* d) {
    const int i = get_global_id(0);
    s[i] = a[i] + b[i] * SIGN_SUM;
    d[i] = a[i] - b[i];
})";
    k.entry = "sum_diff";
    k.defines = {{"SIGN_SUM", "", "1", ""}};
    k.args = {KernelBinding::input(0), KernelBinding::input(1), KernelBinding::output(0), KernelBinding::output(1)};
    k.global = {"out0.size"};
    e.kernel = k;
    e.host = [](const Node&, const TensorVector& in, TensorVector& out) {
        for (size_t i = 0; i < in[0].get_size(); ++i) {
            out[0].data<float>()[i] = in[0].data<const float>()[i] + in[1].data<const float>()[i];
            out[1].data<float>()[i] = in[0].data<const float>()[i] - in[1].data<const float>()[i];
        }
    };
    return e;
}

TEST(ExtensionCpp, KernelWithAttributeScalarsMatchesHost) {
    OVCL_REQUIRE_GPU();
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    core.add_extension(clip_round(), "GPU");
    for (const Shape& shape : {Shape{5}, Shape{32}, Shape{3, 7, 19}}) {
        auto model = one_op_model("ClipRound", {PartialShape(shape)}, {{"lo", "-2.5"}, {"hi", "3"}});
        const Tensor x = random_tensor(element::f32, shape, -6.0, 6.0, 21);
        EXPECT_EQ(primitive_of(core.compile_model(model, "GPU"), "op"), "extension_ClipRound");
        const auto gpu = infer_on(core, model, "GPU", {x});
        EXPECT_TENSOR_NEAR(gpu[0], infer_on(core, model, "REF", {x})[0], 0.0, 0.0) << shape;
    }
    // Hand-checked values: clamp to [-2.5, 3], then round half to even.
    auto model = one_op_model("ClipRound", {PartialShape{6}}, {{"lo", "-2.5"}, {"hi", "3"}});
    const Tensor x = make_tensor<float>(element::f32, {6}, {-9.0f, -2.5f, -0.5f, 1.5f, 2.4f, 7.0f});
    EXPECT_TENSOR_NEAR(infer_on(core, model, "GPU", {x})[0],
                       make_tensor<float>(element::f32, {6}, {-2.0f, -2.0f, -0.0f, 2.0f, 2.0f, 3.0f}), 0.0, 0.0);
}

TEST(ExtensionCpp, ShapeRuleWithIntAttributeAndTwoDimensionalLaunch) {
    OVCL_REQUIRE_GPU();
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    core.add_extension(repeat_rows());
    ScratchDir dir;
    auto built = one_op_model("RepeatRows", {PartialShape{3, 5}}, {{"repeats", "3"}});
    ir::write_model(*built, dir.file("m.xml"));  // written with version="custom_opset", read back
    auto model = core.read_model(dir.file("m.xml"));
    EXPECT_EQ(model->get_results()[0]->get_input_partial_shape(0), PartialShape({9, 5}));
    const Tensor x = random_tensor(element::f32, {3, 5}, -1.0, 1.0, 2);
    const auto gpu = infer_on(core, model, "GPU", {x});
    ASSERT_EQ(gpu[0].get_shape(), Shape({9, 5}));
    EXPECT_TENSOR_NEAR(gpu[0], infer_on(core, model, "REF", {x})[0], 0.0, 0.0);
    EXPECT_EQ(gpu[0].data<float>()[7 * 5 + 4], x.data<float>()[1 * 5 + 4]);  // row 7 is row 1 again
    // A dynamic row count: the output dimension is unknown until the input comes.
    auto dynamic = one_op_model("RepeatRows", {PartialShape{Dimension::dynamic(), 4}}, {});
    EXPECT_EQ(dynamic->get_results()[0]->get_input_partial_shape(0), PartialShape({Dimension::dynamic(), 4}));
    const Tensor y = random_tensor(element::f32, {2, 4}, -1.0, 1.0, 4);
    EXPECT_TENSOR_NEAR(infer_on(core, dynamic, "GPU", {y})[0], infer_on(core, dynamic, "REF", {y})[0], 0.0, 0.0);
}

TEST(ExtensionCpp, TwoInputsTwoOutputsAndAnInferFunction) {
    OVCL_REQUIRE_GPU();
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    core.add_extension(sum_diff());
    auto model = one_op_model("SumDiff", {PartialShape{4, 33}, PartialShape{4, 33}}, {});
    const Tensor a = random_tensor(element::f32, {4, 33}, -1.0, 1.0, 8);
    const Tensor b = random_tensor(element::f32, {4, 33}, -1.0, 1.0, 9);
    const auto gpu = infer_on(core, model, "GPU", {a, b});
    const auto ref = infer_on(core, model, "REF", {a, b});
    ASSERT_EQ(gpu.size(), 2u);
    EXPECT_TENSOR_NEAR(gpu[0], ref[0], 0.0, 0.0);
    EXPECT_TENSOR_NEAR(gpu[1], ref[1], 0.0, 0.0);
    EXPECT_THROW(one_op_model("SumDiff", {PartialShape{4}, PartialShape{5}}, {}), ModelError);
    EXPECT_THROW(one_op_model("SumDiff", {PartialShape{4}}, {}), ModelError);  // one input of two
}

TEST(ExtensionCpp, HostOnlyExtensionRunsAsAHostStepOnGpu) {
    OVCL_REQUIRE_GPU();
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    OpExtension e = clip_round();
    e.type = "ClipRoundHost";
    e.kernel.reset();
    core.add_extension(e, "GPU");
    auto model = one_op_model("ClipRoundHost", {PartialShape{10}}, {});
    const auto report = core.query_model_report(model, "GPU");
    EXPECT_EQ(report.at("op").device, "GPU.0");  // runs inside the GPU model, on the host
    EXPECT_TRUE(report.at("op").host);
    EXPECT_NE(report.at("op").reason.find("no OpenCL kernel"), std::string::npos) << report.at("op").reason;
    auto compiled = core.compile_model(model, "GPU");
    EXPECT_EQ(primitive_of(compiled, "op"), "ref");
    const Tensor x = random_tensor(element::f32, {10}, -3.0, 3.0, 1);
    EXPECT_TENSOR_NEAR(infer_on(core, model, "GPU", {x})[0], infer_on(core, model, "REF", {x})[0], 0.0, 0.0);
}

TEST(ExtensionCpp, AnOpNoDeviceCanRunFailsAtCompileNamingIt) {
    OVCL_REQUIRE_GPU();
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    OpExtension neither = clip_round(false);
    neither.type = "ClipRoundNothing";
    neither.kernel.reset();
    EXPECT_THROW(core.add_extension(neither, "GPU"), NotImplemented);
    EXPECT_FALSE(find_extension("ClipRoundNothing"));  // refused by the device: not registered

    // A kernel whose local size (7) does not divide the global size (10): the device refuses the node,
    // and without a host implementation the compilation fails, naming the op and the reason.
    OpExtension odd = clip_round(false);
    odd.type = "ClipRoundOdd";
    odd.kernel->global = {"out0.size"};
    odd.kernel->local = {"7"};
    core.add_extension(odd);
    auto model = one_op_model("ClipRoundOdd", {PartialShape{10}}, {});
    EXPECT_NE(core.query_model_report(model, "GPU").at("op").reason.find("not a multiple of the local size 7"),
              std::string::npos);
    EXPECT_TRUE(core.query_model_report(model, "GPU").at("op").device.empty());  // compiling fails: not supported
    try {
        core.compile_model(model, "GPU");
        FAIL() << "compiled";
    } catch (const NotImplemented& e) {
        const std::string msg = e.what();
        EXPECT_NE(msg.find("ClipRoundOdd 'op' has no host implementation"), std::string::npos) << msg;
        EXPECT_NE(msg.find("not a multiple of the local size 7"), std::string::npos) << msg;
    }
    // With 14 elements the same op runs on the device.
    auto fits = one_op_model("ClipRoundOdd", {PartialShape{14}}, {});
    EXPECT_EQ(primitive_of(core.compile_model(fits, "GPU"), "op"), "extension_ClipRoundOdd");
}

TEST(ExtensionCpp, AKernelThatDoesNotBuildFailsTheCompilationWithTheBuildLog) {
    OVCL_REQUIRE_GPU();
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    OpExtension e = clip_round(false);
    e.type = "ClipRoundBroken";
    e.kernel->source = "__kernel void clip_round(__global const T* x, __global T* y, float lo, float hi, int n) {\n"
                       "    y[0] = undeclared_name;\n}\n";
    core.add_extension(e);
    auto model = one_op_model("ClipRoundBroken", {PartialShape{4}}, {});
    try {
        core.compile_model(model, "GPU");
        FAIL() << "compiled a kernel that does not build";
    } catch (const Exception& ex) {
        const std::string msg = ex.what();
        EXPECT_NE(msg.find("<string> (custom op ClipRoundBroken)"), std::string::npos) << msg;  // not kernels_cl/
        EXPECT_NE(msg.find("undeclared_name"), std::string::npos) << msg;  // the compiler's log
    }
}

TEST(ExtensionCpp, KernelFileThatDoesNotBuildIsNamedInTheError) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    ScratchDir dir;
    {
        std::ofstream cl(dir.file("broken_clip.cl"));
        cl << "__kernel void clip_round(__global const T* x, __global T* y, float lo, float hi, int n) {\n"
              "    y[0] = also_undeclared;\n}\n";
    }
    OpExtension e = clip_round(false);
    e.type = "ClipRoundFromFile";
    OpenCLKernel k = OpenCLKernel::from_file(dir.file("broken_clip.cl"), "clip_round");
    k.args = e.kernel->args;
    k.global = e.kernel->global;
    k.local = e.kernel->local;
    e.kernel = k;
    core.add_extension(e);
    try {
        core.compile_model(one_op_model("ClipRoundFromFile", {PartialShape{4}}, {}), "GPU");
        FAIL() << "compiled a kernel that does not build";
    } catch (const Exception& ex) {
        const std::string msg = ex.what();
        EXPECT_NE(msg.find(dir.file("broken_clip.cl") + " (custom op ClipRoundFromFile)"), std::string::npos) << msg;
        EXPECT_NE(msg.find("also_undeclared"), std::string::npos) << msg;
    }
}

TEST(ExtensionCpp, ExportImportKeepsTheExtensionOp) {
    OVCL_REQUIRE_GPU();
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    core.add_extension(repeat_rows());
    auto model = one_op_model("RepeatRows", {PartialShape{2, 3}}, {{"repeats", "4"}});
    std::stringstream blob;
    core.compile_model(model, "GPU").export_model(blob);
    auto imported = core.import_model(blob, "GPU");
    auto request = imported.create_infer_request();
    const Tensor x = random_tensor(element::f32, {2, 3}, -1.0, 1.0, 6);
    request.set_input_tensor(x);
    request.infer();
    EXPECT_TENSOR_NEAR(request.get_output_tensor(), infer_on(core, model, "REF", {x})[0], 0.0, 0.0);
}

void expect_registration_error(const OpExtension& e, const std::string& expected) {
    try {
        register_extension(e);
        ADD_FAILURE() << "registered " << e.type;
    } catch (const InvalidArgument& ex) {
        EXPECT_NE(std::string(ex.what()).find(expected), std::string::npos) << ex.what();
        EXPECT_NE(std::string(ex.what()).find("extension op '" + e.type + "'"), std::string::npos) << ex.what();
    }
}

TEST(ExtensionCpp, MalformedExtensionsAreRefusedNamingTheOp) {
    OpExtension e = clip_round();
    e.type = "Relu";
    expect_registration_error(e, "Relu is a built-in op type");
    e = clip_round();
    e.kernel->global = {"out0.size +"};
    expect_registration_error(e, "global work size: bad expression 'out0.size +'");
    e = clip_round();
    e.kernel->args.pop_back();
    e.kernel->args.pop_back();
    e.kernel->args.pop_back();
    e.kernel->args.pop_back();  // only the input is left
    expect_registration_error(e, "output 0 is bound to no kernel argument");
    e = clip_round();
    e.kernel->args[0] = KernelBinding::input(3);
    expect_registration_error(e, "kernel argument 0 binds input 3, but the op has 1 input(s)");
    e = clip_round();
    e.kernel->defines = {{"LIMIT", "limit", "", ""}};
    expect_registration_error(e, "define LIMIT: unknown attribute 'limit'");
    e = clip_round();
    e.kernel->defines = {{"T", "", "float", ""}};
    expect_registration_error(e, "define 'T' is reserved");
    e = clip_round();
    e.attributes[0].default_value = "low";
    expect_registration_error(e, "the default of attribute 'lo': 'low' is not a number");
    e = clip_round();
    e.outputs = {OutputRule{"in0.d0, out0.d0", "in0", ""}};
    expect_registration_error(e, "output shapes cannot be used here");
    e = clip_round();
    e.outputs = {OutputRule{"in0", "q8", ""}};
    expect_registration_error(e, "unknown type 'q8'");
    e = clip_round();
    e.kernel->global = {"1", "1", "1", "1"};
    expect_registration_error(e, "needs 1 to 3 expressions");
    EXPECT_THROW(OpenCLKernel::from_file("/no/such/kernel.cl", "k"), NotFound);
}

TEST(ExtensionCpp, IrReaderNeedsTheOpRegistered) {
    const std::string xml = R"(<?xml version="1.0"?>
<net name="m" version="11"><layers>
<layer id="0" name="x" type="Parameter" version="opset1"><data shape="4" element_type="f32"/>
<output><port id="0" precision="FP32"><dim>4</dim></port></output></layer>
<layer id="1" name="op" type="NeverRegistered" version="extension"><input><port id="0"><dim>4</dim></port></input>
<output><port id="1" precision="FP32"><dim>4</dim></port></output></layer>
<layer id="2" name="r" type="Result" version="opset1"><input><port id="0"><dim>4</dim></port></input></layer>
</layers><edges><edge from-layer="0" from-port="0" to-layer="1" to-port="0"/>
<edge from-layer="1" from-port="1" to-layer="2" to-port="0"/></edges></net>)";
    Core core;
    try {
        core.read_model(xml, Tensor());
        FAIL() << "read an unregistered op";
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find("unknown operation type 'NeverRegistered' of opset 'extension'"),
                  std::string::npos)
            << e.what();
    }
}

}  // namespace
}  // namespace test
}  // namespace ovcl
