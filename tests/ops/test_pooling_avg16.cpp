// AvgPool-16 against OpenVINO CPU: AvgPool-16 is AvgPool-14 plus the dilations attribute. The expected values
// were computed by OpenVINO 2026.4's CPU plugin on the same inputs (element i is i + 1); printed to 7
// significant digits, so the tolerance is 1e-6 relative: dilations with and without pads and exclude-pad,
// ceil / ceil_torch rounding, auto_pad, 1-D windows; versions before 16 refuse nothing but ignore dilations.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

using Vals = std::vector<double>;
using Ints = std::vector<int64_t>;

struct Case {
    Shape data;
    Ints kernel, strides, pads_begin, pads_end;
    bool exclude_pad;
    std::string rounding, auto_pad;
    Ints dilations;
    Shape out;
    Vals expected;
};

const std::vector<Case> kCases{
        {{1, 1, 5, 5}, {2, 2}, {1, 1}, {0, 0}, {0, 0}, true, "floor", "explicit", {2, 2}, {1, 1, 3, 3}, {7, 8, 9, 12, 13, 14, 17, 18, 19}},
        {{1, 1, 5, 5}, {2, 2}, {1, 1}, {1, 1}, {1, 1}, true, "floor", "explicit", {2, 2}, {1, 1, 5, 5}, {7, 7, 8, 9, 9, 7, 7, 8, 9, 9, 12, 12, 13, 14, 14, 17, 17, 18, 19, 19, 17, 17, 18, 19, 19}},
        {{1, 1, 5, 5}, {2, 2}, {1, 1}, {1, 1}, {1, 1}, false, "floor", "explicit", {2, 2}, {1, 1, 5, 5}, {1.75, 3.5, 4, 4.5, 2.25, 3.5, 7, 8, 9, 4.5, 6, 12, 13, 14, 7, 8.5, 17, 18, 19, 9.5, 4.25, 8.5, 9, 9.5, 4.75}},
        {{1, 1, 5, 5}, {2, 2}, {2, 2}, {0, 0}, {0, 0}, false, "ceil", "explicit", {2, 1}, {1, 1, 2, 3}, {6.5, 8.5, 10, 16.5, 18.5, 20}},
        {{1, 1, 5, 5}, {2, 2}, {2, 2}, {1, 0}, {0, 0}, false, "ceil_torch", "explicit", {2, 1}, {1, 1, 3, 3}, {3.25, 4.25, 2.5, 11.5, 13.5, 7.5, 8.25, 9.25, 5}},
        {{1, 1, 6, 6}, {3, 3}, {1, 1}, {0, 0}, {0, 0}, true, "floor", "same_upper", {2, 2}, {1, 1, 6, 6}, {8, 9, 9, 10, 10, 11, 14, 15, 15, 16, 16, 17, 14, 15, 15, 16, 16, 17, 20, 21, 21, 22, 22, 23, 20, 21, 21, 22, 22, 23, 26, 27, 27, 28, 28, 29}},
        {{1, 1, 6, 6}, {3, 3}, {1, 1}, {0, 0}, {0, 0}, false, "floor", "same_lower", {2, 2}, {1, 1, 6, 6}, {3.555556, 4, 6, 6.666667, 4.444445, 4.888889, 6.222222, 6.666667, 10, 10.66667, 7.111111, 7.555555, 9.333333, 10, 15, 16, 10.66667, 11.33333, 13.33333, 14, 21, 22, 14.66667, 15.33333, 8.888889, 9.333333, 14, 14.66667, 9.777778, 10.22222, 11.55556, 12, 18, 18.66667, 12.44444, 12.88889}},
        {{1, 2, 7}, {3}, {2}, {2}, {1}, false, "floor", "explicit", {3}, {1, 2, 2}, {2.333333, 4, 7, 11}},
};

Tensor avg_pool(const Case& c, int64_t version = 16, element::Type t = element::f32) {
    return test::eval_op("AvgPool", version, {test::iota(t, c.data, 1, 1)},
                         {{"kernel", op::list(c.kernel)}, {"strides", op::list(c.strides)},
                          {"pads_begin", op::list(c.pads_begin)}, {"pads_end", op::list(c.pads_end)},
                          {"exclude-pad", c.exclude_pad ? "true" : "false"}, {"rounding_type", c.rounding},
                          {"auto_pad", c.auto_pad}, {"dilations", op::list(c.dilations)}});
}

TEST(AvgPool16, DilationsAgainstOpenVino) {
    for (const Case& c : kCases) {
        const Tensor r = avg_pool(c);
        EXPECT_EQ(r.get_shape(), c.out) << c.data;
        EXPECT_TENSOR_NEAR(r, test::make_tensor<double>(element::f32, c.out, c.expected), 0, 1e-6);
    }
    const Tensor h = avg_pool(kCases[0], 16, element::f16);
    EXPECT_TENSOR_NEAR(h, test::make_tensor<double>(element::f16, kCases[0].out, kCases[0].expected), 0, 1e-3);
}

TEST(AvgPool16, EarlierVersionsHaveNoDilations) {
    const Tensor v14 = avg_pool(kCases[0], 14);  // 2x2 windows of a 5x5 input: 4x4
    EXPECT_EQ(v14.get_shape(), (Shape{1, 1, 4, 4}));
    const auto make = [](const std::string& dilations) {
        return op::make("AvgPool", {op::parameter(element::f32, Shape{1, 1, 5, 5})},
                        {{"kernel", "2,2"}, {"strides", "1,1"}, {"pads_begin", "0,0"}, {"pads_end", "0,0"},
                         {"exclude-pad", "true"}, {"dilations", dilations}},
                        16);
    };
    EXPECT_THROW(make("0,1"), ModelError);
    EXPECT_THROW(make("2"), ModelError);
}

}  // namespace
