// The GPU memory plan: block placement in arenas (memory_plan.hpp), the figures a compiled model reports (GPU_MEMORY_*
// properties) on the embedded CNN and ResNet-50, and in-place Concat (its inputs written by their producers into the
// output, the Concat a view), against REF.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>

#include "common/models.hpp"
#include "common/openvino_models.hpp"
#include "common/test_utils.hpp"
#include "gpu_test_utils.hpp"
#include "ovcl/core.hpp"
#include "plan/memory_plan.hpp"
#include "plan/plan.hpp"
#include "tools/default_models.hpp"
#include "tools/npy.hpp"

using namespace ovcl;
namespace fs = std::filesystem;

namespace {

// ---- block placement
// --------------------------------------------------------------------------

/// Blocks alive at the same step must not share a byte; every offset is aligned; an arena is at most `max_arena` unless
/// one block alone is larger; the arenas hold at least the live set.
void expect_valid_layout(const std::vector<gpu::Block>& blocks, const gpu::BlockLayout& layout, size_t alignment,
                         size_t max_arena) {
    ASSERT_EQ(layout.placements.size(), blocks.size());
    for (size_t i = 0; i < blocks.size(); ++i) {
        const gpu::Slot& a = layout.placements[i];
        ASSERT_LT(a.arena, layout.arena_bytes.size());
        EXPECT_EQ(a.offset % alignment, 0u) << "block " << i;
        EXPECT_LE(a.offset + blocks[i].bytes, layout.arena_bytes[a.arena]) << "block " << i;
        for (size_t j = 0; j < i; ++j) {
            const gpu::Slot& b = layout.placements[j];
            const bool together = blocks[i].first <= blocks[j].last && blocks[j].first <= blocks[i].last;
            const bool overlap = a.arena == b.arena && a.offset < b.offset + std::max<size_t>(blocks[j].bytes, 1) &&
                                 b.offset < a.offset + std::max<size_t>(blocks[i].bytes, 1);
            EXPECT_FALSE(together && overlap) << "blocks " << j << " and " << i << " are alive together and overlap";
        }
    }
    size_t total = 0, largest = 0;
    for (const auto& b : blocks)
        largest = std::max(largest, b.bytes);
    for (size_t bytes : layout.arena_bytes) {
        EXPECT_TRUE(bytes <= max_arena || bytes == largest) << bytes << " > " << max_arena;
        total += bytes;
    }
    EXPECT_GE(total, gpu::largest_live_set(blocks));
}

TEST(MemoryPlanBlocks, LiveSetIsTheMostBytesAliveAtOneStep) {
    // a: steps 0-1, b: 1-2, c: 2-3, d: 3-3 -> alive: {a}, {a,b}, {b,c}, {c,d}.
    const std::vector<gpu::Block> blocks = {{0, 1, 100}, {1, 2, 50}, {2, 3, 120}, {3, 3, 10}};
    EXPECT_EQ(gpu::largest_live_set(blocks), 170u);
    EXPECT_EQ(gpu::largest_live_set({}), 0u);
    EXPECT_EQ(gpu::largest_live_set({{4, 4, 7}}), 7u);
}

TEST(MemoryPlanBlocks, GreedyBySizeReusesWhatIsDead) {
    // A chain: each tensor dies when the next is made. Two places suffice, the largest first.
    const std::vector<gpu::Block> chain = {{0, 1, 1000}, {1, 2, 3000}, {2, 3, 1000}, {3, 4, 2000}, {4, 5, 500}};
    const gpu::BlockLayout layout = gpu::place_blocks(chain, 1, SIZE_MAX);
    expect_valid_layout(chain, layout, 1, SIZE_MAX);
    ASSERT_EQ(layout.arena_bytes.size(), 1u);
    EXPECT_EQ(layout.arena_bytes[0], gpu::largest_live_set(chain));  // 3000 + 1000
    EXPECT_EQ(layout.placements[1].offset, 0u);                      // the largest at the start
}

TEST(MemoryPlanBlocks, RandomLifetimesGiveValidAlignedLayouts) {
    std::mt19937 rng(7);
    for (int round = 0; round < 50; ++round) {
        std::vector<gpu::Block> blocks;
        const size_t n = 1 + rng() % 60;
        for (size_t i = 0; i < n; ++i) {
            const size_t first = rng() % 40, len = rng() % 8;
            blocks.push_back({first, first + len, rng() % 5 == 0 ? 0 : 1 + rng() % 100000});
        }
        for (size_t alignment : {1u, 128u, 4096u}) {
            SCOPED_TRACE("round " + std::to_string(round) + ", alignment " + std::to_string(alignment));
            expect_valid_layout(blocks, gpu::place_blocks(blocks, alignment, SIZE_MAX), alignment, SIZE_MAX);
            expect_valid_layout(blocks, gpu::place_blocks(blocks, alignment, 150000), alignment, 150000);
        }
    }
}

TEST(MemoryPlanBlocks, AnArenaStaysUnderTheDeviceAllocationLimit) {
    // Three blocks alive together, 600 bytes each, at most 1000 bytes an arena: one arena each.
    const std::vector<gpu::Block> blocks = {{0, 2, 600}, {0, 2, 600}, {0, 2, 600}, {3, 3, 900}};
    const gpu::BlockLayout layout = gpu::place_blocks(blocks, 128, 1000);
    expect_valid_layout(blocks, layout, 128, 1000);
    EXPECT_EQ(layout.arena_bytes.size(), 3u);
    // One block over the limit still gets a place (its own arena): allocating it fails later, named.
    const gpu::BlockLayout big = gpu::place_blocks({{0, 0, 5000}, {0, 0, 10}}, 128, 1000);
    ASSERT_EQ(big.arena_bytes.size(), 2u);
    EXPECT_EQ(big.arena_bytes[big.placements[0].arena], 5000u);
}

// ---- the figures a compiled model reports
// -----------------------------------------------------

struct Figures {
    uint64_t peak, live, all;
};

Figures figures_of(const CompiledModel& compiled) {
    return {compiled.get_property(gpu_memory::peak_bytes), compiled.get_property(gpu_memory::live_set_bytes),
            compiled.get_property(gpu_memory::tensors_bytes)};
}

void expect_good_plan(const Figures& f) {
    EXPECT_GT(f.live, 0u);
    EXPECT_GE(f.peak, f.live) << "no plan can take less than the largest live set";
    EXPECT_LE(f.peak, f.all) << "the plan takes more than every tensor in its own buffer";
    if (test::gpu_env()->device.sub_buffers) {  // offsets in arenas; whole buffers leave more unused (1.1-1.5x)
        EXPECT_LE(static_cast<double>(f.peak), 1.3 * static_cast<double>(f.live))
            << "peak " << f.peak << " bytes, live set " << f.live << " bytes";
    }
}

TEST(MemoryPlanFigures, ReadOnlyPropertiesOfTheEmbeddedCnn) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto compiled = core.compile_model(default_models::make_resnet_like_cnn(), "GPU");
    const std::vector<PropertyName> supported = compiled.get_property(supported_properties);
    for (const char* key :
         {gpu_memory::peak_bytes.key, gpu_memory::live_set_bytes.key, gpu_memory::tensors_bytes.key}) {
        const auto it = std::find(supported.begin(), supported.end(), key);
        ASSERT_NE(it, supported.end()) << key;
        EXPECT_FALSE(it->is_mutable()) << key;
    }
    const Figures f = figures_of(compiled);
    expect_good_plan(f);
    // The CNN's largest live set: the stem output [1,16,32,32] with the block input it feeds, at least (f32). All
    // tensors: far more than one request needs.
    EXPECT_GE(f.live, 2u * 16 * 32 * 32 * 4);
    EXPECT_LT(f.peak, f.all);
    EXPECT_EQ(compiled.get_property("GPU_MEMORY_PEAK_BYTES").to_string(), std::to_string(f.peak));
    EXPECT_THROW(compiled.set_property({{gpu_memory::peak_bytes.key, Any(uint64_t(1))}}), Exception);
    // A request runs within that plan: right outputs.
    auto gpu = compiled.create_infer_request();
    auto ref = core.compile_model(default_models::make_resnet_like_cnn(), "REF").create_infer_request();
    const Tensor x = test::random_tensor(element::f32, Shape{1, 3, 64, 64}, -1, 1, 3);
    gpu.set_input_tensor(x);
    ref.set_input_tensor(x);
    gpu.infer();
    ref.infer();
    EXPECT_TENSOR_NEAR(gpu.get_output_tensor(0), ref.get_output_tensor(0), 1e-5, 1e-4);
}

