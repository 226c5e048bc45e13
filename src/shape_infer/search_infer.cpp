// Shape and type inference of the search ops (Bucketize, SearchSorted).
#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

Outputs bucketize(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    check_numeric(node, in, 0);
    check_numeric(node, in, 1);
    if (in[1].shape.rank_is_static() && in[1].shape.size() != 1)
        raise<ModelError>(node.describe(), ": buckets must be 1-D, got ", in[1].shape);
    return {{index_type_attr(node, "output_type"), in[0].shape}};
}

Outputs search_sorted(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    check_numeric(node, in, 0);
    merge_types(node, in, 0, 1);
    const PartialShape &s = in[0].shape, &v = in[1].shape;
    if (s.rank_is_static() && v.rank_is_static() && s.size() != 1) {
        if (s.size() != v.size())
            raise<ModelError>(node.describe(), ": sorted_sequence ", s, " and values ", v,
                              " (a 1-D sequence, or one of the values' rank)");
        for (size_t a = 0; a + 1 < s.size(); ++a)
            if (!s[a].compatible(v[a]))
                raise<ModelError>(node.describe(), ": sorted_sequence ", s, " and values ", v, " differ on axis ", a);
    }
    if (s.rank_is_static() && s.size() == 0)
        raise<ModelError>(node.describe(), ": sorted_sequence must have rank 1 or more");
    return {{index_type_attr(node, "output_type"), v}};
}

}  // namespace shape_infer
}  // namespace ovcl
