// Broadcast-1/3 (numpy, explicit, bidirectional) and Tile-1: spec examples, hand-derived values,
// and random cases checked against a per-element coordinate formulation written here.
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
Tensor ints(const Ints& v, element::Type type = element::i64) { return make_tensor<int64_t>(type, {v.size()}, v); }
Output<Node> cst(const Ints& v, element::Type type = element::i64) { return op::constant(ints(v, type)); }
Tensor floats(const Shape& s, const std::vector<float>& v) { return make_tensor<float>(element::f32, s, v); }

// Reference: every output element, by its coordinate, copies the input element source(coord) names.
template <typename F>
Tensor gather_ref(const Tensor& data, const Shape& out_shape, F&& source) {
    Tensor out(data.get_element_type(), out_shape);
    const size_t es = data.get_element_type().size();
    const Strides in_strides = row_major_strides(data.get_shape());
    Coordinate c(out_shape.size(), 0);
    for (size_t n = 0; n < out.get_size(); ++n) {
        const Coordinate src = source(c);
        size_t flat = 0;
        for (size_t a = 0; a < src.size(); ++a)
            flat += src[a] * in_strides[a];
        std::memcpy(static_cast<char*>(out.data()) + n * es, static_cast<const char*>(data.data()) + flat * es, es);
        for (size_t a = c.size(); a-- > 0;)
            if (++c[a] < out_shape[a])
                break;
            else
                c[a] = 0;
    }
    return out;
}

// Data axis i sits on output axis axes[i]; dims of 1 read index 0.
Tensor ref_broadcast(const Tensor& data, const Shape& out_shape, const Ints& axes) {
    const Shape& in = data.get_shape();
    return gather_ref(data, out_shape, [&](const Coordinate& o) {
        Coordinate i(in.size());
        for (size_t a = 0; a < in.size(); ++a)
            i[a] = in[a] == 1 ? 0 : o[static_cast<size_t>(axes[a])];
        return i;
    });
}

Tensor ref_tile(const Tensor& data, const Shape& out_shape) {
    const Shape& in = data.get_shape();
    return gather_ref(data, out_shape, [&](const Coordinate& o) {
        Coordinate i(in.size());
        for (size_t a = 0; a < in.size(); ++a)
            i[a] = o[a + o.size() - in.size()] % in[a];
        return i;
    });
}

Ints right_aligned(size_t rank, size_t out_rank) {
    Ints v(rank);
    for (size_t i = 0; i < rank; ++i)
        v[i] = static_cast<int64_t>(i + out_rank - rank);
    return v;
}

Tensor eval_broadcast(const Tensor& data, const Ints& target, const std::string& mode, const Ints* axes = nullptr,
                      int64_t version = 3) {
    OutputVector args{op::constant(data), cst(target)};
    TensorVector tensors{data, ints(target)};
    if (axes) {
        args.push_back(cst(*axes, element::i32));
        tensors.push_back(ints(*axes, element::i32));
    }
    auto node = op::make("Broadcast", args, {{"mode", mode}}, version);
    auto out = run(node, tensors).at(0);
    EXPECT_EQ(node->get_output_partial_shape(0), PartialShape(out.get_shape()));
    return out;
}

Tensor eval_tile(const Tensor& data, const Ints& repeats) {
    auto node = op::make("Tile", {op::constant(data), cst(repeats)});
    auto out = run(node, {data, ints(repeats)}).at(0);
    EXPECT_EQ(node->get_output_partial_shape(0), PartialShape(out.get_shape()));
    return out;
}

}  // namespace

