// docs/extensions.md, "From C++": a custom op registered from C++ with its own OpenCL kernel (GPU)
// and a host function (REF, and the GPU plugin's host fallback). main() runs ClipRound on REF and on
// GPU and checks both against hand-computed values; it also checks that GPU ran the user's kernel.
// [doc:custom_op_cpp]
#include <algorithm>
#include <cmath>
#include <string>

#include <ovcl/core.hpp>
#include <ovcl/extension.hpp>

// ClipRound: y = rint(clamp(x, lo, hi)), element-wise.
void add_clip_round(ovcl::Core& core) {
    ovcl::OpExtension e;
    e.type = "ClipRound";
    e.attributes = {{"lo", ovcl::AttributeKind::FLOAT, "-1", ""}, {"hi", ovcl::AttributeKind::FLOAT, "1", ""}};
    // e.inputs = 1; e.outputs = {ovcl::OutputRule{"in0", "in0"}};   (the defaults: one output like input 0)
    ovcl::OpenCLKernel k;
    k.source = R"(__kernel void clip_round(__global const T* x, __global T* y, float lo, float hi, int n) {
    const int i = get_global_id(0);
    if (i < n) y[i] = rint(clamp(x[i], (T)lo, (T)hi));
})";
    k.entry = "clip_round";
    k.args = {ovcl::KernelBinding::input(0), ovcl::KernelBinding::output(0),
              ovcl::KernelBinding::attribute("lo", "float"), ovcl::KernelBinding::attribute("hi", "float"),
              ovcl::KernelBinding::expression("out0.size")};
    k.global = {"round_up(out0.size, 32)"};
    k.local = {"32"};
    e.kernel = k;
    e.host = [](const ovcl::Node& node, const ovcl::TensorVector& in, ovcl::TensorVector& out) {
        const float lo = std::stof(ovcl::extension_attr_text(node, "lo"));  // the node's value or the default
        const float hi = std::stof(ovcl::extension_attr_text(node, "hi"));
        const float* x = in[0].data<const float>();  // f32 only here; the kernel takes any T
        float* y = out[0].data<float>();             // allocated with the inferred shape
        for (size_t i = 0; i < out[0].get_size(); ++i)
            y[i] = std::nearbyint(std::clamp(x[i], lo, hi));
    };
    core.add_extension(e);  // or core.add_extension(e, "GPU") to have the plugin confirm it
}
// [/doc:custom_op_cpp]

#include <iostream>
#include <vector>

#include <ovcl/ops.hpp>

namespace {

// x f32 [6] "x" -> ClipRound(lo=-2.5, hi=3) "op" -> "y".
std::shared_ptr<ovcl::Model> clip_round_model() {
    auto x = ovcl::op::parameter(ovcl::element::f32, ovcl::Shape{6}, "x");
    auto node = ovcl::op::make("ClipRound", {x}, {{"lo", "-2.5"}, {"hi", "3"}});
    node->set_friendly_name("op");
    return std::make_shared<ovcl::Model>(ovcl::NodeVector{ovcl::op::result(node, "y")}, ovcl::NodeVector{x},
                                         "clip_round");
}

// How `compiled` runs the node "op": "extension_ClipRound" for the user's kernel, "ref" on the host.
std::string primitive_of_op(const ovcl::CompiledModel& compiled) {
    for (const auto& n : compiled.get_runtime_model()->get_ordered_ops())
        if (n->get_friendly_name() == "op")
            return n->get_rt_info().at("primitiveType").as<std::string>();
    return "(no node 'op')";
}

bool run_and_check(ovcl::Core& core, const std::string& device) {
    auto compiled = core.compile_model(clip_round_model(), device);
    auto request = compiled.create_infer_request();
    std::vector<float> x = {-9.0f, -2.5f, -0.5f, 1.5f, 2.4f, 7.0f};
    request.set_input_tensor(ovcl::Tensor(ovcl::element::f32, {6}, x.data()));
    request.infer();
    // Clamped to [-2.5, 3], then rounded half to even.
    const std::vector<float> expected = {-2.0f, -2.0f, -0.0f, 2.0f, 2.0f, 3.0f};
    const ovcl::Tensor y = request.get_output_tensor();
    bool ok = true;
    for (size_t i = 0; i < expected.size(); ++i)
        if (y.data<const float>()[i] != expected[i]) {
            std::cerr << "custom_op_cpp: " << device << ": y[" << i << "] = " << y.data<const float>()[i]
                      << ", expected " << expected[i] << "\n";
            ok = false;
        }
    if (device.rfind("GPU", 0) == 0 && primitive_of_op(compiled) != "extension_ClipRound") {
        std::cerr << "custom_op_cpp: GPU ran ClipRound as '" << primitive_of_op(compiled)
                  << "', not with its OpenCL kernel\n";
        ok = false;
    }
    if (ok)
        std::cout << "custom_op_cpp: " << device << " ok\n";
    return ok;
}

}  // namespace

int main() {
    try {
        ovcl::Core core;
        add_clip_round(core);
        bool ok = run_and_check(core, "REF");  // the host function
        const auto devices = core.get_available_devices();
        if (std::find(devices.begin(), devices.end(), "GPU.0") == devices.end())
            std::cout << "custom_op_cpp: GPU skipped: no GPU device (no OpenCL device found)\n";
        else
            ok = run_and_check(core, "GPU") && ok;  // the OpenCL kernel
        return ok ? 0 : 1;
    } catch (const std::exception& e) {
        std::cerr << "custom_op_cpp: " << e.what() << "\n";
        return 1;
    }
}
