#include "shape_infer/random_infer.hpp"

#include <string>
#include <vector>

namespace ovcl {
namespace shape_infer {

RandomAttrs random_attrs(const Node& node) {
    RandomAttrs a;
    a.global_seed = node.get_attr<size_t>("global_seed", 0);
    a.op_seed = node.get_attr<size_t>("op_seed", 0);
    const auto alignment = node.get_attr<std::string>("alignment", "tensorflow");
    if (alignment != "tensorflow" && alignment != "pytorch")
        raise<ModelError>(node.describe(), ": alignment='", alignment, "' is not one of tensorflow, pytorch");
    a.pytorch = alignment == "pytorch";
    return a;
}

namespace {
void check_scalar(const Node& node, const Inputs& in, size_t i, const char* what) {
    const PartialShape& s = in[i].shape;
    if (s.rank_is_static() && !(s.size() == 0 || (s.size() == 1 && s[0].compatible(Dimension(1)))))
        raise<ModelError>(node.describe(), ": ", what, " must be a scalar or hold one value, got shape ", s);
}
}  // namespace

Outputs random_uniform(const Node& node, const Inputs& in) {
    check_input_count(node, in, 3, 3);
    check_integer(node, in, 0);
    const auto type = node.get_attr<element::Type>("output_type");
    if (type != element::f16 && type != element::f32 && type != element::f64 && type != element::i32 &&
        type != element::i64)
        raise<ModelError>(node.describe(), ": output_type ", type, " is not one of f16, f32, f64, i32, i64");
    random_attrs(node);
    check_type(node, in, 1, {type});
    check_type(node, in, 2, {type});
    check_scalar(node, in, 1, "min");
    check_scalar(node, in, 2, "max");
    const auto lo = const_f64(in[1]), hi = const_f64(in[2]);
    if (lo && hi && lo->size() == 1 && hi->size() == 1 && !(lo->at(0) < hi->at(0)))
        raise<ModelError>(node.describe(), ": min (", lo->at(0), ") must be less than max (", hi->at(0), ")");
    const PartialShape& s = in[0].shape;
    if (s.rank_is_static() && s.size() != 1)
        raise<ModelError>(node.describe(), ": output_shape must be 1-D, got shape ", s);
    if (const auto dims = const_i64(in[0])) {
        std::vector<Dimension> out;
        for (int64_t d : *dims) {
            if (d < 0)
                raise<ModelError>(node.describe(), ": output_shape has a negative extent ", d);
            out.emplace_back(d);
        }
        return {{type, PartialShape(out)}};
    }
    if (s.rank_is_static() && s[0].is_static())
        return {{type, PartialShape(std::vector<Dimension>(static_cast<size_t>(s[0].get_length())))}};
    return {{type, PartialShape::dynamic()}};
}

Outputs multinomial(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    check_real(node, in, 0);
    check_integer(node, in, 1);
    check_scalar(node, in, 1, "num_samples");
    const auto type = node.get_attr<element::Type>("convert_type");
    if (type != element::i32 && type != element::i64)
        raise<ModelError>(node.describe(), ": convert_type ", type, " is not one of i32, i64");
    node.get_attr<bool>("with_replacement");
    node.get_attr<bool>("log_probs");
    random_attrs(node);
    const PartialShape& p = in[0].shape;
    if (p.rank_is_static() && p.size() != 2)
        raise<ModelError>(node.describe(), ": probs must be 2-D ([batch, classes]), got shape ", p);
    Dimension samples;
    if (const auto v = const_i64(in[1]); v && v->size() == 1) {
        if (v->at(0) < 0)
            raise<ModelError>(node.describe(), ": num_samples ", v->at(0), " must not be negative");
        samples = Dimension(v->at(0));
    }
    return {{type, PartialShape{p.rank_is_static() ? p[0] : Dimension(), samples}}};
}

}  // namespace shape_infer
}  // namespace ovcl