TEST(Broadcast, SpecExamples) {
    for (int64_t version : {1, 3}) {
        const Tensor c16 = iota(element::f32, {16, 1, 1}, 1, 0);
        Tensor out = eval_broadcast(c16, {1, 16, 50, 50}, "numpy", nullptr, version);
        ASSERT_EQ(out.get_shape(), (Shape{1, 16, 50, 50}));
        EXPECT_EQ(out.data<float>()[0], 1.f);
        EXPECT_EQ(out.data<float>()[2500 * 7 + 123], 8.f);
        const Ints ax1{1}, ax12{1, 2};
        out = eval_broadcast(iota(element::f32, {16}, 1, 0), {1, 16, 50, 50}, "explicit", &ax1, version);
        EXPECT_TENSOR_EQ(out, ref_broadcast(iota(element::f32, {16}, 1, 0), {1, 16, 50, 50}, ax1));
        EXPECT_EQ(out.data<float>()[2500 * 15 + 2499], 16.f);
        const Tensor hw = iota(element::f32, {50, 50}, 1, 0);
        out = eval_broadcast(hw, {1, 50, 50, 16}, "explicit", &ax12, version);
        EXPECT_EQ(out.get_shape(), (Shape{1, 50, 50, 16}));
        EXPECT_EQ(out.data<float>()[(50 * 3 + 4) * 16 + 9], 50.f * 3 + 4 + 1);
    }
    const Tensor out = eval_broadcast(iota(element::f32, {16, 1, 1}, 1, 0), {1, 1, 50, 50}, "bidirectional");
    EXPECT_EQ(out.get_shape(), (Shape{1, 16, 50, 50}));
    EXPECT_EQ(out.data<float>()[2500 * 3], 4.f);
}

TEST(Broadcast, HandDerivedValues) {
    EXPECT_TENSOR_EQ(eval_broadcast(floats({2, 1}, {1, 2}), {2, 3}, "numpy"), floats({2, 3}, {1, 1, 1, 2, 2, 2}));
    EXPECT_TENSOR_EQ(eval_broadcast(floats({3}, {1, 2, 3}), {2, 3}, "numpy"), floats({2, 3}, {1, 2, 3, 1, 2, 3}));
    EXPECT_TENSOR_EQ(eval_broadcast(floats({}, {7}), {2, 2}, "numpy"), floats({2, 2}, {7, 7, 7, 7}));
    const Ints ax0{0};
    EXPECT_TENSOR_EQ(eval_broadcast(floats({2}, {1, 2}), {2, 3}, "explicit", &ax0), floats({2, 3}, {1, 1, 1, 2, 2, 2}));
    const Ints ax02{0, 2};
    EXPECT_TENSOR_EQ(eval_broadcast(floats({2, 1}, {1, 2}), {2, 2, 3}, "explicit", &ax02),
                     floats({2, 2, 3}, {1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2}));
    // Bidirectional: the target may be smaller in rank and have 1s where the data is larger.
    EXPECT_TENSOR_EQ(eval_broadcast(floats({3, 1}, {1, 2, 3}), {1, 2}, "bidirectional"),
                     floats({3, 2}, {1, 1, 2, 2, 3, 3}));
    EXPECT_TENSOR_EQ(eval_broadcast(floats({2, 1, 2}, {1, 2, 3, 4}), {1, 1}, "bidirectional"),
                     floats({2, 1, 2}, {1, 2, 3, 4}));
    EXPECT_TENSOR_EQ(eval_broadcast(floats({1, 2}, {5, 6}), {3, 1, 1}, "bidirectional"),
                     floats({3, 1, 2}, {5, 6, 5, 6, 5, 6}));
    const Ints none{};
    EXPECT_TENSOR_EQ(eval_broadcast(floats({}, {4}), {3}, "explicit", &none, 1), floats({3}, {4, 4, 4}));
    // A 1 broadcasts to 0.
    EXPECT_EQ(eval_broadcast(floats({1, 2}, {5, 6}), {0, 2}, "numpy").get_shape(), (Shape{0, 2}));
}

