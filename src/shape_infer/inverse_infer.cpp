// Shape and type inference of Inverse-14.
#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

Outputs inverse(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 1);
    check_real(node, in, 0);
    const PartialShape& s = in[0].shape;
    if (s.rank_is_dynamic())
        return {{in[0].type, s}};
    if (s.size() < 2)
        raise<ModelError>(node.describe(), ": the input must have rank 2 or more, got ", s);
    std::vector<Dimension> out(s.begin(), s.end());
    Dimension n;
    if (!Dimension::merge(n, s[s.size() - 2], s[s.size() - 1]))
        raise<ModelError>(node.describe(), ": the matrices must be square, got ", s);
    out[out.size() - 2] = out[out.size() - 1] = n;
    return {{in[0].type, PartialShape(out)}};
}

}  // namespace shape_infer
}  // namespace ovcl
