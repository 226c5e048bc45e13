// MaxPool 1/8/14 and AvgPool 1/14 on the OpenCL device against host_ref: grids of shapes, kernels,
// strides, dilations, pads, auto_pad and rounding types (ceil_torch included), exclude-pad, indices
// (type and axis), 1-D / 3-D windows and i32 data; a hand-checked case; the refusals. MaxPool over 16 planes or more
// with rows shorter than 16 outputs runs on max_pool_planes (16 planes per work-item): the same cases there.
// Tolerances: MaxPool is exact (a selection); AvgPool sums at most a few dozen f32 terms in f32 where
// host_ref sums in double: 1e-5 abs + 1e-5 rel. f16 (storage only, f32 compute): MaxPool exact; AvgPool
// 1e-3 abs + 2e-3 rel, the f32 sums may round to the other side of one f16 rounding (ulp 2^-10 relative).
#include <limits>
#include <string>
#include <vector>

#include "gpu_test_utils.hpp"
#include "ops/gpu_op.hpp"
#include "ops/pooling.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

struct Pool {
    std::vector<int64_t> kernel, strides, pads_begin, pads_end, dilations;
    std::string rounding = "floor", auto_pad = "explicit";
};

Attributes attrs_of(const Pool& p) {
    Attributes a{{"kernel", op::list(p.kernel)}, {"strides", op::list(p.strides)},
                 {"pads_begin", op::list(p.pads_begin)}, {"pads_end", op::list(p.pads_end)},
                 {"rounding_type", p.rounding}, {"auto_pad", p.auto_pad}};
    if (!p.dilations.empty())
        a.emplace_back("dilations", op::list(p.dilations));
    return a;
}

std::shared_ptr<Node> max_pool(int64_t version, element::Type t, const Shape& s, const Pool& p, Attributes extra = {}) {
    Attributes a = attrs_of(p);
    a.insert(a.end(), extra.begin(), extra.end());
    return op::make("MaxPool", {op::parameter(t, s)}, a, version);
}

std::shared_ptr<Node> avg_pool(int64_t version, const Shape& s, const Pool& p, bool exclude_pad,
                               element::Type t = element::f32) {
    Attributes a = attrs_of(p);
    a.emplace_back("exclude-pad", exclude_pad ? "true" : "false");
    return op::make("AvgPool", {op::parameter(t, s)}, a, version);
}

// 2-D windows: kernel 2x2 / 3x3 / 3x2, strides 1-3, symmetric and asymmetric pads.
std::vector<Pool> grid_2d() {
    std::vector<Pool> g;
    for (int64_t k : {2, 3})
        for (int64_t s : {1, 2, 3})
            for (int64_t pad : {0, 1}) {
                if (pad >= k)
                    continue;
                g.push_back({{k, k}, {s, s}, {pad, pad}, {pad, pad}, {}});
            }
    g.push_back({{3, 2}, {2, 1}, {1, 0}, {0, 1}, {}});
    g.push_back({{1, 1}, {2, 2}, {0, 0}, {0, 0}, {}});
    return g;
}

// Shapes with W both a multiple of the 8-output block and not, and planes > 1.
const std::vector<Shape> kShapes2d{{1, 1, 8, 8}, {2, 3, 13, 17}, {1, 4, 20, 35}};

TEST(GpuPooling, MaxPoolGridMatchesHost) {
    OVCL_REQUIRE_GPU();
    for (const Shape& s : kShapes2d)
        for (Pool p : grid_2d())
            for (const std::string r : {"floor", "ceil", "ceil_torch"}) {
                p.rounding = r;
                const int64_t version = r == "ceil_torch" ? 14 : 8;
                auto x = test::random_tensor(element::f32, s, -4, 4, 7);
                auto node = max_pool(version, element::f32, s, p);
                EXPECT_TRUE(test::gpu_matches_host(node, {x}, 0, 0)) << s << " rounding " << r;
                if (r == "floor") {
                    EXPECT_TRUE(test::gpu_matches_host(max_pool(1, element::f32, s, p), {x}, 0, 0)) << s;
                }
            }
}