TEST(MemoryPlanFigures, DynamicModelReportsThePlanOfItsLastShape) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto compiled = core.compile_model(test::add_relu_model(PartialShape{-1, 64}), "GPU");
    try {
        compiled.get_property(gpu_memory::peak_bytes);
        FAIL() << "a dynamic model has no plan before its first inference";
    } catch (const Exception& e) {
        EXPECT_NE(std::string(e.what()).find("GPU_MEMORY_PEAK_BYTES"), std::string::npos) << e.what();
    }
    auto request = compiled.create_infer_request();
    for (size_t rows : {2u, 8u}) {
        request.set_tensor("a", test::random_tensor(element::f32, Shape{rows, 64}, -1, 1, 1));
        request.set_tensor("b", test::random_tensor(element::f32, Shape{rows, 64}, -1, 1, 2));
        request.infer();
        const Figures f = figures_of(compiled);
        // a, b and the sum are alive together at the Add: three tensors of this shape.
        EXPECT_EQ(f.live, 3 * rows * 64 * 4) << rows << " rows";
        EXPECT_GE(f.all, f.live);
        EXPECT_GE(f.peak, f.live);
    }
}

/// ResNet-50 as tools/make_models.py builds it with the openvino wheel, written into a folder removed with this
/// object; `why_not` says why there is none.
struct ResNet50 {
    fs::path dir = fs::temp_directory_path() / ("ovcl_memory_plan_resnet50_" + std::to_string(::getpid()));
    std::string why_not;

