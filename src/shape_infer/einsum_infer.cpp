#include "shape_infer/einsum_infer.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <string>

namespace ovcl {
namespace shape_infer {

namespace {
// A subscript's letters, with kEllipsis where "..." stands; ModelError for anything else.
constexpr int kEllipsis = 0;
std::vector<int> subscript_labels(const Node& node, const std::string& s) {
    std::vector<int> labels;
    bool ellipsis = false;
    for (size_t i = 0; i < s.size(); ++i) {
        if (std::isalpha(static_cast<unsigned char>(s[i]))) {
            labels.push_back(static_cast<unsigned char>(s[i]));
        } else if (s.compare(i, 3, "...") == 0 && !ellipsis) {
            ellipsis = true;
            labels.push_back(kEllipsis);
            i += 2;
        } else {
            raise<ModelError>(node.describe(), ": subscript \"", s, "\" must be letters with at most one ellipsis");
        }
    }
    return labels;
}

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> parts{""};
    for (char c : s) {
        if (c == sep)
            parts.emplace_back();
        else
            parts.back().push_back(c);
    }
    return parts;
}

// The labels with the ellipsis expanded into `count` axes that end at global ellipsis axis `total`.
std::vector<int> expand(const std::vector<int>& labels, int64_t count, int64_t total) {
    std::vector<int> out;
    for (int l : labels) {
        if (l != kEllipsis) {
            out.push_back(l);
            continue;
        }
        for (int64_t k = total - count; k < total; ++k)
            out.push_back(static_cast<int>(-1 - k));
    }
    return out;
}
}  // namespace

EinsumEquation einsum_equation(const Node& node, const std::vector<int64_t>& ranks) {
    const std::string eq = node.get_attr<std::string>("equation", "");
    const size_t arrow = eq.find("->");
    const auto subscripts = split(eq.substr(0, arrow), ',');
    if (subscripts.size() != ranks.size())
        raise<ModelError>(node.describe(), ": equation \"", eq, "\" has ", subscripts.size(), " input subscripts for ",
                          ranks.size(), " inputs");
    std::vector<std::vector<int>> parsed;
    std::vector<int64_t> ellipsis_rank;
    int64_t total = 0;
    bool any_ellipsis = false;
    for (size_t i = 0; i < subscripts.size(); ++i) {
        parsed.push_back(subscript_labels(node, subscripts[i]));
        const bool has = std::count(parsed[i].begin(), parsed[i].end(), kEllipsis) > 0;
        const int64_t letters = static_cast<int64_t>(parsed[i].size()) - (has ? 1 : 0);
        if (has ? ranks[i] < letters : ranks[i] != letters)
            raise<ModelError>(node.describe(), ": input ", i, " of rank ", ranks[i], " does not match subscript \"",
                              subscripts[i], "\"");
        ellipsis_rank.push_back(has ? ranks[i] - letters : 0);
        total = std::max(total, ellipsis_rank.back());
        any_ellipsis = any_ellipsis || has;
    }
    EinsumEquation r;
    std::map<int, int> inputs_with;  // label -> how many inputs name it (OpenVINO's implicit-output count)
    for (size_t i = 0; i < parsed.size(); ++i) {
        r.inputs.push_back(expand(parsed[i], ellipsis_rank[i], total));
        std::vector<int> unique(parsed[i]);
        std::sort(unique.begin(), unique.end());
        unique.erase(std::unique(unique.begin(), unique.end()), unique.end());
        for (int l : unique)
            ++inputs_with[l];
    }
    std::vector<int> out;
    if (arrow != std::string::npos) {
        out = subscript_labels(node, eq.substr(arrow + 2));
    } else {
        if (any_ellipsis)
            out.push_back(kEllipsis);
        for (const auto& sub : parsed)
            for (int l : sub)
                if (l != kEllipsis && inputs_with[l] == 1)
                    out.push_back(l);
        std::sort(out.begin() + (any_ellipsis ? 1 : 0), out.end());
    }
    for (size_t j = 0; j < out.size(); ++j) {
        if (out[j] != kEllipsis && !inputs_with.count(out[j]))
            raise<ModelError>(node.describe(), ": output label '", static_cast<char>(out[j]), "' names no input axis");
        if (std::count(out.begin(), out.end(), out[j]) > 1)  // OpenVINO CPU cannot run these either
            raise<ModelError>(node.describe(), ": output label '", static_cast<char>(out[j]), "' repeats");
    }
    r.output = expand(out, total, total);
    if (std::count(out.begin(), out.end(), kEllipsis) == 0)  // ellipsis axes left out of the output are summed
        r.output.erase(std::remove_if(r.output.begin(), r.output.end(), [](int l) { return l < 0; }), r.output.end());
    return r;
}

Outputs einsum(const Node& node, const Inputs& in) {
    check_input_count(node, in, 1, 1 << 20);
    element::Type type = element::dynamic;
    for (size_t i = 0; i < in.size(); ++i) {
        check_type(node, in, i, {});
        if (in[i].type == element::boolean)
            raise<ModelError>(node.describe(), ": input ", i, " must be numeric, not boolean");
        if (i > 0)
            merge_types(node, in, 0, i);
        if (in[i].type.is_static())
            type = in[i].type;
    }
    std::vector<int64_t> ranks;
    for (const auto& i : in) {
        if (i.shape.rank_is_dynamic())
            return {{type, PartialShape::dynamic()}};
        ranks.push_back(i.shape.rank_length());
    }
    const EinsumEquation eq = einsum_equation(node, ranks);
    std::map<int, Dimension> extent;
    for (size_t i = 0; i < in.size(); ++i) {
        for (size_t a = 0; a < eq.inputs[i].size(); ++a) {
            const int l = eq.inputs[i][a];
            const Dimension& d = in[i].shape[a];
            const auto it = extent.find(l);
            extent[l] = it == extent.end() ? d : broadcast_numpy(node, PartialShape{it->second}, PartialShape{d})[0];
        }
    }
    std::vector<Dimension> out;
    for (int l : eq.output)
        out.push_back(extent.count(l) ? extent[l] : Dimension(1));
    return {{type, PartialShape(out)}};
}

}  // namespace shape_infer
}  // namespace ovcl
