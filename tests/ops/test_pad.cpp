// Pad-1 and Pad-12: the spec's examples (positive, negative and mixed pads in every mode), and
// random cases checked against index lists built by concatenation here (left part + data + right
// part, then cropped), a formulation different from the kernel's per-index mapping.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "common/test_utils.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::iota;
using test::make_tensor;
using test::run;

namespace {

using Ints = std::vector<int64_t>;
const std::vector<std::string> kModes{"constant", "edge", "reflect", "symmetric"};

Tensor ints(const Ints& v, element::Type type = element::i64) { return make_tensor<int64_t>(type, {v.size()}, v); }
Output<Node> cst(const Ints& v, element::Type type = element::i64) { return op::constant(ints(v, type)); }
Tensor floats(const Shape& s, const std::vector<float>& v) { return make_tensor<float>(element::f32, s, v); }

Tensor eval_pad(const Tensor& data, const Ints& begin, const Ints& end, const std::string& mode,
                const Tensor* value = nullptr, int64_t version = 12) {
    OutputVector args{op::constant(data), cst(begin), cst(end)};
    TensorVector tensors{data, ints(begin), ints(end)};
    if (value) {
        args.push_back(op::constant(*value));
        tensors.push_back(*value);
    }
    auto node = op::make("Pad", args, {{"pad_mode", mode}}, version);
    auto out = run(node, tensors).at(0);
    EXPECT_EQ(node->get_output_partial_shape(0), PartialShape(out.get_shape()));
    return out;
}

// The source index of each output position along one axis (-1: the pad value).
Ints axis_sources(int64_t n, int64_t begin, int64_t end, const std::string& mode) {
    Ints left, right, mid;
    for (int64_t i = 0; i < n; ++i)
        mid.push_back(i);
    for (int64_t k = std::max<int64_t>(begin, 0); k >= 1; --k)  // k-th element left of index 0
        left.push_back(mode == "constant" ? -1 : mode == "edge" ? 0 : mode == "reflect" ? k : k - 1);
    for (int64_t k = 1; k <= std::max<int64_t>(end, 0); ++k)  // k-th element right of index n - 1
        right.push_back(mode == "constant" ? -1 : mode == "edge" ? n - 1 : mode == "reflect" ? n - 1 - k : n - k);
    Ints all = left;
    all.insert(all.end(), mid.begin(), mid.end());
    all.insert(all.end(), right.begin(), right.end());
    const size_t drop_front = static_cast<size_t>(std::max<int64_t>(-begin, 0));
    const size_t drop_back = static_cast<size_t>(std::max<int64_t>(-end, 0));
    if (drop_front + drop_back >= all.size())
        return {};
    return Ints(all.begin() + static_cast<std::ptrdiff_t>(drop_front),
                all.end() - static_cast<std::ptrdiff_t>(drop_back));
}

Tensor ref_pad(const Tensor& data, const Ints& begin, const Ints& end, const std::string& mode, const void* value) {
    const Shape& in = data.get_shape();
    std::vector<Ints> src(in.size());
    Shape out;
    for (size_t a = 0; a < in.size(); ++a) {
        src[a] = axis_sources(static_cast<int64_t>(in[a]), begin[a], end[a], mode);
        out.push_back(src[a].size());
    }
    Tensor result(data.get_element_type(), out);
    const size_t es = data.get_element_type().size();
    const Strides st = row_major_strides(in);
    Coordinate c(out.size(), 0);
    for (size_t n = 0; n < result.get_size(); ++n) {
        const void* from = value;
        size_t flat = 0;
        for (size_t a = 0; a < c.size() && from == value; ++a) {
            if (src[a][c[a]] < 0)
                from = nullptr;
            else
                flat += static_cast<size_t>(src[a][c[a]]) * st[a];
        }
        char* to = static_cast<char*>(result.data()) + n * es;
        if (from == nullptr)
            std::memcpy(to, value, es);
        else
            std::memcpy(to, static_cast<const char*>(data.data()) + flat * es, es);
        for (size_t a = c.size(); a-- > 0;)
            if (++c[a] < out[a])
                break;
            else
                c[a] = 0;
    }
    return result;
}

const Tensor kData = floats({3, 4}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});

}  // namespace

