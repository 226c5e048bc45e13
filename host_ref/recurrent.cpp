// Host reference kernels of the recurrent cells and sequences (RNN, GRU, LSTM). Gate orders are
// OpenVINO's: GRU z, r, h; LSTM f, i, c, o. The clip bounds every gate's pre-activation (not the LSTM
// cell state fed to h); clip <= 0 means none. Computed in f32 (f16 and f64 through f32), as OpenVINO CPU
// does. Where the specification is silent or OpenVINO CPU departs from it, these follow the CPU:
// - a sequence of length 0 ends in zero final states (not its initial ones), as well as zero outputs;
// - LSTMCell-1 ignores the peepholes P, input_forget and weights_format (it reads W, R, B as f, i, c, o
//   whatever weights_format says), exactly like LSTMCell-4, where ov::op::v0::LSTMCell documents peepholes;
// - activation names are matched without regard to case, and extra activations are ignored.
// OpenVINO CPU ignores sequence_lengths in a model with any dynamic dimension (every sequence runs to the end);
// these honour them always, as the specification and OpenVINO CPU with static shapes do.
// A sequence length outside [0, seq_length] is an error naming the node (OpenVINO CPU computes the outputs
// but returns zero final states for lengths past the end).
#include "host_ref/ref_utils.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <vector>

namespace ovcl {
namespace host_ref {

namespace {

enum class Kind { rnn, gru, lstm };
using Act = float (*)(float);

float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }
float tanh_act(float x) { return std::tanh(x); }
float relu(float x) { return x > 0.0f ? x : 0.0f; }

std::string lower(std::string s) {
    for (char& ch : s)
        ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return s;
}

// One cell of one direction: its activations and sizes; step() advances the state of one batch row.
struct Cell {
    Kind kind = Kind::rnn;
    size_t input = 0, hidden = 0;
    Act f = tanh_act, g = tanh_act, h = tanh_act;
    float clip = 0.0f;
    bool linear_before_reset = false;

    float gate(Act a, float v) const { return a(clip > 0.0f ? std::clamp(v, -clip, clip) : v); }

    static float dot(const float* w, const float* x, size_t n) {
        float s = 0.0f;
        for (size_t k = 0; k < n; ++k)
            s += w[k] * x[k];
        return s;
    }

