// Models whose shapes depend on the input values (NonZero, an If whose branches give different shapes,
// a Loop that runs until its condition) compiled on the GPU device: a plan holds such values on the host
// (plan.hpp, Value HOST), host steps read them, and kernels resume once a shape is static again. Each
// result is checked against the REF device on the same inputs (host_ref on both sides: exact), and the
// profile shows which steps ran where.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
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

// Outputs of `model` on GPU and REF for `inputs`, within `tolerance` of the largest REF value (kernels and host_ref
// sum in different orders), and the GPU profile's exec type of each node by name.
std::map<std::string, std::string> expect_gpu_near_ref(Core& core, const std::shared_ptr<Model>& model,
                                                        const TensorVector& inputs, double tolerance) {
    auto gpu = core.compile_model(model, "GPU", {{"PERF_COUNT", true}}).create_infer_request();
    auto ref = core.compile_model(model, "REF").create_infer_request();
    for (size_t i = 0; i < inputs.size(); ++i) {
        gpu.set_input_tensor(i, inputs[i]);
        ref.set_input_tensor(i, inputs[i]);
    }
    gpu.infer();
    ref.infer();
    for (size_t o = 0; o < model->get_results().size(); ++o) {
        const Tensor a = gpu.get_output_tensor(o), b = ref.get_output_tensor(o);
        EXPECT_EQ(a.get_shape(), b.get_shape()) << "output " << o;
        const auto va = test::values(a), vb = test::values(b);
        double scale = 1;
        for (double v : vb)
            scale = std::max(scale, std::abs(v));
        size_t bad = 0;
        for (size_t k = 0; k < std::min(va.size(), vb.size()); ++k)
            if (!(std::abs(va[k] - vb[k]) <= tolerance * scale) && bad++ < 3)
                ADD_FAILURE() << "output " << o << " element " << k << ": " << va[k] << " against " << vb[k];
    }
    std::map<std::string, std::string> exec;
    for (const auto& p : gpu.get_profiling_info())
        exec[p.node_name] = p.exec_type;
    return exec;
}

Tensor f32(const Shape& s, const std::vector<double>& v) { return test::make_tensor<double>(element::f32, s, v); }
Tensor boolean(const Shape& s, bool v) { return test::make_tensor<double>(element::boolean, s, {v ? 1.0 : 0.0}); }

// The rows NonZero picks from `keep` (a count known only at run time) as a 1-D index.
std::shared_ptr<Node> picked_rows(const std::shared_ptr<Node>& keep) {
    return op::make("Reshape", {op::make("NonZero", {keep}, {{"output_type", "i64"}}, 3),
                                op::constant(element::i64, {1}, std::vector<int64_t>{-1})},
                    {{"special_zero", "false"}}, 1);
}

// The rois NonZero picks from `all` [count, 4] by `keep` [count], each with the batch index 0 (the picked rows times
// zero: its count too is known only at run time).
struct PickedRois {
    std::shared_ptr<Node> all, keep, rois, zero_batch;
};
PickedRois picked_rois(size_t count) {
    PickedRois p;
    p.all = op::parameter(element::f32, PartialShape{static_cast<int64_t>(count), 4}, "rois");
    p.keep = op::parameter(element::f32, PartialShape{static_cast<int64_t>(count)}, "keep");
    auto rows = picked_rows(p.keep);
    p.rois = op::make("Gather", {p.all, rows, op::constant(element::i64, {}, std::vector<int64_t>{0})}, {}, 8);
    p.zero_batch = op::make("Multiply", {rows, op::constant(element::i64, {}, std::vector<int64_t>{0})}, {}, 1);
    return p;
}

// A detector's head over the picked rows of x [6, 3, 8, 8]: a 3x3 convolution to 5 channels ("conv"), flattened to
// [count, 180] ("flat"), a MatMul to 7.
struct Head {
    std::shared_ptr<Node> x, keep, conv, flat, fc;
};
Head detector_head() {
    Head h;
    h.x = op::parameter(element::f32, PartialShape{6, 3, 8, 8}, "x");
    h.keep = op::parameter(element::f32, PartialShape{6}, "keep");
    auto picked =
        op::make("Gather", {h.x, picked_rows(h.keep), op::constant(element::i64, {}, std::vector<int64_t>{0})}, {}, 8);
    h.conv = op::make("Convolution", {picked, op::constant(test::random_tensor(element::f32, {5, 3, 3, 3}, -1, 1, 7))},
                      {{"strides", "1,1"}, {"pads_begin", "0,0"}, {"pads_end", "0,0"}, {"dilations", "1,1"},
                       {"auto_pad", "explicit"}},
                      1);
    h.conv->set_friendly_name("conv");
    h.flat = op::make("Reshape", {h.conv, op::constant(element::i64, {2}, std::vector<int64_t>{0, 180})},
                      {{"special_zero", "true"}}, 1);
    h.flat->set_friendly_name("flat");
    h.fc = op::make("MatMul", {h.flat, op::constant(test::random_tensor(element::f32, {180, 7}, -1, 1, 8))},
                    {{"transpose_a", "false"}, {"transpose_b", "false"}}, 1);
    return h;
}

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

