// Scratch buffers of a GPU op (OpConfig::scratch, KernelArg::scratch): a MatMul with a variable B packs B at run
// time into one. The plan makes it a value alive at its step only: counted in the live set and the tensors' sum,
// placed in the arena over tensors dead by then; a compiled model binds it (results as REF's, fused epilogue too,
// repeated inferences) and an export/import round trip rebuilds it with no program compiled.
#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>

#include "fusion_test_utils.hpp"
#include "plan/plan.hpp"
#include "plugin/compiled_model.hpp"
#include "plugin/plugin.hpp"

using namespace ovcl;

namespace {

constexpr size_t kM = 256, kK = 1024, kN = 640;  // large enough for the selector to pack B (matmul.cpp)
constexpr size_t kScratchBytes = kK * kN * sizeof(float);  // 640 columns: 20 whole panels of 32, no padding

// x [M, K] x relu(w)^T (w [N, K], transpose_b): B is variable (made by a kernel); w is dead when the MatMul runs, so
// its scratch buffer can take w's place.
// The epilogue fused into the MatMul: none, bias + Relu, or bias + a residual input + Relu.
enum class Epilogue { NONE, BIAS, RESIDUAL };

std::shared_ptr<Model> packed_model(Epilogue epilogue) {
    auto x = op::parameter(element::f32, Shape{kM, kK}, "x");
    auto w = op::parameter(element::f32, Shape{kN, kK}, "w");
    auto r = op::parameter(element::f32, Shape{kM, kN}, "r");
    Output<Node> y = test::named(
        op::make("MatMul", {x, test::unary("Relu", w, "w1")}, {{"transpose_a", "false"}, {"transpose_b", "true"}}),
        "mm");
    if (epilogue != Epilogue::NONE)
        y = test::binary("Add", y, test::random_constant({kN}, 5, "bias"), "mm_bias");
    if (epilogue == Epilogue::RESIDUAL)
        y = test::binary("Add", y, r, "mm_res");
    if (epilogue != Epilogue::NONE)
        y = test::unary("Relu", y, "mm_relu");
    return epilogue == Epilogue::RESIDUAL ? test::model_of({y}, {x, w, r}) : test::model_of({y}, {x, w});
}

// GPU_KERNELS=CPU: matmul_panel's repacking scratch on any device (a GPU would get matmul_tiled, which has none).
std::shared_ptr<gpu::CompiledModel> compile(const std::shared_ptr<const Model>& model, AnyMap props = {}) {
    return std::static_pointer_cast<gpu::CompiledModel>(
        std::make_shared<gpu::Plugin>()->compile_model(model, test::on_cpu_kernels(std::move(props))));
}

const gpu::Plan& plan_of(const std::shared_ptr<gpu::CompiledModel>& compiled) {
    return *compiled->plan_for({Shape{kM, kK}, Shape{kN, kK}})->plan;
}

const gpu::Step& matmul_step(const gpu::Plan& plan) {
    for (const auto& step : plan.steps)
        if (step.node->get_type_name() == "MatMul" || step.node->get_type_name() == "FusedMatMul")
            return step;
    throw std::runtime_error("no MatMul step");
}

TensorVector run(const std::shared_ptr<gpu::CompiledModel>& compiled, const TensorVector& inputs) {
    CompiledModel wrapped(SoPtr<ICompiledModel>{nullptr, compiled});
    return test::infer(wrapped, inputs);
}

bool overlap(const gpu::Slot& a, const gpu::Slot& b) {
    return a.arena == b.arena && a.offset < b.offset + b.bytes && b.offset < a.offset + a.bytes;
}

TEST(GpuScratch, IsAValueOfItsStepCountedAndPlacedOverDeadTensors) {
    OVCL_REQUIRE_GPU();
    // Offsets in one arena on any device (GPU_SUB_BUFFERS=YES; only planned here, no request makes sub-buffers).
    const auto compiled = compile(packed_model(Epilogue::NONE), {{"GPU_SUB_BUFFERS", std::string("YES")}});
    const gpu::Plan& plan = plan_of(compiled);
    const gpu::Step& mm = matmul_step(plan);
    ASSERT_EQ(mm.config.impl_name, "matmul_panel_8x32_repacked");
    ASSERT_EQ(mm.scratch.size(), 1u);
    const gpu::Value& scratch = plan.values.at(mm.scratch[0]);
    EXPECT_EQ(scratch.bytes, kScratchBytes);
    EXPECT_EQ(scratch.where, gpu::Value::Where::SLOT);

    // Steps: w1 = relu(w) (0), the MatMul (1). Alive at 1: x, w1, the output and the scratch; at 0: x, w and w1.
    // Step 1 holds the live set, and only with the scratch counted.
    ASSERT_EQ(plan.steps.size(), 2u);
    constexpr size_t x = kM * kK * 4, w = kK * kN * 4, y = kM * kN * 4;
    static_assert(x + w + y + kScratchBytes > x + 2 * w && x + w + y < x + 2 * w, "step 1 is the largest only with it");
    EXPECT_EQ(plan.live_set_bytes, x + w + y + kScratchBytes);
    EXPECT_EQ(plan.tensors_bytes, x + 2 * w + y + kScratchBytes);  // x, w, w1, y and the scratch
    EXPECT_GE(plan.peak_bytes, plan.live_set_bytes);
    EXPECT_LT(plan.peak_bytes, plan.tensors_bytes);
    EXPECT_EQ(compiled->get_property(gpu_memory::live_set_bytes.key).as<uint64_t>(), plan.live_set_bytes);
    EXPECT_EQ(compiled->get_property(gpu_memory::tensors_bytes.key).as<uint64_t>(), plan.tensors_bytes);

    // The scratch takes the place of w (dead at step 1), so the arena is no larger than the live set; it overlaps
    // nothing alive with it.
    const gpu::Slot& s = plan.slots.at(scratch.index);
    EXPECT_TRUE(overlap(s, plan.slots.at(plan.values[plan.parameter_values.at(1)].index)))
        << "scratch at offset " << s.offset << " of arena " << s.arena;
    EXPECT_EQ(plan.peak_bytes, plan.live_set_bytes);
    for (size_t v : {mm.inputs[0], mm.inputs[1], mm.outputs[0]})
        EXPECT_FALSE(overlap(s, plan.slots.at(plan.values[v].index))) << "value " << v << " is alive with it";
}

TEST(GpuScratch, CompiledModelMatchesRefAndRunsAgain) {
    OVCL_REQUIRE_GPU();
    // Long sums (K = 1024): f32 rounding in another order than REF's, well under 1e-4 for values in [-1, 1].
    const std::pair<Epilogue, const char*> cases[] = {{Epilogue::NONE, "matmul_panel_8x32_repacked"},
                                                      {Epilogue::BIAS, "matmul_panel_8x32_repacked_fused"},
                                                      {Epilogue::RESIDUAL, "matmul_panel_8x32_repacked_fused_res"}};
    for (const auto& [epilogue, impl] : cases) {
        const test::Runtime r = test::run_and_compare(packed_model(epilogue), test::on_cpu_kernels({}), 1e-4, 1e-4);
        EXPECT_EQ(r.primitive.at(epilogue == Epilogue::NONE ? "mm" : "mm_relu"), impl);
    }
    // Two requests and repeated inferences: the scratch is written before it is read, every time.
    const auto model = packed_model(Epilogue::NONE);
    const auto compiled = compile(model);
    const TensorVector a = test::inputs_for(model), b = test::inputs_for(model, -2, 2);
    const Tensor first = run(compiled, a).at(0);
    EXPECT_TENSOR_NEAR(run(compiled, b).at(0), run(compiled, b).at(0), 0, 0);
    EXPECT_TENSOR_NEAR(run(compiled, a).at(0), first, 0, 0);
}

TEST(GpuScratch, ExportImportRebuildsThePlanWithoutCompiling) {
    OVCL_REQUIRE_GPU();
    const auto model = packed_model(Epilogue::BIAS);
    const auto compiled = compile(model);
    const TensorVector in = test::inputs_for(model);
    const Tensor want = run(compiled, in).at(0);
    std::stringstream blob;
    compiled->export_model(blob);
    auto plugin = std::make_shared<gpu::Plugin>();
    const auto back = std::static_pointer_cast<gpu::CompiledModel>(plugin->import_model(blob, {}));
    EXPECT_EQ(back->device().programs->stats().compiled.load(), 0u);
    const gpu::Step& mm = matmul_step(plan_of(back));
    EXPECT_EQ(mm.config.impl_name, "matmul_panel_8x32_repacked_fused");
    EXPECT_EQ(mm.scratch.size(), 1u);
    EXPECT_TENSOR_NEAR(run(back, in).at(0), want, 0, 0);
    EXPECT_EQ(back->device().programs->stats().compiled.load(), 0u);
}

}  // namespace