TEST(Broadcast, RandomMatchesReferenceForAllTypesAndModes) {
    std::mt19937 gen(3);
    auto rnd = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(gen); };
    for (int iter = 0; iter < 150; ++iter) {
        const size_t out_rank = static_cast<size_t>(rnd(0, 4));
        Shape out(out_rank);
        for (auto& d : out)
            d = static_cast<size_t>(rnd(1, 4));
        const element::Type type = test::kElementTypes[static_cast<size_t>(iter) % test::kElementTypes.size()];
        // Data: a subset of the output axes (explicit) or a right-aligned suffix (numpy), dims 1 or equal.
        const int mode = iter % 3;
        Ints axes;
        if (mode == 1) {
            for (size_t j = 0; j < out_rank; ++j)
                if (rnd(0, 1))
                    axes.push_back(static_cast<int64_t>(j));
        } else {
            axes = right_aligned(static_cast<size_t>(rnd(0, static_cast<int64_t>(out_rank))), out_rank);
        }
        Shape in;
        for (int64_t a : axes)
            in.push_back(rnd(0, 2) == 0 ? 1 : out[static_cast<size_t>(a)]);
        const Tensor data = iota(type, in, 1, 0);
        const Ints target(out.begin(), out.end());
        const Tensor expected = ref_broadcast(data, out, axes);
        if (mode == 0) {
            EXPECT_TENSOR_EQ(eval_broadcast(data, target, "numpy", nullptr, 1 + 2 * rnd(0, 1)), expected) << iter;
        } else if (mode == 1) {
            EXPECT_TENSOR_EQ(eval_broadcast(data, target, "explicit", &axes), expected) << iter;
        } else {
            // Bidirectional with 1s put into the target where the data is not 1 gives the same output.
            Ints t = target;
            for (size_t i = 0; i < in.size(); ++i)
                if (in[i] != 1 && rnd(0, 1))
                    t[static_cast<size_t>(axes[i])] = 1;
            EXPECT_TENSOR_EQ(eval_broadcast(data, t, "bidirectional"), expected) << iter;
        }
    }
}

TEST(Broadcast, VersionsAndInputCounts) {
    // Broadcast-1 nodes carry a (scalar u8) axes_mapping input even in numpy mode.
    const Tensor data = floats({2}, {1, 2});
    const Tensor unused = make_tensor<int64_t>(element::u8, {}, {0});
    auto n = op::make("Broadcast", {op::constant(data), cst({3, 2}), op::constant(unused)}, {{"mode", "numpy"}}, 1);
    EXPECT_TENSOR_EQ(run(n, {data, ints({3, 2}), unused}).at(0), floats({3, 2}, {1, 2, 1, 2, 1, 2}));
    n = op::make("Broadcast", {op::constant(data), cst({3, 2})}, {}, 1);  // mode defaults to numpy
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape({3, 2}));
    EXPECT_THROW(op::make("Broadcast", {op::constant(data), cst({3, 2}), op::constant(unused)}, {{"mode", "numpy"}}, 3),
                 ModelError);
    EXPECT_THROW(op::make("Broadcast", {op::constant(data), cst({3, 2})}, {{"mode", "bidirectional"}}, 1), ModelError);
    // "none" is the IR's other name for explicit.
    n = op::make("Broadcast", {op::constant(data), cst({2, 3}), cst({0})}, {{"mode", "none"}}, 3);
    EXPECT_TENSOR_EQ(run(n, {data, ints({2, 3}), ints({0})}).at(0), floats({2, 3}, {1, 1, 1, 2, 2, 2}));
    EXPECT_THROW(op::make("Broadcast", {op::constant(data), cst({2, 3})}, {{"mode", "explicit"}}, 3), ModelError);
}

TEST(Broadcast, PartialShapes) {
    auto p = [](const char* s, element::Type t = element::f32) { return op::parameter(t, PartialShape(s)); };
    auto n = op::make("Broadcast", {p("[16,1,1]"), p("[4]", element::i64)}, {{"mode", "numpy"}});
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[?,16,?,?]"));
    n = op::make("Broadcast", {p("[?,3,1]"), p("[2]", element::i32)}, {{"mode", "bidirectional"}});
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[?,3,?]"));
    n = op::make("Broadcast", {p("[3]"), p("[3]", element::i64), cst({1})}, {{"mode", "explicit"}});
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[?,?,?]"));
    n = op::make("Broadcast", {p("[3]"), p("[?]", element::i64)}, {{"mode", "numpy"}});
    EXPECT_TRUE(n->get_output_partial_shape(0).rank_is_dynamic());
    n = op::make("Broadcast", {p("[?,1]"), cst({2, 5, 7})}, {{"mode", "numpy"}});
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape({2, 5, 7}));
    n = op::make("Broadcast", {p("[...]"), cst({2, 5})}, {{"mode", "bidirectional"}});
    EXPECT_TRUE(n->get_output_partial_shape(0).rank_is_dynamic());
}

