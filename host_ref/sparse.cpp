// Host reference of the sparse-tensor ops: SparseFillEmptyRows-16 copies the entries (sorted by row and
// column) and adds default_value at (row, 0) of every row without one; its outputs' length depends on the
// values, so it sets their shapes itself.
#include "host_ref/ref_utils.hpp"

#include <cstring>

#include "host_ref/unary.hpp"
#include "shape_infer/sparse_infer.hpp"

namespace ovcl {
namespace host_ref {

void sparse_fill_empty_rows(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Tensor &values = in.at(0), &fill = in.at(3);
    const auto plan = shape_infer::sparse_fill_empty_rows_plan(node, to_i64(in.at(1)).at(0), to_i64(in.at(2)));
    const size_t m = plan.source.size();
    out.at(0).set_shape({m, 2});
    out.at(1).set_shape({m});
    out.at(2).set_shape({plan.empty.size()});
    std::vector<int64_t> idx;
    for (const auto& [r, c] : plan.position) {
        idx.push_back(r);
        idx.push_back(c);
    }
    convert_elements(idx.data(), element::i64, out[0].data(), out[0].get_element_type(), idx.size());
    const size_t es = values.get_element_type().size();
    auto* dst = static_cast<char*>(out[1].data());
    for (size_t k = 0; k < m; ++k) {
        const int64_t s = plan.source[k];
        const char* src = s >= 0 ? static_cast<const char*>(values.data()) + static_cast<size_t>(s) * es
                                 : static_cast<const char*>(fill.data());
        std::memcpy(dst + k * es, src, es);
    }
    char* empty = out[2].data<char>();
    for (size_t r = 0; r < plan.empty.size(); ++r)
        empty[r] = plan.empty[r] ? 1 : 0;
}

}  // namespace host_ref
}  // namespace ovcl