// A detector's heads: the rows NonZero picks (a proposal count known only at run time) go through a convolution and
// a MatMul, which the plan leaves as host steps and the request configures and runs as kernels for each count.
TEST(DataDependent, ConvolutionAndMatMulAfterADataDependentCountRunAsKernels) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const Head h = detector_head();
    auto biased = op::make("Add", {h.fc, op::constant(test::random_tensor(element::f32, {7}, -1, 1, 10))}, {}, 1);
    auto relu = op::make("Relu", {biased}, {}, 1);  // fused into the MatMul's kernel
    relu->set_friendly_name("fc");
    auto model = std::make_shared<Model>(NodeVector{op::result(relu), op::result(h.conv)}, NodeVector{h.x, h.keep});
    const Tensor images = test::random_tensor(element::f32, {6, 3, 8, 8}, -1, 1, 9);
    for (const auto& chosen : {std::vector<double>{1, 0, 1, 1, 0, 1}, std::vector<double>{0, 0, 0, 1, 0, 0},
                               std::vector<double>{1, 1, 1, 1, 1, 1}, std::vector<double>{0, 0, 0, 0, 0, 0}}) {
        SCOPED_TRACE(::testing::PrintToString(chosen));
        const auto exec = expect_gpu_near_ref(core, model, {images, f32({6}, chosen)}, 1e-5);
        const bool any = std::any_of(chosen.begin(), chosen.end(), [](double c) { return c != 0; });
        for (const char* name : {"conv", "fc"}) {
            ASSERT_TRUE(exec.count(name)) << name;
            const std::string& e = exec.at(name);
            if (any) {  // no rows: the empty tensors go through host_ref or an empty launch alike
                EXPECT_TRUE(e.size() > 8 && e.compare(e.size() - 8, 8, "_runtime") == 0) << name << ": " << e;
            }
        }
    }
}

// ROIAlign pools a feature map that a kernel wrote (it stays in the request's arena and the run-time kernel reads it
// there) over the rois NonZero picks.
TEST(DataDependent, RoiAlignOverPickedRoisReadsTheFeatureMapOnTheDevice) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, PartialShape{1, 3, 10, 10}, "x");
    const PickedRois picked = picked_rois(5);
    auto features = op::make("Convolution", {x, op::constant(test::random_tensor(element::f32, {4, 3, 3, 3}, -1, 1, 5))},
                             {{"strides", "1,1"}, {"pads_begin", "1,1"}, {"pads_end", "1,1"}, {"dilations", "1,1"},
                              {"auto_pad", "explicit"}},
                             1);
    auto pooled = op::make("ROIAlign", {features, picked.rois, picked.zero_batch},
                           {{"pooled_h", "2"}, {"pooled_w", "3"}, {"sampling_ratio", "0"}, {"spatial_scale", "1"},
                            {"mode", "avg"}, {"aligned_mode", "half_pixel"}},
                           9);
    pooled->set_friendly_name("pooled");
    auto model = std::make_shared<Model>(NodeVector{op::result(pooled)}, NodeVector{x, picked.all, picked.keep});
    const Tensor boxes = f32({5, 4}, {0, 0, 9, 9, 1, 2, 6, 8, 2.5, 3.5, 4, 9.5, -3, -3, 2, 2, 5, 5, 12, 11});
    for (const auto& chosen : {std::vector<double>{1, 1, 0, 1, 1}, std::vector<double>{0, 0, 1, 0, 0}}) {
        const auto exec = expect_gpu_near_ref(
            core, model, {test::random_tensor(element::f32, {1, 3, 10, 10}, -1, 1, 6), boxes, f32({5}, chosen)}, 1e-5);
        EXPECT_EQ(exec.at("pooled"), "roi_align_runtime");
    }
}

