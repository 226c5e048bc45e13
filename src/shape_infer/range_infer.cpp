#include "shape_infer/range_infer.hpp"

#include <cmath>

namespace ovcl {
namespace shape_infer {

namespace {

// Lengths past this cannot be allocated anyway and would overflow the conversion.
constexpr double kMaxLength = 4611686018427387904.0;  // 2^62

void check_numeric_scalar(const Node& node, const Inputs& in, size_t i) {
    static const char* const names[] = {"start", "stop", "step"};
    if (in[i].type == element::boolean)
        raise<ModelError>(node.describe(), ": ", names[i], " must be numeric, not boolean");
    check_type(node, in, i, {});
    if (in[i].shape.rank_is_static() && in[i].shape.size() != 0)
        raise<ModelError>(node.describe(), ": ", names[i], " must be a scalar, got shape ", in[i].shape);
}

element::Type output_type(const Node& node, const Inputs& in) {
    if (node.get_version() < 4) {
        const element::Type a = merge_types(node, in, 0, 1), b = merge_types(node, in, 1, 2);
        merge_types(node, in, 0, 2);
        return a == element::dynamic ? b : a;
    }
    const auto t = node.get_attr<element::Type>("output_type");
    if (!t.is_static() || t == element::boolean)
        raise<ModelError>(node.describe(), ": output_type must be a numeric type, not ", t);
    return t;
}

}  // namespace

int64_t range_length(const Node& node, double start, double stop, double step, bool integral_output) {
    if (!std::isfinite(start) || !std::isfinite(stop))
        raise<ModelError>(node.describe(), ": start and stop must be finite (", start, ", ", stop, ")");
    if (integral_output) {
        start = std::trunc(start);
        stop = std::trunc(stop);
        step = std::trunc(step);
    }
    if (!std::isfinite(step) || step == 0)
        raise<ModelError>(node.describe(), ": step must be finite and not 0",
                          integral_output ? " (after truncation)" : "", ", got ", step);
    if ((step > 0 && start >= stop) || (step < 0 && start <= stop))
        return 0;
    const double n = std::ceil((stop - start) / step);
    if (!(n < kMaxLength))
        raise<ModelError>(node.describe(), ": the range has too many elements (", n, ")");
    return static_cast<int64_t>(n);
}

Outputs range(const Node& node, const Inputs& in) {
    check_input_count(node, in, 3, 3);
    for (size_t i = 0; i < 3; ++i)
        check_numeric_scalar(node, in, i);
    const element::Type type = output_type(node, in);
    const auto start = const_f64(in[0]), stop = const_f64(in[1]), step = const_f64(in[2]);
    if (!start || !stop || !step)
        return {{type, PartialShape::dynamic(1)}};
    if (start->size() != 1 || stop->size() != 1 || step->size() != 1)
        raise<ModelError>(node.describe(), ": start, stop and step must hold one value each");
    // Range-1 of a dynamic type cannot say whether the values are integers: take them as given.
    const bool integral = type.is_static() && !type.is_real();
    return {{type, PartialShape({Dimension(range_length(node, (*start)[0], (*stop)[0], (*step)[0], integral))})}};
}

}  // namespace shape_infer
}  // namespace ovcl
