// Helpers shared by the shape inference of every op family.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ovcl/detail/checked_math.hpp"
#include "ovcl/except.hpp"
#include "ovcl/node.hpp"
#include "ovcl/op_registry.hpp"
#include "op_table/op_functions.hpp"  // the row functions every family defines

namespace ovcl {
namespace shape_infer {

using Inputs = std::vector<InputInfo>;
using Outputs = std::vector<OutputInfo>;

/// Throws ModelError unless min <= inputs.size() <= max.
void check_input_count(const Node& node, const Inputs& in, size_t min, size_t max);
/// Throws ModelError when the input's type is not one of `allowed` (empty: any static type).
void check_type(const Node& node, const Inputs& in, size_t i, const std::vector<element::Type>& allowed);
/// Throws ModelError unless the input's type is real (f16/f32/f64).
void check_real(const Node& node, const Inputs& in, size_t i);
/// Throws ModelError unless the input's type is an integer type (i32/i64/u8...; not boolean).
void check_integer(const Node& node, const Inputs& in, size_t i);
/// Throws ModelError unless the input's type is numeric (any static type but boolean).
void check_numeric(const Node& node, const Inputs& in, size_t i);
/// Throws ModelError unless inputs a and b have the same element type; returns it.
element::Type merge_types(const Node& node, const Inputs& in, size_t a, size_t b);
/// The one real element type of every input (dynamic when none is known); ModelError naming the node
/// when an input is not real or two differ.
element::Type common_real_type(const Node& node, const Inputs& in);

/// Numpy broadcasting of two shapes; throws ModelError naming the node on mismatch.
PartialShape broadcast_numpy(const Node& node, const PartialShape& a, const PartialShape& b);
/// Normalises a possibly negative axis into [0, rank); throws ModelError when out of range.
int64_t normalize_axis(const Node& node, int64_t axis, int64_t rank);
/// The element-type attribute `name` of an index output (`fallback` when absent): i32 or i64, else a ModelError.
element::Type index_type_attr(const Node& node, const char* name, element::Type fallback = element::i64);
/// The value `table` names by `text`, the string of attribute `attr`; a ModelError listing the names otherwise.
template <typename E, size_t N>
E pick(const Node& node, const char* attr, const std::string& text, const std::pair<const char*, E> (&table)[N]) {
    std::string names;
    for (const auto& entry : table) {
        if (text == entry.first)
            return entry.second;
        names += (names.empty() ? "" : ", ") + std::string(entry.first);
    }
    raise<ModelError>(node.describe(), ": attribute ", attr, "='", text, "' is not one of ", names);
}
/// The input's integer value (any integer element type) when it is known; nullopt otherwise.
std::optional<std::vector<int64_t>> const_i64(const InputInfo& in);
/// Like const_i64 but for real values (any numeric type).
std::optional<std::vector<double>> const_f64(const InputInfo& in);
/// The static rank of input i; throws ModelError when the rank is dynamic.
int64_t static_rank(const Node& node, const Inputs& in, size_t i);

/// Same type and shape as input 0 (element-wise unary ops).
Outputs same_as_input(const Node& node, const Inputs& in);

/// `s` in lower case (ASCII).
std::string to_lower(std::string s);
/// The string attribute `name` in lower case (IR enums are case-insensitive); `fallback` when it is absent.
std::string lower_attr(const Node& node, const std::string& name);
std::string lower_attr(const Node& node, const std::string& name, const std::string& fallback);

}  // namespace shape_infer
}  // namespace ovcl