TEST(GpuPooling, AvgPoolGridMatchesHost) {
    OVCL_REQUIRE_GPU();
    for (const Shape& s : kShapes2d)
        for (Pool p : grid_2d())
            for (const std::string r : {"floor", "ceil", "ceil_torch"})
                for (bool exclude : {false, true}) {
                    p.rounding = r;
                    auto x = test::random_tensor(element::f32, s, -4, 4, 9);
                    auto node = avg_pool(r == "ceil_torch" ? 14 : 1, s, p, exclude);
                    EXPECT_TRUE(test::gpu_matches_host(node, {x})) << s << " rounding " << r << " excl " << exclude;
                }
}

TEST(GpuPooling, AutoPadAndDilationsMatchHost) {
    OVCL_REQUIRE_GPU();
    const Shape s{2, 2, 11, 19};
    auto x = test::random_tensor(element::f32, s, -1, 1, 3);
    for (const std::string ap : {"same_upper", "same_lower", "valid"})
        for (int64_t st : {1, 2}) {
            Pool p{{3, 3}, {st, st}, {0, 0}, {0, 0}, {}};
            p.auto_pad = ap;
            EXPECT_TRUE(test::gpu_matches_host(max_pool(1, element::f32, s, p), {x}, 0, 0)) << ap;
            EXPECT_TRUE(test::gpu_matches_host(avg_pool(1, s, p, false), {x})) << ap;
            EXPECT_TRUE(test::gpu_matches_host(avg_pool(1, s, p, true), {x})) << ap;
            p.dilations = {2, 3};
            EXPECT_TRUE(test::gpu_matches_host(max_pool(8, element::f32, s, p), {x}, 0, 0)) << ap << " dilated";
        }
    // Dilations with explicit pads and ceil rounding.
    Pool p{{2, 3}, {1, 2}, {1, 2}, {1, 2}, {2, 2}, "ceil"};
    EXPECT_TRUE(test::gpu_matches_host(max_pool(8, element::f32, s, p), {x}, 0, 0));
}

TEST(GpuPooling, MaxPoolIndicesTypesAndAxes) {
    OVCL_REQUIRE_GPU();
    // W = 45: vector (interior) blocks and scalar (border) blocks both occur.
    const Shape s{2, 3, 9, 45};
    // Integer-valued data with many ties: the first maximum must win on both paths.
    auto x = test::random_tensor(element::f32, s, -3, 3, 5);
    auto* d = x.data<float>();
    for (size_t i = 0; i < x.get_size(); ++i)
        d[i] = static_cast<float>(static_cast<int>(d[i]));
    for (int64_t st : {1, 2, 3}) {
        const Pool p{{3, 3}, {st, st}, {1, 1}, {1, 1}, {}, "ceil"};
        for (const std::string it : {"i64", "i32"})
            for (int64_t axis : {0, 1, 2, -1}) {
                const Attributes extra{{"index_element_type", it}, {"axis", std::to_string(axis)}};
                EXPECT_TRUE(test::gpu_matches_host(max_pool(8, element::f32, s, p, extra), {x}, 0, 0))
                    << it << " axis " << axis << " stride " << st;
            }
    }
}

TEST(GpuPooling, WindowsEntirelyInPadding) {
    OVCL_REQUIRE_GPU();
    // Pads as large as the kernel: the corner windows see no input (max: -inf and the plane's first
    // index; avg: 0 with exclude-pad).
    const Shape s{1, 2, 5, 6};
    const Pool p{{2, 2}, {2, 2}, {2, 2}, {2, 2}, {}, "ceil"};
    auto x = test::random_tensor(element::f32, s, -1, 1, 11);
    EXPECT_TRUE(test::gpu_matches_host(max_pool(8, element::f32, s, p), {x}, 0, 0));
    EXPECT_TRUE(test::gpu_matches_host(avg_pool(1, s, p, true), {x}));
    EXPECT_TRUE(test::gpu_matches_host(avg_pool(1, s, p, false), {x}));
}

