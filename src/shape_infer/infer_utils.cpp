#include "shape_infer/infer_utils.hpp"

#include <algorithm>

#include "shape_infer/tensor_values.hpp"

namespace ovcl {
namespace shape_infer {

void check_input_count(const Node& node, const Inputs& in, size_t min, size_t max) {
    if (in.size() < min || in.size() > max) {
        if (min == max)
            raise<ModelError>(node.describe(), ": expects ", min, " inputs, got ", in.size());
        raise<ModelError>(node.describe(), ": expects ", min, " to ", max, " inputs, got ", in.size());
    }
}

void check_type(const Node& node, const Inputs& in, size_t i, const std::vector<element::Type>& allowed) {
    const element::Type t = in.at(i).type;
    if (t == element::dynamic)
        return;
    if (!t.is_static())
        raise<ModelError>(node.describe(), ": input ", i, " has no element type");
    if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), t) == allowed.end()) {
        std::string list;
        for (const auto& a : allowed)
            list += (list.empty() ? "" : ", ") + a.get_type_name();
        raise<ModelError>(node.describe(), ": input ", i, " has element type ", t, "; expected one of ", list);
    }
}

void check_real(const Node& node, const Inputs& in, size_t i) {
    const element::Type t = in.at(i).type;
    if (t != element::dynamic && !t.is_real())
        raise<ModelError>(node.describe(), ": input ", i, " has element type ", t, "; expected a real type");
}

void check_integer(const Node& node, const Inputs& in, size_t i) {
    const element::Type t = in.at(i).type;
    if (t != element::dynamic && (!t.is_integral() || t == element::boolean))
        raise<ModelError>(node.describe(), ": input ", i, " has element type ", t, "; expected an integer type");
}

void check_numeric(const Node& node, const Inputs& in, size_t i) {
    check_type(node, in, i, {});
    if (in[i].type == element::boolean)
        raise<ModelError>(node.describe(), ": input ", i, " has element type boolean; expected a numeric type");
}

element::Type common_real_type(const Node& node, const Inputs& in) {
    element::Type type = element::dynamic;
    for (size_t i = 0; i < in.size(); ++i) {
        check_real(node, in, i);
        if (in[i].type == element::dynamic)
            continue;
        if (type != element::dynamic && in[i].type != type)
            raise<ModelError>(node.describe(), ": all inputs must have one element type, got ", type, " and ",
                              in[i].type, " (input ", i, ")");
        type = in[i].type;
    }
    return type;
}

element::Type merge_types(const Node& node, const Inputs& in, size_t a, size_t b) {
    const element::Type ta = in.at(a).type, tb = in.at(b).type;
    if (ta == element::dynamic)
        return tb;
    if (tb == element::dynamic || ta == tb)
        return ta;
    raise<ModelError>(node.describe(), ": inputs ", a, " and ", b, " have different element types (", ta, " and ",
                      tb, ")");
}

PartialShape broadcast_numpy(const Node& node, const PartialShape& a, const PartialShape& b) {
    if (a.rank_is_dynamic() || b.rank_is_dynamic())
        return PartialShape::dynamic();
    const size_t rank = std::max(a.size(), b.size());
    std::vector<Dimension> out(rank);
    for (size_t i = 0; i < rank; ++i) {
        const bool ha = i + a.size() >= rank, hb = i + b.size() >= rank;
        const Dimension da = ha ? a[i + a.size() - rank] : Dimension(1);
        const Dimension db = hb ? b[i + b.size() - rank] : Dimension(1);
        if (da == Dimension(1)) {
            out[i] = db;
        } else if (db == Dimension(1)) {
            out[i] = da;
        } else if (da.is_static() && db.is_static()) {
            if (da != db)
                raise<ModelError>(node.describe(), ": shapes ", a, " and ", b, " cannot be broadcast (axis ", i,
                                  ": ", da, " vs ", db, ")");
            out[i] = da;
        } else if (da.is_static()) {
            out[i] = da;  // db must be 1 or da at run time
        } else if (db.is_static()) {
            out[i] = db;
        } else {
            out[i] = Dimension();
        }
    }
    return PartialShape(out);
}

int64_t normalize_axis(const Node& node, int64_t axis, int64_t rank) {
    if (axis < -rank || axis >= rank)
        raise<ModelError>(node.describe(), ": axis ", axis, " is out of range for rank ", rank);
    return axis < 0 ? axis + rank : axis;
}

element::Type index_type_attr(const Node& node, const char* name, element::Type fallback) {
    const auto t = node.get_attr<element::Type>(name, fallback);
    if (t != element::i32 && t != element::i64)
        raise<ModelError>(node.describe(), ": ", name, " must be i32 or i64, not ", t);
    return t;
}


std::optional<std::vector<int64_t>> const_i64(const InputInfo& in) {
    if (!in.value || !*in.value)
        return std::nullopt;
    return tensor_values<int64_t>(*in.value);
}

std::optional<std::vector<double>> const_f64(const InputInfo& in) {
    if (!in.value || !*in.value)
        return std::nullopt;
    return tensor_values<double>(*in.value);
}

int64_t static_rank(const Node& node, const Inputs& in, size_t i) {
    if (in.at(i).shape.rank_is_dynamic())
        raise<ModelError>(node.describe(), ": input ", i, " must have a static rank");
    return in[i].shape.rank_length();
}

Outputs same_as_input(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 1);
    return {{in[0].type, in[0].shape}};
}

std::string to_lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

std::string lower_attr(const Node& node, const std::string& name) { return to_lower(node.get_attr<std::string>(name)); }

std::string lower_attr(const Node& node, const std::string& name, const std::string& fallback) {
    return to_lower(node.get_attr<std::string>(name, fallback));
}

}  // namespace shape_infer
}  // namespace ovcl