    ResNet50() {
        why_not = test::openvino_wheel_missing(test::python());
        if (why_not.empty())
            why_not = test::make_openvino_model(test::python(), "resnet50", dir);
    }
    ~ResNet50() { fs::remove_all(dir); }
    std::string file(const std::string& relative) const { return (dir / "resnet50" / relative).string(); }
};

TEST(MemoryPlanFigures, ResNet50PeakWithinLiveSetAndOutputsRight) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const ResNet50 m;
    if (!m.why_not.empty())
        GTEST_SKIP() << "no ResNet-50 IR: " << m.why_not;
    auto compiled = core.compile_model(core.read_model(m.file("resnet50.xml")), "GPU");
    const Figures f = figures_of(compiled);
    expect_good_plan(f);
    // At least the residual Add of the first stage at 224x224, however fused: the skip tensor and the sum, both
    // 56x56x256 f32, are alive at that step.
    EXPECT_GE(f.live, 2u * 56 * 56 * 256 * 4);
    // The weights go to the device once, as the kernels read them: reordered or packed copies replace the graph's
    // Constants (padding to whole register blocks adds a little), never beside them.
    const uint64_t constants = compiled.get_property(gpu_memory::constants_bytes);
    const auto weights = static_cast<uint64_t>(fs::file_size(m.file("resnet50.bin")));
    EXPECT_GE(constants, weights * 9 / 10);
    EXPECT_LE(constants, weights * 11 / 10);
    std::cout << "ResNet-50 device memory: peak " << f.peak << " bytes, largest live set " << f.live
              << " bytes, all tensors " << f.all << " bytes; constants " << constants << " bytes (weights file "
              << weights << " bytes)\n";
    RecordProperty("peak_bytes", std::to_string(f.peak));
    RecordProperty("live_set_bytes", std::to_string(f.live));
    RecordProperty("tensors_bytes", std::to_string(f.all));
    // The arena plan runs the whole model right (OpenVINO CPU's outputs for the same input).
    auto request = compiled.create_infer_request();
    request.set_input_tensor(npy::read(m.file("inputs/input.npy")));
    request.infer();
    EXPECT_TENSOR_NEAR(request.get_output_tensor(0), npy::read(m.file("openvino_cpu/logits.npy")), 1e-4, 1e-3);
}

