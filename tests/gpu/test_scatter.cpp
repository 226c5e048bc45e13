// ScatterUpdate-3, ScatterNDUpdate-4/15 and ScatterElementsUpdate-3/12 on the device against host_ref, bitwise: the
// kernels apply the updates in host_ref's order (the last duplicate wins; reductions fold in update order in double
// or int64 as host_ref does). Duplicated and negative indices, every reduction and use_init_val over f32, f16, i32
// and i64 (reduction none over more types), slices shorter and longer than a chunk, indices narrower than the data,
// empty tensors, an index outside the data (the inference fails as host_ref throws, also through a compiled
// model), and the refusals.
#include "movement_test_utils.hpp"

using namespace ovcl;
using namespace ovcl::test::movement;

namespace {

const std::vector<element::Type> kReducible{element::f32, element::f16, element::i32, element::i64};

Shape updates_shape(const Shape& data, const Shape& indices, size_t axis) {
    Shape u(data.begin(), data.begin() + static_cast<std::ptrdiff_t>(axis));
    u.insert(u.end(), indices.begin(), indices.end());
    u.insert(u.end(), data.begin() + static_cast<std::ptrdiff_t>(axis) + 1, data.end());
    return u;
}

std::shared_ptr<Node> scatter_update(element::Type t, const Shape& data, element::Type it, const Shape& indices,
                                     int64_t axis) {
    const auto a = static_cast<size_t>(axis < 0 ? axis + static_cast<int64_t>(data.size()) : axis);
    return op::make("ScatterUpdate",
                    {op::parameter(t, data), op::parameter(it, indices),
                     op::parameter(t, updates_shape(data, indices, a)), op::constant(scalar_int(axis))},
                    {}, 3);
}

std::shared_ptr<Node> scatter_nd(int64_t version, element::Type t, const Shape& data, element::Type it,
                                 const Shape& indices, const std::string& reduction = "none") {
    Shape u(indices.begin(), indices.end() - 1);
    u.insert(u.end(), data.begin() + static_cast<std::ptrdiff_t>(indices.back()), data.end());
    Attributes attrs;
    if (version >= 15)
        attrs.emplace_back("reduction", reduction);
    return op::make("ScatterNDUpdate", {op::parameter(t, data), op::parameter(it, indices), op::parameter(t, u)},
                    attrs, version);
}

std::shared_ptr<Node> scatter_elements(int64_t version, element::Type t, const Shape& data, element::Type it,
                                       const Shape& indices, int64_t axis, const std::string& reduction = "none",
                                       bool use_init = true) {
    Attributes attrs;
    if (version >= 12) {
        attrs.emplace_back("reduction", reduction);
        attrs.emplace_back("use_init_val", use_init ? "true" : "false");
    }
    return op::make("ScatterElementsUpdate",
                    {op::parameter(t, data), op::parameter(it, indices), op::parameter(t, indices),
                     op::constant(scalar_int(axis))},
                    attrs, version);
}

// The data's extent on `axis` (negative from the end).
int64_t extent_on(const Shape& data, int64_t axis) {
    return static_cast<int64_t>(data[static_cast<size_t>(axis < 0 ? axis + static_cast<int64_t>(data.size()) : axis)]);
}

// Indices of `shape` in [lo, hi]: few distinct values for many indices, so duplicates abound.
Tensor indices(element::Type t, const Shape& shape, int64_t lo, int64_t hi, uint32_t seed) {
    return test::random_tensor(t, shape, static_cast<double>(lo), static_cast<double>(hi), seed);
}

// Runs the node with `idx` on both and expects host_ref's error on the device too.
void expect_index_error(const std::shared_ptr<Node>& node, const Tensor& idx) {
    TensorVector in{data(node->get_input_element_type(0), node->get_input_shape(0)), idx,
                    data(node->get_input_element_type(2), node->get_input_shape(2))};
    if (node->get_input_size() == 4)
        in.push_back(node->input_value(3).node->get_constant_value());
    EXPECT_THROW(test::run_host(node, in), ModelError) << node->describe();
    try {
        test::run_gpu(node, in);
        ADD_FAILURE() << node->describe() << " ran with an index outside the data";
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find("an index is outside the data"), std::string::npos) << e.what();
    }
}

}  // namespace