TEST(GpuPooling, OneAndThreeSpatialAxesAndI32) {
    OVCL_REQUIRE_GPU();
    const Shape s1{2, 3, 29};
    const Pool p1{{3}, {2}, {1}, {0}, {}, "ceil"};
    auto x1 = test::random_tensor(element::f32, s1, -1, 1, 1);
    EXPECT_TRUE(test::gpu_matches_host(max_pool(8, element::f32, s1, p1), {x1}, 0, 0));
    EXPECT_TRUE(test::gpu_matches_host(avg_pool(1, s1, p1, false), {x1}));
    const Shape s3{1, 2, 5, 6, 18};
    const Pool p3{{2, 3, 3}, {1, 2, 1}, {1, 1, 1}, {0, 1, 1}, {}};
    auto x3 = test::random_tensor(element::f32, s3, -1, 1, 2);
    EXPECT_TRUE(test::gpu_matches_host(max_pool(8, element::f32, s3, p3), {x3}, 0, 0));
    EXPECT_TRUE(test::gpu_matches_host(avg_pool(14, s3, p3, true), {x3}));
    EXPECT_TRUE(test::gpu_matches_host(avg_pool(14, s3, p3, false), {x3}));
    const Shape si{1, 3, 10, 21};
    auto xi = test::random_tensor(element::i32, si, -100, 100, 4);
    const Pool pi{{3, 3}, {2, 2}, {1, 1}, {1, 1}, {}};
    EXPECT_TRUE(test::gpu_matches_host(max_pool(1, element::i32, si, pi), {xi}, 0, 0));
    EXPECT_TRUE(test::gpu_matches_host(max_pool(8, element::i32, si, pi), {xi}, 0, 0));
}

TEST(GpuPooling, HandCheckedMaxAndAvg) {
    OVCL_REQUIRE_GPU();
    // x = 0..15 as a 4x4 plane; 2x2 windows, stride 2: the maxima are the bottom-right taps.
    std::vector<float> v(16);
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = static_cast<float>(i);
    const Shape s{1, 1, 4, 4};
    const Tensor x = test::make_tensor(element::f32, s, v);
    const Pool p{{2, 2}, {2, 2}, {0, 0}, {0, 0}, {}};
    const auto mp = test::run_gpu(max_pool(8, element::f32, s, p, {{"index_element_type", "i32"}}), {x});
    EXPECT_TENSOR_EQ(mp[0], test::make_tensor(element::f32, {1, 1, 2, 2}, std::vector<float>{5, 7, 13, 15}));
    EXPECT_TENSOR_EQ(mp[1], test::make_tensor(element::i32, {1, 1, 2, 2}, std::vector<int>{5, 7, 13, 15}));
    // 3x3 average with pad 1, stride 2 at the top-left corner: taps 0, 1, 4, 5 -> 10 / 4 (exclude-pad)
    // or 10 / 9 (the whole kernel).
    const Pool pa{{3, 3}, {2, 2}, {1, 1}, {1, 1}, {}};
    const auto ex = test::run_gpu(avg_pool(1, s, pa, true), {x});
    const auto in = test::run_gpu(avg_pool(1, s, pa, false), {x});
    EXPECT_FLOAT_EQ(ex[0].data<float>()[0], 2.5f);
    EXPECT_FLOAT_EQ(in[0].data<float>()[0], 10.0f / 9.0f);
}