// ---- in-place Concat
// ----------------------------------------------------------------------------

Output<Node> make(const std::string& type, const OutputVector& in, const Attributes& attrs = {},
            const std::string& name = "") {
    Output<Node> o = op::make_output(type, in, attrs);
    if (!name.empty())
        o.node->set_friendly_name(name);
    return o;
}
Output<Node> concat(const OutputVector& in, int64_t axis, const std::string& name) {
    return make("Concat", in, {{"axis", std::to_string(axis)}}, name);
}
Output<Node> scaled(const Output<Node>& x, float k) {
    return make("Multiply", {x, op::constant<float>(element::f32, Shape{1}, {k})}, {{"auto_broadcast", "numpy"}});
}

/// What the GPU made of node `name`: "view", "ref" or the kernel's name (runtime model).
std::string primitive_of(const CompiledModel& compiled, const std::string& name) {
    for (const auto& n : compiled.get_runtime_model()->get_ordered_ops())
        if (n->get_friendly_name() == name)
            return n->get_rt_info().at("primitiveType").as<std::string>();
    return "<no node " + name + ">";
}

/// Compiles `model` on GPU (with `props`) and REF, runs both on the same random inputs, compares every output, and
/// checks what the GPU made of each named node ("view": an in-place Concat, "concat_rows": its copy, "ref": a host
/// step).
void expect_concats(const std::shared_ptr<Model>& model, const std::map<std::string, std::string>& primitives,
                    const AnyMap& props = {}) {
    Core core;
    auto compiled = core.compile_model(model, "GPU", props);
    for (const auto& [name, expected] : primitives)
        EXPECT_EQ(primitive_of(compiled, name), expected) << name;
    auto gpu = compiled.create_infer_request();
    auto ref = core.compile_model(model, "REF").create_infer_request();
    for (size_t i = 0; i < model->inputs().size(); ++i) {
        const Output<Node> in = model->input(i);
        const Tensor t =
            test::random_tensor(in.get_element_type(), in.get_shape(), -2, 2, static_cast<uint32_t>(40 + i));
        gpu.set_tensor(in, t);
        ref.set_tensor(in, t);
    }
    for (int run = 0; run < 2; ++run) {  // a second run reuses the request's arena
        gpu.infer();
        ref.infer();
        for (size_t i = 0; i < model->outputs().size(); ++i)
            EXPECT_TENSOR_NEAR(gpu.get_output_tensor(i), ref.get_output_tensor(i), 1e-5, 1e-5)
                << "output " << i << ", run " << run;
    }
}

std::shared_ptr<Model> model_of(const OutputVector& outputs, const NodeVector& params) {
    return std::make_shared<Model>(outputs, params, "concat_test");
}

class InPlaceConcat : public ::testing::Test {
protected:
    void SetUp() override {
        OVCL_REQUIRE_GPU();
        if (!test::gpu_env()->device.sub_buffers)
            GTEST_SKIP() << "in-place Concat needs sub-buffers, which plans for this device don't use (GPU_SUB_BUFFERS)";
    }
    /// `shape` with its innermost dim widened so that parts of 128 bytes become parts of the device's sub-buffer
    /// alignment (128 bytes on PoCL, 512 on NVIDIA's driver): the cases stay in place on every device.
    static Shape aligned(Shape shape) {
        shape.back() *= std::max<size_t>(1, gpu::base_alignment(test::gpu_env()->device) / 128);
        return shape;
    }
};

