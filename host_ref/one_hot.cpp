// Host reference kernel of OneHot: on_value where the index equals the position along the new axis,
// off_value elsewhere (an index outside [0, depth), negative ones too, gives off_value everywhere).
#include "host_ref/ref_utils.hpp"

#include <cstring>
#include <string>

namespace ovcl {
namespace host_ref {

void one_hot(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    auto idx = to_i64(in.at(0));
    const Shape& is = in.at(0).get_shape();
    const Tensor &on = in.at(2), &off = in.at(3);
    Tensor& o = out.at(0);
    int64_t axis = node.get_attr<int64_t>("axis", -1);
    if (axis < 0)
        axis += static_cast<int64_t>(is.size()) + 1;
    const size_t depth = o.get_shape().at(static_cast<size_t>(axis));
    // OneHot-16's negative_indices_mode "normalize": -depth..-1 count from the end (else they match nothing).
    if (node.get_attr<std::string>("negative_indices_mode", "ignore_negative") == "normalize")
        for (int64_t& v : idx)
            if (v < 0 && v >= -static_cast<int64_t>(depth))
                v += static_cast<int64_t>(depth);
    size_t outer = 1, inner = 1;
    for (size_t a = 0; a < static_cast<size_t>(axis); ++a)
        outer *= is[a];
    for (size_t a = static_cast<size_t>(axis); a < is.size(); ++a)
        inner *= is[a];
    const size_t es = o.get_element_type().size();
    char* dst = static_cast<char*>(o.data());
    for (size_t x = 0; x < outer; ++x)
        for (size_t d = 0; d < depth; ++d)
            for (size_t i = 0; i < inner; ++i) {
                const int64_t v = idx[x * inner + i];
                const Tensor& value = v == static_cast<int64_t>(d) ? on : off;
                std::memcpy(dst + ((x * depth + d) * inner + i) * es, value.data(), es);
            }
}

}  // namespace host_ref
}  // namespace ovcl