// f16 data (half storage, f32 compute): both kernels, every load path (stride 1, 2, 3: vector, even lanes,
// gather), borders, a window entirely in padding, and indices.
TEST(GpuPooling, F16) {
    OVCL_REQUIRE_GPU();
    const auto f16 = element::f16;
    for (const Shape& s : {Shape{2, 3, 13, 17}, Shape{1, 4, 20, 35}})
        for (int64_t st : {1, 2, 3}) {
            const Pool p{{3, 3}, {st, st}, {1, 1}, {1, 1}, {}};
            const Tensor x = test::random_tensor(f16, s, -4, 4, 31);
            EXPECT_TRUE(test::gpu_matches_host(max_pool(8, f16, s, p, {{"index_element_type", "i32"}}), {x}, 0, 0))
                << s << " stride " << st;
            for (bool exclude : {false, true})
                EXPECT_TRUE(test::gpu_matches_host(avg_pool(1, s, p, exclude, f16), {x}, 1e-3, 2e-3))
                    << s << " stride " << st << " excl " << exclude;
        }
    const Pool padded{{2, 2}, {2, 2}, {3, 3}, {3, 3}, {}};  // whole windows in padding: MaxPool gives -inf
    const Tensor x = test::random_tensor(f16, {1, 2, 5, 5}, -1, 1, 32);
    EXPECT_TRUE(test::gpu_matches_host(max_pool(1, f16, {1, 2, 5, 5}, padded), {x}, 0, 0));
    const Pool cube{{2, 2, 2}, {1, 2, 1}, {0, 0, 0}, {1, 0, 1}, {}};
    const Tensor x3 = test::random_tensor(f16, {1, 2, 5, 6, 19}, -1, 1, 33);
    EXPECT_TRUE(test::gpu_matches_host(avg_pool(1, {1, 2, 5, 6, 19}, cube, true, f16), {x3}, 1e-3, 2e-3));
}

std::string impl(const std::shared_ptr<Node>& node) {
    return gpu::PoolingOp().configure(*node, test::gpu_env()->device).impl_name;
}

