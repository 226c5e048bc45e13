// TopK on the OpenCL device (kernels_cl/topk.cl) against host_ref, which defines OpenVINO CPU's order: ties to the
// lower index, NaN after every number in both modes, sort=none as sort=value. Exact (0 tolerance): the kernels only
// compare and copy, so values and indices must be host_ref's bit for bit. Covered: every kernel path (the private
// insertion list for k <= 128, the merge sort above; one chunk per line or several merged), axis last and not last,
// k = 1 and k = the axis length, heavy ties, NaN, monotone data (the insertion list's worst case), f32, f16, i32 and
// i64 data (i64 beyond 2^53, where a float key would tie), i32 and i64 indices, TopK-1/3/11, empty tensors and the
// refusals.
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "gpu_test_utils.hpp"
#include "ops/gpu_op.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

struct Attrs {
    int64_t axis = -1;
    std::string mode = "max", sort = "value", index_type = "i32";
    int64_t version = 11;
};

std::shared_ptr<Node> topk(element::Type type, const Shape& s, int64_t k, const Attrs& a) {
    ovcl::Attributes attrs{{"axis", std::to_string(a.axis)}, {"mode", a.mode}, {"sort", a.sort},
                           {"index_element_type", a.index_type}};
    if (a.version >= 11)
        attrs.push_back({"stable", "true"});
    return op::make("TopK", {op::parameter(type, s), op::constant<int64_t>(element::i64, {}, {k})}, attrs, a.version);
}

Tensor k_tensor(int64_t k) { return op::constant<int64_t>(element::i64, {}, {k})->get_constant_value(); }

// Values from `levels` distinct ones (few levels: many ties), as `type`.
Tensor tied(element::Type type, const Shape& s, int levels, uint32_t seed) {
    const Tensor r = test::random_tensor(element::i32, s, 0, levels - 1, seed);
    Tensor t(type, s);
    const int32_t* v = r.data<int32_t>();
    for (size_t i = 0; i < shape_size(s); ++i) {
        const float x = static_cast<float>(v[i]) * 0.25f - 1.0f;
        if (type == element::f32)
            t.data<float>()[i] = x;
        else if (type == element::f16)
            t.data<float16>()[i] = float16(x);
        else if (type == element::i32)
            t.data<int32_t>()[i] = v[i] - levels / 2;
        else
            t.data<int64_t>()[i] = static_cast<int64_t>(v[i] - levels / 2) * (int64_t{1} << 40);
    }
    return t;
}

::testing::AssertionResult matches(element::Type type, const Shape& s, int64_t k, const Attrs& a, const Tensor& x) {
    return test::gpu_matches_host(topk(type, s, k, a), {x, k_tensor(k)}, 0, 0);
}

std::string describe(const Shape& s, int64_t k, const Attrs& a) {
    return s.to_string() + " k=" + std::to_string(k) + " axis " + std::to_string(a.axis) + " " + a.mode + " sort " +
           a.sort + " " + a.index_type + " v" + std::to_string(a.version);
}

// The private list, one chunk per line: modes, sorts, index types, axes, k = 1 and k = n, heavy ties.
TEST(GpuTopK, SmallKGridWithTies) {
    OVCL_REQUIRE_GPU();
    struct Case {
        Shape shape;
        int64_t axis;
        std::vector<int64_t> ks;
    };
    const std::vector<Case> cases{{{5, 37}, 1, {1, 3, 37}}, {{5, 37}, 0, {1, 5}}, {{2, 3, 50}, 1, {2, 3}},
                                  {{2, 3, 50}, -1, {1, 7, 50}}, {{40}, 0, {1, 40}}};
    for (const Case& c : cases) {
        const Tensor x = tied(element::f32, c.shape, 6, 11);
        for (int64_t k : c.ks)
            for (const std::string mode : {"max", "min"})
                for (const std::string sort : {"value", "index", "none"}) {
                    const Attrs a{c.axis, mode, sort, sort == "none" ? "i64" : "i32", sort == "index" ? 3 : 11};
                    EXPECT_TRUE(matches(element::f32, c.shape, k, a, x)) << describe(c.shape, k, a);
                }
    }
    // TopK-1 (its index type is always i32).
    const Attrs v1{1, "max", "value", "i32", 1};
    EXPECT_TRUE(matches(element::f32, {4, 30}, 4, v1, tied(element::f32, {4, 30}, 5, 12))) << describe({4, 30}, 4, v1);
}