TEST(Broadcast, InvalidInputsThrow) {
    auto p = [](const Shape& s, element::Type t = element::f32) { return op::parameter(t, s); };
    const Attributes numpy{{"mode", "numpy"}}, expl{{"mode", "explicit"}}, bidi{{"mode", "bidirectional"}};
    EXPECT_THROW(op::make("Broadcast", {p({3}), cst({4})}, numpy), ModelError);
    EXPECT_THROW(op::make("Broadcast", {p({2, 3}), cst({3})}, numpy), ModelError);
    EXPECT_THROW(op::make("Broadcast", {p({3}), cst({1})}, numpy), ModelError);  // one-directional
    EXPECT_THROW(op::make("Broadcast", {p({3}), cst({-3})}, numpy), ModelError);
    EXPECT_THROW(op::make("Broadcast", {p({3}), cst({4})}, bidi), ModelError);
    EXPECT_THROW(op::make("Broadcast", {p({3}), cst({3})}, {{"mode", "pdpd_like"}}), ModelError);
    EXPECT_THROW(op::make("Broadcast", {p({2, 3}), cst({2, 3, 4}), cst({1, 0})}, expl), ModelError);
    EXPECT_THROW(op::make("Broadcast", {p({2, 3}), cst({2, 3, 4}), cst({0, 3})}, expl), ModelError);
    EXPECT_THROW(op::make("Broadcast", {p({2, 3}), cst({2, 3, 4}), cst({0})}, expl), ModelError);
    EXPECT_THROW(op::make("Broadcast", {p({2, 3}), cst({2, 3, 4}), cst({1, 2})}, expl), ModelError);  // 2 vs 3
    EXPECT_THROW(op::make("Broadcast", {p({3}), op::constant(floats({1}, {3}))}, numpy), ModelError);
    EXPECT_THROW(op::make("Broadcast", {p({3}), p({1, 1}, element::i64)}, numpy), ModelError);
    auto n = op::make("Broadcast", {p({3}), p({2}, element::i64)}, numpy);
    EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[?,3]"));
    EXPECT_THROW(run(n, {floats({3}, {1, 2, 3}), ints({2, 4})}), ModelError);
    EXPECT_EQ(run(n, {floats({3}, {1, 2, 3}), ints({2, 3})}).at(0).get_shape(), (Shape{2, 3}));
}

// ---- Tile -----------------------------------------------------------------------------------

TEST(Tile, SpecExampleShapes) {
    EXPECT_EQ(eval_tile(iota(element::f32, {2, 3, 4}, 1, 0), {1, 2, 3}).get_shape(), (Shape{2, 6, 12}));
    EXPECT_EQ(eval_tile(iota(element::f32, {2, 3, 4}, 1, 0), {5, 1, 2, 3}).get_shape(), (Shape{5, 2, 6, 12}));
    EXPECT_EQ(eval_tile(iota(element::f32, {5, 2, 3, 4}, 1, 0), {1, 2, 3}).get_shape(), (Shape{5, 2, 6, 12}));
}

TEST(Tile, HandDerivedValues) {
    const Tensor m = floats({2, 2}, {1, 2, 3, 4});
    EXPECT_TENSOR_EQ(eval_tile(m, {2, 1}), floats({4, 2}, {1, 2, 3, 4, 1, 2, 3, 4}));
    EXPECT_TENSOR_EQ(eval_tile(m, {1, 2}), floats({2, 4}, {1, 2, 1, 2, 3, 4, 3, 4}));
    EXPECT_TENSOR_EQ(eval_tile(m, {2}), floats({2, 4}, {1, 2, 1, 2, 3, 4, 3, 4}));  // repeats padded with 1
    EXPECT_TENSOR_EQ(eval_tile(floats({2}, {1, 2}), {2, 1}), floats({2, 2}, {1, 2, 1, 2}));  // data promoted
    EXPECT_TENSOR_EQ(eval_tile(floats({}, {9}), {3}), floats({3}, {9, 9, 9}));
    EXPECT_EQ(eval_tile(m, {0, 3}).get_shape(), (Shape{0, 6}));
    EXPECT_TENSOR_EQ(eval_tile(m, {}), m);
}