// GoogLeNet's inception pools (8x8 to 2x2 planes, hundreds of them) and the like: 16, 20 (the last group's lanes
// repeat its last plane), 33 and 2 x 24 planes, rows below 16 outputs.
TEST(GpuPooling, MaxPoolAcrossPlanesMatchesHost) {
    OVCL_REQUIRE_GPU();
    for (const Shape& s : {Shape{1, 16, 8, 8}, Shape{1, 20, 4, 4}, Shape{1, 33, 7, 9}, Shape{2, 24, 3, 5}})
        for (Pool p : grid_2d())
            for (const std::string r : {"floor", "ceil_torch"}) {
                p.rounding = r;
                auto x = test::random_tensor(element::f32, s, -4, 4, 17);
                auto* d = x.data<float>();  // ties: the first maximum wins, in the values and the indices
                for (size_t i = 0; i < x.get_size(); i += 3)
                    d[i] = static_cast<float>(static_cast<int>(d[i]));
                auto node = max_pool(14, element::f32, s, p, {{"index_element_type", "i64"}, {"axis", "2"}});
                ASSERT_EQ(impl(node), "max_pool_planes_idx_f32") << s;
                EXPECT_TRUE(test::gpu_matches_host(node, {x}, 0, 0)) << s << " rounding " << r;
                if (r == "floor") {
                    EXPECT_TRUE(test::gpu_matches_host(max_pool(1, element::f32, s, p), {x}, 0, 0)) << s;
                }
            }
    const Shape s{1, 20, 7, 9};
    const Tensor x = test::random_tensor(element::f32, s, -1, 1, 18);
    for (const std::string ap : {"same_upper", "valid"}) {  // auto_pad, dilations, indices of each type and axis
        Pool p{{3, 3}, {2, 1}, {0, 0}, {0, 0}, {2, 3}};
        p.auto_pad = ap;
        for (const std::string it : {"i64", "i32"})
            for (int64_t axis : {0, 1, -1})
                EXPECT_TRUE(test::gpu_matches_host(
                    max_pool(8, element::f32, s, p, {{"index_element_type", it}, {"axis", std::to_string(axis)}}),
                    {x}, 0, 0))
                    << ap << " " << it << " axis " << axis;
    }
    const Pool padded{{2, 2}, {2, 2}, {2, 2}, {2, 2}, {}, "ceil"};  // corner windows entirely in padding
    EXPECT_TRUE(test::gpu_matches_host(max_pool(8, element::f32, {1, 17, 5, 6}, padded),
                                       {test::random_tensor(element::f32, {1, 17, 5, 6}, -1, 1, 19)}, 0, 0));
    Tensor nan = test::random_tensor(element::f32, {1, 16, 4, 4}, -1, 1, 20);
    nan.data<float>()[5] = std::numeric_limits<float>::quiet_NaN();  // sticks where it is a window's first tap
    EXPECT_TRUE(test::gpu_matches_host(max_pool(1, element::f32, {1, 16, 4, 4}, {{2, 2}, {1, 1}, {0, 0}, {0, 0}, {}}),
                                       {nan}, 0, 0));
    const Pool cube{{2, 3, 3}, {1, 2, 1}, {1, 1, 1}, {0, 1, 1}, {}};  // 1-D and 3-D windows, i32, f16
    EXPECT_TRUE(test::gpu_matches_host(max_pool(8, element::f32, {1, 18, 5, 6, 9}, cube),
                                       {test::random_tensor(element::f32, {1, 18, 5, 6, 9}, -1, 1, 21)}, 0, 0));
    EXPECT_TRUE(test::gpu_matches_host(max_pool(8, element::f32, {2, 9, 11}, {{3}, {2}, {1}, {0}, {}}),
                                       {test::random_tensor(element::f32, {2, 9, 11}, -1, 1, 22)}, 0, 0));
    const auto i32 = max_pool(8, element::i32, {1, 24, 6, 6}, {{3, 3}, {1, 1}, {1, 1}, {1, 1}, {}});
    EXPECT_EQ(impl(i32), "max_pool_planes_idx_i32");
    EXPECT_TRUE(test::gpu_matches_host(i32, {test::random_tensor(element::i32, {1, 24, 6, 6}, -100, 100, 23)}, 0, 0));
    const auto f16 = max_pool(8, element::f16, {1, 20, 8, 8}, {{3, 3}, {2, 2}, {1, 1}, {1, 1}, {}});
    EXPECT_TRUE(test::gpu_matches_host(f16, {test::random_tensor(element::f16, {1, 20, 8, 8}, -4, 4, 24)}, 0, 0));
}

TEST(GpuPooling, RefusesWithReasons) {
    OVCL_REQUIRE_GPU();
    const auto& dev = test::gpu_env()->device;
    const Pool p{{2, 2}, {2, 2}, {0, 0}, {0, 0}, {}};
    const auto avg_i32 = gpu::validate_node(*avg_pool(1, {1, 1, 4, 4}, p, false, element::i32), dev);
    EXPECT_FALSE(avg_i32.supported);
    EXPECT_NE(avg_i32.reason.find("AvgPool on i32"), std::string::npos) << avg_i32.reason;
    const auto u8 = gpu::validate_node(*max_pool(1, element::u8, {1, 1, 4, 4}, p), dev);
    EXPECT_FALSE(u8.supported);
    EXPECT_NE(u8.reason.find("f16 (as storage, f32 compute) and i32"), std::string::npos) << u8.reason;
    auto dyn = op::make("AvgPool", {op::parameter(element::f32, PartialShape{1, 1, Dimension(), 4})},
                        {{"kernel", "2,2"}, {"strides", "1,1"}, {"pads_begin", "0,0"}, {"pads_end", "0,0"},
                         {"exclude-pad", "false"}});
    EXPECT_FALSE(gpu::validate_node(*dyn, dev).supported);
    EXPECT_TRUE(gpu::validate_node(*avg_pool(1, {1, 1, 4, 4}, p, false), dev).supported);
}

}  // namespace