// Large k (the merge sort) and long lines split into chunks (merged; sort=index by the k-th best's threshold). On
// CPU devices lines are split from 32768 elements on; the split of shorter lines on GPUs: GpuConfiguration.
TEST(GpuTopK, LargeKAndChunkedLines) {
    OVCL_REQUIRE_GPU();
    struct Case {
        Shape shape;
        int64_t axis, k;
    };
    const std::vector<Case> cases{{{3, 1000}, 1, 300},  {{3, 1000}, 1, 1000}, {{1, 32000}, 1, 50},
                                  {{1, 8000}, 1, 100},  {{1, 20000}, 1, 1000}, {{2, 9000, 3}, 1, 5},
                                  {{2, 600, 3}, 1, 200}, {{1, 5000}, 1, 129},  {{1, 70000}, 1, 50},
                                  {{1, 40000}, 1, 1000}, {{2, 40000, 2}, 1, 7}};
    const auto impl = [](const Shape& s, int64_t k) {
        const auto node = topk(element::f32, s, k, {});
        return gpu::find_gpu_op(*node)->configure(*node, test::gpu_env()->device).impl_name;
    };
    EXPECT_EQ(impl({1, 70000}, 50), "topk_insert_chunks");
    EXPECT_EQ(impl({1, 40000}, 1000), "topk_sort_chunks");
    EXPECT_EQ(impl({3, 1000}, 300), "topk_sort");
    for (const Case& c : cases) {
        for (const int levels : {40, 100000}) {
            const Tensor x = tied(element::f32, c.shape, levels, 21);
            for (const std::string mode : {"max", "min"})
                for (const std::string sort : {"value", "index"}) {
                    const Attrs a{c.axis, mode, sort, "i32", 11};
                    EXPECT_TRUE(matches(element::f32, c.shape, c.k, a, x)) << describe(c.shape, c.k, a) << " levels "
                                                                         << levels;
                }
        }
    }
}

// Ascending data in max mode: every element enters the insertion list at its front.
TEST(GpuTopK, MonotoneData) {
    OVCL_REQUIRE_GPU();
    const Shape s{2, 3000};
    const Tensor x = test::iota(element::f32, s);
    for (const int64_t k : {1, 64, 128, 500})
        for (const std::string mode : {"max", "min"}) {
            const Attrs a{1, mode, "value", "i32", 3};
            EXPECT_TRUE(matches(element::f32, s, k, a, x)) << describe(s, k, a);
        }
}

// NaN ranks after every number in both modes: chosen only when fewer than k numbers exist.
TEST(GpuTopK, NaN) {
    OVCL_REQUIRE_GPU();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    for (const Shape& s : {Shape{4, 20}, Shape{2, 3000}}) {
        Tensor x = tied(element::f32, s, 7, 31);
        float* d = x.data<float>();
        for (size_t i = 0; i < shape_size(s); i += 3)
            d[i] = nan;
        for (size_t i = 0; i < s[1]; ++i)  // a line of NaN only
            d[i] = nan;
        d[s[1] + 1] = std::numeric_limits<float>::infinity();
        d[s[1] + 2] = -std::numeric_limits<float>::infinity();
        for (const int64_t k : {int64_t{1}, int64_t{5}, static_cast<int64_t>(s[1] / 2), static_cast<int64_t>(s[1])})
            for (const std::string mode : {"max", "min"})
                for (const std::string sort : {"value", "index"}) {
                    const Attrs a{1, mode, sort, "i32", 11};
                    EXPECT_TRUE(matches(element::f32, s, k, a, x)) << describe(s, k, a);
                }
    }
}

// f16 (compared as f32, copied as stored), i32, and i64 whose values differ only below a float's precision.
TEST(GpuTopK, OtherTypes) {
    OVCL_REQUIRE_GPU();
    for (const element::Type t : {element::f16, element::i32, element::i64})
        for (const Shape& s : {Shape{3, 5, 40}, Shape{1, 6000}})
            for (const int64_t axis : {int64_t{1}, int64_t{-1}})
                for (const int64_t k : {int64_t{1}, int64_t{5}, int64_t{150}}) {
                    const auto ax = static_cast<size_t>(axis < 0 ? axis + static_cast<int64_t>(s.size()) : axis);
                    if (k > static_cast<int64_t>(s[ax]))
                        continue;
                    Tensor x = tied(t, s, 9, 41);
                    if (t == element::i64)
                        for (size_t i = 0; i < shape_size(s); ++i)
                            x.data<int64_t>()[i] += static_cast<int64_t>(i % 3);
                    for (const std::string mode : {"max", "min"}) {
                        const Attrs a{axis, mode, "value", t == element::i64 ? "i64" : "i32", 11};
                        EXPECT_TRUE(matches(t, s, k, a, x)) << t << " " << describe(s, k, a);
                    }
                }
    // f16 NaN and infinities.
    Tensor h = tied(element::f16, {3, 33}, 5, 43);
    h.data<float16>()[4] = float16(std::numeric_limits<float>::quiet_NaN());
    h.data<float16>()[40] = float16(std::numeric_limits<float>::infinity());
    EXPECT_TRUE(matches(element::f16, {3, 33}, 6, {1, "min", "index", "i64", 11}, h));
}