// A run-time kernel that finds an input value its op rejects (a roi's batch index outside the data) fails the
// inference naming its node, as REF does, though its status word is read only with the outputs; the next run of
// the same request with valid values matches REF again.
TEST(DataDependent, ARunTimeKernelsStatusFailsTheInferenceAndTheRequestRecovers) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, PartialShape{1, 2, 6, 6}, "x");
    auto image = op::parameter(element::i64, PartialShape{}, "image");
    const PickedRois picked = picked_rois(3);
    auto batch = op::make("Add", {picked.zero_batch, image}, {}, 1);
    auto pooled = op::make("ROIAlign", {x, picked.rois, batch},
                           {{"pooled_h", "2"}, {"pooled_w", "2"}, {"sampling_ratio", "2"}, {"spatial_scale", "1"},
                            {"mode", "avg"}, {"aligned_mode", "half_pixel"}},
                           9);
    pooled->set_friendly_name("pooled");
    auto model =
        std::make_shared<Model>(NodeVector{op::result(pooled)}, NodeVector{x, picked.all, picked.keep, image});
    const Tensor boxes = f32({3, 4}, {0, 0, 5, 5, 1, 2, 4, 5, 2, 1, 3, 3});
    const Tensor features = test::random_tensor(element::f32, {1, 2, 6, 6}, -1, 1, 8);
    auto index = [](int64_t i) { return test::make_tensor<int64_t>(element::i64, {}, {i}); };
    expect_gpu_near_ref(core, model, {features, boxes, f32({3}, {1, 0, 1}), index(0)}, 1e-5);
    auto request = core.compile_model(model, "GPU").create_infer_request();
    const TensorVector bad{features, boxes, f32({3}, {1, 0, 1}), index(3)};
    for (size_t i = 0; i < bad.size(); ++i)
        request.set_input_tensor(i, bad[i]);
    try {
        request.infer();
        ADD_FAILURE() << "a batch index outside the data was accepted";
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find("'pooled'"), std::string::npos) << e.what();
    }
    auto ref = core.compile_model(model, "REF").create_infer_request();
    for (size_t i = 0; i < bad.size(); ++i)
        ref.set_input_tensor(i, bad[i]);
    EXPECT_THROW(ref.infer(), Exception);
    request.set_input_tensor(3, index(0));
    request.infer();
    ref.set_input_tensor(3, index(0));
    ref.infer();
    EXPECT_TENSOR_NEAR(request.get_output_tensor(0), ref.get_output_tensor(0), 1e-5, 1e-5);
}

// A chain of run-time steps keeps its values on the device: the convolution's output goes through a Reshape to the
// MatMul, and the MatMul's to a Softmax (not compute-bound, but its input is there already); only the model's
// output is read back.
TEST(DataDependent, RunTimeStepsPassTheirValuesOnTheDevice) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const Head h = detector_head();
    h.fc->set_friendly_name("fc");
    auto probs = op::make("Softmax", {h.fc}, {{"axis", "1"}}, 8);
    probs->set_friendly_name("probs");
    auto model = std::make_shared<Model>(NodeVector{op::result(probs)}, NodeVector{h.x, h.keep});
    const Tensor images = test::random_tensor(element::f32, {6, 3, 8, 8}, -1, 1, 9);
    const auto exec = expect_gpu_near_ref(core, model, {images, f32({6}, {1, 0, 1, 1, 0, 1})}, 1e-5);
    for (const char* name : {"conv", "fc", "probs"}) {
        const std::string& e = exec.at(name);
        EXPECT_TRUE(e.size() > 8 && e.compare(e.size() - 8, 8, "_runtime") == 0) << name << ": " << e;
    }
    EXPECT_EQ(exec.at("flat"), "view_runtime");
    EXPECT_EQ(exec.at("bytes device->host"), std::to_string(4 * 7 * sizeof(float)));  // the output only
}

// Rows NonZero picks from Relu(x) [40, 8] and Relu(y) [40, 2], side by side (Concat on axis 1) or one after the
// other (axis 0), then a Softmax: a Concat of values on the device is copies when its rows are few or long, the kernel's work when
// many short rows would be a driver's memcpy each.
TEST(DataDependent, ARunTimeConcatOfDeviceValuesIsCopiesUnlessItsRowsAreManyAndShort) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    for (const int64_t axis : {0, 1}) {
        auto x = op::parameter(element::f32, PartialShape{40, 8}, "x");
        auto y = op::parameter(element::f32, PartialShape{40, axis == 0 ? 8 : 2}, "y");
        auto keep = op::parameter(element::f32, PartialShape{40}, "keep");
        auto rows = picked_rows(keep);
        const auto zero = op::constant(element::i64, {}, std::vector<int64_t>{0});
        // Relu first: a kernel step, so the Gathers read their data on the device and leave their rows there.
        auto joined = op::make("Concat", {op::make("Gather", {op::make_output("Relu", {x}), rows, zero}, {}, 8),
                                          op::make("Gather", {op::make_output("Relu", {y}), rows, zero}, {}, 8)},
                               {{"axis", std::to_string(axis)}}, 1);
        joined->set_friendly_name("joined");
        auto probs = op::make("Softmax", {joined}, {{"axis", "1"}}, 8);
        auto model = std::make_shared<Model>(NodeVector{op::result(probs)}, NodeVector{x, y, keep});
        for (const size_t picked : {5, 30}) {
            SCOPED_TRACE("axis " + std::to_string(axis) + ", " + std::to_string(picked) + " rows picked");
            std::vector<double> mask(40, 0.0);
            for (size_t i = 0; i < picked; ++i)
                mask[(i * 7) % 40] = 1.0;
            const TensorVector in{test::random_tensor(element::f32, {40, 8}, -2, 2, 11),
                                  test::random_tensor(element::f32, {40, axis == 0 ? 8u : 2u}, -2, 2, 12),
                                  f32({40}, mask)};
            const auto exec = expect_gpu_near_ref(core, model, in, 1e-6);
            // Side by side, 30 rows of 32 and 8 bytes are the kernel's; 5 such rows, or one block each, are copies.
            const bool copies = axis == 0 || picked <= 16;
            EXPECT_EQ(exec.at("joined") == "copies_runtime", copies) << exec.at("joined");
        }
    }
}

}  // namespace
