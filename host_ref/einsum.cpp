// Host reference of Einsum-7: every output element sums, over the labels the output leaves out, the product
// of the inputs' elements at those labels (a repeated label reads a diagonal; an extent 1 broadcasts).
// Reals compute in double, integers in int64 (wrapping as the element type does).
#include "host_ref/ref_utils.hpp"

#include <algorithm>
#include <map>

#include "host_ref/unary.hpp"
#include "ovcl/detail/checked_math.hpp"
#include "shape_infer/einsum_infer.hpp"

namespace ovcl {
namespace host_ref {

namespace {
template <typename Acc>
std::vector<Acc> read(const Tensor& t) {
    if constexpr (std::is_same_v<Acc, double>)
        return to_f64(t);
    else
        return to_i64(t);
}

template <typename Acc>
void contract(const Node& node, const TensorVector& in, Tensor& out, element::Type acc_type) {
    std::vector<int64_t> ranks;
    for (const Tensor& t : in)
        ranks.push_back(static_cast<int64_t>(t.get_shape().size()));
    const auto eq = shape_infer::einsum_equation(node, ranks);
    // Loop labels: the output's first (so the loop's order is the output's), then the summed ones.
    std::vector<int> labels = eq.output;
    std::map<int, size_t> extent;
    for (size_t i = 0; i < in.size(); ++i)
        for (size_t a = 0; a < eq.inputs[i].size(); ++a) {
            const int l = eq.inputs[i][a];
            const size_t d = in[i].get_shape()[a];
            if (!extent.count(l) || extent[l] == 1)
                extent[l] = d;
            if (std::find(labels.begin(), labels.end(), l) == labels.end())
                labels.push_back(l);
        }
    Shape loop;
    for (int l : labels)
        loop.push_back(extent.count(l) ? extent[l] : 1);
    // strides[i][k]: how far input i moves for a step of loop label k (0 where it broadcasts or lacks it).
    std::vector<std::vector<size_t>> strides(in.size(), std::vector<size_t>(labels.size(), 0));
    std::vector<std::vector<Acc>> values;
    for (size_t i = 0; i < in.size(); ++i) {
        const Shape& s = in[i].get_shape();
        size_t step = 1;
        for (size_t a = s.size(); a-- > 0;) {
            const size_t k = static_cast<size_t>(std::find(labels.begin(), labels.end(), eq.inputs[i][a]) - labels.begin());
            if (s[a] != 1)
                strides[i][k] += step;
            step = checked::mul(step, s[a]);
        }
        values.push_back(read<Acc>(in[i]));
    }
    const size_t out_count = out.get_size();
    const size_t per_output = out_count ? shape_size(loop) / out_count : 0;
    std::vector<Acc> acc(out_count, Acc(0));
    size_t flat = 0;
    for_each_coordinate(loop, [&](const Coordinate& c) {
        Acc p = Acc(1);
        for (size_t i = 0; i < in.size(); ++i) {
            size_t off = 0;
            for (size_t k = 0; k < c.size(); ++k)
                off += c[k] * strides[i][k];
            if constexpr (std::is_same_v<Acc, double>)
                p *= values[i][off];
            else
                p = static_cast<Acc>(uw(p) * uw(values[i][off]));
        }
        Acc& dst = acc[flat++ / per_output];
        if constexpr (std::is_same_v<Acc, double>)
            dst += p;
        else
            dst = static_cast<Acc>(uw(dst) + uw(p));
    });
    Tensor wide(acc_type, out.get_shape());
    std::copy(acc.begin(), acc.end(), wide.data<Acc>());
    convert_elements(wide.data(), acc_type, out.data(), out.get_element_type(), acc.size());
}
}  // namespace

void einsum(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    Tensor& dst = out.at(0);
    if (dst.get_element_type().is_real())
        contract<double>(node, in, dst, element::f64);
    else
        contract<int64_t>(node, in, dst, element::i64);
}

}  // namespace host_ref
}  // namespace ovcl
