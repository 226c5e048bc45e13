// ReadValue-3/6 and Assign-3/6: state carried between evaluations through one VariableStore,
// declared types and shapes, and the invalid cases.
#include <gtest/gtest.h>

#include "common/test_utils.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using test::make_tensor;

namespace {

Tensor f32(const Shape& s, const std::vector<float>& v) { return make_tensor<float>(element::f32, s, v); }

Tensor eval1(const std::shared_ptr<Node>& node, const TensorVector& in, EvalContext& ctx) {
    return evaluate_node(*node, in, ctx).at(0);
}

}  // namespace

TEST(Variables, StateCarriesAcrossEvaluations) {
    // One step of an accumulator: state = ReadValue(init 0); Assign(state + x).
    auto init = op::constant<float>(element::f32, {2}, {0, 0});
    auto read = op::make("ReadValue", {init},
                         {{"variable_id", "acc"}, {"variable_type", "f32"}, {"variable_shape", "[2]"}});
    auto x = op::parameter(element::f32, {2});
    auto assign = op::make("Assign", {x}, {{"variable_id", "acc"}});
    EXPECT_EQ(read->get_version(), 6);
    EXPECT_EQ(read->get_output_partial_shape(0), PartialShape({2}));
    EXPECT_EQ(assign->get_output_partial_shape(0), PartialShape({2}));

    VariableStore store;
    EvalContext ctx;
    ctx.variables = &store;
    const std::vector<std::vector<float>> inputs{{1, 2}, {10, 20}, {100, 200}};
    std::vector<float> expect{0, 0};
    for (const auto& step : inputs) {
        const auto state = eval1(read, {init->get_constant_value()}, ctx);
        EXPECT_TENSOR_EQ(state, f32({2}, expect));
        const auto sv = test::values(state);
        const auto next = f32({2}, {static_cast<float>(sv[0]) + step[0], static_cast<float>(sv[1]) + step[1]});
        EXPECT_TENSOR_EQ(eval1(assign, {next}, ctx), next);  // Assign outputs its input
        expect = {expect[0] + step[0], expect[1] + step[1]};
    }
    EXPECT_TENSOR_EQ(store.values.at("acc"), f32({2}, {111, 222}));
    // A reset (clearing the store) brings back the init value; a context without a store reads it too.
    store.values.clear();
    EXPECT_TENSOR_EQ(eval1(read, {init->get_constant_value()}, ctx), f32({2}, {0, 0}));
    EvalContext stateless;
    EXPECT_TENSOR_EQ(eval1(read, {init->get_constant_value()}, stateless), f32({2}, {0, 0}));
}

TEST(Variables, VariablesAreIndependentAndStoredAsCopies) {
    auto a_read = op::make("ReadValue", {op::parameter(element::i64, {3})}, {{"variable_id", "a"}}, 3);
    auto b_read = op::make("ReadValue", {op::parameter(element::i64, {3})}, {{"variable_id", "b"}}, 3);
    auto a_assign = op::make("Assign", {op::parameter(element::i64, {3})}, {{"variable_id", "a"}}, 3);
    VariableStore store;
    EvalContext ctx{&store};
    const int64_t big = (int64_t{1} << 62) + 3;
    Tensor value = make_tensor<int64_t>(element::i64, {3}, {big, -1, 7});
    eval1(a_assign, {value}, ctx);
    value.data<int64_t>()[0] = 0;  // the caller reuses its buffer: the variable must not change
    const auto zeros = make_tensor<int64_t>(element::i64, {3}, {0, 0, 0});
    EXPECT_TENSOR_EQ(eval1(a_read, {zeros}, ctx), make_tensor<int64_t>(element::i64, {3}, {big, -1, 7}));
    EXPECT_TENSOR_EQ(eval1(b_read, {zeros}, ctx), zeros);
    EXPECT_EQ(store.values.size(), 1u);
}

TEST(Variables, ReadValueWithoutInitStartsFromZeros) {
    for (auto type : {element::f32, element::f16, element::i32, element::boolean}) {
        SCOPED_TRACE(type.get_type_name());
        auto read = op::make("ReadValue", {},
                             {{"variable_id", "v"},
                              {"variable_type", type.get_type_name()},
                              {"variable_shape", "2,3"}});
        EXPECT_EQ(read->get_output_element_type(0), type);
        EXPECT_EQ(read->get_output_partial_shape(0), PartialShape({2, 3}));
        VariableStore store;
        EvalContext ctx{&store};
        EXPECT_TENSOR_EQ(eval1(read, {}, ctx), make_tensor<int>(type, {2, 3}, {0, 0, 0, 0, 0, 0}));
        auto assign = op::make("Assign", {op::parameter(type, {2, 3})}, {{"variable_id", "v"}});
        const auto v = make_tensor<int>(type, {2, 3}, {1, 0, 1, 1, 0, 1});
        eval1(assign, {v}, ctx);
        EXPECT_TENSOR_EQ(eval1(read, {}, ctx), v);
    }
    // A scalar variable: an empty variable_shape.
    auto scalar = op::make("ReadValue", {}, {{"variable_id", "s"}, {"variable_type", "f32"}, {"variable_shape", ""}});
    EXPECT_EQ(scalar->get_output_partial_shape(0), PartialShape{});
}

