// ROIAlign-3/-9 on the device against host_ref (same arithmetic, within float rounding): every mode and aligned_mode,
// adaptive and fixed sampling, rois partly or wholly outside the map, i32 and i64 batch indices, no rois, a batch
// index outside the data (the inference fails as host_ref throws), and the refusals.
#include "gpu/gpu_test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

std::shared_ptr<Node> roi_align(int64_t version, const Shape& data, size_t rois, element::Type index,
                                Attributes attrs) {
    return op::make("ROIAlign",
                    {op::parameter(element::f32, data), op::parameter(element::f32, Shape{rois, 4}),
                     op::parameter(index, Shape{rois})},
                    std::move(attrs), version);
}

Attributes attrs(const std::string& mode, int64_t ratio, const std::string& aligned = "") {
    Attributes a{{"pooled_h", "3"}, {"pooled_w", "2"}, {"sampling_ratio", std::to_string(ratio)},
                 {"spatial_scale", "0.5"}, {"mode", mode}};
    if (!aligned.empty())
        a.push_back({"aligned_mode", aligned});
    return a;
}

// rois in image coordinates (scale 0.5 onto a map of `h` x `w`): inside, across the edge, beyond it, degenerate.
Tensor boxes(size_t n, size_t h, size_t w, uint32_t seed) {
    Tensor t = test::random_tensor(element::f32, {n, 4}, -8, 2.0 * static_cast<double>(std::max(h, w)) + 8, seed);
    float* b = t.data<float>();
    for (size_t r = 0; r < n; ++r) {
        if (b[4 * r + 2] < b[4 * r])
            std::swap(b[4 * r], b[4 * r + 2]);
        if (b[4 * r + 3] < b[4 * r + 1] && r % 5 != 4)  // every fifth may stay inverted
            std::swap(b[4 * r + 1], b[4 * r + 3]);
    }
    return t;
}

}  // namespace

TEST(GpuRoi, AlignMatchesHostRef) {
    OVCL_REQUIRE_GPU();
    uint32_t seed = 3;
    for (int64_t version : {3, 9})
        for (const char* mode : {"avg", "max"})
            for (int64_t ratio : {0, 1, 2})
                for (const char* aligned : {"asymmetric", "half_pixel_for_nn", "half_pixel"}) {
                    if (version == 3 && std::string(aligned) != "asymmetric")
                        continue;
                    for (element::Type index : {element::i32, element::i64}) {
                        auto node = roi_align(version, {2, 3, 9, 7}, 11, index,
                                              attrs(mode, ratio, version == 9 ? aligned : ""));
                        const TensorVector in{test::random_tensor(element::f32, {2, 3, 9, 7}, -1, 1, ++seed),
                                              boxes(11, 9, 7, seed), test::random_tensor(index, {11}, 0, 1, seed)};
                        EXPECT_TRUE(test::gpu_matches_host(node, in, 1e-5, 1e-5))
                            << "ROIAlign-" << version << " " << mode << " ratio " << ratio << " " << aligned << " "
                            << index;
                    }
                }
}

TEST(GpuRoi, NoRois) {
    OVCL_REQUIRE_GPU();
    auto node = roi_align(9, {1, 4, 5, 5}, 0, element::i64, attrs("avg", 0));
    const auto out = test::run_gpu(node, {test::random_tensor(element::f32, {1, 4, 5, 5}), Tensor(element::f32, {0, 4}),
                                          Tensor(element::i64, {0})});
    EXPECT_EQ(out.at(0).get_shape(), (Shape{0, 4, 3, 2}));
}

TEST(GpuRoi, BatchIndexOutsideTheDataFails) {
    OVCL_REQUIRE_GPU();
    auto node = roi_align(9, {2, 1, 4, 4}, 2, element::i32, attrs("avg", 2));
    const Tensor data = test::random_tensor(element::f32, {2, 1, 4, 4});
    const Tensor rois = test::make_tensor<float>(element::f32, {2, 4}, {0, 0, 4, 4, 1, 1, 6, 6});
    for (int bad : {2, -1}) {
        const Tensor batch = test::make_tensor<int>(element::i32, {2}, {0, bad});
        EXPECT_THROW(test::run_host(node, {data, rois, batch}), ModelError);
        EXPECT_THROW(test::run_gpu(node, {data, rois, batch}), ModelError) << "batch " << bad;
    }
}

TEST(GpuRoi, RefusesOtherTypes) {
    OVCL_REQUIRE_GPU();
    auto half = op::make("ROIAlign",
                         {op::parameter(element::f16, Shape{1, 1, 4, 4}), op::parameter(element::f16, Shape{1, 4}),
                          op::parameter(element::i32, Shape{1})},
                         attrs("avg", 1), 9);
    const auto v = gpu::validate_node(*half, test::gpu_env()->device);
    EXPECT_FALSE(v.supported);
    EXPECT_NE(v.reason.find("f32"), std::string::npos) << v.reason;
}
