// Host reference kernel of Eye: ones on the diagonal shifted by diagonal_index (positive: above the main
// diagonal), zeros elsewhere, repeated over the batch shape.
#include "host_ref/ref_utils.hpp"

#include <cstring>

namespace ovcl {
namespace host_ref {

void eye(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    Tensor& o = out.at(0);
    const Shape& s = o.get_shape();
    const auto diag = to_i64(in.at(2));
    if (diag.size() != 1)
        raise<ModelError>(node.describe(), ": diagonal_index must hold one value");
    const size_t rows = s.at(s.size() - 2), cols = s.back();
    const size_t plane = rows * cols, planes = plane ? o.get_size() / plane : 0;
    std::memset(o.data(), 0, o.get_byte_size());
    Tensor one(o.get_element_type(), Shape{});
    dispatch_type(o.get_element_type(), [&](auto tag) {
        using T = decltype(tag);
        one.data<T>()[0] = static_cast<T>(1);
    });
    const size_t es = o.get_element_type().size();
    for (size_t p = 0; p < planes; ++p)
        for (size_t r = 0; r < rows; ++r) {
            const int64_t c = static_cast<int64_t>(r) + diag[0];
            if (c >= 0 && c < static_cast<int64_t>(cols))
                std::memcpy(static_cast<char*>(o.data()) + (p * plane + r * cols + static_cast<size_t>(c)) * es,
                            one.data(), es);
        }
}

}  // namespace host_ref
}  // namespace ovcl
