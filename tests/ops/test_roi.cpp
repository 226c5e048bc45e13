// ROIAlign-3/-9, ROIAlignRotated-15, ROIPooling-2, PSROIPooling-1 and DeformablePSROIPooling-1 against
// OpenVINO CPU: the expected values were computed by OpenVINO 2026.4's CPU plugin (f32 inference precision)
// on the same inputs (data from the formula in pattern()), to within 1e-5 (f16: 2e-3). Also the Caffe
// batch index -1 that ends ROIPooling's list, the zero floor of ROIAlign's max mode, and the refusals.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;

namespace {

using Vals = std::vector<double>;

// ((37 i) mod 23) / 4 - 2.5 at flat index i: irregular, exact in f16.
Tensor pattern(element::Type type, const Shape& s) {
    Vals v(shape_size(s));
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = static_cast<double>((i * 37) % 23) * 0.25 - 2.5;
    return make_tensor(type, s, v);
}

Tensor f32(const Shape& s, const Vals& v) { return make_tensor(element::f32, s, v); }

const Tensor kData = pattern(element::f32, {2, 2, 4, 5});
const Tensor kData8 = pattern(element::f32, {2, 8, 4, 5});
const Tensor kRois4 = f32({2, 4}, {0.5, 0.5, 3.2, 2.6, -1.5, 1, 4.5, 5});
const Tensor kBatch = make_tensor<int>(element::i32, {2}, {1, 0});
// (batch, x1, y1, x2, y2); the third roi's batch -1 ends the list.
const Tensor kRois5 = f32({3, 5}, {1, 1, 0, 5, 4, 0, 2, 1, 7, 6, -1, 0, 0, 1, 1});
const Tensor kRois5Two = f32({2, 5}, {1, 1, 0, 5, 4, 0, 2, 1, 7, 6});
const Tensor kNormRois = f32({2, 5}, {1, 0.1, 0.2, 0.8, 0.9, 0, 0.5, -0.2, 1.1, 0.6});

Attributes align_attrs(int64_t ph, int64_t pw, int64_t ratio, double scale, const std::string& mode) {
    return {{"pooled_h", std::to_string(ph)}, {"pooled_w", std::to_string(pw)}, {"sampling_ratio", std::to_string(ratio)},
            {"spatial_scale", std::to_string(scale)}, {"mode", mode}};
}

void expect_near(const Tensor& t, const Shape& s, const Vals& expected, double tol = 1e-5) {
    EXPECT_EQ(t.get_shape(), s);
    EXPECT_TENSOR_NEAR(t, make_tensor(t.get_element_type(), s, expected), tol, tol);
}

TEST(Roi, Align3AvgAndMax) {
    expect_near(test::eval_op("ROIAlign", 3, {kData, kRois4, kBatch}, align_attrs(2, 2, 0, 1.0, "avg")), {2, 2, 2, 2},
                {-0.96169913, -0.17500025, -1.1515625, 0.087499797, -0.41406241, 0.82499981, -0.15156242, 1.0874999,
                 -0.83333337, 0.83333337, -0.29166669, 0.54166669, 0.16666667, -0.083333336, 0.20833334, 0.083333336});
    // max mode starts from 0 in OpenVINO CPU: bins of negative samples give 0.
    expect_near(test::eval_op("ROIAlign", 3, {kData, kRois4, kBatch}, align_attrs(2, 2, 2, 1.0, "max")), {2, 2, 2, 2},
                {0, 0.64999998, 0, 0.91250002, 0.36562511, 1.65, 0.62812519, 1.9124999, 0.75, 1.1875, 0.875, 1.3125, 1.75,
                 0.75, 1.875, 0.875});
}

TEST(Roi, Align9AlignedModes) {
    const Tensor rois = f32({2, 4}, {1, 1, 6.4, 5.2, -3, 2, 9, 10});
    const std::vector<std::pair<std::string, Vals>> cases{
        {"asymmetric", {-1.2828124, -0.043750264, -0.28281242, 0.95624971, -0.5625, 0.71875, 0.4375, 0.28125}},
        {"half_pixel_for_nn", {-0.81558585, 0.27119118, -0.72031248, 1.0578123, -0.53125, 1.0625, -0.03125, -0.09375}},
        {"half_pixel", {-1.0730078, 0.29677713, -0.50156242, 1.2765623, -1.03125, 0.53125, -0.03125, 0.09375}}};
    for (const auto& [aligned, expected] : cases) {
        Attributes attrs = align_attrs(1, 2, 2, 0.5, "avg");
        attrs.emplace_back("aligned_mode", aligned);
        SCOPED_TRACE(aligned);
        expect_near(test::eval_op("ROIAlign", 9, {kData, rois, kBatch}, attrs), {2, 2, 1, 2}, expected);
    }
}

TEST(Roi, Align9F16AndI64Indices) {
    Attributes attrs = align_attrs(2, 2, 0, 1.0, "avg");
    attrs.emplace_back("aligned_mode", "half_pixel");
    const Tensor r = test::eval_op("ROIAlign", 9,
                                   {pattern(element::f16, {2, 2, 4, 5}), make_tensor(element::f16, {2, 4}, test::values(kRois4)),
                                    make_tensor<int>(element::i64, {2}, {1, 0})},
                                   attrs);
    EXPECT_EQ(r.get_element_type(), element::f16);
    expect_near(r, {2, 2, 2, 2},
                {-0.96191406, -0.17370605, -1.1523438, 0.088745117, -0.41455078, 0.82617188, -0.15197754, 1.0888672,
                 -0.83349609, 0.83349609, -0.29174805, 0.54150391, 0.16662598, -0.083312988, 0.20837402, 0.083312988},
                2e-3);
}

TEST(Roi, AlignRotated) {
    const Tensor rois = f32({2, 5}, {2, 1.5, 3, 2, 0.6, 1.5, 2, 2.5, 1.5, -2.0});
    const auto run = [&](bool clockwise) {
        return test::eval_op("ROIAlignRotated", 15, {kData, rois, make_tensor<int>(element::i64, {2}, {1, 0})},
                             {{"pooled_h", "2"}, {"pooled_w", "2"}, {"sampling_ratio", "0"}, {"spatial_scale", "1"},
                              {"clockwise_mode", clockwise ? "true" : "false"}});
    };
    expect_near(run(false), {2, 2, 2, 2},
                {-1.0696974, 0.65385461, -1.2990727, 0.09431982, -0.59431988, 0.80505913, -0.2990728, 1.0943198,
                 -0.080490083, 1.2327688, 0.76946741, -0.62571001, 0.91951001, 2.232769, 1.7694674, 0.37429002});
    expect_near(run(true), {2, 2, 2, 2},
                {1.6899469, 0.099726886, -1.4146986, 0.21714771, -0.71116132, 1.0997268, -0.59972686, 1.2171477,
                 1.1316504, -0.83183789, 0.12563786, 0.8705858, 2.1316504, 0.16816212, 1.1256379, 1.8705857});
}

TEST(Roi, RoiPoolingMaxAndBilinear) {
    expect_near(test::eval_op("ROIPooling", 2, {kData, kRois5},
                              {{"output_size", "2, 2"}, {"spatial_scale", "0.5"}, {"method", "max"}}),
                {3, 2, 2, 2}, {3, 1, 1.25, 1.25, 2, 2, 2.25, 2.25, 1.5, 2.75, 1.75, 3, 2.5, 1.5, 2.75, 1.75,  //
                               0, 0, 0, 0, 0, 0, 0, 0});  // the list ended at batch -1
    expect_near(test::eval_op("ROIPooling", 2, {kData, kNormRois},
                              {{"output_size", "2, 3"}, {"spatial_scale", "1"}, {"method", "bilinear"}}),
                {2, 2, 2, 3},
                {-0.32999998, 0.65999991, -0.64999986, -0.72500008, 0.72499979, -0.12499988, -0.25, 1.1999998,
                 -0.34000003, 0.27499995, 1.7249998, -0.27500015, 0, 0, 0, -0.79999995, 2.25, 0, 0, 0, 0, 0.20000002,
                 -1.3499998, 0});
}

TEST(Roi, PsRoiPooling) {
    const auto attrs = [](const std::string& mode, int bins) {
        return Attributes{{"output_dim", "2"}, {"group_size", "2"}, {"spatial_scale", mode == "average" ? "0.5" : "1"},
                          {"spatial_bins_x", std::to_string(bins)}, {"spatial_bins_y", std::to_string(bins)}, {"mode", mode}};
    };
    expect_near(test::eval_op("PSROIPooling", 1, {kData8, kRois5Two}, attrs("average", 1)), {2, 2, 2, 2},
                {-1.25, 0.375, 1, -0.25, -0.125, 1.5, -0.75, 0.875, 0, -1.25, -0.375, 1.25, 1.125, -0.125, 0.75, -0.5});
    expect_near(test::eval_op("PSROIPooling", 1, {kData8, kNormRois}, attrs("bilinear", 2)), {2, 2, 2, 2},
                {-0.13375005, 0.28124997, -0.33125007, 0.34249991, 0.40624994, 0.99374992, 0.2662499, 1.0549998, 1.2750001,
                 0.049999975, -0.16250014, 0.61249995, -0.8125, 0.29999998, -0.77249992, -0.037499964});
}

TEST(Roi, DeformablePsRoiPooling) {
    Attributes attrs{{"output_dim", "2"}, {"spatial_scale", "0.5"}, {"group_size", "2"}, {"mode", "bilinear_deformable"},
                     {"spatial_bins_x", "2"}, {"spatial_bins_y", "2"}};
    expect_near(test::eval_op("DeformablePSROIPooling", 1, {kData8, kRois5Two}, attrs), {2, 2, 2, 2},
                {-0.9375, 0.484375, 1.3125, -0.5, -0.890625, 1.25, -0.4375, 0.984375, -0.0625, -1, -1.28125, 1.375,
                 0.34375, -0.59375, 0.5625, -0.375});
    attrs = {{"output_dim", "2"},    {"spatial_scale", "0.5"},  {"group_size", "2"}, {"spatial_bins_x", "2"},
             {"spatial_bins_y", "1"}, {"trans_std", "0.5"}, {"part_size", "2"}};
    Tensor offsets = pattern(element::f32, {2, 2, 2, 2});
    offsets = make_tensor(element::f32, {2, 2, 2, 2}, [&] {
        Vals v = test::values(offsets);
        for (double& x : v)
            x /= 5;
        return v;
    }());
    expect_near(test::eval_op("DeformablePSROIPooling", 1, {kData8, kRois5Two, offsets}, attrs), {2, 2, 2, 2},
                {-0.25, 0, 1.6640625, -0.6484375, -2, 0, -0.0859375, 1.5546875, -0.40625, -1.0562501, -0.81874996,
                 0.15187493, 1.4375, -0.21874976, -0.70000005, -1.0374999});
}

TEST(Roi, ShapesAndEmptyRoiLists) {
    const auto node = op::make("ROIAlign",
                               {op::parameter(element::f32, PartialShape{1, 3, 8, 8}), op::parameter(element::f32, PartialShape{-1, 4}),
                                op::parameter(element::i64, PartialShape{5})},
                               align_attrs(2, 3, 0, 1.0, "avg"), 3);
    EXPECT_EQ(node->get_output_partial_shape(0), (PartialShape{5, 3, 2, 3}));
    const Tensor none = test::eval_op("ROIPooling", 2, {kData, f32({0, 5}, {})}, {{"output_size", "2, 2"}, {"spatial_scale", "1"}});
    EXPECT_EQ(none.get_shape(), (Shape{0, 2, 2, 2}));
}

TEST(Roi, Refusals) {
    const auto align = [&](const Tensor& batch) { return test::eval_op("ROIAlign", 3, {kData, kRois4, batch}, align_attrs(2, 2, 0, 1, "avg")); };
    EXPECT_THROW(align(make_tensor<int>(element::i32, {2}, {0, 2})), ModelError);   // batch 2 of 2
    EXPECT_THROW(align(make_tensor<int>(element::i32, {2}, {-1, 0})), ModelError);  // no -1 convention in ROIAlign
    try {
        align(make_tensor<int>(element::i32, {2}, {0, 7}));
        ADD_FAILURE() << "batch 7 accepted";
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find("ROIAlign"), std::string::npos) << e.what();
    }
    const Attributes pool{{"output_size", "2, 2"}, {"spatial_scale", "1"}};
    EXPECT_THROW(test::eval_op("ROIPooling", 2, {kData, f32({1, 5}, {2, 0, 0, 1, 1})}, pool), ModelError);
    EXPECT_THROW(test::eval_op("ROIPooling", 2, {kData, f32({1, 5}, {-2, 0, 0, 1, 1})}, pool), ModelError);
    EXPECT_THROW(test::eval_op("ROIAlign", 3, {kData, kRois4, kBatch}, align_attrs(2, 2, 0, 1, "sum")), ModelError);
    EXPECT_THROW(test::eval_op("ROIAlign", 3, {kData, kRois4, kBatch}, align_attrs(0, 2, 0, 1, "avg")), ModelError);
    EXPECT_THROW(test::eval_op("ROIAlign", 3, {kData, kRois4, kBatch}, align_attrs(2, 2, -1, 1, "avg")), ModelError);
    EXPECT_THROW(test::eval_op("ROIAlign", 3, {kData, kRois5Two, kBatch}, align_attrs(2, 2, 0, 1, "avg")), ModelError);
    EXPECT_THROW(test::eval_op("ROIAlign", 3, {kData, kRois4, make_tensor<int>(element::i32, {3}, {0, 0, 0})},
                               align_attrs(2, 2, 0, 1, "avg")),
                 ModelError);  // one batch index per roi
    EXPECT_THROW(test::eval_op("ROIAlign", 3, {kData, kRois4, f32({2}, {0, 0})}, align_attrs(2, 2, 0, 1, "avg")), ModelError);
    EXPECT_THROW(test::eval_op("PSROIPooling", 1, {kData, kRois5Two},
                               {{"output_dim", "2"}, {"group_size", "2"}, {"spatial_scale", "1"}, {"mode", "average"}}),
                 ModelError);  // 2 channels, not 2 * 2 * 2
    EXPECT_THROW(test::eval_op("DeformablePSROIPooling", 1, {kData8, kRois5Two, f32({1, 2, 1, 1}, {0, 0})},
                               {{"output_dim", "2"}, {"spatial_scale", "1"}, {"group_size", "2"}}),
                 ModelError);  // no offsets for roi 1
    EXPECT_THROW(test::eval_op("DeformablePSROIPooling", 1, {kData8, kRois5Two},
                               {{"output_dim", "2"}, {"spatial_scale", "1"}, {"group_size", "2"},
                                {"spatial_bins_x", "1000000"}, {"spatial_bins_y", "1000000"}}),
                 ModelError);  // 10^12 samples per bin: a hostile IR's endless loop
}

}  // namespace