TEST_F(InPlaceConcat, KernelOutputsWrittenInPlaceForSeveralShapes) {
    struct Case {
        std::vector<Shape> parts;
        int64_t axis;
    };
    // Every dim before the axis is 1 and every part starts at a multiple of 128 bytes (of the alignment: aligned()).
    const std::vector<Case> cases = {
        {{{1, 2, 4, 4}, {1, 6, 4, 4}, {1, 4, 4, 4}}, 1},  // channels, three producers
        {{{2, 16}, {2, 16}, {4, 16}}, 0},                 // the outermost axis
        {{{1, 1, 8, 32}, {1, 1, 4, 32}}, 2},              // an inner axis after leading ones
        {{{1, 32}, {1, 64}}, -1},                         // a negative axis
        {std::vector<Shape>(6, Shape{1, 1, 8, 4}), 1},    // more parts than one copy launch moves
    };
    for (const Case& c : cases) {
        std::ostringstream what;
        what << "axis " << c.axis << ", first part " << c.parts[0];
        SCOPED_TRACE(what.str());
        NodeVector params;
        OutputVector parts;
        for (size_t k = 0; k < c.parts.size(); ++k) {
            params.push_back(op::parameter(element::f32, aligned(c.parts[k]), "p" + std::to_string(k)));
            const Output<Node> x = params.back();
            parts.push_back(k % 3 == 0 ? make("Relu", {x}) : k % 3 == 1 ? scaled(x, 3.0f) : make("Sigmoid", {x}));
        }
        const Output<Node> cat = concat(parts, c.axis, "cat");
        expect_concats(model_of({make("Tanh", {cat})}, params), {{"cat", "view"}});
    }
}

TEST_F(InPlaceConcat, ProducersOfEveryKind) {
    // A convolution, a MatMul, a host step (Sigmoid forced to the host) and both outputs of a Split (in reverse order)
    // write into one Concat; a part is read again after the Concat.
    auto image = op::parameter(element::f32, Shape{1, 4, 8, 8}, "image");
    auto rows = op::parameter(element::f32, Shape{1, 2, 8, 16}, "rows");
    const Output<Node> conv =
        make("Convolution", {image, op::constant(test::random_tensor(element::f32, Shape{8, 4, 3, 3}, -0.5, 0.5, 9))},
             {{"strides", "1,1"},
              {"dilations", "1,1"},
              {"pads_begin", "1,1"},
              {"pads_end", "1,1"},
              {"auto_pad", "explicit"}});  // [1,8,8,8]
    const Output<Node> mm = make("MatMul", {rows, op::constant(test::random_tensor(element::f32, Shape{16, 8}, -1, 1, 10))},
                           {{"transpose_a", "false"}, {"transpose_b", "false"}});    // [1,2,8,8]
    const Output<Node> host = make("Sigmoid", {scaled(image, 0.5f)}, {}, "host_sigmoid");  // [1,4,8,8]
    auto split = op::make("Split", {scaled(image, -1.0f), op::constant<int64_t>(element::i64, Shape{}, {1})},
                          {{"num_splits", "2"}});  // two [1,2,8,8]
    const Output<Node> cat = concat({conv, mm, host, Output<Node>(split, 1), Output<Node>(split, 0)}, 1, "cat");
    const Output<Node> after = make(
        "Add",
        {make("ReduceMean", {cat, op::constant<int64_t>(element::i64, Shape{1}, {1})}, {{"keep_dims", "true"}}), mm},
        {{"auto_broadcast", "numpy"}});  // mm read again after the Concat
    expect_concats(model_of({make("Relu", {cat}), after}, {image, rows}), {{"cat", "view"}, {"host_sigmoid", "ref"}},
                   {{"OVCL_GPU_HOST_OPS", "Sigmoid"}});
}

