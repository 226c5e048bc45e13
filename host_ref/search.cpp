// Host reference kernels of the search ops: binary searches in sorted data, compared in double.
#include "host_ref/ref_utils.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace ovcl {
namespace host_ref {

namespace {
// `strict`: the count of elements of [first, last) below x (lower bound); else the count not above x.
size_t position(const double* first, const double* last, double x, bool strict) {
    return static_cast<size_t>((strict ? std::lower_bound(first, last, x) : std::upper_bound(first, last, x)) - first);
}

void store(Tensor& t, size_t i, size_t v) {
    if (t.get_element_type() == element::i32)
        t.data<int32_t>()[i] = static_cast<int32_t>(v);
    else
        t.data<int64_t>()[i] = static_cast<int64_t>(v);
}
}  // namespace

void bucketize(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto x = to_f64(in.at(0)), b = to_f64(in.at(1));
    const bool right = node.get_attr<bool>("with_right_bound", true);
    for (size_t i = 0; i < x.size(); ++i)
        store(out.at(0), i, position(b.data(), b.data() + b.size(), x[i], right));
}

void search_sorted(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto seq = to_f64(in.at(0)), values = to_f64(in.at(1));
    const Shape &ss = in.at(0).get_shape(), &vs = in.at(1).get_shape();
    const bool right = node.get_attr<bool>("right_mode", false);
    const size_t row = ss.back(), per_row = vs.empty() ? 1 : vs.back();
    const bool shared = ss.size() == 1;  // one sequence for every value
    for (size_t i = 0; i < values.size(); ++i) {
        const double* first = seq.data() + (shared ? 0 : (i / std::max<size_t>(per_row, 1)) * row);
        store(out.at(0), i, position(first, first + row, values[i], !right));
    }
}

}  // namespace host_ref
}  // namespace ovcl
