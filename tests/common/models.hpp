// Small models built in code for the behaviour tests.
#pragma once

#include <memory>

#include "ovcl/model.hpp"
#include "ovcl/ops.hpp"

namespace ovcl {
namespace test {

/// out = Relu(a + b); inputs "a" and "b" of `shape` (may be dynamic), output "out".
inline std::shared_ptr<Model> add_relu_model(const PartialShape& shape = PartialShape(Shape{2, 3})) {
    auto a = op::parameter(element::f32, shape, "a");
    auto b = op::parameter(element::f32, shape, "b");
    auto sum = op::make("Add", {a, b});
    auto relu = op::make("Relu", {sum});
    relu->output_names(0).insert("out");
    return std::make_shared<Model>(NodeVector{op::result(relu, "out")}, NodeVector{a, b}, "add_relu");
}

/// An accumulator: state += x, out = state (variable "acc", f32 [1,4], starts at zero).
inline std::shared_ptr<Model> accumulator_model() {
    auto x = op::parameter(element::f32, Shape{1, 4}, "x");
    auto init = op::constant<float>(element::f32, Shape{1, 4}, {0.f});
    auto read = op::make("ReadValue", {init}, {{"variable_id", "acc"}});
    auto sum = op::make("Add", {read, x});
    sum->output_names(0).insert("sum");
    auto assign = op::make("Assign", {sum}, {{"variable_id", "acc"}});
    return std::make_shared<Model>(NodeVector{op::result(sum, "sum")}, NodeVector{x}, "accumulator",
                                   NodeVector{assign});
}

}  // namespace test
}  // namespace ovcl
