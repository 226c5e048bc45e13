// Which constants a compiled model uploads (Plan::constant_on_device, GPU_MEMORY_CONSTANTS_BYTES): what a device
// command reads and nothing else. conv2d_k16 reads its own reordered weights, so the graph's weight Constant stays on
// the host; the depthwise kernels read the graph's weights as they are, so those go to the device; a host step reads
// its constant input on the host. The outputs stay REF's.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "fusion_test_utils.hpp"
#include "plan/plan.hpp"
#include "plugin/compiled_model.hpp"
#include "plugin/plugin.hpp"

using namespace ovcl;

namespace {

// GPU_KERNELS=CPU: conv2d_k16's reordered weights on any device (a GPU would get the tiles, reading them as they are).
const AnyMap kScaleOnHost{{"OVCL_GPU_HOST_OPS", std::string("Multiply")}, {"GPU_KERNELS", std::string("CPU")}};

// x [1, 16, 20, 20] -> 3x3 convolution (24 channels) -> depthwise 3x3 -> Multiply by a per-channel Constant, forced
// to the host.
std::shared_ptr<Model> conv_model() {
    auto x = op::parameter(element::f32, Shape{1, 16, 20, 20}, "x");
    const Attributes window{{"strides", "1,1"},
                            {"dilations", "1,1"},
                            {"pads_begin", "1,1"},
                            {"pads_end", "1,1"},
                            {"auto_pad", "explicit"}};
    const Output<Node> conv = test::named(
        op::make("Convolution", {x, test::random_constant({24, 16, 3, 3}, 3, "conv_w")}, window), "conv");
    const Output<Node> dw = test::named(
        op::make("GroupConvolution", {conv, test::random_constant({24, 1, 1, 3, 3}, 4, "dw_w")}, window), "dw");
    const Output<Node> scaled = test::binary("Multiply", dw, test::random_constant({1, 24, 1, 1}, 5, "scale_c"), "scale");
    return test::model_of({scaled}, {x});
}

const gpu::Step& step_named(const gpu::Plan& plan, const std::string& name) {
    for (const auto& step : plan.steps)
        if (step.node->get_friendly_name() == name)
            return step;
    throw std::runtime_error("no step " + name);
}

// Whether the constant behind input `port` of `step` goes to the device.
bool input_on_device(const gpu::Plan& plan, const gpu::Step& step, size_t port) {
    const gpu::Value& v = plan.values.at(step.inputs.at(port));
    EXPECT_EQ(v.where, gpu::Value::Where::CONSTANT) << step.node->describe() << " input " << port;
    return plan.constant_on_device.at(v.index);
}

TEST(GpuDeviceConstants, OnlyWhatADeviceCommandReadsIsUploaded) {
    OVCL_REQUIRE_GPU();
    auto plugin = std::make_shared<gpu::Plugin>();
    const auto compiled =
        std::static_pointer_cast<gpu::CompiledModel>(plugin->compile_model(conv_model(), kScaleOnHost));
    const auto dp = compiled->plan_for({Shape{1, 16, 20, 20}});
    const gpu::Plan& plan = *dp->plan;
    ASSERT_EQ(plan.constant_on_device.size(), plan.constants.size());

    const gpu::Step& conv = step_named(plan, "conv");
    ASSERT_EQ(conv.kind, gpu::Step::Kind::KERNELS);
    ASSERT_EQ(conv.config.impl_name.rfind("conv2d_k16_", 0), 0u) << conv.config.impl_name;
    EXPECT_FALSE(input_on_device(plan, conv, 1)) << "conv2d_k16 reads its reordered copy of the weights";
    const gpu::Step& dw = step_named(plan, "dw");
    ASSERT_EQ(dw.kind, gpu::Step::Kind::KERNELS);
    EXPECT_TRUE(input_on_device(plan, dw, 1)) << "the depthwise kernels read the weights as they are";
    const gpu::Step& scale = step_named(plan, "scale");
    ASSERT_EQ(scale.kind, gpu::Step::Kind::HOST);
    EXPECT_FALSE(input_on_device(plan, scale, 1)) << "a host step reads its constant on the host";

    size_t expected = 0;  // the reordered conv weights and the depthwise weights
    for (size_t c : conv.op_constants) {
        EXPECT_TRUE(plan.constant_on_device.at(c));
        expected += plan.constants.at(c).get_byte_size();
    }
    expected += 24 * 9 * sizeof(float);
    EXPECT_EQ(plan.constants_bytes, expected);
    EXPECT_EQ(compiled->get_property(gpu_memory::constants_bytes.key).as<uint64_t>(), expected);
    for (size_t i = 0; i < plan.constants.size(); ++i)
        EXPECT_EQ(static_cast<bool>(dp->constants.at(i).get()), static_cast<bool>(plan.constant_on_device[i]))
            << "constant " << i << ": a device buffer exactly for the constants on the device";
}

TEST(GpuDeviceConstants, OutputsMatchRef) {
    OVCL_REQUIRE_GPU();
    test::run_and_compare(conv_model(), kScaleOnHost, 1e-4, 1e-4);
}

}  // namespace
