// The proposal-generating and RoI ops of the detection family against OpenVINO CPU:
// ExperimentalDetectronDetectionOutput-6, ExperimentalDetectronGenerateProposalsSingleImage-6,
// ExperimentalDetectronROIFeatureExtractor-6 and GenerateProposals-9. Every expected value below was computed by
// OpenVINO 2026.4's CPU plugin (f32 inference precision; the ExperimentalDetectron ops from hand-written IR) on
// the same inputs, which come from formulas (hashed: a counting hash with three decimals) so none is listed.
// Tolerance: 1e-5 absolute and relative (f32 rounding of exp and division); the f16 cases ran on OpenVINO with
// f16 inputs and compare at 2e-3 (one f16 step of the outputs).
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;

namespace {

using Vals = std::vector<double>;

// A counting hash with three decimals: ((i * 7919 + s * 104729 + 17) mod 1000) / 1000.
double hval(size_t i, int64_t s) { return static_cast<double>((static_cast<int64_t>(i) * 7919 + s * 104729 + 17) % 1000) / 1000.0; }

// n values hval * scale + bias, rounded to f32 (as the generator does).
Vals hashed(size_t n, int64_t s, double scale = 1.0, double bias = 0.0) {
    Vals v(n);
    for (size_t i = 0; i < n; ++i)
        v[i] = static_cast<float>(hval(i, s) * scale + bias);
    return v;
}

// n boxes [corner * u, corner * u, base + extent * u, base + extent * u] (u: successive hashed values).
struct BoxArgs {
    int64_t seed;
    double corner, base, extent;
};
Vals boxes(size_t n, const BoxArgs& b) {
    Vals v(4 * n);
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = static_cast<float>(i % 4 < 2 ? hval(i, b.seed) * b.corner : b.base + hval(i, b.seed) * b.extent);
    return v;
}

Tensor tensor(const Shape& shape, const Vals& v, bool half = false) {
    return make_tensor<double>(half ? element::f16 : element::f32, shape, v);
}

// All outputs of op type-version made over Parameters shaped like `inputs`.
TensorVector run_op(const std::string& type, int64_t version, const TensorVector& inputs, const Attributes& attrs) {
    OutputVector params;
    for (const Tensor& t : inputs)
        params.push_back(op::parameter(t.get_element_type(), t.get_shape()));
    return test::run(op::make(type, params, attrs, version), inputs);
}

double tol(bool half) { return half ? 2e-3 : 1e-5; }

struct EdOutputCase {
    const char* name;
    size_t rois, classes;
    BoxArgs roi_args;
    bool half;
    Attributes attrs;
    Vals boxes, labels, scores;
};

struct GenerateCase {
    const char* name;
    size_t batch;  // 1 and no batch axis for the single-image op
    std::vector<size_t> grid;  // anchors, height, width
    std::pair<double, double> delta_range;  // scale and bias of the hashed deltas
    Vals im_info;
    bool half;
    Attributes attrs;
    Vals rois, scores, roi_num;
};

struct FeatureCase {
    const char* name;
    std::vector<std::pair<size_t, size_t>> levels;  // each map's height and width (2 channels)
    bool half;
    Attributes attrs;
    Vals features;
};

const std::vector<EdOutputCase> kEdOutputCases = {
    {"ClassMajor", 6, 3, {1, 10, 10, 20}, false, {{"score_threshold", "0.3"}, {"nms_threshold", "0.5"}, {"max_delta_log_wh", "2.0"}, {"num_classes", "3"}, {"post_nms_count", "5"}, {"max_detections_per_image", "8"}, {"class_agnostic_box_regression", "false"}, {"deltas_weights", "10.0,10.0,5.0,5.0"}}, {1.44172192, 0.623689651, 28.6130638, 26.8318367, 4.29321527, 3.03214407, 14.8191376, 13.5986271, 7.83596897, 6.43182468, 21.8154297, 20.7115555, 1.44369411, 0.630521774, 30.1804924, 28.3506012, 4.29691267, 3.48215628, 15.4633179, 13.7526894, 7.83889151, 7.02452374, 22.6507473, 20.9132919, 0, 0, 0, 0, 0, 0, 0, 0}, {1, 1, 1, 2, 2, 2, 0, 0}, {0.907999992, 0.879999995, 0.393999994, 0.827000022, 0.799000025, 0.312999994, 0, 0}},
    {"AgnosticFlagIgnored", 6, 3, {1, 10, 10, 20}, false, {{"score_threshold", "0.3"}, {"nms_threshold", "0.5"}, {"max_delta_log_wh", "2.0"}, {"num_classes", "3"}, {"post_nms_count", "5"}, {"max_detections_per_image", "8"}, {"class_agnostic_box_regression", "true"}, {"deltas_weights", "10.0,10.0,5.0,5.0"}}, {1.44172192, 0.623689651, 28.6130638, 26.8318367, 4.29321527, 3.03214407, 14.8191376, 13.5986271, 7.83596897, 6.43182468, 21.8154297, 20.7115555, 1.44369411, 0.630521774, 30.1804924, 28.3506012, 4.29691267, 3.48215628, 15.4633179, 13.7526894, 7.83889151, 7.02452374, 22.6507473, 20.9132919, 0, 0, 0, 0, 0, 0, 0, 0}, {1, 1, 1, 2, 2, 2, 0, 0}, {0.907999992, 0.879999995, 0.393999994, 0.827000022, 0.799000025, 0.312999994, 0, 0}},
    {"OverfullSorted", 8, 4, {1, 10, 10, 20}, false, {{"score_threshold", "0.1"}, {"nms_threshold", "0.4"}, {"max_delta_log_wh", "0.1"}, {"num_classes", "4"}, {"post_nms_count", "3"}, {"max_detections_per_image", "5"}, {"class_agnostic_box_regression", "false"}, {"deltas_weights", "1.0,1.0,1.0,1.0"}}, {8.59733772, 7.49638271, 22.8086605, 20.453186, 2.00884151, 5.68978834, 14.8676844, 17.6534424, 5.8214426, 4.75818872, 17.8367157, 15.5446281, 4.98728418, 3.95432043, 15.4205074, 13.3080788, 3.19263935, 1.86598969, 31.3172989, 28.2751293}, {3, 1, 2, 3, 1}, {0.989000022, 0.855000019, 0.773999989, 0.693000019, 0.503000021}},
    {"InvertedRoisNegativeThreshold", 5, 2, {4, 10, 0, 10}, false, {{"score_threshold", "-0.5"}, {"nms_threshold", "0.6"}, {"max_delta_log_wh", "1.0"}, {"num_classes", "2"}, {"post_nms_count", "-1"}, {"max_detections_per_image", "7"}, {"class_agnostic_box_regression", "false"}, {"deltas_weights", "10.0,10.0,5.0,5.0"}}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, {1, 1, 1, 1, 1, 0, 0}, {0, 0, 0, 0, 0, 0, 0}},
    {"F16", 6, 3, {1, 10, 10, 20}, true, {{"score_threshold", "0.3"}, {"nms_threshold", "0.5"}, {"max_delta_log_wh", "2.0"}, {"num_classes", "3"}, {"post_nms_count", "5"}, {"max_detections_per_image", "8"}, {"class_agnostic_box_regression", "false"}, {"deltas_weights", "10.0,10.0,5.0,5.0"}}, {1.44140625, 0.623535156, 28.609375, 26.828125, 4.29296875, 3.03320312, 14.8203125, 13.59375, 7.8359375, 6.4296875, 21.8125, 20.71875, 1.44335938, 0.630371094, 30.1875, 28.34375, 4.296875, 3.48242188, 15.46875, 13.75, 7.8359375, 7.0234375, 22.640625, 20.921875, 0, 0, 0, 0, 0, 0, 0, 0}, {1, 1, 1, 2, 2, 2, 0, 0}, {0.908203125, 0.879882812, 0.394042969, 0.827148438, 0.798828125, 0.312988281, 0, 0}},
};
const std::vector<GenerateCase> kSingleImageCases = {
    {"Basic", 1, {2, 2, 3}, {0.6, -0.3}, {20, 24, 1}, false, {{"min_size", "0.0"}, {"nms_threshold", "0.7"}, {"pre_nms_count", "10"}, {"post_nms_count", "8"}}, {4.88694859, 5.3917551, 10.6585646, 13.6095858, 5.26702547, 3.50179696, 13.1963406, 9.17259693, 7.92040491, 6.10160732, 15.4261322, 11.4559584, 2.56373787, 0.693911314, 9.6659708, 5.74682522, 5.19750023, 7.90146542, 11.9153805, 12.6672411, 0, 8.22216511, 13.4822187, 17.2297134, 2.43810701, 2.90111923, 8.44111443, 11.4339314, 5.03073978, 3.12705612, 11.8652601, 7.97997093}, {0.986000001, 0.904999971, 0.824000001, 0.742999971, 0.662, 0.58099997, 0.5, 0.229000002}, {}},
    {"SmallBoxesScoreZero", 1, {2, 2, 3}, {0.6, -0.3}, {20, 24, 1}, false, {{"min_size", "8.0"}, {"nms_threshold", "0.7"}, {"pre_nms_count", "10"}, {"post_nms_count", "12"}}, {0, 8.22216511, 13.4822187, 17.2297134, 5.26702547, 3.50179696, 13.1963406, 9.17259693, 2.27674866, 2.720644, 8.38559341, 11.3975258, 5.03073978, 3.12705612, 11.8652601, 7.97997093, 5.19750023, 7.90146542, 11.9153805, 12.6672411, 7.92040491, 6.10160732, 15.4261322, 11.4559584, 2.56373787, 0.693911314, 9.6659708, 5.74682522, 7.65815163, 8.03810215, 14.1210194, 17.1968956, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, {0.58099997, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, {}},
    {"ClampedDeltas", 1, {3, 3, 4}, {10.0, -5.0}, {30, 26, 1}, false, {{"min_size", "1.0"}, {"nms_threshold", "0.3"}, {"pre_nms_count", "20"}, {"post_nms_count", "6"}}, {0, 0, 0, 0, 0, 0, 1.25282812, 3.56357765, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, {0.986000001, 0.961000025, 0.933000028, 0.904999971, 0.879999995, 0.851999998}, {}},
    {"F16", 1, {2, 2, 3}, {0.6, -0.3}, {20, 24, 1}, true, {{"min_size", "0.0"}, {"nms_threshold", "0.7"}, {"pre_nms_count", "10"}, {"post_nms_count", "8"}}, {4.88671875, 5.390625, 10.6640625, 13.609375, 5.265625, 3.5, 13.203125, 9.171875, 7.921875, 6.1015625, 15.421875, 11.453125, 2.56445312, 0.693847656, 9.671875, 5.75, 5.19921875, 7.90234375, 11.9140625, 12.6640625, 0, 8.21875, 13.484375, 17.234375, 2.4375, 2.90234375, 8.4375, 11.4296875, 5.03125, 3.13085938, 11.859375, 7.98046875}, {0.985839844, 0.904785156, 0.82421875, 0.743164062, 0.662109375, 0.581054688, 0.5, 0.229003906}, {}},
};
const std::vector<GenerateCase> kGenerateCases = {
    {"NormalizedI32", 1, {2, 2, 3}, {0.6, -0.3}, {20, 24, 1}, false, {{"min_size", "0.0"}, {"nms_threshold", "0.7"}, {"pre_nms_count", "10"}, {"post_nms_count", "8"}, {"normalized", "true"}, {"nms_eta", "1.0"}, {"roi_num_type", "i32"}}, {3.38340473, 1.79494667, 11.4047365, 7.78742123, 6.573668, 7.01282644, 12.0013084, 14.4011765, 1.19259119, 1.67825627, 6.3627553, 8.71611881, 5.80338097, 4.33537292, 14.7771378, 11.0393734, 8.50641441, 6.9845705, 17.0544758, 13.3705473, 4.11418915, 4.51984882, 9.72729588, 12.1606646}, {0.958000004, 0.848999977, 0.768000007, 0.686999977, 0.606000006, 0.363000005}, {6}},
    {"PixelBoxesBatchScaledMinSize", 2, {2, 2, 3}, {0.6, -0.3}, {20, 24, 2, 1, 16, 30, 1, 1}, false, {{"min_size", "3.0"}, {"nms_threshold", "0.5"}, {"pre_nms_count", "9"}, {"post_nms_count", "5"}, {"normalized", "false"}, {"nms_eta", "1.0"}, {"roi_num_type", "i64"}}, {3.44775486, 1.71901417, 11.6655855, 7.60535431, 6.44086218, 7.04218674, 11.6781139, 14.5326176, 1.03038836, 1.68515587, 5.97175837, 8.77281857, 5.90889788, 4.318573, 15.2212219, 11.0225735, 8.59508133, 6.94288921, 17.4182091, 13.2814283, 3.64510107, 1.99739051, 12.5036564, 8.36239529, 6.74179745, 7.26481342, 12.4125967, 15, 1.34160686, 1.92178106, 6.69595718, 9.5716114, 3.93391156, 4.56853151, 8.98682499, 11.808033, 11.1414652, 7.20554972, 15.9072418, 14.0541859}, {0.958000004, 0.848999977, 0.768000007, 0.686999977, 0.606000006, 0.986000001, 0.876999974, 0.796000004, 0.714999974, 0.634000003}, {5, 5}},
    {"ThreeColumnInfo", 2, {3, 2, 2}, {0.6, -0.3}, {25, 20, 1.5, 18, 22, 0.5}, false, {{"min_size", "4.0"}, {"nms_threshold", "0.6"}, {"pre_nms_count", "6"}, {"post_nms_count", "4"}, {"normalized", "true"}, {"nms_eta", "1.0"}, {"roi_num_type", "i64"}}, {4.56535101, 6.77915716, 17.0627384, 15.3272171, 1.99756002, 0.733931541, 9.78182602, 7.14293909, 6.21272659, 8.90668297, 13.2632675, 14.7115955, 5.11911821, 8.99501514, 18.4851913, 14.0123777, 7.02613735, 3.5984683, 12.9293947, 12.4545498}, {0.606000006, 0.986000001, 0.876999974, 0.634000003, 0.552999973}, {1, 4}},
    {"NoneLeft", 2, {2, 2, 3}, {0.6, -0.3}, {20, 24, 1, 16, 30, 1}, false, {{"min_size", "100.0"}, {"nms_threshold", "0.5"}, {"pre_nms_count", "9"}, {"post_nms_count", "5"}, {"normalized", "true"}, {"nms_eta", "1.0"}, {"roi_num_type", "i32"}}, {}, {}, {0, 0}},
    {"F16", 1, {2, 2, 3}, {0.6, -0.3}, {20, 24, 1}, true, {{"min_size", "0.0"}, {"nms_threshold", "0.7"}, {"pre_nms_count", "10"}, {"post_nms_count", "8"}, {"normalized", "true"}, {"nms_eta", "1.0"}, {"roi_num_type", "i32"}}, {3.3828125, 1.79589844, 11.40625, 7.7890625, 6.57421875, 7.01171875, 12.0078125, 14.40625, 1.19140625, 1.67773438, 6.36328125, 8.71875, 5.8046875, 4.3359375, 14.7734375, 11.0390625, 8.5078125, 6.984375, 17.0625, 13.375, 4.11328125, 4.51953125, 9.7265625, 12.1640625}, {0.958007812, 0.849121094, 0.768066406, 0.687011719, 0.605957031, 0.363037109}, {6}},
};
const std::vector<FeatureCase> kFeatureCases = {
    {"ThreeLevels", {{16, 16}, {8, 8}, {4, 4}}, false, {{"output_size", "2"}, {"sampling_ratio", "2"}, {"pyramid_scales", "4,8,16"}, {"aligned", "false"}}, {0.447249979, 0.42449218, 0.358523428, 0.690257847, 0.589179695, 0.427750051, 0.47506249, 0.397617191, 0.519515634, 0, 0, 0, 0.499578118, 0, 0, 0, 0.0719648451, 0, 0, 0, 0.220621094, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.111382805, 0.345187515, 0.292843759, 0.45162499, 0.0699609369, 0.305312514, 0.190468729, 0.621874988}},
    {"AlignedAdaptive", {{16, 16}, {8, 8}, {4, 4}}, false, {{"output_size", "3"}, {"sampling_ratio", "0"}, {"pyramid_scales", "4,8,16"}, {"aligned", "true"}}, {0.496766567, 0.503416657, 0.516094863, 0.462041706, 0.470958352, 0.498200625, 0.559164643, 0.429192454, 0.543770969, 0.521424413, 0.440593749, 0.474249989, 0.498707533, 0.510276675, 0.428867251, 0.493062526, 0.585553586, 0.461079031, 0.490553677, 0.227949023, 0, 0.159100607, 0.0760211349, 0, 0, 0, 0, 0.504700243, 0.166272223, 0, 0.180769071, 0.0534905232, 0, 0, 0, 0, 0.164386407, 0, 0, 0, 0, 0, 0, 0, 0, 0.166266635, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.168478251, 0.216434196, 0.196079433, 0, 0, 0, 0, 0, 0, 0.219093233, 0.18711786, 0.183651194, 0, 0, 0, 0, 0, 0, 0.00399999972, 0.185444444, 0.25758335, 0.129703701, 0.56916666, 0.542527795, 0.163555562, 0.503283978, 0.616305649, 0.0333333351, 0.0790000036, 0.151138887, 0.0880740732, 0.428074062, 0.563472211, 0.121925898, 0.378394991, 0.491416723}},
    {"OneLevel", {{6, 5}}, false, {{"output_size", "2"}, {"sampling_ratio", "1"}, {"pyramid_scales", "8"}, {"aligned", "false"}}, {0.324718744, 0.647812486, 0.388156265, 0.246406242, 0.425968736, 0.694375038, 0.801906228, 0.66015625, 0.686999977, 0, 0, 0, 0.256999999, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.0359999985, 0.909437537, 0.403187484, 0.276625007, 0.606000006, 0.47943747, 0.535687506, 0.40912497}},
    {"F16", {{16, 16}, {8, 8}, {4, 4}}, true, {{"output_size", "2"}, {"sampling_ratio", "2"}, {"pyramid_scales", "4,8,16"}, {"aligned", "false"}}, {0.447265625, 0.424560547, 0.358398438, 0.690429688, 0.589355469, 0.427734375, 0.475097656, 0.397705078, 0.51953125, 0, 0, 0, 0.499511719, 0, 0, 0, 0.0719604492, 0, 0, 0, 0.220581055, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.11138916, 0.345214844, 0.29296875, 0.451660156, 0.0699462891, 0.305419922, 0.190429688, 0.622070312}},
};

TEST(DetectionGenerate, ExperimentalDetectronDetectionOutputAgainstOpenVINO) {
    for (const auto& c : kEdOutputCases) {
        SCOPED_TRACE(c.name);
        const size_t R = c.rois, C = c.classes;
        const auto out = run_op("ExperimentalDetectronDetectionOutput", 6,
                                {tensor({R, 4}, boxes(R, c.roi_args), c.half), tensor({R, 4 * C}, hashed(R * C * 4, 2, 0.4, -0.2), c.half),
                                 tensor({R, C}, hashed(R * C, 3), c.half), tensor({1, 3}, {40, 40, 1}, c.half)},
                                c.attrs);
        ASSERT_EQ(out.size(), 3u);
        const size_t max = c.scores.size();
        EXPECT_TENSOR_NEAR(out[0], tensor({max, 4}, c.boxes, c.half), tol(c.half), tol(c.half));
        EXPECT_TENSOR_EQ(out[1], make_tensor<double>(element::i32, {max}, c.labels));
        EXPECT_TENSOR_NEAR(out[2], tensor({max}, c.scores, c.half), tol(c.half), tol(c.half));
    }
}

// Inputs of a generate case: im_info, anchors (one box per cell and anchor), deltas, scores; with a batch axis
// (GenerateProposals) or without (the single-image op).
TensorVector generate_inputs(const GenerateCase& c, bool batched) {
    const size_t N = c.batch, A = c.grid[0], H = c.grid[1], W = c.grid[2];
    const Vals anchors = boxes(H * W * A, {4, 8, 8, 8});
    const Vals deltas = hashed(N * 4 * A * H * W, batched ? 7 : 5, c.delta_range.first, c.delta_range.second);
    const Vals scores = hashed(N * A * H * W, batched ? 8 : 6);
    if (!batched)
        return {tensor({3}, c.im_info, c.half), tensor({H * W * A, 4}, anchors, c.half), tensor({4 * A, H, W}, deltas, c.half),
                tensor({A, H, W}, scores, c.half)};
    return {tensor({N, c.im_info.size() / N}, c.im_info, c.half), tensor({H, W, A, 4}, anchors, c.half),
            tensor({N, 4 * A, H, W}, deltas, c.half), tensor({N, A, H, W}, scores, c.half)};
}

TEST(DetectionGenerate, SingleImageProposalsAgainstOpenVINO) {
    for (const auto& c : kSingleImageCases) {
        SCOPED_TRACE(c.name);
        const auto out = run_op("ExperimentalDetectronGenerateProposalsSingleImage", 6, generate_inputs(c, false), c.attrs);
        ASSERT_EQ(out.size(), 2u);
        const size_t post = c.scores.size();  // always post_nms_count rows: zeros after the survivors
        EXPECT_TENSOR_NEAR(out[0], tensor({post, 4}, c.rois, c.half), tol(c.half), tol(c.half));
        EXPECT_TENSOR_NEAR(out[1], tensor({post}, c.scores, c.half), tol(c.half), tol(c.half));
    }
}

TEST(DetectionGenerate, GenerateProposalsAgainstOpenVINO) {
    for (const auto& c : kGenerateCases) {
        SCOPED_TRACE(c.name);
        const auto out = run_op("GenerateProposals", 9, generate_inputs(c, true), c.attrs);
        ASSERT_EQ(out.size(), 3u);
        const size_t rows = c.scores.size();  // as many as survive: the shapes follow the data
        EXPECT_TENSOR_NEAR(out[0], tensor({rows, 4}, c.rois, c.half), tol(c.half), tol(c.half));
        EXPECT_TENSOR_NEAR(out[1], tensor({rows}, c.scores, c.half), tol(c.half), tol(c.half));
        const bool i32 = c.attrs.back().second == "i32";
        EXPECT_TENSOR_EQ(out[2], make_tensor<double>(i32 ? element::i32 : element::i64, {c.batch}, c.roi_num));
    }
}

// RoIs over the levels of a 4 / 8 / 16 pyramid: level 0, 1 and 2 sizes, an empty box (zeros) and a box partly
// off the map.
const Vals kFeatureRois = {2, 3, 30, 40, 0, 0, 150, 160, 10, 20, 300, 250, 5, 5, 5, 9, 1, 2, 60, 500, -10, -10, 20, 20};

TEST(DetectionGenerate, ROIFeatureExtractorAgainstOpenVINO) {
    for (const auto& c : kFeatureCases) {
        SCOPED_TRACE(c.name);
        TensorVector in{tensor({6, 4}, kFeatureRois, c.half)};
        for (size_t l = 0; l < c.levels.size(); ++l) {
            const auto [h, w] = c.levels[l];
            in.push_back(tensor({1, 2, h, w}, hashed(2 * h * w, 11 + static_cast<int64_t>(l)), c.half));
        }
        const auto out = run_op("ExperimentalDetectronROIFeatureExtractor", 6, in, c.attrs);
        ASSERT_EQ(out.size(), 2u);
        const size_t S = c.attrs.front().second == "3" ? 3 : 2;
        EXPECT_TENSOR_NEAR(out[0], tensor({6, 2, S, S}, c.features, c.half), tol(c.half), tol(c.half));
        EXPECT_TENSOR_EQ(out[1], in[0]);  // the RoIs pass through
    }
}

const Attributes kEdAttrs = {{"score_threshold", "0.3"}, {"nms_threshold", "0.5"}, {"max_delta_log_wh", "2.0"}, {"num_classes", "3"},
                             {"post_nms_count", "5"}, {"max_detections_per_image", "8"}, {"deltas_weights", "10,10,5,5"}};
const Attributes kFeatureAttrs = {{"output_size", "7"}, {"sampling_ratio", "2"}, {"pyramid_scales", "4,8"}, {"aligned", "false"}};
const Attributes kGenerateAttrs = {{"min_size", "0"}, {"nms_threshold", "0.7"}, {"pre_nms_count", "10"}, {"post_nms_count", "6"}};

std::shared_ptr<Node> make(const std::string& type, int64_t version, const std::vector<PartialShape>& shapes,
                           const Attributes& attrs, element::Type et = element::f32) {
    OutputVector params;
    for (const auto& s : shapes)
        params.push_back(op::parameter(et, s));
    return op::make(type, params, attrs, version);
}

TEST(DetectionGenerate, EmptyAndCorruptInputs) {
    // No RoIs: zero detections (OpenVINO CPU leaves these outputs unwritten) and no features.
    const auto ed = run_op("ExperimentalDetectronDetectionOutput", 6,
                           {Tensor(element::f32, {0, 4}), Tensor(element::f32, {0, 12}), Tensor(element::f32, {0, 3}),
                            tensor({1, 3}, {40, 40, 1})},
                           kEdAttrs);
    EXPECT_TENSOR_EQ(ed[0], tensor({8, 4}, Vals(32, 0.0)));
    EXPECT_TENSOR_EQ(ed[1], make_tensor<double>(element::i32, {8}, Vals(8, 0.0)));
    const Tensor map = tensor({1, 2, 4, 4}, hashed(32, 1)), map2 = tensor({1, 2, 2, 2}, hashed(8, 2));
    const auto fe = run_op("ExperimentalDetectronROIFeatureExtractor", 6, {Tensor(element::f32, {0, 4}), map, map2}, kFeatureAttrs);
    EXPECT_EQ(fe[0].get_shape(), (Shape{0, 2, 7, 7}));
    // A RoI that is not finite, or bins of more than 4096 samples a side, are refused rather than looped over.
    const Tensor inf_roi = tensor({1, 4}, {0, 0, std::numeric_limits<double>::infinity(), 8});
    EXPECT_THROW(run_op("ExperimentalDetectronROIFeatureExtractor", 6, {inf_roi, map, map2}, kFeatureAttrs), ModelError);
    Attributes dense = kFeatureAttrs;
    dense[1].second = "5000";
    EXPECT_THROW(run_op("ExperimentalDetectronROIFeatureExtractor", 6, {tensor({1, 4}, {0, 0, 8, 8}), map, map2}, dense),
                 ModelError);
    // No proposals at all (an empty feature map): nothing survives.
    const auto none = run_op("GenerateProposals", 9,
                             {tensor({1, 3}, {20, 20, 1}), Tensor(element::f32, {0, 4, 2, 4}), Tensor(element::f32, {1, 8, 0, 4}),
                              Tensor(element::f32, {1, 2, 0, 4})},
                             kGenerateAttrs);
    EXPECT_EQ(none[0].get_shape(), (Shape{0, 4}));
    EXPECT_TENSOR_EQ(none[2], make_tensor<double>(element::i64, {1}, {0}));
}

TEST(DetectionGenerate, ShapeInference) {
    const Dimension any = Dimension::dynamic();
    const auto ed = make("ExperimentalDetectronDetectionOutput", 6, {{any, 4}, {any, 12}, {any, 3}, {1, 3}}, kEdAttrs);
    ASSERT_EQ(ed->get_output_size(), 3u);
    EXPECT_EQ(ed->get_output_partial_shape(0), (PartialShape{8, 4}));
    EXPECT_EQ(ed->get_output_element_type(1), element::i32);
    EXPECT_EQ(ed->get_output_partial_shape(2), (PartialShape{8}));

    const auto fe = make("ExperimentalDetectronROIFeatureExtractor", 6, {{any, 4}, {1, any, 16, 16}, PartialShape::dynamic()},
                         kFeatureAttrs, element::f16);
    EXPECT_EQ(fe->get_output_partial_shape(0), (PartialShape{any, any, 7, 7}));
    EXPECT_EQ(fe->get_output_element_type(0), element::f16);
    const auto fe2 = make("ExperimentalDetectronROIFeatureExtractor", 6, {{5, 4}, {1, 256, 16, 16}, {1, any, 8, 8}}, kFeatureAttrs);
    EXPECT_EQ(fe2->get_output_partial_shape(0), (PartialShape{5, 256, 7, 7}));
    EXPECT_EQ(fe2->get_output_partial_shape(1), (PartialShape{5, 4}));

    const auto single = make("ExperimentalDetectronGenerateProposalsSingleImage", 6, {{3}, {any, 4}, {12, 5, 6}, {3, 5, 6}},
                             kGenerateAttrs);
    EXPECT_EQ(single->get_output_partial_shape(0), (PartialShape{6, 4}));
    EXPECT_EQ(single->get_output_partial_shape(1), (PartialShape{6}));

    // GenerateProposals: up to post_nms_count rows per image, a count per image.
    Attributes gp = kGenerateAttrs;
    gp.push_back({"roi_num_type", "i32"});
    const auto batch = make("GenerateProposals", 9, {{2, 4}, {5, 6, 3, 4}, {2, 12, 5, 6}, {2, 3, 5, 6}}, gp);
    EXPECT_EQ(batch->get_output_partial_shape(0), (PartialShape{Dimension(0, 12), 4}));
    EXPECT_EQ(batch->get_output_partial_shape(1), (PartialShape{Dimension(0, 12)}));
    EXPECT_EQ(batch->get_output_partial_shape(2), (PartialShape{2}));
    EXPECT_EQ(batch->get_output_element_type(2), element::i32);
    const auto open = make("GenerateProposals", 9, {{any, 3}, {any, any, any, 4}, {any, 12, any, any}, PartialShape::dynamic()},
                           kGenerateAttrs);
    EXPECT_EQ(open->get_output_partial_shape(0), (PartialShape{any, 4}));
    EXPECT_EQ(open->get_output_partial_shape(2), (PartialShape{any}));
    EXPECT_EQ(open->get_output_element_type(2), element::i64);
}

TEST(DetectionGenerate, Refusals) {
    const auto ed = [](const std::vector<PartialShape>& s, const Attributes& extra = {}) {
        Attributes a = extra;  // the first of two equal names counts
        a.insert(a.end(), kEdAttrs.begin(), kEdAttrs.end());
        return make("ExperimentalDetectronDetectionOutput", 6, s, a);
    };
    EXPECT_NO_THROW(ed({{6, 4}, {6, 12}, {6, 3}, {1, 3}}));
    EXPECT_THROW(ed({{6, 4}, {6, 8}, {6, 3}, {1, 3}}), ModelError);  // deltas not 4 per class
    EXPECT_THROW(ed({{6, 4}, {6, 12}, {5, 3}, {1, 3}}), ModelError);  // RoI counts disagree
    EXPECT_THROW(ed({{6, 4}, {6, 12}, {6, 3}, {1, 4}}), ModelError);
    EXPECT_THROW(ed({{6, 4}, {6, 12}, {6, 3}, {1, 3}}, {{"deltas_weights", "1,1,1"}}), ModelError);
    EXPECT_THROW(ed({{6, 4}, {6, 12}, {6, 3}, {1, 3}}, {{"max_detections_per_image", "0"}}), ModelError);

    const auto fe = [](const std::vector<PartialShape>& s, const Attributes& extra = {}) {
        Attributes a = extra;
        a.insert(a.end(), kFeatureAttrs.begin(), kFeatureAttrs.end());
        return make("ExperimentalDetectronROIFeatureExtractor", 6, s, a);
    };
    EXPECT_NO_THROW(fe({{6, 4}, {1, 2, 8, 8}, {1, 2, 4, 4}}));
    EXPECT_THROW(fe({{6, 4}, {1, 2, 8, 8}, {1, 3, 4, 4}}), ModelError);  // channels differ
    EXPECT_THROW(fe({{6, 4}, {2, 2, 8, 8}, {2, 2, 4, 4}}), ModelError);  // a batch of maps
    EXPECT_THROW(fe({{6, 5}, {1, 2, 8, 8}, {1, 2, 4, 4}}), ModelError);
    EXPECT_THROW(fe({{6, 4}, {1, 2, 8, 8}}), ModelError);  // two pyramid_scales for one level
    EXPECT_THROW(fe({{6, 4}, {1, 2, 8, 8}, {1, 2, 4, 4}}, {{"output_size", "0"}}), ModelError);

    const auto single = [](const std::vector<PartialShape>& s, const Attributes& extra = {}) {
        Attributes a = extra;
        a.insert(a.end(), kGenerateAttrs.begin(), kGenerateAttrs.end());
        return make("ExperimentalDetectronGenerateProposalsSingleImage", 6, s, a);
    };
    EXPECT_NO_THROW(single({{3}, {90, 4}, {12, 5, 6}, {3, 5, 6}}));
    EXPECT_THROW(single({{4}, {90, 4}, {12, 5, 6}, {3, 5, 6}}), ModelError);
    EXPECT_THROW(single({{3}, {80, 4}, {12, 5, 6}, {3, 5, 6}}), ModelError);  // not H * W * A anchors
    EXPECT_THROW(single({{3}, {90, 4}, {8, 5, 6}, {3, 5, 6}}), ModelError);   // deltas not 4 per anchor
    EXPECT_THROW(single({{3}, {90, 4}, {12, 5, 6}, {3, 5, 7}}), ModelError);
    EXPECT_THROW(single({{3}, {90, 4}, {12, 5, 6}, {3, 5, 6}}, {{"post_nms_count", "0"}}), ModelError);

    const auto gp = [](const std::vector<PartialShape>& s, const Attributes& extra = {}) {
        Attributes a = extra;
        a.insert(a.end(), kGenerateAttrs.begin(), kGenerateAttrs.end());
        return make("GenerateProposals", 9, s, a);
    };
    const std::vector<PartialShape> ok{{2, 4}, {5, 6, 3, 4}, {2, 12, 5, 6}, {2, 3, 5, 6}};
    EXPECT_NO_THROW(gp(ok));
    EXPECT_THROW(gp(ok, {{"nms_eta", "0.5"}}), ModelError);  // OpenVINO accepts only 1
    EXPECT_THROW(gp(ok, {{"roi_num_type", "f32"}}), ModelError);
    EXPECT_THROW(gp(ok, {{"pre_nms_count", "0"}}), ModelError);
    EXPECT_THROW(gp({{2, 5}, {5, 6, 3, 4}, {2, 12, 5, 6}, {2, 3, 5, 6}}), ModelError);  // im_info of 5 values
    EXPECT_THROW(gp({{2, 4}, {5, 6, 3, 5}, {2, 12, 5, 6}, {2, 3, 5, 6}}), ModelError);
    EXPECT_THROW(gp({{2, 4}, {5, 6, 2, 4}, {2, 12, 5, 6}, {2, 3, 5, 6}}), ModelError);  // 2 anchors against 3
    EXPECT_THROW(gp({{3, 4}, {5, 6, 3, 4}, {2, 12, 5, 6}, {2, 3, 5, 6}}), ModelError);  // batch 3 against 2
    EXPECT_THROW(gp({{2, 4}, {5, 6, 3, 4}, {12, 5, 6}, {2, 3, 5, 6}}), ModelError);     // deltas of rank 3
}

}  // namespace
