// docs/extensions.md, "From C++" (the config-file part) and "From a config file": the ops of a
// custom-kernel config (examples/scaled_swish.xml and its .cl) get a host function before they are
// registered. main() runs ScaledSwish on REF (the host function) and on GPU (the config's kernel)
// and checks both against the formula computed here.
// [doc:custom_op_config]
#include <cmath>
#include <string>

#include <ovcl/core.hpp>
#include <ovcl/extension.hpp>

// ScaledSwish on the host: y = alpha * x * sigmoid(beta * x), f32.
void my_swish(const ovcl::Node& node, const ovcl::TensorVector& in, ovcl::TensorVector& out) {
    const float alpha = std::stof(ovcl::extension_attr_text(node, "alpha"));  // the node's value or the default
    const float beta = std::stof(ovcl::extension_attr_text(node, "beta"));
    const float* x = in[0].data<const float>();
    float* y = out[0].data<float>();
    for (size_t i = 0; i < out[0].get_size(); ++i)
        y[i] = alpha * x[i] / (1.0f + std::exp(-beta * x[i]));
}

void add_swish(ovcl::Core& core, const std::string& config_xml) {
    auto exts = ovcl::read_kernel_config(config_xml);  // parsed, not registered
    exts[0].host = my_swish;
    core.add_extension(exts);                          // all checked, then all registered
}
// [/doc:custom_op_config]

#include <algorithm>
#include <iostream>
#include <vector>

#include <ovcl/ops.hpp>

namespace {

constexpr float kAlpha = 2.0f, kBeta = 1.5f;

// x f32 [2, 50] "x" -> ScaledSwish(alpha=2, beta=1.5) "op" -> "y".
std::shared_ptr<ovcl::Model> swish_model() {
    auto x = ovcl::op::parameter(ovcl::element::f32, ovcl::Shape{2, 50}, "x");
    auto node = ovcl::op::make("ScaledSwish", {x}, {{"alpha", "2"}, {"beta", "1.5"}});
    node->set_friendly_name("op");
    return std::make_shared<ovcl::Model>(ovcl::NodeVector{ovcl::op::result(node, "y")}, ovcl::NodeVector{x},
                                         "scaled_swish");
}

std::string primitive_of_op(const ovcl::CompiledModel& compiled) {
    for (const auto& n : compiled.get_runtime_model()->get_ordered_ops())
        if (n->get_friendly_name() == "op")
            return n->get_rt_info().at("primitiveType").as<std::string>();
    return "(no node 'op')";
}

bool run_and_check(ovcl::Core& core, const std::string& device) {
    auto compiled = core.compile_model(swish_model(), device);
    auto request = compiled.create_infer_request();
    std::vector<float> x(100);
    for (size_t i = 0; i < x.size(); ++i)
        x[i] = -5.0f + 0.1f * static_cast<float>(i);  // -5 .. 4.9
    request.set_input_tensor(ovcl::Tensor(ovcl::element::f32, {2, 50}, x.data()));
    request.infer();
    const ovcl::Tensor y = request.get_output_tensor();
    bool ok = y.get_shape() == ovcl::Shape{2, 50};
    for (size_t i = 0; ok && i < x.size(); ++i) {
        const double expected = kAlpha * x[i] / (1.0 + std::exp(-static_cast<double>(kBeta) * x[i]));
        const double got = y.data<const float>()[i];
        if (std::fabs(got - expected) > 1e-5 + 1e-5 * std::fabs(expected)) {
            std::cerr << "custom_op_config: " << device << ": y[" << i << "] = " << got << ", expected "
                      << expected << "\n";
            ok = false;
        }
    }
    if (device.rfind("GPU", 0) == 0 && primitive_of_op(compiled) != "extension_ScaledSwish") {
        std::cerr << "custom_op_config: GPU ran ScaledSwish as '" << primitive_of_op(compiled)
                  << "', not with the config's kernel\n";
        ok = false;
    }
    if (ok)
        std::cout << "custom_op_config: " << device << " ok\n";
    return ok;
}

}  // namespace

int main() {
    try {
        ovcl::Core core;
        add_swish(core, OVCL_EXAMPLES_DIR "/scaled_swish.xml");
        bool ok = run_and_check(core, "REF");  // my_swish
        const auto devices = core.get_available_devices();
        if (std::find(devices.begin(), devices.end(), "GPU.0") == devices.end())
            std::cout << "custom_op_config: GPU skipped: no GPU device (no OpenCL device found)\n";
        else
            ok = run_and_check(core, "GPU") && ok;  // scaled_swish.cl
        return ok ? 0 : 1;
    } catch (const std::exception& e) {
        std::cerr << "custom_op_config: " << e.what() << "\n";
        return 1;
    }
}
