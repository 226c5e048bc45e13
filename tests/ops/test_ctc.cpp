// CTCGreedyDecoder-1, CTCGreedyDecoderSeqLen-6 and CTCLoss-4 against OpenVINO CPU: the expected values were
// computed by OpenVINO 2026.4's CPU plugin (f32 inference precision) on the same inputs (from pattern()),
// exact for the decoders, to within 1e-5 for the loss (f16: 2e-3). An empty target, on which OpenVINO CPU
// crashes, is checked against its hand-derived loss instead.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;

namespace {

using Vals = std::vector<double>;

Tensor ints(element::Type t, const Shape& s, const Vals& v) { return make_tensor(t, s, v); }

TensorVector run(const std::string& type, int64_t version, const TensorVector& in, const Attributes& attrs = {}) {
    OutputVector params;
    for (const Tensor& t : in)
        params.push_back(op::parameter(t.get_element_type(), t.get_shape()));
    return test::run(op::make(type, params, attrs, version), in);
}

// ((37 i) mod 23) / 4 - 2.5 at flat index i: irregular, exact in f16.
Tensor pattern(element::Type type, const Shape& s) {
    Vals v(shape_size(s));
    size_t i = 0;
    std::generate(v.begin(), v.end(), [&i] { return static_cast<double>((i++ * 37) % 23) / 4 - 2.5; });
    return make_tensor(type, s, v);
}

TEST(Ctc, GreedyDecoderStopsAtTheMask) {
    const Tensor data = pattern(element::f32, {6, 2, 4});  // [T, N, C]
    const Tensor mask = make_tensor(element::f32, {6, 2}, Vals{1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1});
    const Tensor merged = run("CTCGreedyDecoder", 1, {data, mask}).at(0);
    EXPECT_EQ(merged.get_shape(), (Shape{2, 6, 1, 1}));
    EXPECT_EQ(test::values(merged), (Vals{0, 2, -1, -1, -1, -1, 2, 1, -1, -1, -1, -1}));
    EXPECT_EQ(test::values(run("CTCGreedyDecoder", 1, {data, mask}, {{"ctc_merge_repeated", "false"}}).at(0)),
              (Vals{0, 2, 2, -1, -1, -1, 2, 1, 1, -1, -1, -1}));
}

TEST(Ctc, GreedyDecoderSeqLen) {
    const Tensor data = pattern(element::f32, {2, 6, 4});  // [N, T, C]
    TensorVector r = run("CTCGreedyDecoderSeqLen", 6, {data, ints(element::i32, {2}, {6, 4})},
                         {{"merge_repeated", "true"}, {"classes_index_type", "i32"}, {"sequence_length_type", "i64"}});
    EXPECT_EQ(r.at(0).get_element_type(), element::i32);
    EXPECT_EQ(r.at(1).get_element_type(), element::i64);
    EXPECT_EQ(test::values(r.at(0)), (Vals{2, 0, 1, 2, 1, -1, 2, 2, 0, -1, -1, -1}));
    EXPECT_EQ(test::values(r.at(1)), (Vals{5, 3}));
    r = run("CTCGreedyDecoderSeqLen", 6, {data, ints(element::i64, {2}, {5, 6}), ints(element::i32, {}, {1})},
            {{"merge_repeated", "false"}, {"classes_index_type", "i64"}, {"sequence_length_type", "i32"}});
    EXPECT_EQ(r.at(0).get_element_type(), element::i64);
    EXPECT_EQ(test::values(r.at(0)), (Vals{3, 2, 0, 2, -1, -1, 2, 3, 2, 0, 0, -1}));
    EXPECT_EQ(test::values(r.at(1)), (Vals{4, 5}));
}

TEST(Ctc, Loss) {
    const Tensor logits = pattern(element::f32, {3, 6, 4});
    const Tensor ll = ints(element::i32, {3}, {6, 5, 6}), lbl = ints(element::i32, {3}, {3, 3, 4});
    const Vals labels{0, 0, 1, 2, 0, 0, 2, 1, 1, 0, 0, 0, 1, 2, 1, 2, 0, 0};
    const Tensor lab = ints(element::i32, {3, 6}, labels);
    const auto loss = [&](const std::string& collapse, const std::string& merge, const std::string& unique) {
        return run("CTCLoss", 4, {logits, ll, lab, lbl},
                   {{"preprocess_collapse_repeated", collapse}, {"ctc_merge_repeated", merge}, {"unique", unique}})
            .at(0);
    };
    const auto f32 = [](const Vals& v) { return make_tensor(element::f32, {3}, v); };
    EXPECT_TENSOR_NEAR(loss("false", "true", "false"), f32({7.4648752, 5.05866, 4.448802}), 1e-5, 1e-5);
    EXPECT_TENSOR_NEAR(loss("true", "true", "false"), f32({5.4157581, 3.6075916, 4.448802}), 1e-5, 1e-5);
    EXPECT_TENSOR_NEAR(loss("false", "false", "false"), f32({7.70474, 4.6275792, 4.7567258}), 1e-5, 1e-5);
    EXPECT_TENSOR_NEAR(loss("false", "true", "true"), f32({5.4157581, 3.6075916, 5.8147473}), 1e-5, 1e-5);
    // blank_index 0 (labels shifted past it), i64 lengths
    Vals shifted = labels;
    for (double& v : shifted)
        v += 1;
    EXPECT_TENSOR_NEAR(run("CTCLoss", 4, {logits, ints(element::i64, {3}, {6, 5, 6}), ints(element::i32, {3, 6}, shifted), lbl,
                                          ints(element::i32, {}, {0})})
                           .at(0),
                       f32({5.7279773, 4.6918578, 4.9803028}), 1e-5, 1e-5);
    const Tensor h = run("CTCLoss", 4, {pattern(element::f16, {3, 6, 4}), ll, lab, lbl}).at(0);
    EXPECT_TENSOR_NEAR(h, make_tensor(element::f16, {3}, Vals{7.4648438, 5.0585938, 4.4492188}), 2e-3, 2e-3);
}

TEST(Ctc, LossEdgeCases) {
    // An empty target over two even steps: the all-blank path, probability 1/4.
    const Tensor zeros = make_tensor(element::f32, {1, 2, 2}, Vals{0, 0, 0, 0});
    const Tensor one = ints(element::i32, {1, 2}, {0, 0});
    EXPECT_NEAR(test::values(run("CTCLoss", 4, {zeros, ints(element::i32, {1}, {2}), one, ints(element::i32, {1}, {0})}).at(0))[0],
                std::log(4.0), 1e-6);
    // Two equal labels need a blank between them: three steps, not two.
    const Tensor twice = ints(element::i32, {1, 2}, {0, 0});
    EXPECT_TRUE(std::isinf(
        test::values(run("CTCLoss", 4, {zeros, ints(element::i32, {1}, {2}), twice, ints(element::i32, {1}, {2})}).at(0))[0]));
}

TEST(Ctc, Refusals) {
    const Tensor data = pattern(element::f32, {2, 6, 4});
    EXPECT_THROW(run("CTCGreedyDecoderSeqLen", 6, {data, ints(element::i32, {2}, {7, 1})}), ModelError);  // past T
    EXPECT_THROW(run("CTCGreedyDecoderSeqLen", 6, {data, ints(element::i32, {2}, {-1, 1})}), ModelError);
    EXPECT_THROW(run("CTCGreedyDecoderSeqLen", 6, {data, ints(element::i32, {2}, {1, 1}), ints(element::i32, {}, {4})}),
                 ModelError);  // blank past the classes
    EXPECT_THROW(run("CTCGreedyDecoderSeqLen", 6, {data, ints(element::i32, {2}, {1, 1})}, {{"classes_index_type", "f32"}}),
                 ModelError);
    const Tensor ll = ints(element::i32, {2}, {6, 3}), lab = ints(element::i32, {2, 6}, {0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0});
    EXPECT_THROW(run("CTCLoss", 4, {data, ll, lab, ints(element::i32, {2}, {2, 4})}), ModelError);  // label past logit length
    EXPECT_THROW(run("CTCLoss", 4, {data, ints(element::i32, {2}, {6, 7}), lab, ints(element::i32, {2}, {2, 2})}), ModelError);
    EXPECT_THROW(run("CTCLoss", 4, {data, ll, ints(element::i32, {2, 6}, {0, 4, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0}),
                                    ints(element::i32, {2}, {2, 2})}),
                 ModelError);  // label 4 of 4 classes
    EXPECT_THROW(run("CTCLoss", 4, {data, ll, ints(element::i32, {2, 5}, Vals(10, 0)), ints(element::i32, {2}, {2, 2})}),
                 ModelError);  // labels [N, T] with another T
    EXPECT_THROW(run("CTCGreedyDecoder", 1, {pattern(element::f32, {6, 2, 4}), make_tensor(element::f32, {6, 3}, Vals(18, 1))}),
                 ModelError);  // mask [T, N] of another batch
}

}  // namespace