TEST(Variables, GrowingStateOfDynamicDeclaredShape) {
    // A cache of declared shape [1,?,2] starts empty and grows by one row per step.
    auto init = op::constant<float>(element::f32, {1, 0, 2}, std::vector<float>{});
    auto read = op::make("ReadValue", {init},
                         {{"variable_id", "cache"}, {"variable_type", "f32"}, {"variable_shape", "[1,?,2]"}});
    EXPECT_EQ(read->get_output_partial_shape(0), PartialShape("[1,?,2]"));
    auto assign =
        op::make("Assign", {op::parameter(element::f32, PartialShape("[1,?,2]"))}, {{"variable_id", "cache"}});
    VariableStore store;
    EvalContext ctx{&store};
    std::vector<float> rows;
    for (int step = 1; step <= 3; ++step) {
        // The output's shape is the variable's: the reference reshapes whatever tensor it is handed.
        TensorVector out{Tensor(element::f32, {1, 0, 2})};
        read->spec().evaluate(*read, {init->get_constant_value()}, out, ctx);
        EXPECT_TENSOR_EQ(out[0], f32({1, rows.size() / 2, 2}, rows));
        rows.push_back(static_cast<float>(step));
        rows.push_back(static_cast<float>(-step));
        eval1(assign, {f32({1, rows.size() / 2, 2}, rows)}, ctx);
    }
    // A stored value that does not fit the declared shape is an error, not a silent reinterpretation.
    store.values["cache"] = f32({2, 1, 2}, {1, 2, 3, 4});
    TensorVector out{Tensor(element::f32, {1, 0, 2})};
    EXPECT_THROW(read->spec().evaluate(*read, {init->get_constant_value()}, out, ctx), Exception);
    store.values["cache"] = make_tensor<int>(element::i32, {1, 1, 2}, {1, 2});
    EXPECT_THROW(read->spec().evaluate(*read, {init->get_constant_value()}, out, ctx), Exception);
}

TEST(Variables, ReadValue3KeepsTheInitShape) {
    auto read = op::make("ReadValue", {op::parameter(element::f32, {2})}, {{"variable_id", "r"}}, 3);
    VariableStore store;
    EvalContext ctx{&store};
    store.values["r"] = f32({3}, {1, 2, 3});
    EXPECT_THROW(eval1(read, {f32({2}, {0, 0})}, ctx), Exception);
    store.values["r"] = f32({2}, {4, 5});
    EXPECT_TENSOR_EQ(eval1(read, {f32({2}, {0, 0})}, ctx), f32({2}, {4, 5}));
}

TEST(Variables, AssignNeedsAStore) {
    auto assign = op::make("Assign", {op::parameter(element::f32, {1})}, {{"variable_id", "w"}});
    assign->set_friendly_name("state_writer");
    EvalContext ctx;
    try {
        eval1(assign, {f32({1}, {1})}, ctx);
        FAIL() << "expected an exception";
    } catch (const Exception& e) {
        EXPECT_NE(std::string(e.what()).find("state_writer"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("'w'"), std::string::npos) << e.what();
    }
}

TEST(Variables, InvalidModelsThrow) {
    auto p = op::parameter(element::f32, {2, 3});
    EXPECT_THROW(op::make("ReadValue", {p}, {}), ModelError);                      // no variable_id
    EXPECT_THROW(op::make("ReadValue", {p}, {{"variable_id", ""}}), ModelError);  // empty
    EXPECT_THROW(op::make("Assign", {p}, {{"variable_id", ""}}), ModelError);
    EXPECT_THROW(op::make("Assign", {p}, {}), ModelError);
    EXPECT_THROW(op::make("Assign", {}, {{"variable_id", "v"}}), ModelError);
    EXPECT_THROW(op::make("ReadValue", {}, {{"variable_id", "v"}}, 3), ModelError);  // v3 needs its init
    EXPECT_THROW(op::make("ReadValue", {}, {{"variable_id", "v"}, {"variable_shape", "2"}}), ModelError);
    EXPECT_THROW(
        op::make("ReadValue", {}, {{"variable_id", "v"}, {"variable_type", "dynamic"}, {"variable_shape", "2"}}),
        ModelError);
    EXPECT_THROW(op::make("ReadValue", {p, p}, {{"variable_id", "v"}}), ModelError);
    EXPECT_THROW(op::make("ReadValue", {p}, {{"variable_id", "v"}, {"variable_type", "i32"}}), ModelError);
    EXPECT_THROW(op::make("ReadValue", {p}, {{"variable_id", "v"}, {"variable_shape", "[2,4]"}}), ModelError);
    EXPECT_THROW(op::make("ReadValue", {p}, {{"variable_id", "v"}, {"variable_shape", "[2,3,1]"}}), ModelError);
    EXPECT_THROW(op::make("ReadValue", {p}, {{"variable_id", "v"}, {"variable_type", "float"}}), ModelError);
    // Declared types and shapes may relax the init's: dynamic type, dynamic dimensions or rank.
    auto relaxed = op::make("ReadValue", {p},
                            {{"variable_id", "v"}, {"variable_type", "dynamic"}, {"variable_shape", "[?,3]"}});
    EXPECT_EQ(relaxed->get_output_element_type(0), element::f32);
    EXPECT_EQ(relaxed->get_output_partial_shape(0), PartialShape("[?,3]"));
    relaxed = op::make("ReadValue", {p}, {{"variable_id", "v"}, {"variable_shape", "[...]"}});
    EXPECT_TRUE(relaxed->get_output_partial_shape(0).rank_is_dynamic());
}