TEST(Tile, RandomMatchesReferenceForAllTypes) {
    std::mt19937 gen(5);
    auto rnd = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(gen); };
    for (int iter = 0; iter < 120; ++iter) {
        Shape in(static_cast<size_t>(rnd(0, 4)));
        for (auto& d : in)
            d = static_cast<size_t>(rnd(iter % 30 == 0 ? 0 : 1, 3));
        Ints reps(static_cast<size_t>(rnd(0, 4)));
        for (auto& r : reps)
            r = rnd(iter % 17 == 0 ? 0 : 1, 3);
        const size_t rank = std::max(in.size(), reps.size());
        Shape out(rank);
        for (size_t j = 0; j < rank; ++j) {
            const size_t d = j + in.size() >= rank ? in[j + in.size() - rank] : 1;
            const int64_t r = j + reps.size() >= rank ? reps[j + reps.size() - rank] : 1;
            out[j] = d * static_cast<size_t>(r);
        }
        // The reference reads data padded to the output rank with leading 1s.
        Shape padded(rank - in.size(), 1);
        padded.insert(padded.end(), in.begin(), in.end());
        const element::Type type = test::kElementTypes[static_cast<size_t>(iter) % test::kElementTypes.size()];
        const Tensor data = iota(type, in, 1, 0);
        Tensor padded_data(type, padded);
        if (data.get_byte_size() > 0)
            std::memcpy(padded_data.data(), data.data(), data.get_byte_size());
        Tensor expected = ref_tile(padded_data, out);
        EXPECT_TENSOR_EQ(eval_tile(data, reps), expected) << iter << " " << in << " x " << op::list(reps);
    }
}

TEST(Tile, PartialShapesAndInvalidInputs) {
    auto p = [](const char* s, element::Type t = element::f32) { return op::parameter(t, PartialShape(s)); };
    EXPECT_EQ(op::make("Tile", {p("[2,0]"), p("[3]", element::i64)})->get_output_partial_shape(0),
              PartialShape("[?,?,0]"));
    EXPECT_EQ(op::make("Tile", {p("[2..4,?,5]"), cst({3, 2})})->get_output_partial_shape(0),
              PartialShape("[2..4,?,10]"));
    EXPECT_EQ(op::make("Tile", {p("[2..4,?]"), cst({3, 0})})->get_output_partial_shape(0),
              PartialShape("[6..12,0]"));
    EXPECT_TRUE(op::make("Tile", {p("[...]"), cst({2})})->get_output_partial_shape(0).rank_is_dynamic());
    EXPECT_TRUE(op::make("Tile", {p("[2]"), p("[?]", element::i32)})->get_output_partial_shape(0).rank_is_dynamic());
    EXPECT_THROW(op::make("Tile", {p("[2]"), cst({-1})}), ModelError);
    EXPECT_THROW(op::make("Tile", {p("[2]"), op::constant(floats({1}, {2}))}), ModelError);
    EXPECT_THROW(op::make("Tile", {p("[2]"), p("[1,1]", element::i64)}), ModelError);
    EXPECT_THROW(op::make("Tile", {p("[2]")}), ModelError);
    auto n = op::make("Tile", {p("[2]"), p("[1]", element::i64)});
    EXPECT_THROW(run(n, {floats({2}, {1, 2}), ints({-2})}), ModelError);
    EXPECT_TENSOR_EQ(run(n, {floats({2}, {1, 2}), ints({2})}).at(0), floats({4}, {1, 2, 1, 2}));
}
