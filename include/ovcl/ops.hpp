// Building models in code: typed helpers over the generic node (tests, the default models,
// pre/post-processing). Each creates a validated node (shape inference has run).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ovcl/model.hpp"
#include "ovcl/node.hpp"

namespace ovcl {
namespace op {

/// A node of `type` at `version` (-1: the newest registered); validates it.
std::shared_ptr<Node> make(const std::string& type, const OutputVector& inputs, const Attributes& attrs = {},
                           int64_t version = -1);
/// The same, returning output 0.
Output<Node> make_output(const std::string& type, const OutputVector& inputs, const Attributes& attrs = {},
                   int64_t version = -1);

/// A shape as IR's Parameter writes it: "1,3,?,2..8", "" for a scalar, "..." for dynamic rank.
std::string shape_attr(const PartialShape& shape);
std::shared_ptr<Node> parameter(element::Type type, const PartialShape& shape, const std::string& name = "");
std::shared_ptr<Node> constant(const Tensor& value);
template <typename T>
std::shared_ptr<Node> constant(element::Type type, const Shape& shape, const std::vector<T>& values);
std::shared_ptr<Node> result(const Output<Node>& value, const std::string& name = "");

/// Joins values as an IR attribute list: {1, 2} -> "1,2".
template <typename T>
std::string list(const std::vector<T>& values) {
    std::string s;
    for (size_t i = 0; i < values.size(); ++i)
        s += (i ? "," : "") + detail::to_text(values[i]);
    return s;
}

}  // namespace op
}  // namespace ovcl

#include "ovcl/detail/ops_constant.hpp"