TEST(Pad, SpecPositivePadsExample) {
    EXPECT_TENSOR_EQ(eval_pad(kData, {0, 1}, {2, 3}, "constant"),
                     floats({5, 8}, {0, 1, 2,  3, 4, 0, 0, 0, 0, 5, 6, 7, 8, 0, 0, 0, 0, 9, 10, 11,
                                     12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
    EXPECT_TENSOR_EQ(eval_pad(kData, {0, 1}, {2, 3}, "edge"),
                     floats({5, 8}, {1, 1, 2,  3,  4,  4,  4,  4,  5, 5, 6,  7,  8,  8,  8,  8,  9, 9,  10, 11,
                                     12, 12, 12, 12, 9, 9, 10, 11, 12, 12, 12, 12, 9, 9, 10, 11, 12, 12, 12, 12}));
    EXPECT_TENSOR_EQ(eval_pad(kData, {0, 1}, {2, 3}, "reflect"),
                     floats({5, 8}, {2, 1, 2, 3, 4, 3, 2, 1, 6, 5, 6, 7, 8, 7, 6, 5, 10, 9, 10, 11,
                                     12, 11, 10, 9, 6, 5, 6, 7, 8, 7, 6, 5, 2, 1, 2, 3, 4, 3, 2, 1}));
    EXPECT_TENSOR_EQ(eval_pad(kData, {0, 1}, {2, 3}, "symmetric"),
                     floats({5, 8}, {1, 1, 2,  3,  4,  4,  3,  2, 5, 5, 6,  7,  8,  8,  7,  6, 9, 9,  10, 11,
                                     12, 12, 11, 10, 9, 9, 10, 11, 12, 12, 11, 10, 5, 5, 6, 7, 8, 8, 7, 6}));
}

TEST(Pad, SpecNegativeAndMixedPadsExamples) {
    for (const auto& mode : kModes)
        EXPECT_TENSOR_EQ(eval_pad(kData, {-1, -1}, {-1, -1}, mode), floats({1, 2}, {6, 7})) << mode;
    EXPECT_TENSOR_EQ(eval_pad(kData, {2, -1}, {-1, 3}, "constant"),
                     floats({4, 6}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 4, 0, 0, 0, 6, 7, 8, 0, 0, 0}));
    EXPECT_TENSOR_EQ(eval_pad(kData, {2, -1}, {-1, 3}, "edge"),
                     floats({4, 6}, {2, 3, 4, 4, 4, 4, 2, 3, 4, 4, 4, 4, 2, 3, 4, 4, 4, 4, 6, 7, 8, 8, 8, 8}));
    EXPECT_TENSOR_EQ(eval_pad(kData, {2, -1}, {-1, 3}, "reflect"),
                     floats({4, 6}, {10, 11, 12, 11, 10, 9, 6, 7, 8, 7, 6, 5, 2, 3, 4, 3, 2, 1, 6, 7, 8, 7, 6, 5}));
    EXPECT_TENSOR_EQ(eval_pad(kData, {2, -1}, {-1, 3}, "symmetric"),
                     floats({4, 6}, {6, 7, 8, 8, 7, 6, 2, 3, 4, 4, 3, 2, 2, 3, 4, 4, 3, 2, 6, 7, 8, 8, 7, 6}));
}

TEST(Pad, SpecShapeExamplesWithPadValue) {
    const Tensor fifteen = floats({}, {15});
    Tensor out =
        eval_pad(iota(element::f32, {1, 3, 32, 40}, 1, 1), {0, 5, 2, 1}, {1, 0, 3, 7}, "constant", &fifteen, 1);
    ASSERT_EQ(out.get_shape(), (Shape{2, 8, 37, 48}));
    EXPECT_EQ(out.data<float>()[0], 15.f);
    EXPECT_EQ(out.data<float>()[(5 * 37 + 2) * 48 + 1], 1.f);  // the first data element
    EXPECT_EQ(out.data<float>()[out.get_size() - 1], 15.f);
    out = eval_pad(iota(element::f32, {2, 3, 32, 40}, 1, 1), {0, -2, -8, 1}, {-1, 4, -6, 7}, "constant", &fifteen);
    ASSERT_EQ(out.get_shape(), (Shape{1, 5, 18, 48}));
    EXPECT_EQ(out.data<float>()[1], 2 * 1280 + 8 * 40 + 1.f);  // data[0, 2, 8, 0]
    EXPECT_EQ(eval_pad(iota(element::f32, {1, 3, 32, 40}, 1, 1), {0, 5, 2, 1}, {1, 0, 3, 7}, "edge").get_shape(),
              (Shape{2, 8, 37, 48}));
}

TEST(Pad, PadValueOfEachType) {
    for (const auto& type : test::kElementTypes) {
        const Tensor data = make_tensor<int>(type, {2}, {1, 0});
        const Tensor value = make_tensor<int>(type, {}, {1});
        EXPECT_TENSOR_EQ(eval_pad(data, {1}, {2}, "constant", &value),
                         make_tensor<int>(type, {5}, {1, 1, 0, 1, 1}))
            << type;
        EXPECT_TENSOR_EQ(eval_pad(data, {1}, {2}, "constant"), make_tensor<int>(type, {5}, {0, 1, 0, 0, 0})) << type;
    }
    // pad_value is ignored outside constant mode.
    const Tensor value = floats({}, {99});
    EXPECT_TENSOR_EQ(eval_pad(floats({2}, {1, 2}), {1}, {1}, "edge", &value), floats({4}, {1, 1, 2, 2}));
}

TEST(Pad, RandomMatchesReferenceForAllTypesAndModes) {
    std::mt19937 gen(9);
    auto rnd = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(gen); };
    for (int iter = 0; iter < 240; ++iter) {
        const std::string& mode = kModes[static_cast<size_t>(iter) % kModes.size()];
        const element::Type type = test::kElementTypes[static_cast<size_t>(iter / 4) % test::kElementTypes.size()];
        const int64_t version = iter % 3 == 0 ? 1 : 12;
        Shape shape(static_cast<size_t>(rnd(0, 4)));
        for (auto& d : shape)
            d = static_cast<size_t>(rnd(mode == "constant" && iter % 10 == 0 ? 0 : 1, 4));
        Ints begin, end;
        for (size_t a = 0; a < shape.size(); ++a) {
            const int64_t n = static_cast<int64_t>(shape[a]);
            const int64_t most = mode == "reflect" ? n - 1 : mode == "symmetric" ? n : mode == "edge" ? 4 : 5;
            const int64_t least = version == 1 ? 0 : -n - 1;
            begin.push_back(rnd(least, most));
            end.push_back(rnd(least, most));
        }
        const Tensor data = iota(type, shape, 1, 1);
        const Tensor value = make_tensor<int>(type, {}, {type == element::boolean ? 1 : 77});
        const bool with_value = mode == "constant" && rnd(0, 1);
        const std::vector<char> zero(type.size(), 0);
        const Tensor expected = ref_pad(data, begin, end, mode, with_value ? value.data() : zero.data());
        EXPECT_TENSOR_EQ(eval_pad(data, begin, end, mode, with_value ? &value : nullptr, version), expected)
            << "iter " << iter << " " << mode << " " << type << " " << shape << " begin " << op::list(begin)
            << " end " << op::list(end);
    }
}

TEST(Pad, PartialShapes) {
    auto p = [](const char* s, element::Type t = element::f32) { return op::parameter(t, PartialShape(s)); };
    const Attributes constant{{"pad_mode", "constant"}};
    auto n = op::make("Pad", {p("[2..5,?,4]"), cst({3, 1, -1}), cst({0, 1, -5})}, constant);
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[5..8,2..,0]"));
    n = op::make("Pad", {p("[2..5]"), cst({-3}), cst({0})}, constant);
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[0..2]"));
    n = op::make("Pad", {p("[3,4]"), p("[2]", element::i64), cst({0, 1})}, constant, 1);
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[3..,4..]"));
    n = op::make("Pad", {p("[3,4]"), p("[2]", element::i64), cst({0, 1})}, constant, 12);
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[?,?]"));
    n = op::make("Pad", {p("[...]"), p("[3]", element::i32), p("[?]", element::i32)}, constant);
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape::dynamic(3));
    n = op::make("Pad", {p("[...]"), p("[?]", element::i32), p("[?]", element::i32)}, constant);
    EXPECT_TRUE(n->get_output_partial_shape(0).rank_is_dynamic());
}