    // x: [input]; W: [gates * hidden, input]; R: [gates * hidden, hidden]; B: [gates (+1) * hidden];
    // hs (and cs, for LSTM): [hidden], updated in place.
    void step(const float* x, const float* W, const float* R, const float* B, float* hs, float* cs) const {
        const size_t n = hidden;
        const auto xw = [&](size_t row) { return dot(W + row * input, x, input); };
        const auto hr = [&](size_t row, const float* v) { return dot(R + row * n, v, n); };
        const auto pre = [&](size_t row) { return xw(row) + hr(row, hs) + B[row]; };
        std::vector<float> next(n);
        if (kind == Kind::rnn) {
            for (size_t j = 0; j < n; ++j)
                next[j] = gate(f, pre(j));
        } else if (kind == Kind::lstm) {
            for (size_t j = 0; j < n; ++j) {
                const float ft = gate(f, pre(j)), it = gate(f, pre(n + j));
                const float ct = gate(g, pre(2 * n + j)), ot = gate(f, pre(3 * n + j));
                cs[j] = ft * cs[j] + it * ct;  // cs[j] feeds nothing but itself
                next[j] = ot * h(cs[j]);
            }
        } else {
            std::vector<float> r(n), rh(n);
            for (size_t j = 0; j < n; ++j) {
                r[j] = gate(f, pre(n + j));
                rh[j] = r[j] * hs[j];
            }
            for (size_t j = 0; j < n; ++j) {
                const size_t row = 2 * n + j;
                const float z = gate(f, pre(j));
                const float ht = linear_before_reset ? gate(g, xw(row) + B[row] + r[j] * (hr(row, hs) + B[row + n]))
                                                     : gate(g, xw(row) + hr(row, rh.data()) + B[row]);
                next[j] = (1.0f - z) * ht + z * hs[j];
            }
        }
        std::copy(next.begin(), next.end(), hs);
    }
};

Act activation(const Node& node, const std::string& name) {
    const std::string n = lower(name);
    if (n == "sigmoid")
        return sigmoid;
    if (n == "tanh")
        return tanh_act;
    if (n == "relu")
        return relu;
    raise<ModelError>(node.describe(), ": unsupported activation '", name, "' (sigmoid, tanh or relu)");
}

Cell cell_of(const Node& node, Kind kind) {
    static const std::vector<std::string> kDefaults[] = {{"tanh"}, {"sigmoid", "tanh"}, {"sigmoid", "tanh", "tanh"}};
    const auto& defaults = kDefaults[static_cast<int>(kind)];
    const auto names = node.get_attr<std::vector<std::string>>("activations", defaults);
    if (names.size() < defaults.size())
        raise<ModelError>(node.describe(), ": needs ", defaults.size(), " activations, got ", names.size());
    Cell c;
    c.kind = kind;
    Act* slots[] = {&c.f, &c.g, &c.h};
    for (size_t i = 0; i < defaults.size(); ++i)
        *slots[i] = activation(node, names[i]);
    c.clip = node.get_attr<float>("clip", 0.0f);
    c.linear_before_reset = kind == Kind::gru && node.get_attr<bool>("linear_before_reset", false);
    return c;
}

// Input positions: X, H, C (LSTM), sequence_lengths (sequences), W, R, B. kNone: absent.
constexpr size_t kNone = static_cast<size_t>(-1);
struct Slots {
    size_t x, h, c, len, w, r, b;
};
Slots slots_of(Kind kind, bool sequence) {
    const size_t c = kind == Kind::lstm ? 2 : kNone;
    const size_t len = sequence ? (kind == Kind::lstm ? 3 : 2) : kNone;
    const size_t w = 2 + (kind == Kind::lstm) + sequence;
    return {0, 1, c, len, w, w + 1, w + 2};
}

void write(const std::vector<float>& v, Tensor& dst) {
    Tensor f(element::f32, dst.get_shape());
    std::copy(v.begin(), v.end(), f.data<float>());
    from_f32(f, dst);
}

// A cell is a forward sequence of one step: X [B, I] reads as [B, 1, I], H as [B, 1, hidden], W as
// [1, gates * hidden, I]; its outputs are the final states alone.
void recur(const Node& node, Kind kind, bool sequence, const TensorVector& in, TensorVector& out) {
    const Slots s = slots_of(kind, sequence);
    const Tensor X = to_f32(in.at(s.x)), H0 = to_f32(in.at(s.h)), W = to_f32(in.at(s.w)), R = to_f32(in.at(s.r));
    Cell cell = cell_of(node, kind);
    const Shape &xs = X.get_shape(), &hs = H0.get_shape(), &ws = W.get_shape();
    cell.input = xs.back();
    cell.hidden = hs.back();
    const size_t batch = xs.at(0), steps = sequence ? xs.at(1) : 1, dirs = sequence ? hs.at(1) : 1;
    const size_t hidden = cell.hidden, input = cell.input, rows = ws.at(ws.size() - 2);
    const size_t bias_len = rows + (cell.linear_before_reset ? hidden : 0);
    const Tensor B = s.b < in.size() ? to_f32(in[s.b]) : Tensor(element::f32, Shape{dirs * bias_len});
    if (s.b >= in.size())
        std::fill_n(B.data<float>(), B.get_size(), 0.0f);
    const Tensor C0 = kind == Kind::lstm ? to_f32(in.at(s.c)) : Tensor();
    std::vector<int64_t> lengths(batch, 1);
    if (sequence)
        lengths = to_i64(in.at(s.len));
    for (int64_t n : lengths)
        if (n < 0 || static_cast<size_t>(n) > steps)
            raise<ModelError>(node.describe(), ": sequence length ", n, " is outside [0, ", steps, "]");
    const std::string direction = sequence ? lower(node.get_attr<std::string>("direction")) : "forward";

    std::vector<float> Y(batch * dirs * steps * hidden, 0.0f), Ho(batch * dirs * hidden, 0.0f), Co(Ho);
    for (size_t d = 0; d < dirs; ++d) {
        const bool reverse = direction == "reverse" || d == 1;
        const float* Wd = W.data<float>() + d * rows * input;
        const float* Rd = R.data<float>() + d * rows * hidden;
        const float* Bd = B.data<float>() + d * bias_len;
        for (size_t b = 0; b < batch; ++b) {
            const size_t state = (b * dirs + d) * hidden, n = static_cast<size_t>(lengths[b]);
            std::vector<float> h(H0.data<float>() + state, H0.data<float>() + state + hidden), c(hidden, 0.0f);
            if (kind == Kind::lstm)
                std::copy_n(C0.data<float>() + state, hidden, c.begin());
            for (size_t t = 0; t < n; ++t) {
                const size_t p = reverse ? n - 1 - t : t;
                cell.step(X.data<float>() + (b * steps + p) * input, Wd, Rd, Bd, h.data(), c.data());
                std::copy(h.begin(), h.end(), Y.begin() + static_cast<std::ptrdiff_t>(((b * dirs + d) * steps + p) * hidden));
            }
            if (n > 0) {  // OpenVINO CPU: a sequence of length 0 ends in zero states
                std::copy(h.begin(), h.end(), Ho.begin() + static_cast<std::ptrdiff_t>(state));
                std::copy(c.begin(), c.end(), Co.begin() + static_cast<std::ptrdiff_t>(state));
            }
        }
    }
    size_t o = 0;
    if (sequence)
        write(Y, out.at(o++));
    write(Ho, out.at(o++));
    if (kind == Kind::lstm)
        write(Co, out.at(o));
}

}  // namespace

void rnn_cell(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    recur(node, Kind::rnn, false, in, out);
}
void gru_cell(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    recur(node, Kind::gru, false, in, out);
}
void lstm_cell(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    recur(node, Kind::lstm, false, in, out);
}
void rnn_sequence(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    recur(node, Kind::rnn, true, in, out);
}
void gru_sequence(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    recur(node, Kind::gru, true, in, out);
}
void lstm_sequence(const Node& node, const TensorVector& in, TensorVector& out, EvalContext&) {
    recur(node, Kind::lstm, true, in, out);
}

}  // namespace host_ref
}  // namespace ovcl