TEST_F(InPlaceConcat, CopiesStayWhereTheLayoutOrTheProducerForbids) {
    auto a = op::parameter(element::f32, Shape{1, 8, 4, 4}, "a");
    auto b = op::parameter(element::f32, Shape{1, 8, 4, 4}, "b");
    const Output<Node> ra = make("Relu", {a}), rb = scaled(b, 2.0f);
    const auto k = op::constant(test::random_tensor(element::f32, Shape{1, 8, 4, 4}, -1, 1, 11));
    auto e = op::parameter(element::f32, Shape{1, 128}, "e");
    const Output<Node> reshaped =
        make("Reshape", {scaled(e, -1.0f), op::constant<int64_t>(element::i64, Shape{4}, {1, 8, 4, 4})},
             {{"special_zero", "false"}});  // a view of a kernel output
    std::vector<Output<Node>> outs;
    outs.push_back(make("Relu", {concat({ra, b}, 1, "with_parameter")}));
    outs.push_back(make("Relu", {concat({rb, k}, 1, "with_constant")}));
    outs.push_back(make("Relu", {concat({reshaped, rb}, 1, "with_view")}));
    outs.push_back(make("Relu", {concat({rb, rb}, 1, "same_twice")}));
    // ra and rb feed "first" in place; "second" (after it: it reads it) then keeps its copy.
    const Output<Node> first = concat({ra, rb}, 1, "first");
    outs.push_back(make("Relu", {concat({rb, ra, make("Relu", {first})}, 1, "second")}));
    outs.push_back(concat({make("Abs", {a}), make("Abs", {b})}, 1, "is_an_output"));
    const Output<Node> out_part = make("Negative", {a});
    outs.push_back(out_part);  // a model output is also a Concat input
    outs.push_back(make("Relu", {concat({out_part, make("Exp", {b})}, 1, "part_is_an_output")}));
    // 3x3x3 floats = 108 bytes: the second part would start off the 128-byte sub-buffer alignment.
    auto c = op::parameter(element::f32, Shape{1, 3, 3, 3}, "c");
    outs.push_back(make("Relu", {concat({make("Abs", {c}), make("Exp", {c})}, 1, "unaligned")}));
    // Batch 2 before the axis: each part is two pieces of the output, not one run.
    auto d = op::parameter(element::f32, Shape{2, 8, 16}, "d");
    outs.push_back(make("Relu", {concat({make("Abs", {d}), make("Exp", {d})}, 1, "batched")}));
    expect_concats(model_of(outs, {a, b, c, d, e}), {{"with_parameter", "concat_rows"},
                                                     {"with_constant", "concat_rows"},
                                                     {"with_view", "concat_rows"},
                                                     {"same_twice", "concat_rows"},
                                                     {"first", "view"},
                                                     {"second", "concat_rows"},
                                                     {"is_an_output", "concat_rows"},
                                                     {"part_is_an_output", "concat_rows"},
                                                     {"unaligned", "concat_rows"},
                                                     {"batched", "concat_rows"}});
}

TEST_F(InPlaceConcat, ProfilingShowsTheConcatOptimizedOut) {
    auto a = op::parameter(element::f32, Shape{1, 8, 4, 4}, "a");
    const Output<Node> cat = concat({make("Relu", {a}), make("Exp", {a})}, 1, "cat");
    Core core;
    auto request =
        core.compile_model(model_of({make("Abs", {cat})}, {a}), "GPU", {enable_profiling(true)}).create_infer_request();
    request.set_input_tensor(test::random_tensor(element::f32, Shape{1, 8, 4, 4}, -1, 1, 5));
    request.infer();
    bool found = false;
    for (const auto& p : request.get_profiling_info())
        if (p.node_name == "cat") {
            found = true;
            EXPECT_EQ(p.status, ProfilingInfo::Status::OPTIMIZED_OUT);
            EXPECT_EQ(p.exec_type, "view");
        }
    EXPECT_TRUE(found);
}

TEST_F(InPlaceConcat, HalfPrecisionStorage) {
    // f16 storage halves the bytes: [1,4,4,4] parts are 128 bytes each and stay aligned.
    auto a = op::parameter(element::f32, aligned(Shape{1, 4, 4, 4}), "a");
    const Output<Node> cat = concat({make("Relu", {a}), scaled(a, 0.25f), make("Sigmoid", {a})}, 1, "cat");
    Core core;
    auto compiled =
        core.compile_model(model_of({make("Tanh", {cat})}, {a}), "GPU", {hint::inference_precision(element::f16)});
    EXPECT_EQ(primitive_of(compiled, "cat"), "view");
    auto gpu = compiled.create_infer_request();
    auto ref = core.compile_model(model_of({make("Tanh", {cat})}, {a}), "REF").create_infer_request();
    const Tensor x = test::random_tensor(element::f32, a->get_output_shape(0), -2, 2, 6);
    gpu.set_input_tensor(x);
    ref.set_input_tensor(x);
    gpu.infer();
    ref.infer();
    EXPECT_TENSOR_NEAR(gpu.get_output_tensor(0), ref.get_output_tensor(0), 2e-3, 2e-3);
}

}  // namespace