TEST(GpuScatter, HandCheckedDuplicates) {
    OVCL_REQUIRE_GPU();
    const Tensor zeros = test::make_tensor<float>(element::f32, {4}, {0, 0, 0, 0});
    const Tensor idx = test::make_tensor<int>(element::i32, {3, 1}, {1, -3, 3});  // -3 is 1 again
    const Tensor upd = test::make_tensor<float>(element::f32, {3}, {5, 6, 7});
    EXPECT_TENSOR_EQ(test::run_gpu(scatter_nd(15, element::f32, {4}, element::i32, {3, 1}), {zeros, idx, upd}).at(0),
                     test::make_tensor<float>(element::f32, {4}, {0, 6, 0, 7}));  // the later update wins
    EXPECT_TENSOR_EQ(
        test::run_gpu(scatter_nd(15, element::f32, {4}, element::i32, {3, 1}, "sum"), {zeros, idx, upd}).at(0),
        test::make_tensor<float>(element::f32, {4}, {0, 11, 0, 7}));
}

TEST(GpuScatter, ScatterUpdateOverAxesAndTypes) {
    OVCL_REQUIRE_GPU();
    struct Case {
        Shape data, idx;
        int64_t axis;
    };
    // Rows of 1 element, a partial chunk, more than a chunk (70); more indices than rows: duplicates.
    const std::vector<Case> cases{{{5}, {8}, 0},        {{4, 3}, {2, 3}, 0},      {{4, 70}, {6}, -2},
                                  {{2, 5, 3}, {7}, 1}, {{2, 3, 4}, {2, 2}, 2}, {{3, 4}, {}, 1}};
    uint32_t seed = 1;
    for (const Case& c : cases) {
        const int64_t n = extent_on(c.data, c.axis);
        for (element::Type it : {element::i32, element::i64})
            for (element::Type t : {element::f32, element::f16, element::u8, element::i64}) {
                auto node = scatter_update(t, c.data, it, c.idx, c.axis);
                EXPECT_TRUE(same_as_host(node, {data(t, c.data, ++seed), indices(it, c.idx, 0, n - 1, seed),
                                                data(t, node->get_input_shape(2), seed + 1), scalar_int(c.axis)}))
                    << t << c.data << " indices " << it << c.idx << " axis " << c.axis;
            }
    }
}

TEST(GpuScatter, ScatterNDUpdateEveryReduction) {
    OVCL_REQUIRE_GPU();
    struct Case {
        Shape data, idx;
    };
    // k from 0 (every tuple updates the whole data) to the data's rank; slices of 1 to 130 elements.
    const std::vector<Case> cases{{{6}, {9, 1}},     {{4, 3}, {5, 2}},       {{4, 130}, {3, 1}},
                                  {{3, 4}, {2, 0}},  {{2, 3, 4}, {2, 3, 2}}, {{2, 3, 4}, {4, 3}}};
    uint32_t seed = 1;
    for (const Case& c : cases) {
        int64_t n = 1 << 20;
        for (size_t a = 0; a < c.idx.back(); ++a)
            n = std::min<int64_t>(n, static_cast<int64_t>(c.data[a]));
        for (element::Type it : {element::i32, element::i64}) {
            for (element::Type t : {element::f32, element::f16, element::u8, element::boolean})
                for (int64_t version : {4, 15}) {
                    auto node = scatter_nd(version, t, c.data, it, c.idx);
                    EXPECT_TRUE(same_as_host(node, {data(t, c.data, ++seed), indices(it, c.idx, -n, n - 1, seed),
                                                    data(t, node->get_input_shape(2), seed + 1)}))
                        << "ScatterNDUpdate-" << version << " " << t << c.data << " indices " << it << c.idx;
                }
            for (element::Type t : kReducible)
                for (const char* r : {"sum", "sub", "prod", "min", "max"}) {
                    auto node = scatter_nd(15, t, c.data, it, c.idx, r);
                    EXPECT_TRUE(same_as_host(node, {data(t, c.data, ++seed), indices(it, c.idx, -n, n - 1, seed),
                                                    data(t, node->get_input_shape(2), seed + 1)}))
                        << r << " " << t << c.data << " indices " << it << c.idx;
                }
        }
    }
}

