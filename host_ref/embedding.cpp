// Host reference kernels of the embedding-bag ops: each output row is the sum of table rows (times their
// per-sample weights); an empty bag or segment is the default_index row when one is given, else zeros.
// Reals (f16 through f32) sum in double; an index outside the table is an error naming the node. The
// specification asks for sorted segment_ids; unsorted ones are summed into their segments all the same
// (OpenVINO CPU drops an id that comes back to an earlier segment).
#include "host_ref/ref_utils.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "host_ref/unary.hpp"

namespace ovcl {
namespace host_ref {

namespace {

// Sums (or with reduction="mean", EmbeddingBag*-15, means) of table rows: bags[b] lists (index, weight) pairs;
// `fallback` is the row of an empty bag (-1: zeros).
void sum_rows(const Node& node, const Tensor& table, const std::vector<std::vector<std::pair<int64_t, double>>>& bags,
              int64_t fallback, Tensor& out) {
    const bool mean = node.get_attr<std::string>("reduction", "sum") == "mean";
    const auto t = to_f64(table);
    const Shape& ts = table.get_shape();
    const size_t rows = ts.at(0), width = rows ? t.size() / rows : 0;
    std::vector<double> acc(bags.size() * width, 0.0);
    const auto row = [&](int64_t i) {
        if (i < 0 || i >= static_cast<int64_t>(rows))
            raise<ModelError>(node.describe(), ": index ", i, " is outside the table's ", rows, " rows");
        return t.data() + static_cast<size_t>(i) * width;
    };
    for (size_t b = 0; b < bags.size(); ++b) {
        double* dst = acc.data() + b * width;
        if (bags[b].empty() && fallback >= 0) {
            const double* src = row(fallback);
            for (size_t k = 0; k < width; ++k)
                dst[k] = src[k];
        }
        for (const auto& [i, w] : bags[b]) {
            const double* src = row(i);
            for (size_t k = 0; k < width; ++k)
                dst[k] += w * src[k];
        }
        if (mean && !bags[b].empty())
            for (size_t k = 0; k < width; ++k)
                dst[k] /= static_cast<double>(bags[b].size());
    }
    Tensor f64(element::f64, out.get_shape());
    std::copy(acc.begin(), acc.end(), f64.data<double>());
    convert_elements(f64.data(), element::f64, out.data(), out.get_element_type(), acc.size());
}

std::vector<double> weights_of(const TensorVector& in, size_t i, size_t n) {
    return i < in.size() ? to_f64(in[i]) : std::vector<double>(n, 1.0);
}

int64_t default_index(const TensorVector& in, size_t i) {
    if (i >= in.size())
        return -1;
    const auto v = to_i64(in[i]);
    return v.empty() ? -1 : v[0];
}

}  // namespace

void embedding_bag_offsets_sum(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto idx = to_i64(in.at(1)), offsets = to_i64(in.at(2));
    const auto w = weights_of(in, 4, idx.size());
    std::vector<std::vector<std::pair<int64_t, double>>> bags(offsets.size());
    for (size_t b = 0; b < offsets.size(); ++b) {
        const int64_t lo = offsets[b], hi = b + 1 < offsets.size() ? offsets[b + 1] : static_cast<int64_t>(idx.size());
        if (lo < 0 || lo > hi || hi > static_cast<int64_t>(idx.size()))
            raise<ModelError>(node.describe(), ": offsets must rise within the ", idx.size(), " indices");
        for (int64_t j = lo; j < hi; ++j)
            bags[b].emplace_back(idx[static_cast<size_t>(j)], w[static_cast<size_t>(j)]);
    }
    sum_rows(node, in.at(0), bags, default_index(in, 3), out.at(0));
}

void embedding_bag_packed_sum(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto idx = to_i64(in.at(1));
    const auto w = weights_of(in, 2, idx.size());
    const Shape& is = in.at(1).get_shape();
    std::vector<std::vector<std::pair<int64_t, double>>> bags(is.at(0));
    for (size_t j = 0; j < idx.size(); ++j)
        bags[j / is.at(1)].emplace_back(idx[j], w[j]);
    sum_rows(node, in.at(0), bags, -1, out.at(0));
}

void embedding_segments_sum(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto idx = to_i64(in.at(1)), seg = to_i64(in.at(2));
    const auto w = weights_of(in, 5, idx.size());
    std::vector<std::vector<std::pair<int64_t, double>>> bags(out.at(0).get_shape().at(0));
    for (size_t j = 0; j < idx.size(); ++j) {
        if (seg[j] < 0 || seg[j] >= static_cast<int64_t>(bags.size()))
            raise<ModelError>(node.describe(), ": segment id ", seg[j], " is outside [0, ", bags.size(), ")");
        bags[static_cast<size_t>(seg[j])].emplace_back(idx[j], w[j]);
    }
    sum_rows(node, in.at(0), bags, default_index(in, 4), out.at(0));
}

}  // namespace host_ref
}  // namespace ovcl
