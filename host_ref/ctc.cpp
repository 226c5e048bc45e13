// Host reference kernels of the CTC ops. The greedy decoders take each step's first largest class, drop
// repeats of the previous step's class (when merging) and blanks, and pad with -1. CTCGreedyDecoder's
// sequence ends at its first zero seq_mask entry (blank: the last class). CTCLoss is the negative log of
// the summed probability of the alignments (Graves' forward recursion in double over the log-softmax of
// the logits): +inf when none fits; without ctc_merge_repeated a label cannot repeat on consecutive steps
// (each step is a label of its own). Labels equal to blank_index are states of the blank class; OpenVINO
// CPU's value for such a target depends on where the label sits, so it is not matched. Lengths outside
// [0, T], a label_length over its logit_length and labels outside [0, C) are errors naming the node.
#include "host_ref/ref_utils.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace ovcl {
namespace host_ref {

namespace {

// The greedy path of `steps` steps of `classes` scores each (step t at data[t * stride]), collapsed.
std::vector<int64_t> greedy(const double* data, size_t steps, size_t stride, size_t classes, int64_t blank, bool merge) {
    std::vector<int64_t> out;
    int64_t prev = -1;
    for (size_t t = 0; t < steps; ++t) {
        const double* row = data + t * stride;
        const auto best = static_cast<int64_t>(std::max_element(row, row + classes) - row);
        if (best != blank && !(merge && best == prev))
            out.push_back(best);
        prev = best;
    }
    return out;
}

// Writes `values` into an integer or real tensor at element `at`.
void put(Tensor& t, size_t at, const std::vector<int64_t>& values) {
    dispatch_type(t.get_element_type(), [&](auto tag) {
        using E = decltype(tag);
        for (size_t i = 0; i < values.size(); ++i)
            static_cast<E*>(t.data())[at + i] = static_cast<E>(static_cast<float>(values[i]));
    });
}

int64_t checked_length(const Node& node, const char* what, int64_t v, size_t limit) {
    if (v < 0 || static_cast<uint64_t>(v) > limit)
        raise<ModelError>(node.describe(), ": ", what, " ", v, " is outside [0, ", limit, "]");
    return v;
}

int64_t blank_of(const Node& node, const TensorVector& in, size_t i, size_t classes) {
    const int64_t blank = i < in.size() ? to_i64(in[i]).at(0) : static_cast<int64_t>(classes) - 1;
    if (blank < 0 || static_cast<uint64_t>(blank) >= classes)
        raise<ModelError>(node.describe(), ": blank_index ", blank, " is outside [0, ", classes, ")");
    return blank;
}

double log_add(double a, double b) {
    if (a == -INFINITY)
        return b;
    if (b == -INFINITY)
        return a;
    return std::max(a, b) + std::log1p(std::exp(-std::fabs(a - b)));
}

// -log P(target | lp) over the extended target blank, l0, blank, l1, ..., blank (lp: [steps, classes]).
double ctc_nll(const std::vector<double>& lp, size_t steps, size_t classes, const std::vector<int64_t>& target,
               int64_t blank, bool merge) {
    std::vector<int64_t> ext{blank};
    for (int64_t l : target) {
        ext.push_back(l);
        ext.push_back(blank);
    }
    if (steps == 0)
        return target.empty() ? 0.0 : INFINITY;
    const size_t s = ext.size();
    const auto at = [&](size_t t, size_t u) { return lp[t * classes + static_cast<size_t>(ext[u])]; };
    std::vector<double> alpha(s, -INFINITY), next(s);
    alpha[0] = at(0, 0);
    if (s > 1)  // an empty target extends to the one blank
        alpha[1] = at(0, 1);
    for (size_t t = 1; t < steps; ++t) {
        for (size_t u = 0; u < s; ++u) {
            const bool is_blank = ext[u] == blank;
            double v = merge || is_blank ? alpha[u] : -INFINITY;
            if (u > 0)
                v = log_add(v, alpha[u - 1]);
            if (u > 1 && !is_blank && !(merge && ext[u] == ext[u - 2]))
                v = log_add(v, alpha[u - 2]);
            next[u] = v + at(t, u);
        }
        alpha.swap(next);
    }
    return -(s > 1 ? log_add(alpha[s - 1], alpha[s - 2]) : alpha[0]);
}

}  // namespace

void ctc_greedy_decoder(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto data = to_f64(in.at(0)), mask = to_f64(in.at(1));
    const Shape& s = in.at(0).get_shape();  // [T, N, C]
    const size_t steps = s[0], batch = s[1], classes = s[2];
    Tensor& res = out.at(0);
    const bool merge = node.get_attr<bool>("ctc_merge_repeated", true);
    for (size_t n = 0; n < batch; ++n) {
        size_t len = 0;
        while (len < steps && mask[len * batch + n] != 0.0)
            ++len;
        std::vector<int64_t> seq =
            classes ? greedy(data.data() + n * classes, len, batch * classes, classes, static_cast<int64_t>(classes) - 1, merge)
                    : std::vector<int64_t>{};
        seq.resize(steps, -1);
        put(res, n * steps, seq);
    }
}

void ctc_greedy_decoder_seq_len(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto data = to_f64(in.at(0));
    const auto lengths = to_i64(in.at(1));
    const Shape& s = in.at(0).get_shape();  // [N, T, C]
    const size_t batch = s[0], steps = s[1], classes = s[2];
    const int64_t blank = blank_of(node, in, 2, classes);
    const bool merge = node.get_attr<bool>("merge_repeated", true);
    for (size_t n = 0; n < batch; ++n) {
        const auto len = static_cast<size_t>(checked_length(node, "sequence_length", lengths[n], steps));
        std::vector<int64_t> seq = greedy(data.data() + n * steps * classes, len, classes, classes, blank, merge);
        put(out.at(1), n, {static_cast<int64_t>(seq.size())});
        seq.resize(steps, -1);
        put(out.at(0), n * steps, seq);
    }
}

void ctc_loss(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    const auto logits = to_f64(in.at(0));
    const auto logit_len = to_i64(in.at(1)), labels = to_i64(in.at(2)), label_len = to_i64(in.at(3));
    const Shape& s = in.at(0).get_shape();  // [N, T, C]
    const size_t batch = s[0], steps = s[1], classes = s[2];
    const int64_t blank = blank_of(node, in, 4, classes);
    const bool collapse = node.get_attr<bool>("preprocess_collapse_repeated", false);
    const bool merge = node.get_attr<bool>("ctc_merge_repeated", true), unique = node.get_attr<bool>("unique", false);
    Tensor loss(element::f32, Shape{batch});
    for (size_t n = 0; n < batch; ++n) {
        const auto len = static_cast<size_t>(checked_length(node, "logit_length", logit_len[n], steps));
        const auto labs = static_cast<size_t>(checked_length(node, "label_length", label_len[n], len));
        std::vector<int64_t> target;
        for (size_t i = 0; i < labs; ++i) {
            const int64_t l = labels[n * steps + i];
            if (l < 0 || static_cast<uint64_t>(l) >= classes)
                raise<ModelError>(node.describe(), ": label ", l, " is outside [0, ", classes, ")");
            if (collapse && !target.empty() && target.back() == l)
                continue;
            if (unique && std::find(target.begin(), target.end(), l) != target.end())
                continue;
            target.push_back(l);
        }
        // log-softmax of the steps in use
        std::vector<double> lp(logits.begin() + static_cast<std::ptrdiff_t>(n * steps * classes),
                               logits.begin() + static_cast<std::ptrdiff_t>((n * steps + len) * classes));
        for (size_t t = 0; t < len; ++t) {
            double* row = lp.data() + t * classes;
            const double top = *std::max_element(row, row + classes);
            double sum = 0.0;
            for (size_t c = 0; c < classes; ++c)
                sum += std::exp(row[c] - top);
            for (size_t c = 0; c < classes; ++c)
                row[c] -= top + std::log(sum);
        }
        loss.data<float>()[n] = static_cast<float>(ctc_nll(lp, len, classes, target, blank, merge));
    }
    from_f32(loss, out.at(0));
}

}  // namespace host_ref
}  // namespace ovcl
