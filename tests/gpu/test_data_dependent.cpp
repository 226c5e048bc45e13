// Models whose shapes depend on the input values (NonZero, an If whose branches give different shapes,
// a Loop that runs until its condition) compiled on the GPU device: a plan holds such values on the host
// (plan.hpp, Value HOST), host steps read them, and kernels resume once a shape is static again. Each
// result is checked against the REF device on the same inputs (host_ref on both sides: exact), and the
// profile shows which steps ran where.
#include <gtest/gtest.h>

#include <string>

#include "common/test_utils.hpp"
#include "gpu/gpu_test_utils.hpp"
#include "ovcl/core.hpp"
#include "ovcl/ir.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

std::shared_ptr<Model> load(const std::string& name) {
    return ir::read_model(std::string(OVCL_TEST_DATA_DIR) + "/ir/control_flow/" + name + ".xml");
}

// Runs `model` on GPU and REF, one request each reused for every input set, and compares every output.
void expect_gpu_matches_ref(Core& core, const std::shared_ptr<Model>& model, const std::vector<TensorVector>& runs) {
    auto gpu = core.compile_model(model, "GPU").create_infer_request();
    auto ref = core.compile_model(model, "REF").create_infer_request();
    for (size_t r = 0; r < runs.size(); ++r) {
        SCOPED_TRACE("run " + std::to_string(r));
        for (size_t i = 0; i < runs[r].size(); ++i) {
            gpu.set_input_tensor(i, runs[r][i]);
            ref.set_input_tensor(i, runs[r][i]);
        }
        gpu.infer();
        ref.infer();
        for (size_t o = 0; o < model->get_results().size(); ++o) {
            const Tensor a = gpu.get_output_tensor(o), b = ref.get_output_tensor(o);
            ASSERT_EQ(a.get_shape(), b.get_shape()) << "output " << o;
            EXPECT_EQ(test::values(a), test::values(b)) << "output " << o;
        }
    }
}

Tensor f32(const Shape& s, const std::vector<double>& v) { return test::make_tensor<double>(element::f32, s, v); }
Tensor boolean(const Shape& s, bool v) { return test::make_tensor<double>(element::boolean, s, {v ? 1.0 : 0.0}); }

TEST(DataDependent, IfWithBranchesOfDifferentShapes) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const Tensor x = f32({4, 3}, {-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6});
    // The same request gives [1, 3], then [8, 3], then [1, 3] again.
    expect_gpu_matches_ref(core, load("if_shapes"),
                           {{x, boolean({1}, true)}, {x, boolean({1}, false)}, {x, boolean({1}, true)}});
}

TEST(DataDependent, LoopUntilItsCondition) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const Tensor x = f32({3}, {0.5, -1, 2}), limit = f32({}, {40});
    auto trips = [](double n) { return test::make_tensor<double>(element::i64, {}, {n}); };
    expect_gpu_matches_ref(core, load("loop_while"), {{x, trips(-1), limit}, {x, trips(2), limit}, {x, trips(0), limit}});
}

TEST(DataDependent, KernelsResumeOnceTheShapeIsStaticAgain) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    // NonZero gives [2, count]; the sum over axis 1 is [2] again, which a kernel scales.
    auto x = op::parameter(element::f32, PartialShape{2, 3}, "x");
    auto nz = op::make("NonZero", {x}, {{"output_type", "i64"}}, 3);
    auto as_f32 = op::make("Convert", {nz}, {{"destination_type", "f32"}}, 1);
    auto sum = op::make("ReduceSum", {as_f32, op::constant(element::i64, {1}, std::vector<int64_t>{1})},
                        {{"keep_dims", "false"}}, 1);
    auto scaled = op::make("Multiply", {sum, op::constant(element::f32, {}, std::vector<float>{0.5f})}, {}, 1);
    scaled->set_friendly_name("scaled");
    auto model = std::make_shared<Model>(NodeVector{op::result(scaled)}, NodeVector{x});
    expect_gpu_matches_ref(core, model, {{f32({2, 3}, {0, 1, 2, 0, 0, 3})}, {f32({2, 3}, {1, 1, 1, 1, 1, 1})},
                                         {f32({2, 3}, {0, 0, 0, 0, 0, 0})}});

    auto request = core.compile_model(model, "GPU", {{"PERF_COUNT", true}}).create_infer_request();
    request.set_input_tensor(0, f32({2, 3}, {0, 1, 2, 0, 0, 3}));
    request.infer();
    EXPECT_EQ(test::values(request.get_output_tensor(0)), (std::vector<double>{0.5, 2.5}));  // rows {0, 0, 1}, cols {1, 2, 2}
    bool nonzero_on_host = false, scaled_on_device = false;
    for (const auto& p : request.get_profiling_info()) {
        nonzero_on_host = nonzero_on_host || (p.node_type == "NonZero" && p.exec_type == "ref");
        scaled_on_device = scaled_on_device || (p.node_name == "scaled" && p.exec_type != "ref");
    }
    EXPECT_TRUE(nonzero_on_host);
    EXPECT_TRUE(scaled_on_device);
}

}  // namespace