TEST(Pad, InvalidInputsThrow) {
    auto data = op::parameter(element::f32, Shape{3, 4});
    auto pad = [&](const Ints& b, const Ints& e, const std::string& mode, int64_t version = 12) {
        return op::make("Pad", {data, cst(b), cst(e)}, {{"pad_mode", mode}}, version);
    };
    EXPECT_NO_THROW(pad({2, 3}, {2, 3}, "reflect"));
    EXPECT_THROW(pad({3, 0}, {0, 0}, "reflect"), ModelError);  // > dim - 1
    EXPECT_THROW(pad({0, 0}, {0, 4}, "reflect"), ModelError);
    EXPECT_NO_THROW(pad({3, 4}, {3, 4}, "symmetric"));
    EXPECT_THROW(pad({0, 5}, {0, 0}, "symmetric"), ModelError);
    EXPECT_THROW(pad({-1, 0}, {0, 0}, "constant", 1), ModelError);  // Pad-1 has no cropping
    EXPECT_THROW(pad({0, 0}, {0, 0}, "wrap"), ModelError);
    EXPECT_THROW(pad({0, 0, 0}, {0, 0, 0}, "constant"), ModelError);
    EXPECT_THROW(pad({0, 0}, {0}, "constant"), ModelError);
    EXPECT_THROW(op::make("Pad", {data, cst({0, 0}), cst({0, 0})}), ModelError);  // pad_mode is required
    EXPECT_THROW(op::make("Pad", {op::parameter(element::f32, Shape{0}), cst({1}), cst({0})}, {{"pad_mode", "edge"}}),
                 ModelError);
    EXPECT_THROW(op::make("Pad", {data, op::constant(floats({2}, {0, 0})), cst({0, 0})}, {{"pad_mode", "constant"}}),
                 ModelError);
    EXPECT_THROW(op::make("Pad", {data, cst({0, 0}), cst({0, 0}), op::constant(ints({1}, element::i32))},
                          {{"pad_mode", "constant"}}),
                 ModelError);  // pad_value type differs from data
    EXPECT_THROW(op::make("Pad", {data, cst({0, 0}), cst({0, 0}), op::constant(floats({1}, {1}))},
                          {{"pad_mode", "constant"}}),
                 ModelError);  // pad_value is not a scalar
    // Pads only known at run time.
    auto n = op::make("Pad", {data, op::parameter(element::i64, Shape{2}), cst({0, 0})}, {{"pad_mode", "reflect"}});
    EXPECT_THROW(run(n, {iota(element::f32, {3, 4}, 1, 1), ints({0, 4}), ints({0, 0})}), ModelError);
    EXPECT_EQ(run(n, {iota(element::f32, {3, 4}, 1, 1), ints({0, 3}), ints({0, 0})}).at(0).get_shape(), (Shape{3, 7}));
}
