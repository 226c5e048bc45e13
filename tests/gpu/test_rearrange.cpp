// DepthToSpace-1, SpaceToDepth-1 and ShuffleChannels-1 on the device (a transpose of a reshaped view, through
// Transpose's kernels) against host_ref, which the op tests check against OpenVINO CPU. Bit copies: exact for
// every type. Both modes, 1 to 3 spatial axes, block sizes 1 to 3, f32 / f16 / i64 / u8, an empty tensor, and
// ShuffleChannels on every axis (negative too) with several groups; each case must run as kernels.
#include <gtest/gtest.h>

#include <string>

#include "gpu/gpu_test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

void expect_kernel_matches_host(const std::shared_ptr<Node>& node, const Tensor& x) {
    SCOPED_TRACE(node->describe() + " on " + x.get_shape().to_string() + " " + x.get_element_type().to_string());
    const gpu::Validation v = gpu::validate_node(*node, test::gpu_env()->device);
    ASSERT_TRUE(v.supported) << v.reason;
    EXPECT_TRUE(test::gpu_matches_host(node, {x}, 0, 0));
}

std::shared_ptr<Node> rearrange(const std::string& type, const Tensor& x, const std::string& mode, int64_t block) {
    return op::make(type, {op::parameter(x.get_element_type(), x.get_shape())},
                    {{"mode", mode}, {"block_size", std::to_string(block)}}, 1);
}

TEST(GpuRearrange, DepthToSpaceAndBack) {
    OVCL_REQUIRE_GPU();
    const std::vector<Shape> spatial{{5}, {3, 4}, {2, 3, 2}};
    for (const element::Type type : {element::f32, element::f16, element::i64, element::u8})
        for (const Shape& s : spatial)
            for (const int64_t b : {1, 2, 3})
                for (const std::string mode : {"blocks_first", "depth_first"}) {
                    size_t blocks = 1;
                    for (size_t i = 0; i < s.size(); ++i)
                        blocks *= static_cast<size_t>(b);
                    Shape deep{2, 2 * blocks};
                    Shape wide{2, 2};
                    for (size_t d : s) {
                        deep.push_back(d);
                        wide.push_back(d * static_cast<size_t>(b));
                    }
                    const Tensor x = test::iota(type, deep), y = test::iota(type, wide);
                    expect_kernel_matches_host(rearrange("DepthToSpace", x, mode, b), x);
                    expect_kernel_matches_host(rearrange("SpaceToDepth", y, mode, b), y);
                }
}

TEST(GpuRearrange, ShuffleChannelsEveryAxisAndGroup) {
    OVCL_REQUIRE_GPU();
    const Shape s{2, 6, 4, 3};
    for (const element::Type type : {element::f32, element::f16, element::i64})
        for (int64_t axis = -4; axis < 4; ++axis) {
            const size_t extent = s[static_cast<size_t>(axis < 0 ? axis + 4 : axis)];
            for (int64_t group = 1; group <= static_cast<int64_t>(extent); ++group) {
                if (extent % static_cast<size_t>(group) != 0)
                    continue;
                const Tensor x = test::iota(type, s);
                expect_kernel_matches_host(op::make("ShuffleChannels", {op::parameter(type, s)},
                                                    {{"axis", std::to_string(axis)}, {"group", std::to_string(group)}}, 1),
                                           x);
            }
        }
}

TEST(GpuRearrange, EmptyTensor) {
    OVCL_REQUIRE_GPU();
    const Tensor x(element::f32, Shape{0, 8, 2, 2});
    expect_kernel_matches_host(rearrange("DepthToSpace", x, "blocks_first", 2), x);
}

}  // namespace