TEST(GpuScatter, ScatterElementsUpdateEveryReduction) {
    OVCL_REQUIRE_GPU();
    struct Case {
        Shape data, idx;  // indices no larger than the data but on the axis
        int64_t axis;
    };
    // Fewer than 256 lines (reduction none: the winner pass), and more (assign_lines), with axes merged or not.
    const std::vector<Case> cases{{{5}, {9}, 0},
                                  {{4, 3}, {6, 3}, 0},
                                  {{4, 3}, {2, 5}, -1},
                                  {{3, 4, 5}, {2, 7, 3}, 1},
                                  {{2, 3, 4, 5}, {2, 3, 4, 2}, 3},
                                  {{3, 4}, {3, 4}, 0},
                                  {{3, 20, 16}, {5, 18, 16}, 0},
                                  {{3, 20, 16}, {5, 18, 15}, -3},
                                  {{20, 3, 16}, {18, 4, 15}, 1}};
    uint32_t seed = 1;
    for (const Case& c : cases) {
        const int64_t n = extent_on(c.data, c.axis);
        for (element::Type it : {element::i32, element::i64}) {
            for (int64_t version : {3, 12})
                for (element::Type t : {element::f32, element::f16, element::i8, element::i64}) {
                    auto node = scatter_elements(version, t, c.data, it, c.idx, c.axis);
                    EXPECT_TRUE(same_as_host(node, {data(t, c.data, ++seed), indices(it, c.idx, -n, n - 1, seed),
                                                    data(t, c.idx, seed + 1), scalar_int(c.axis)}))
                        << "ScatterElementsUpdate-" << version << " " << t << c.data << " indices " << it << c.idx;
                }
            for (element::Type t : kReducible)
                for (const char* r : {"sum", "prod", "min", "max", "mean"})
                    for (bool use_init : {true, false}) {
                        auto node = scatter_elements(12, t, c.data, it, c.idx, c.axis, r, use_init);
                        EXPECT_TRUE(same_as_host(node, {data(t, c.data, ++seed), indices(it, c.idx, -n, n - 1, seed),
                                                        data(t, c.idx, seed + 1), scalar_int(c.axis)}))
                            << r << " use_init_val " << use_init << " " << t << c.data << " indices " << it << c.idx;
                    }
        }
    }
}

TEST(GpuScatter, ElementsWalkManyLinesElseTakeWinners) {
    OVCL_REQUIRE_GPU();
    EXPECT_EQ(impl_of(scatter_elements(3, element::f32, {3, 20, 16}, element::i32, {5, 18, 16}, 0)),
              "scatter_elements_lines");  // 288 lines
    EXPECT_EQ(impl_of(scatter_elements(3, element::f32, {3, 20, 16}, element::i32, {5, 15, 16}, 0)),
              "scatter_elements");  // 240 lines
    EXPECT_EQ(impl_of(scatter_elements(12, element::f32, {5}, element::i32, {9}, 0, "mean")),
              "scatter_elements_mean");
}

// A GPU runs the lines without the CPU devices' lockstep barriers: the same results.
TEST(GpuScatter, LinesOnAGpu) {
    OVCL_REQUIRE_GPU();
    gpu::GpuEnv as_gpu = *test::gpu_env();
    as_gpu.device = test::presented_as_gpu(as_gpu.device);
    const Shape ds{3, 20, 16}, is{5, 18, 15};
    for (const char* r : {"none", "sum", "max"}) {
        auto node = scatter_elements(12, element::f32, ds, element::i64, is, 0, r);
        const TensorVector in{data(element::f32, ds), indices(element::i64, is, -3, 2, 3), data(element::f32, is, 4),
                              scalar_int(0)};
        EXPECT_TENSOR_EQ(gpu::run_node_on_device(*node, in, as_gpu).at(0), test::run_host(node, in).at(0)) << r;
    }
}

TEST(GpuScatter, IntegerReductionsWrapAsTheHost) {
    OVCL_REQUIRE_GPU();
    const Tensor big = test::make_tensor<int>(element::i32, {2}, {2000000000, -2000000000});
    const Tensor idx = test::make_tensor<int>(element::i32, {4}, {0, 0, 1, 1});
    const Tensor upd = test::make_tensor<int>(element::i32, {4}, {2000000000, 1999999999, -2000000000, 7});
    for (const char* r : {"sum", "prod", "mean"}) {
        auto node = scatter_elements(12, element::i32, {2}, element::i32, {4}, 0, r);
        EXPECT_TRUE(same_as_host(node, {big, idx, upd, scalar_int(0)})) << r;
    }
}

