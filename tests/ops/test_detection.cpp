// The detection ops against OpenVINO CPU: every expected value below was computed by OpenVINO 2026.4's CPU
// plugin (f32 inference precision) on the same inputs. PriorBox-8 was run with constant sizes (the CPU
// plugin refuses it otherwise), so its values come from OpenVINO's constant folding. The inputs are
// made by hval (a counting hash with three decimals, exact in f32 and in OpenVINO's script), so no input
// is listed. Tolerance: 1e-5 absolute and relative (f32 rounding of sqrt/exp/division); f16 runs compare
// against the f32 expectation at 2e-3.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;

namespace {

using Vals = std::vector<double>;

// ((i * 7919 + s * 104729 + 17) mod 1000) / 1000: distinct for i < 1000, so scores do not tie.
double hval(int64_t i, int64_t s) { return static_cast<double>((i * 7919 + s * 104729 + 17) % 1000) / 1000.0; }

Tensor hash_tensor(const Shape& shape, int64_t s, double scale = 1.0, double bias = 0.0,
                   element::Type type = element::f32) {
    Vals v(shape_size(shape));
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = static_cast<float>(hval(static_cast<int64_t>(i), s) * scale + bias);
    return make_tensor<double>(type, shape, v);
}

// SSD priors [batch, 1 or 2, P * (4 or 5)]: boxes around hashed centres, variances 0.1, 0.1, 0.2, 0.2.
Tensor priors(int64_t P, int64_t s, bool normalized = true, bool var = true, int64_t batch = 1,
              element::Type type = element::f32) {
    const int64_t width = P * (normalized ? 4 : 5);
    Vals v;
    for (int64_t b = 0; b < batch; ++b) {
        for (int64_t p = 0; p < P; ++p) {
            const double cx = 0.2 + 0.6 * hval(2 * p, s + b), cy = 0.2 + 0.6 * hval(2 * p + 1, s + b);
            const double w = 0.1 + 0.4 * hval(p, s + b + 1), h = 0.1 + 0.4 * hval(p, s + b + 2);
            const double box[4] = {cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2};
            if (!normalized)
                v.push_back(0.0);
            for (double x : box)
                v.push_back(normalized ? x : 10 * x);
        }
        for (int64_t i = 0; var && i < width; ++i)
            v.push_back(i < 4 * P ? (i % 4 < 2 ? 0.1 : 0.2) : 0.0);
    }
    for (double& x : v)
        x = static_cast<float>(x);
    return make_tensor<double>(type, {static_cast<size_t>(batch), var ? 2u : 1u, static_cast<size_t>(width)}, v);
}

Tensor i64(const std::vector<int64_t>& v) { return make_tensor<int64_t>(element::i64, {v.size()}, v); }

struct PriorCase {
    const char* name;
    const char* type;
    int64_t version;
    std::vector<int64_t> layer, image;
    Attributes attrs;
    Vals expected;
};

const std::vector<PriorCase> kPriorCases = {
    {"MinMaxFlip", "PriorBox", 8, {1, 2}, {10, 12}, {{"min_size", "2.0,3.0"}, {"max_size", "4.0,5.0"}, {"aspect_ratio", "2.0"}, {"flip", "true"}, {"clip", "false"}, {"step", "0.0"}, {"offset", "0.5"}, {"variance", "0.1,0.1,0.2,0.2"}, {"scale_all_sizes", "true"}}, {0.166666672, 0.400000006, 0.333333343, 0.600000024, 0.132148877, 0.358578652, 0.367851138, 0.641421378, 0.132148877, 0.429289341, 0.367851138, 0.570710659, 0.191074431, 0.358578652, 0.308925569, 0.641421378, 0.125, 0.349999994, 0.375, 0.650000036, 0.0886256918, 0.306350827, 0.411374331, 0.693649232, 0.0732233152, 0.393933982, 0.426776707, 0.606066048, 0.161611661, 0.287867963, 0.338388383, 0.712132096, 0.666666687, 0.400000006, 0.833333373, 0.600000024, 0.632148862, 0.358578652, 0.867851138, 0.641421378, 0.632148862, 0.429289341, 0.867851138, 0.570710659, 0.691074491, 0.358578652, 0.808925569, 0.641421378, 0.625, 0.349999994, 0.875, 0.650000036, 0.588625669, 0.306350827, 0.911374331, 0.693649232, 0.573223352, 0.393933982, 0.926776767, 0.606066048, 0.661611676, 0.287867963, 0.838388383, 0.712132096, 0.100000001, 0.100000001, 0.200000003, 0.200000003, 0.100000001, 0.100000001, 0.200000003, 0.200000003, 0.100000001, 0.100000001, 0.200000003, 0.200000003, 0.100000001, 0.100000001, 0.200000003, 0.200000003, 0.100000001, 0.100000001, 0.200000003, 0.200000003, 0.100000001, 0.100000001, 0.200000003, 0.200000003, 0.100000001, 0.100000001, 0.200000003, 0.200000003, 0.100000001, 0.100000001, 0.200000003, 0.200000003, 0.100000001, 0.100000001, 0.200000003, 0.200000003, 0.100000001, 0.100000001, 0.200000003, 0.200000003, 0.100000001, 0.100000001, 0.200000003, 0.200000003, 0.100000001, 0.100000001, 0.200000003, 0.200000003, 0.100000001, 0.100000001, 0.200000003, 0.200000003, 0.100000001, 0.100000001, 0.200000003, 0.200000003, 0.100000001, 0.100000001, 0.200000003, 0.200000003, 0.100000001, 0.100000001, 0.200000003, 0.200000003}},
    {"MxNetClipStep", "PriorBox", 1, {2, 1}, {10, 12}, {{"min_size", "4.0,6.0"}, {"max_size", "8.0"}, {"aspect_ratio", "2.0,3.0"}, {"flip", "false"}, {"clip", "true"}, {"step", "2.0"}, {"offset", "0.5"}, {"variance", "0.1"}, {"scale_all_sizes", "false"}}, {0, 0, 1, 1, 0.0879773349, 0.105572797, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 1, 1, 1, 0.0879773349, 1, 1, 1, 0, 0, 1, 1, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001}},
    {"RatiosBeforeMax", "PriorBox", 8, {1, 2}, {9, 9}, {{"min_size", "4.0"}, {"max_size", "9.0"}, {"aspect_ratio", "2.0"}, {"flip", "true"}, {"clip", "false"}, {"step", "3.0"}, {"offset", "0.25"}, {"variance", ""}, {"min_max_aspect_ratios_order", "false"}}, {-0.138888896, -0.138888896, 0.305555552, 0.305555552, -0.230936348, -0.0738015026, 0.397603005, 0.240468189, -0.0738015026, -0.230936348, 0.240468189, 0.397603005, -0.25, -0.25, 0.416666657, 0.416666657, 0.194444448, -0.138888896, 0.638888896, 0.305555552, 0.102396995, -0.0738015026, 0.730936348, 0.240468189, 0.259531826, -0.230936348, 0.573801517, 0.397603005, 0.0833333358, -0.25, 0.75, 0.416666657, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001}},
    {"DensityTruncated", "PriorBox", 1, {1, 2}, {8, 8}, {{"min_size", "2.0"}, {"aspect_ratio", "2.0"}, {"flip", "false"}, {"fixed_size", "4.0"}, {"density", "2.0"}, {"offset", "0.5"}, {"clip", "false"}, {"variance", "0.1,0.2,0.3,0.4"}}, {0, 0.125, 0.375, 0.625, 0.125, 0.125, 0.625, 0.625, 0, 0.375, 0.375, 0.875, 0.125, 0.375, 0.625, 0.875, 0, 0.198223308, 0.478553385, 0.551776707, 0.0214466155, 0.198223308, 0.728553414, 0.551776707, 0, 0.448223293, 0.478553385, 0.801776707, 0.0214466155, 0.448223293, 0.728553414, 0.801776707, 0.125, 0.375, 0.375, 0.625, 0.0732233077, 0.411611646, 0.426776707, 0.588388324, 0.375, 0.125, 0.875, 0.625, 0.625, 0.125, 1, 0.625, 0.375, 0.375, 0.875, 0.875, 0.625, 0.375, 1, 0.875, 0.271446615, 0.198223308, 0.978553414, 0.551776707, 0.521446586, 0.198223308, 1, 0.551776707, 0.100000001, 0.200000003, 0.300000012, 0.400000006, 0.100000001, 0.200000003, 0.300000012, 0.400000006, 0.100000001, 0.200000003, 0.300000012, 0.400000006, 0.100000001, 0.200000003, 0.300000012, 0.400000006, 0.100000001, 0.200000003, 0.300000012, 0.400000006, 0.100000001, 0.200000003, 0.300000012, 0.400000006, 0.100000001, 0.200000003, 0.300000012, 0.400000006, 0.100000001, 0.200000003, 0.300000012, 0.400000006, 0.100000001, 0.200000003, 0.300000012, 0.400000006, 0.100000001, 0.200000003, 0.300000012, 0.400000006, 0.100000001, 0.200000003, 0.300000012, 0.400000006, 0.100000001, 0.200000003, 0.300000012, 0.400000006, 0.100000001, 0.200000003, 0.300000012, 0.400000006, 0.100000001, 0.200000003, 0.300000012, 0.400000006, 0.100000001, 0.200000003, 0.300000012, 0.400000006, 0.100000001, 0.200000003, 0.300000012, 0.400000006}},
    {"FixedRatio", "PriorBox", 8, {1, 1}, {8, 8}, {{"fixed_size", "4.0,6.0"}, {"density", "2.0,1.0"}, {"fixed_ratio", "1.0,2.0"}, {"offset", "0.5"}, {"clip", "false"}, {"variance", "0.1"}}, {0.125, 0.125, 0.625, 0.625, 0.375, 0.125, 0.875, 0.625, 0.125, 0.375, 0.625, 0.875, 0.375, 0.375, 0.875, 0.875, 0.0214466155, 0.198223308, 0.728553414, 0.551776707, 0.271446615, 0.198223308, 0.978553414, 0.551776707, 0.0214466155, 0.448223293, 0.728553414, 0.801776707, 0.271446615, 0.448223293, 0.978553414, 0.801776707, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001}},
    {"MxNetFractions", "PriorBox", 1, {2, 2}, {10, 10}, {{"min_size", "0.2,0.3"}, {"aspect_ratio", "2.0,2.0,1.0"}, {"flip", "true"}, {"step", "0.0"}, {"offset", "0.5"}, {"scale_all_sizes", "false"}, {"clip", "false"}}, {0.150000006, 0.150000006, 0.349999994, 0.349999994, 0.100000001, 0.100000001, 0.400000006, 0.400000006, 0.108578645, 0.179289326, 0.391421378, 0.320710689, 0.179289326, 0.108578645, 0.320710689, 0.391421378, 0.650000036, 0.150000006, 0.850000024, 0.349999994, 0.600000024, 0.100000001, 0.900000036, 0.400000006, 0.608578622, 0.179289326, 0.891421318, 0.320710689, 0.679289341, 0.108578645, 0.820710659, 0.391421378, 0.150000006, 0.650000036, 0.349999994, 0.850000024, 0.100000001, 0.600000024, 0.400000006, 0.900000036, 0.108578645, 0.679289341, 0.391421378, 0.820710659, 0.179289326, 0.608578622, 0.320710689, 0.891421318, 0.650000036, 0.650000036, 0.850000024, 0.850000024, 0.600000024, 0.600000024, 0.900000036, 0.900000036, 0.608578622, 0.679289341, 0.891421318, 0.820710659, 0.679289341, 0.608578622, 0.820710659, 0.891421318, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001}},
    {"ClusteredSteps", "PriorBoxClustered", 1, {2, 2}, {12, 10}, {{"width", "2.0,4.0"}, {"height", "3.0,5.0"}, {"clip", "false"}, {"step_w", "4.0"}, {"step_h", "3.0"}, {"offset", "0.5"}, {"variance", "0.1,0.1,0.2,0.2"}}, {0.100000001, 0, 0.300000012, 0.25, 0, -0.0833333358, 0.400000006, 0.333333343, 0.5, 0, 0.699999988, 0.25, 0.400000006, -0.0833333358, 0.800000012, 0.333333343, 0.100000001, 0.25, 0.300000012, 0.5, 0, 0.166666672, 0.400000006, 0.583333313, 0.5, 0.25, 0.699999988, 0.5, 0.400000006, 0.166666672, 0.800000012, 0.583333313, 0.100000001, 0.100000001, 0.200000003, 0.200000003, 0.100000001, 0.100000001, 0.200000003, 0.200000003, 0.100000001, 0.100000001, 0.200000003, 0.200000003, 0.100000001, 0.100000001, 0.200000003, 0.200000003, 0.100000001, 0.100000001, 0.200000003, 0.200000003, 0.100000001, 0.100000001, 0.200000003, 0.200000003, 0.100000001, 0.100000001, 0.200000003, 0.200000003, 0.100000001, 0.100000001, 0.200000003, 0.200000003}},
    {"ClusteredAutoStepClip", "PriorBoxClustered", 1, {2, 1}, {8, 8}, {{"width", "6.0"}, {"height", "9.0"}, {"clip", "true"}, {"offset", "0.5"}, {"variance", ""}}, {0.125, 0, 0.875, 0.8125, 0.125, 0.1875, 0.875, 1, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001}},
    {"ClusteredCommonStep", "PriorBoxClustered", 1, {1, 2}, {10, 10}, {{"width", "2.0"}, {"height", "2.0"}, {"clip", "false"}, {"step", "5.0"}, {"offset", "0.25"}, {"variance", "0.5"}}, {0.0250000004, 0.0250000004, 0.224999994, 0.224999994, 0.524999976, 0.0250000004, 0.725000024, 0.224999994, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5}},
};

TEST(Detection, PriorBoxAgainstOpenVINO) {
    for (const auto& c : kPriorCases) {
        SCOPED_TRACE(c.name);
        const Tensor r = test::eval_op(c.type, c.version, {i64(c.layer), i64(c.image)}, c.attrs);
        EXPECT_EQ(r.get_element_type(), element::f32);
        EXPECT_TENSOR_NEAR(r, make_tensor<double>(element::f32, {2, c.expected.size() / 2}, c.expected), 1e-5, 1e-5);
    }
}

struct DetectionCase {
    const char* name;
    int64_t version;
    Attributes attrs;
    std::vector<std::string> inputs;
    size_t rows;
    Vals detections;  // the rows up to the first with image id -1 (zeros follow it)
};

const std::vector<DetectionCase> kDetectionCases = {
    {"CaffeCenterSize", 1, {{"keep_top_k", "5"}, {"nms_threshold", "0.5"}, {"confidence_threshold", "0.1"}, {"top_k", "4"}, {"share_location", "true"}, {"code_type", "caffe.PriorBoxParameter.CENTER_SIZE"}, {"variance_encoded_in_target", "false"}, {"normalized", "true"}, {"num_classes", "3"}, {"background_label_id", "0"}}, {"L1", "CF", "PR"}, 10, {0, 1, 0.907999992, 0.290568888, 0.0714842379, 0.499626517, 0.59023869, 0, 1, 0.665000021, 0.228558898, 0.0388986021, 0.39136523, 0.492502272, 0, 1, 0.421999991, 0.146997973, 0.557025731, 0.268534064, 0.951612055, 0, 2, 0.827000022, 0.290568888, 0.0714842379, 0.499626517, 0.59023869, 0, 2, 0.583999991, 0.228558898, 0.0388986021, 0.39136523, 0.492502272, 1, 1, 0.963999987, 0.147023633, 0.557146668, 0.269928575, 0.956177235, 1, 1, 0.93599999, 0.473102987, 0.476992428, 0.736783564, 0.626749218, 1, 1, 0.721000016, 0.470905781, 0.436487019, 0.920050383, 0.857910097, 1, 2, 0.883000016, 0.147023633, 0.557146668, 0.269928575, 0.956177235, 1, 2, 0.855000019, 0.473102987, 0.476992428, 0.736783564, 0.626749218}},
    {"CornerPerClassUnnormalizedArm", 8, {{"keep_top_k", "-1"}, {"nms_threshold", "0.5"}, {"confidence_threshold", "0.1"}, {"top_k", "-1"}, {"share_location", "false"}, {"code_type", "caffe.PriorBoxParameter.CORNER"}, {"variance_encoded_in_target", "true"}, {"normalized", "false"}, {"input_height", "10"}, {"input_width", "10"}, {"clip_before_nms", "true"}, {"objectness_score", "0.4"}}, {"LC", "CF", "PRU", "ARMC", "ARMLC"}, 36, {0, 1, 0.907999992, 0.0169500001, 0, 0, 0, 0, 1, 0.665000021, 0.0382499993, 0, 0, 0, 0, 1, 0.421999991, 0.0595500022, 0.0150600001, 0, 0, 0, 1, 0.150999993, 0, 0, 0, 0, 0, 2, 0.827000022, 0, 0, 0.525810003, 0.450480014, 0, 2, 0.583999991, 0, 0, 0, 0.468540013, 0, 2, 0.340999991, 0, 0, 0, 0.546599984, 1, 1, 0.963999987, 0.235950008, 0.191459998, 0.0785299987, 0.0590000004, 1, 1, 0.693000019, 0.172049999, 0.0875600055, 0.0243500024, 0, 1, 1, 0.449999988, 0.193349987, 0.0888599977, 0.0424100012, 0, 1, 1, 0.207000002, 0.21464999, 0.110160001, 0.0604699999, 0, 1, 2, 0.883000016, 0, 0, 0, 0, 1, 2, 0.611999989, 0, 0, 0, 0, 1, 2, 0.368999988, 0, 0, 0, 0, 1, 2, 0.126000002, 0, 0, 0, 0}},
    {"MxNetPerImagePriors", 8, {{"keep_top_k", "3"}, {"nms_threshold", "0.5"}, {"confidence_threshold", "0.1"}, {"top_k", "5"}, {"share_location", "true"}, {"code_type", "caffe.PriorBoxParameter.CENTER_SIZE"}, {"variance_encoded_in_target", "false"}, {"normalized", "true"}, {"decrease_label_id", "true"}, {"clip_after_nms", "true"}}, {"L1", "CF", "PR2"}, 6, {0, 0, 0.907999992, 0.290568888, 0.0714842379, 0.499626517, 0.59023869, 0, 0, 0.665000021, 0.228558898, 0.0388986021, 0.39136523, 0.492502272, 0, 0, 0.421999991, 0.146997973, 0.557025731, 0.268534064, 0.951612055, 1, 0, 0.963999987, 0.443277299, 0.447050631, 0.848824799, 0.742699444, 1, 0, 0.93599999, 0.362968326, 0.173306152, 0.515170872, 0.618124127, 1, 0, 0.721000016, 0.360991597, 0.337386131, 0.711658716, 0.640461385}},
    {"NoBackgroundTopK", 1, {{"keep_top_k", "-1"}, {"nms_threshold", "0.3"}, {"confidence_threshold", "0.1"}, {"top_k", "3"}, {"share_location", "true"}, {"code_type", "caffe.PriorBoxParameter.CENTER_SIZE"}, {"variance_encoded_in_target", "false"}, {"normalized", "true"}, {"num_classes", "3"}, {"background_label_id", "-1"}}, {"L1", "CF", "PR"}, 18, {0, 0, 0.989000022, 0.290568888, 0.0714842379, 0.499626517, 0.59023869, 0, 0, 0.503000021, 0.146997973, 0.557025731, 0.268534064, 0.951612055, 0, 1, 0.907999992, 0.290568888, 0.0714842379, 0.499626517, 0.59023869, 0, 1, 0.421999991, 0.146997973, 0.557025731, 0.268534064, 0.951612055, 0, 2, 0.827000022, 0.290568888, 0.0714842379, 0.499626517, 0.59023869, 0, 2, 0.340999991, 0.146997973, 0.557025731, 0.268534064, 0.951612055, 1, 0, 0.801999986, 0.470905781, 0.436487019, 0.920050383, 0.857910097, 1, 0, 0.773999989, 0.391553879, 0.395392925, 0.607460499, 0.505025625, 1, 0, 0.531000018, 0.29046458, 0.0712687969, 0.501876771, 0.595865965, 1, 1, 0.963999987, 0.147023633, 0.557146668, 0.269928575, 0.956177235, 1, 1, 0.93599999, 0.473102987, 0.476992428, 0.736783564, 0.626749218, 1, 1, 0.721000016, 0.470905781, 0.436487019, 0.920050383, 0.857910097, 1, 2, 0.883000016, 0.147023633, 0.557146668, 0.269928575, 0.956177235, 1, 2, 0.855000019, 0.473102987, 0.476992428, 0.736783564, 0.626749218, 1, 2, 0.639999986, 0.470905781, 0.436487019, 0.920050383, 0.857910097}},
    {"PerClassLocations", 1, {{"keep_top_k", "4"}, {"nms_threshold", "0.5"}, {"confidence_threshold", "0.3"}, {"top_k", "4"}, {"share_location", "false"}, {"code_type", "caffe.PriorBoxParameter.CENTER_SIZE"}, {"variance_encoded_in_target", "false"}, {"normalized", "true"}, {"num_classes", "3"}, {"background_label_id", "1"}}, {"LC", "CF", "PR"}, 8, {0, 0, 0.989000022, 0.310066044, 0.120410949, 0.507106662, 0.609346509, 0, 0, 0.745999992, 0.228533596, 0.0388686508, 0.393173605, 0.497581184, 0, 2, 0.827000022, 0.29046458, 0.0712687969, 0.501876771, 0.595865965, 0, 2, 0.583999991, 0.228223711, -0.00707180798, 0.372851163, 0.485097945, 1, 0, 0.801999986, 0.421789259, 0.475471973, 0.956510186, 0.886243582, 1, 0, 0.773999989, 0.391449869, 0.395426303, 0.628351748, 0.51571995, 1, 2, 0.883000016, 0.146953791, 0.556833923, 0.266752303, 0.945778906, 1, 2, 0.855000019, 0.472762018, 0.476671338, 0.709638417, 0.611204743}},
    {"SharedArm", 8, {{"keep_top_k", "-1"}, {"nms_threshold", "0.4"}, {"confidence_threshold", "0.6"}, {"top_k", "-1"}, {"share_location", "true"}, {"code_type", "caffe.PriorBoxParameter.CENTER_SIZE"}, {"variance_encoded_in_target", "false"}, {"normalized", "true"}, {"objectness_score", "0.5"}}, {"L1", "CF", "PR", "ARMC", "ARML1"}, 36, {0, 1, 0.907999992, 0.292661548, 0.0769891739, 0.493984401, 0.572520554, 0, 1, 0.665000021, 0.229890168, 0.0426569879, 0.397637904, 0.506257772, 0, 2, 0.827000022, 0.292661548, 0.0769891739, 0.493984401, 0.572520554, 1, 1, 0.963999987, 0.148056686, 0.560500503, 0.271343201, 0.95754087, 1, 1, 0.693000019, 0.393369347, 0.396313608, 0.609340787, 0.505094528, 1, 2, 0.883000016, 0.148056686, 0.560500503, 0.271343201, 0.95754087, 1, 2, 0.611999989, 0.393369347, 0.396313608, 0.609340787, 0.505094528}},
};

// The inputs the cases name: N = 2 images, P = 6 priors, C = 3 classes.
Tensor detection_input(const std::string& key, element::Type t) {
    static const std::map<std::string, std::function<Tensor(element::Type)>> inputs = {
        {"L1", [](element::Type e) { return hash_tensor({2, 24}, 1, 1, -0.5, e); }},
        {"LC", [](element::Type e) { return hash_tensor({2, 72}, 1, 1, -0.5, e); }},
        {"CF", [](element::Type e) { return hash_tensor({2, 18}, 2, 1, 0, e); }},
        {"ARMC", [](element::Type e) { return hash_tensor({2, 12}, 3, 1, 0, e); }},
        {"ARML1", [](element::Type e) { return hash_tensor({2, 24}, 4, 0.5, -0.25, e); }},
        {"ARMLC", [](element::Type e) { return hash_tensor({2, 72}, 4, 0.5, -0.25, e); }},
        {"PR", [](element::Type e) { return priors(6, 5, true, true, 1, e); }},
        {"PRU", [](element::Type e) { return priors(6, 5, false, false, 1, e); }},
        {"PR2", [](element::Type e) { return priors(6, 5, true, true, 2, e); }},
    };
    return inputs.at(key)(t);
}

Vals expected_rows(const DetectionCase& c) {
    Vals v = c.detections;
    v.resize(c.rows * 7, 0.0);
    if (c.detections.size() < v.size())
        v[c.detections.size()] = -1;
    return v;
}

TEST(Detection, DetectionOutputAgainstOpenVINO) {
    for (const auto& c : kDetectionCases) {
        SCOPED_TRACE(c.name);
        TensorVector in;
        for (const auto& k : c.inputs)
            in.push_back(detection_input(k, element::f32));
        const Tensor r = test::eval_op("DetectionOutput", c.version, in, c.attrs);
        EXPECT_TENSOR_NEAR(r, make_tensor<double>(element::f32, {1, 1, c.rows, 7}, expected_rows(c)), 1e-5, 1e-5);
    }
}

struct ProposalCase {
    const char* name;
    int64_t version;
    Attributes attrs;
    Vals image, rois, scores;  // scores: v4 only, compared where a RoI was written (OpenVINO leaves the rest)
};

const std::vector<ProposalCase> kProposalCases = {
    {"Caffe", 1, {{"base_size", "8"}, {"pre_nms_topn", "20"}, {"post_nms_topn", "10"}, {"nms_thresh", "0.6"}, {"feat_stride", "8"}, {"min_size", "2"}, {"ratio", "0.5,2.0"}, {"scale", "1.0,2.0"}, {"clip_before_nms", "true"}, {"clip_after_nms", "false"}, {"normalize", "false"}, {"box_size_scale", "1.0"}, {"box_coordinate_scale", "1.0"}, {"framework", ""}}, {30, 40, 1}, {0, 25.4765587, 7.05141926, 33.8474426, 24.2685814, 0, 17.9094429, 6.61954784, 39, 22.0124512, 0, 0, 10.3047466, 16.3304443, 29, 0, 22.4496078, 9.04551506, 34.7163925, 15.9264851, 0, 1.31621194, 14.7492208, 9.03578854, 29, 0, 6.76136875, 9.74252701, 22.6866302, 29, 0, 0, 16.8272076, 9.348176, 23.1727924, 0, 9.1305275, 14.394908, 16.2494717, 29, 0, 0.397472382, 13.8266191, 23.7345276, 26.9173813, 0, 14.4089127, 9.07280064, 29.095089, 29, 1, 7.56488705, 17.6223965, 23.8931122, 26.7816029, 1, 21.0019341, 10.2325268, 24.7820663, 18.007473, 1, 11.2976704, 15.328413, 39, 29, 1, 18.2568474, 0.964255333, 26.0551529, 17.003746, 1, 15.3091049, 17.4927177, 30.3668938, 25.9392815, 1, 25.6680145, 15.4029503, 35.1439857, 29, 1, 23.0039024, 17.3353157, 36.8900986, 25.1246834, 1, 0, 0, 18.3524437, 29, 1, 1.50330305, 0, 10.0006962, 16.5786819, 1, 0, 0, 21.8879166, 14.3087692}, {}},
    {"TensorflowNormalized", 4, {{"base_size", "8"}, {"pre_nms_topn", "20"}, {"post_nms_topn", "10"}, {"nms_thresh", "0.5"}, {"feat_stride", "8"}, {"min_size", "2"}, {"ratio", "0.5,2.0"}, {"scale", "1.0,2.0"}, {"clip_before_nms", "false"}, {"clip_after_nms", "true"}, {"normalize", "true"}, {"box_size_scale", "2.0"}, {"box_coordinate_scale", "5.0"}, {"framework", "tensorflow"}}, {30, 40, 1, 1.5}, {0, 0.1657518, 0.447856605, 0.388474166, 0.786650181, 0, 0, 0.450746387, 0.702644408, 0.771089017, 0, 0.330362707, 0, 0.782765567, 0.332471251, 0, 0.0715405494, 0.526566923, 0.469787806, 0.678015113, 0, 0.433783829, 0, 0.647666097, 0.158383012, 0, 0.141536459, 0, 0.950472891, 0.150785491, 0, 0.340001225, 0, 0.722441673, 0.0717146248, 0, 0.434973717, 0.0518726595, 0.640366793, 0.364305943, 0, 0.145371377, 0.0540446639, 0.922200382, 0.349462569, 0, 0.335743815, 0.102372073, 0.752946854, 0.736999631, 1, 0.329167426, 0.123015165, 0.788637161, 0.297745526, 1, 0.476676196, 0.258447111, 0.626345098, 0.486115694, 1, 0.122500613, 0.245054528, 1, 0.599974036, 1, 0.344594568, 0.316845149, 0.648608387, 0.779295087, 1, 0.332176387, 0.324191749, 0.773409486, 0.491986841, 1, 0.429971904, 0.444036096, 0.666940033, 0.804499745, 1, 0.128803477, 0.447516024, 1, 0.788348436, 1, 0.334823489, 0.525230706, 0.758543551, 0.686365902, 1, 0, 0, 0.228178665, 0.346361309, 1, 0, 0, 0.108746223, 0.165097669}, {0.991999984, 0.963999987, 0.93900001, 0.93599999, 0.911000013, 0.883000016, 0.855000019, 0.829999983, 0.801999986, 0.77700001, 0.998000026, 0.97299999, 0.944999993, 0.920000017, 0.916999996, 0.89200002, 0.864000022, 0.836000025, 0.81099999, 0.782999992}},
    {"PaddedMinSize", 4, {{"base_size", "8"}, {"pre_nms_topn", "12"}, {"post_nms_topn", "15"}, {"nms_thresh", "0.7"}, {"feat_stride", "8"}, {"min_size", "3"}, {"ratio", "0.5,2.0"}, {"scale", "1.0,2.0"}, {"clip_before_nms", "true"}, {"clip_after_nms", "false"}, {"normalize", "false"}, {"box_size_scale", "1.0"}, {"box_coordinate_scale", "1.0"}, {"framework", ""}}, {26, 34, 0.5}, {0, 25.4765587, 7.05141926, 33, 24.2685814, 0, 17.9094429, 6.61954784, 33, 22.0124512, 0, 0, 10.3047466, 16.3304443, 25, 0, 22.4496078, 9.04551506, 33, 15.9264851, 0, 1.31621194, 14.7492208, 9.03578854, 25, 0, 0, 14.2463808, 18.5010109, 25, 0, 6.76136875, 9.74252701, 22.6866302, 25, 0, 0, 16.8272076, 9.348176, 23.1727924, 0, 9.1305275, 14.394908, 16.2494717, 25, 0, 14.4089127, 9.07280064, 29.095089, 25, 0, 5.58490944, 16.5880699, 16.0170898, 22.43993, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 7.56488705, 17.6223965, 23.8931122, 25, 1, 21.0019341, 10.2325268, 24.7820663, 18.007473, 1, 11.2976704, 15.328413, 33, 25, 1, 18.2568474, 0.964255333, 26.0551529, 17.003746, 1, 15.3091049, 17.4927177, 30.3668938, 25, 1, 25.6680145, 15.4029503, 33, 25, 1, 18.8261127, 15.0914955, 33, 25, 1, 23.0039024, 17.3353157, 33, 25, 1, 0, 0, 18.3524437, 25, 1, 1.50330305, 0, 10.0006962, 16.5786819, 1, 0, 0, 21.8879166, 14.3087692, 1, 7.11106205, 0, 24.6409378, 25, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, {0.991999984, 0.963999987, 0.93900001, 0.93599999, 0.911000013, 0.883000016, 0.85799998, 0.855000019, 0.829999983, 0.77700001, 0.773999989, 0, 3.36311631e-44, 0, 6.51580624e-17, 0.998000026, 0.97299999, 0.944999993, 0.920000017, 0.916999996, 0.89200002, 0.864000022, 0.836000025, 0.81099999, 0.782999992, 0.754999995, 0.730000019, 0, 9.05245287e-17, 3.09378675e-41}},
};

TEST(Detection, ProposalAgainstOpenVINO) {
    for (const auto& c : kProposalCases) {
        SCOPED_TRACE(c.name);
        const auto node = op::make("Proposal",
                                   {op::parameter(element::f32, Shape{2, 8, 3, 4}), op::parameter(element::f32, Shape{2, 16, 3, 4}),
                                    op::parameter(element::f32, Shape{c.image.size()})},
                                   c.attrs, c.version);
        const TensorVector r = test::run(node, {hash_tensor({2, 8, 3, 4}, 6), hash_tensor({2, 16, 3, 4}, 7, 1.0, -0.5),
                                                make_tensor<double>(element::f32, {c.image.size()}, c.image)});
        ASSERT_EQ(r.size(), c.version >= 4 ? 2u : 1u);
        EXPECT_TENSOR_NEAR(r[0], make_tensor<double>(element::f32, {c.rois.size() / 5, 5}, c.rois), 1e-4, 1e-5);
        if (c.version < 4)
            continue;
        const Vals got = test::values(r[1]), rois = test::values(r[0]);
        ASSERT_EQ(got.size(), c.scores.size());
        const size_t top = got.size() / 2;
        for (size_t n = 0; n < 2; ++n)
            for (size_t i = n * top; i < (n + 1) * top && rois[i * 5] >= 0; ++i)
                EXPECT_NEAR(got[i], c.scores[i], 1e-6) << "score " << i;
    }
}

TEST(Detection, HalfPrecisionAndIntegerSizes) {
    // f16 inputs compute in f32: the f32 expectations hold to f16 rounding.
    const DetectionCase& c = kDetectionCases.front();
    TensorVector in;
    for (const auto& k : c.inputs)
        in.push_back(detection_input(k, element::f16));
    const Tensor r = test::eval_op("DetectionOutput", c.version, in, c.attrs);
    EXPECT_EQ(r.get_element_type(), element::f16);
    EXPECT_TENSOR_NEAR(r, make_tensor<double>(element::f16, {1, 1, c.rows, 7}, expected_rows(c)), 2e-3, 2e-3);
    // PriorBox reads any integer type for its sizes.
    const PriorCase& p = kPriorCases.front();
    const Tensor b = test::eval_op(p.type, p.version,
                                   {make_tensor<int64_t>(element::i32, {2}, p.layer), make_tensor<int64_t>(element::i32, {2}, p.image)},
                                   p.attrs);
    EXPECT_TENSOR_NEAR(b, make_tensor<double>(element::f32, {2, p.expected.size() / 2}, p.expected), 1e-5, 1e-5);
}

TEST(Detection, ShapeInference) {
    const Attributes pb{{"min_size", "2,3"}, {"max_size", "4,5"}, {"aspect_ratio", "2"}, {"flip", "true"}, {"offset", "0.5"}};
    // The layer size as a value: known from a constant, else the width is dynamic.
    const auto known = op::make("PriorBox", {op::constant(element::i64, Shape{2}, std::vector<int64_t>{3, 4}),
                                             op::parameter(element::i64, Shape{2})}, pb, 8);
    EXPECT_EQ(known->get_output_partial_shape(0), (PartialShape{2, 3 * 4 * 8 * 4}));
    const auto unknown = op::make("PriorBox", {op::parameter(element::i64, Shape{2}), op::parameter(element::i64, Shape{2})}, pb, 1);
    EXPECT_EQ(unknown->get_output_partial_shape(0), (PartialShape{2, Dimension::dynamic()}));
    const auto clustered = op::make("PriorBoxClustered", {op::constant(element::i32, Shape{2}, std::vector<int32_t>{2, 5}),
                                                          op::parameter(element::i32, Shape{2})},
                                    {{"width", "1,2,3"}, {"height", "1,2,3"}, {"offset", "0.5"}}, 1);
    EXPECT_EQ(clustered->get_output_partial_shape(0), (PartialShape{2, 2 * 5 * 3 * 4}));

    // DetectionOutput rows: keep_top_k per image, else top_k per class, else every prior of every class.
    const auto detection = [](int64_t version, const Attributes& extra, const Dimension& batch) {
        Attributes a = extra;  // the first of two equal names counts
        a.insert(a.end(), {{"keep_top_k", "-1"}, {"nms_threshold", "0.5"}, {"normalized", "true"}});
        if (version == 1)
            a.push_back({"num_classes", "3"});
        return op::make("DetectionOutput", {op::parameter(element::f32, PartialShape{batch, 24}),
                                            op::parameter(element::f32, PartialShape{batch, 18}),
                                            op::parameter(element::f32, PartialShape{1, 2, 24})},
                        a, version)
            ->get_output_partial_shape(0);
    };
    EXPECT_EQ(detection(1, {{"keep_top_k", "7"}}, 2), (PartialShape{1, 1, 14, 7}));
    EXPECT_EQ(detection(8, {{"top_k", "4"}}, 2), (PartialShape{1, 1, 2 * 4 * 3, 7}));
    EXPECT_EQ(detection(8, {}, 2), (PartialShape{1, 1, 2 * 6 * 3, 7}));
    EXPECT_EQ(detection(1, {}, Dimension::dynamic()), (PartialShape{1, 1, Dimension::dynamic(), 7}));

    const auto prop = op::make("Proposal", {op::parameter(element::f32, Shape{2, 8, 3, 4}), op::parameter(element::f32, Shape{2, 16, 3, 4}),
                                            op::parameter(element::f32, Shape{3})},
                               kProposalCases.front().attrs, 4);
    ASSERT_EQ(prop->get_output_size(), 2u);
    EXPECT_EQ(prop->get_output_partial_shape(0), (PartialShape{20, 5}));
    EXPECT_EQ(prop->get_output_partial_shape(1), (PartialShape{20}));
}

TEST(Detection, Refusals) {
    const auto sizes = [] { return OutputVector{op::parameter(element::i64, Shape{2}), op::parameter(element::i64, Shape{2})}; };
    EXPECT_THROW(op::make("PriorBox", sizes(), {{"min_size", "2"}, {"offset", "0.5"}, {"variance", "0.1,0.2"}}, 8), ModelError);
    EXPECT_THROW(op::make("PriorBox", {op::parameter(element::i64, Shape{3}), op::parameter(element::i64, Shape{2})},
                          {{"min_size", "2"}, {"offset", "0.5"}}, 1),
                 ModelError);
    EXPECT_THROW(op::make("PriorBox", {op::parameter(element::f32, Shape{2}), op::parameter(element::i64, Shape{2})},
                          {{"min_size", "2"}, {"offset", "0.5"}}, 1),
                 ModelError);  // sizes must be integers
    EXPECT_THROW(op::make("PriorBox", sizes(), {{"fixed_size", "4,6"}, {"density", "2"}, {"offset", "0.5"}}, 8), ModelError);
    EXPECT_THROW(op::make("PriorBoxClustered", sizes(), {{"width", "1,2"}, {"height", "1"}, {"offset", "0.5"}}, 1), ModelError);

    const auto detection = [](const Attributes& a, const Shape& priors) {
        Attributes all = a;
        all.insert(all.end(), {{"keep_top_k", "-1"}, {"nms_threshold", "0.5"}, {"normalized", "true"}});
        return op::make("DetectionOutput", {op::parameter(element::f32, Shape{2, 24}), op::parameter(element::f32, Shape{2, 18}),
                                            op::parameter(element::f32, priors)},
                        all, 8);
    };
    EXPECT_NO_THROW(detection({}, {1, 2, 24}));
    EXPECT_THROW(detection({}, {1, 2, 22}), ModelError);                     // not whole priors
    EXPECT_THROW(detection({}, {1, 2, 28}), ModelError);                     // 7 priors against 6 in box_logits
    EXPECT_THROW(detection({}, {3, 2, 24}), ModelError);                     // batch neither 1 nor N
    EXPECT_THROW(detection({{"variance_encoded_in_target", "true"}}, {1, 2, 24}), ModelError);  // wants [.., 1, ..]
    EXPECT_THROW(detection({{"code_type", "caffe.PriorBoxParameter.CORNER_SIZE"}}, {1, 2, 24}), ModelError);
    EXPECT_THROW(op::make("DetectionOutput", {op::parameter(element::f32, Shape{2, 24}), op::parameter(element::f32, Shape{2, 18})},
                          {{"keep_top_k", "-1"}, {"nms_threshold", "0.5"}}, 8),
                 ModelError);  // 2 inputs

    const Attributes& pa = kProposalCases.front().attrs;
    const auto proposal = [&](const Shape& probs, const Shape& deltas, const Shape& info) {
        return op::make("Proposal", {op::parameter(element::f32, probs), op::parameter(element::f32, deltas), op::parameter(element::f32, info)},
                        pa, 4);
    };
    EXPECT_THROW(proposal({2, 6, 3, 4}, {2, 16, 3, 4}, {3}), ModelError);  // 3 anchors, 4 from ratio x scale
    EXPECT_THROW(proposal({2, 8, 3, 4}, {2, 16, 3, 5}, {3}), ModelError);
    EXPECT_THROW(proposal({2, 8, 3, 4}, {2, 16, 3, 4}, {2}), ModelError);
}

struct GridCase {
    Attributes attrs;
    Shape feature_map, image;
    Vals expected;  // the h x w grid; the rest of the feature map's extent is zeros
};

const Vals kTopRois = {8.48999977, 7.67999983, 6.86999989, 6.05999994, 5.25, 4.44000006, 3.63000011, 2.81999993, 2.00999999, 1.20000005, 0.389999986, 9.57999992, 8.77000046, 7.96000004, 7.1500001, 6.34000015, 5.53000021, 4.71999979, 3.91000009, 3.0999999, 2.28999996, 1.48000002, 0.670000017, 9.85999966};
const std::vector<GridCase> kGridCases = {
    {{{"flatten", "true"}, {"h", "0"}, {"w", "0"}, {"stride_x", "0.0"}, {"stride_y", "0.0"}}, {1, 2, 2, 3}, {1, 3, 8, 12}, {1.22799993, 0.904000044, 0.580000043, 0.256000042, 3.93200016, 3.60800004, 3.28399992, 2.96000004, 2.63599992, 2.31200004, 1.98800004, 1.66400003, 5.22800016, 0.904000044, 4.57999992, 0.256000042, 7.93200016, 3.60800004, 7.28399992, 2.96000004, 6.63600016, 2.31200004, 5.98799992, 1.66400003, 9.22799969, 0.904000044, 8.57999992, 0.256000042, 11.9320002, 3.60800004, 11.2840004, 2.96000004, 10.6359997, 2.31200004, 9.98799992, 1.66400003, 1.22799993, 4.90400028, 0.580000043, 4.25600004, 3.93200016, 7.6079998, 3.28399992, 6.96000004, 2.63599992, 6.3119998, 1.98800004, 5.66400003, 5.22800016, 4.90400028, 4.57999992, 4.25600004, 7.93200016, 7.6079998, 7.28399992, 6.96000004, 6.63600016, 6.3119998, 5.98799992, 5.66400003, 9.22799969, 4.90400028, 8.57999992, 4.25600004, 11.9320002, 7.6079998, 11.2840004, 6.96000004, 10.6359997, 6.3119998, 9.98799992, 5.66400003}},
    {{{"flatten", "false"}, {"h", "3"}, {"w", "2"}, {"stride_x", "4.0"}, {"stride_y", "2.5"}}, {1, 2, 5, 5}, {1, 3, 20, 20}, {1.22799993, 0.154000044, 0.580000043, -0.493999958, 3.93200016, 2.85800004, 3.28399992, 2.21000004, 2.63599992, 1.56200004, 1.98800004, 0.914000034, 5.22800016, 0.154000044, 4.57999992, -0.493999958, 7.93200016, 2.85800004, 7.28399992, 2.21000004, 6.63600016, 1.56200004, 5.98799992, 0.914000034, 1.22799993, 2.65400004, 0.580000043, 2.00600004, 3.93200016, 5.3579998, 3.28399992, 4.71000004, 2.63599992, 4.0619998, 1.98800004, 3.41400003, 5.22800016, 2.65400004, 4.57999992, 2.00600004, 7.93200016, 5.3579998, 7.28399992, 4.71000004, 6.63600016, 4.0619998, 5.98799992, 3.41400003, 1.22799993, 5.15400028, 0.580000043, 4.50600004, 3.93200016, 7.8579998, 3.28399992, 7.21000004, 2.63599992, 6.5619998, 1.98800004, 5.91400003, 5.22800016, 5.15400028, 4.57999992, 4.50600004, 7.93200016, 7.8579998, 7.28399992, 7.21000004, 6.63600016, 6.5619998, 5.98799992, 5.91400003}},
    {{{"flatten", "true"}, {"h", "0"}, {"w", "0"}, {"stride_x", "0.0"}, {"stride_y", "3.0"}}, {1, 2, 3, 2}, {1, 3, 20, 20}, {4.22800016, 0.404000044, 3.57999992, -0.243999958, 6.93200016, 3.10800004, 6.28399992, 2.46000004, 5.63600016, 1.81200004, 4.98799992, 1.16400003, 14.2279997, 0.404000044, 13.5799999, -0.243999958, 16.9319992, 3.10800004, 16.2840004, 2.46000004, 15.6359997, 1.81200004, 14.9879999, 1.16400003, 4.22800016, 3.40400004, 3.57999992, 2.75600004, 6.93200016, 6.1079998, 6.28399992, 5.46000004, 5.63600016, 4.8119998, 4.98799992, 4.16400003, 14.2279997, 3.40400004, 13.5799999, 2.75600004, 16.9319992, 6.1079998, 16.2840004, 5.46000004, 15.6359997, 4.8119998, 14.9879999, 4.16400003, 4.22800016, 6.40400028, 3.57999992, 5.75600004, 6.93200016, 9.1079998, 6.28399992, 8.46000004, 5.63600016, 7.8119998, 4.98799992, 7.16400003, 14.2279997, 6.40400028, 13.5799999, 5.75600004, 16.9319992, 9.1079998, 16.2840004, 8.46000004, 15.6359997, 7.8119998, 14.9879999, 7.16400003}},
};

TEST(Detection, ExperimentalDetectronTopKROIsAndPriorGrid) {
    const Tensor rois = hash_tensor({6, 4}, 8, 10.0), scores = hash_tensor({6}, 9);
    for (int64_t max_rois : {4, 8}) {
        const Tensor r = test::eval_op("ExperimentalDetectronTopKROIs", 6, {rois, scores}, {{"max_rois", std::to_string(max_rois)}});
        Vals want(kTopRois.begin(), kTopRois.begin() + std::min<int64_t>(max_rois, 6) * 4);
        want.resize(static_cast<size_t>(max_rois) * 4, 0.0);  // OpenVINO leaves rows past the 6 RoIs unwritten
        EXPECT_TENSOR_NEAR(r, make_tensor<double>(element::f32, {static_cast<size_t>(max_rois), 4}, want), 1e-6, 1e-6);
    }
    const Tensor priors = hash_tensor({3, 4}, 10, 4.0, -2.0);
    for (const auto& c : kGridCases) {
        const Tensor r = test::eval_op("ExperimentalDetectronPriorGridGenerator", 6,
                                       {priors, Tensor(element::f32, c.feature_map), Tensor(element::f32, c.image)}, c.attrs);
        const size_t rows = c.feature_map[2] * c.feature_map[3] * 3;
        const bool flat = c.attrs.front().second == "true";
        EXPECT_EQ(r.get_shape(), flat ? Shape({rows, 4}) : Shape({c.feature_map[2], c.feature_map[3], 3, 4}));
        Vals want = c.expected;
        want.resize(rows * 4, 0.0);
        EXPECT_EQ(test::values(r).size(), want.size());
        EXPECT_TENSOR_NEAR(r, make_tensor<double>(element::f32, r.get_shape(), want), 1e-5, 1e-5);
    }
    EXPECT_THROW(test::eval_op("ExperimentalDetectronPriorGridGenerator", 6,
                               {priors, Tensor(element::f32, {1, 2, 2, 2}), Tensor(element::f32, {1, 3, 8, 8})},
                               {{"flatten", "true"}, {"h", "3"}, {"w", "3"}}),
                 ModelError);  // a 3 x 3 grid in a 2 x 2 map
    EXPECT_THROW(op::make("ExperimentalDetectronTopKROIs", {op::parameter(element::f32, Shape{6, 5}), op::parameter(element::f32, Shape{6})},
                          {{"max_rois", "2"}}, 6),
                 ModelError);
}

}  // namespace
