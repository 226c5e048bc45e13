// GatherTree-1: each beam's path, followed back from its last step through the parent beams, then cut at the
// first end_token (end_token after it and at steps past the batch's max_seq_len). max_seq_len is clamped
// to [0, T]: OpenVINO CPU leaves the output unwritten outside that range.
#include "host_ref/gather.hpp"
#include "host_ref/unary.hpp"

namespace ovcl {
namespace host_ref {

void gather_tree(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const Shape& s = in.at(0).get_shape();
    const size_t steps = s[0], batch = s[1], beams = s[2];
    const auto ids = to_f64(in[0]), parents = to_f64(in.at(1)), lengths = to_f64(in.at(2));
    const double end = to_f64(in.at(3)).at(0);
    std::vector<double> path(ids.size(), end);
    const auto at = [&](size_t t, size_t b, size_t w) { return (t * batch + b) * beams + w; };
    for (size_t b = 0; b < batch; ++b) {
        const double len = std::max(0.0, std::min(lengths.at(b), static_cast<double>(steps)));
        const auto max_len = static_cast<size_t>(len);
        for (size_t w = 0; w < beams; ++w) {
            size_t beam = w;
            for (size_t t = max_len; t-- > 0;) {
                path[at(t, b, w)] = ids[at(t, b, beam)];
                const double parent = parents[at(t, b, beam)];
                if (!(parent >= 0 && parent < static_cast<double>(beams)))
                    raise<ModelError>(node.describe(), ": parent index ", parent, " is outside the ", beams, " beams");
                beam = static_cast<size_t>(parent);
            }
            bool finished = false;
            for (size_t t = 0; t < max_len; ++t) {
                double& v = path[at(t, b, w)];
                if (finished)
                    v = end;
                finished = finished || v == end;
            }
        }
    }
    Tensor wide(element::f64, s);
    std::copy(path.begin(), path.end(), wide.data<double>());
    convert_elements(wide.data(), element::f64, out.at(0).data(), out[0].get_element_type(), path.size());
}

}  // namespace host_ref
}  // namespace ovcl