// The configuration a GPU gets (one unit per work-item, work-groups of 64, up to 16 chunks a line), run here.
TEST(GpuTopK, GpuConfiguration) {
    OVCL_REQUIRE_GPU();
    gpu::GpuEnv env = *test::gpu_env();
    env.device = test::presented_as_gpu(env.device);
    struct Case {
        Shape shape;
        int64_t axis, k;
        std::string sort;
    };
    for (const Case& c : {Case{{1, 32000}, 1, 50, "value"}, Case{{1, 32000}, 1, 50, "index"},
                          Case{{1, 8000}, 1, 100, "value"}, Case{{3, 5000}, 1, 300, "index"},
                          Case{{70, 33}, 0, 9, "value"}}) {
        const Attrs a{c.axis, "max", c.sort, "i64", 11};
        const auto node = topk(element::f32, c.shape, c.k, a);
        const TensorVector in{tied(element::f32, c.shape, 500, 51), k_tensor(c.k)};
        const auto gpu = gpu::run_node_on_device(*node, in, env), host = test::run_host(node, in);
        for (size_t i = 0; i < 2; ++i)
            EXPECT_TENSOR_EQ(gpu[i], host[i]) << describe(c.shape, c.k, a) << " output " << i;
    }
}

TEST(GpuTopK, HandChecked) {
    OVCL_REQUIRE_GPU();
    // [1, 3, 3, 2, 3, 1], k = 3, max: the three 3s in index order; min: the two 1s, then the 2.
    const Tensor x = op::constant<float>(element::f32, {6}, {1, 3, 3, 2, 3, 1})->get_constant_value();
    auto out = test::run_gpu(topk(element::f32, {6}, 3, {0, "max", "value", "i32", 11}), {x, k_tensor(3)});
    EXPECT_EQ(test::values(out[1]), (std::vector<double>{1, 2, 4}));
    out = test::run_gpu(topk(element::f32, {6}, 3, {0, "min", "value", "i64", 11}), {x, k_tensor(3)});
    EXPECT_EQ(out[1].get_element_type(), element::i64);
    EXPECT_EQ(test::values(out[1]), (std::vector<double>{0, 5, 3}));
    EXPECT_EQ(test::values(out[0]), (std::vector<double>{1, 1, 2}));
}

TEST(GpuTopK, EmptyTensors) {
    OVCL_REQUIRE_GPU();
    const Attrs a{1, "max", "value", "i32", 11};
    EXPECT_TRUE(matches(element::f32, {3, 8}, 0, a, tied(element::f32, {3, 8}, 4, 1)));
    EXPECT_TRUE(matches(element::f32, {3, 0}, 0, a, Tensor(element::f32, Shape{3, 0})));
    EXPECT_TRUE(matches(element::f32, {0, 8}, 2, a, Tensor(element::f32, Shape{0, 8})));
}

TEST(GpuTopK, RefusesWithReasons) {
    OVCL_REQUIRE_GPU();
    const auto& dev = test::gpu_env()->device;
    // k from a Parameter: the output shape depends on its value; the node stays on the host.
    auto node = op::make("TopK", {op::parameter(element::f32, Shape{2, 10}), op::parameter(element::i64, Shape{})},
                         {{"axis", "1"}, {"mode", "max"}, {"sort", "value"}, {"index_element_type", "i32"}}, 11);
    EXPECT_FALSE(gpu::validate_node(*node, dev).supported);
    auto v = gpu::find_gpu_op(*node)->validate(*node, dev);
    EXPECT_FALSE(v.supported);
    EXPECT_NE(v.reason.find("not a Constant"), std::string::npos) << v.reason;
    for (const element::Type t : {element::f64, element::u8, element::i8}) {
        v = gpu::validate_node(*topk(t, {2, 10}, 3, {}), dev);
        EXPECT_FALSE(v.supported) << t;
        EXPECT_NE(v.reason.find("f32, f16, i32 and i64"), std::string::npos) << v.reason;
    }
    for (const int64_t version : {1, 3, 11}) {
        const Attrs a{1, "max", "value", "i32", version};
        EXPECT_TRUE(gpu::validate_node(*topk(element::f32, {2, 10}, 3, a), dev).supported) << version;
    }
}

}  // namespace