TEST(GpuScatter, EmptyTensors) {
    OVCL_REQUIRE_GPU();
    auto no_updates = scatter_nd(15, element::f32, {4, 3}, element::i32, {0, 1}, "sum");
    EXPECT_TRUE(same_as_host(no_updates, {data(element::f32, {4, 3}), indices(element::i32, {0, 1}, 0, 3, 1),
                                          data(element::f32, {0, 3})}));
    auto no_rows = scatter_update(element::f32, {4, 3}, element::i64, {0}, 0);
    EXPECT_TRUE(same_as_host(no_rows, {data(element::f32, {4, 3}), indices(element::i64, {0}, 0, 3, 1),
                                       data(element::f32, {0, 3}), scalar_int(0)}));
    auto no_data = scatter_elements(12, element::f32, {0, 3}, element::i32, {0, 3}, 1, "mean");
    EXPECT_TRUE(same_as_host(no_data, {data(element::f32, {0, 3}), indices(element::i32, {0, 3}, 0, 2, 1),
                                       data(element::f32, {0, 3}), scalar_int(1)}));
}

TEST(GpuScatter, IndexOutsideTheDataFails) {
    OVCL_REQUIRE_GPU();
    // ScatterUpdate takes no negative indices (as OpenVINO); the others count them from the end.
    expect_index_error(scatter_update(element::f32, {4, 3}, element::i32, {2}, 0),
                       test::make_tensor<int>(element::i32, {2}, {1, -1}));
    expect_index_error(scatter_nd(15, element::f32, {4, 3}, element::i64, {2, 2}, "sum"),
                       test::make_tensor<int64_t>(element::i64, {2, 2}, {0, 0, 1, 3}));
    expect_index_error(scatter_elements(12, element::f32, {4, 3}, element::i32, {2, 3}, 0, "max"),
                       test::make_tensor<int>(element::i32, {2, 3}, {0, 1, 2, 3, -5, 0}));
    expect_index_error(scatter_elements(3, element::f32, {4, 3}, element::i32, {2, 3}, 0),
                       test::make_tensor<int>(element::i32, {2, 3}, {0, 1, 2, 3, 4, 0}));
}

// The status word through a compiled model: the request fails naming the node, then runs again with valid indices.
TEST(GpuScatter, IndexErrorThroughTheInferRequest) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    auto x = op::parameter(element::f32, Shape{4, 3});
    auto i = op::parameter(element::i32, Shape{2, 1});
    auto u = op::parameter(element::f32, Shape{2, 3});
    auto scatter = op::make("ScatterNDUpdate", {x, i, u}, {}, 4);
    scatter->set_friendly_name("the_scatter");
    auto model = std::make_shared<Model>(NodeVector{op::result(scatter)}, NodeVector{x, i, u});
    auto request = core.compile_model(model, "GPU").create_infer_request();
    request.set_input_tensor(0, data(element::f32, {4, 3}));
    request.set_input_tensor(2, data(element::f32, {2, 3}));
    request.set_input_tensor(1, test::make_tensor<int>(element::i32, {2, 1}, {1, 4}));
    try {
        request.infer();
        ADD_FAILURE() << "index 4 of 4 rows ran";
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find("the_scatter"), std::string::npos) << e.what();
    }
    const Tensor good = test::make_tensor<int>(element::i32, {2, 1}, {1, -4});
    request.set_input_tensor(1, good);
    request.infer();
    EXPECT_TENSOR_EQ(request.get_output_tensor(0),
                     test::run_host(scatter, {data(element::f32, {4, 3}), good, data(element::f32, {2, 3})}).at(0));
}

TEST(GpuScatter, Refusals) {
    OVCL_REQUIRE_GPU();
    EXPECT_EQ(refusal(scatter_nd(15, element::u8, {4}, element::i32, {2, 1}, "sum")),
              "reduction sum of u8 data (f32, f16, i32 or i64 only)");
    EXPECT_EQ(refusal(scatter_elements(12, element::f32, {4}, element::u8, {2}, 0)),
              "indices of type u8 (i32 or i64 only)");
    auto runtime_axis = op::make("ScatterUpdate",
                                 {op::parameter(element::f32, Shape{4, 3}), op::parameter(element::i32, Shape{2}),
                                  op::parameter(element::f32, Shape{2, 3}), op::parameter(element::i64, Shape{})},
                                 {}, 3);
    EXPECT_EQ(refusal(runtime_axis), "the axis input is not an integer Constant of one value");
    gpu::DeviceInfo no_fp64 = test::gpu_env()->device;
    no_fp64.fp64 = false;
    auto sum = scatter_nd(15, element::f32, {4}, element::i32, {2, 1}, "sum");
    EXPECT_EQ(gpu::validate_node(*sum, no_fp64).reason,
              "reduction sum of real data folds in double as host_ref: the device has no cl_khr_fp64");
    EXPECT_TRUE(gpu::validate_node(*scatter_nd(15, element::i32, {4}, element::i32, {2, 1}, "sum"), no_fp64).supported);
}
