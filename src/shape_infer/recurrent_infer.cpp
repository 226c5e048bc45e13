// Shape and type inference of the recurrent cells and sequences (RNN, GRU, LSTM). Every real input
// shares one element type; hidden_size must agree with W, R, B and the states (gates: RNN 1, GRU 3 (+1 bias
// row block with linear_before_reset), LSTM 4), and a sequence's num_directions axis with `direction`.
// Batch, sequence length and input size propagate dynamic; the hidden axis is hidden_size.
#include "shape_infer/infer_utils.hpp"

#include <cctype>
#include <string>
#include <vector>

namespace ovcl {
namespace shape_infer {

namespace {

enum class Kind { rnn, gru, lstm };

std::string lower(std::string s) {
    for (char& ch : s)
        ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return s;
}

// Checks of one node's input shapes.
struct Checker {
    const Node& node;
    const Inputs& in;

    void rank(size_t i, size_t r, const char* name) const {
        const PartialShape& s = in.at(i).shape;
        if (s.rank_is_static() && s.size() != r)
            raise<ModelError>(node.describe(), ": ", name, " must have rank ", r, ", got ", s);
    }
    Dimension dim(size_t i, size_t axis) const {
        const PartialShape& s = in.at(i).shape;
        return s.rank_is_static() ? s[axis] : Dimension::dynamic();
    }
    // Intersects d with axis `axis` of input i.
    void merge(Dimension& d, size_t i, size_t axis, const char* what) const {
        if (!Dimension::merge(d, d, dim(i, axis)))
            raise<ModelError>(node.describe(), ": ", what, " of input ", i, " is ", dim(i, axis), ", expected ", d);
    }
    void expect(size_t i, size_t axis, int64_t value, const char* what) const {
        Dimension d(value);
        merge(d, i, axis, what);
    }
};

void check_activations(const Node& node, Kind kind) {
    const size_t needed = kind == Kind::rnn ? 1 : kind == Kind::gru ? 2 : 3;
    const auto names = node.get_attr<std::vector<std::string>>("activations", {});
    if (node.has_attr("activations") && names.size() < needed)
        raise<ModelError>(node.describe(), ": needs ", needed, " activations, got ", names.size());
    for (size_t i = 0; i < names.size() && i < needed; ++i) {
        const std::string n = lower(names[i]);
        if (n != "sigmoid" && n != "tanh" && n != "relu")
            raise<ModelError>(node.describe(), ": unsupported activation '", names[i], "' (sigmoid, tanh or relu)");
    }
    node.get_attr<std::vector<float>>("activations_alpha", {});  // parsed only: they do not apply to these
    node.get_attr<std::vector<float>>("activations_beta", {});
    node.get_attr<float>("clip", 0.0f);
}

// Slots: X 0, H 1, C 2 (LSTM), lengths (sequences), W, R, B, P (LSTMCell-1).
Outputs infer(const Node& node, const Inputs& in, Kind kind, bool sequence) {
    const size_t q = sequence ? 1 : 0, c = kind == Kind::lstm ? 2 : 0, len = sequence ? 2 + (c != 0) : 0;
    const size_t w = 2 + (c != 0) + q, r = w + 1, b = w + 2, p = w + 3;
    const bool peepholes = kind == Kind::lstm && !sequence && node.get_version() == 1;
    check_input_count(node, in, sequence ? b + 1 : b, peepholes ? p + 1 : b + 1);

    const int64_t hidden = node.get_attr<int64_t>("hidden_size");
    if (hidden <= 0)
        raise<ModelError>(node.describe(), ": hidden_size must be positive, got ", hidden);
    check_activations(node, kind);
    const bool lbr = kind == Kind::gru && node.get_attr<bool>("linear_before_reset", false);
    if (peepholes) {  // read for validation; OpenVINO CPU applies neither (host_ref/recurrent.cpp)
        node.get_attr<bool>("input_forget", false);
        const std::string fmt = lower(node.get_attr<std::string>("weights_format", "fico"));
        if (fmt != "fico" && fmt != "icof" && fmt != "ifco" && fmt != "ifoc" && fmt != "iofc")
            raise<ModelError>(node.describe(), ": unknown weights_format '", fmt, "'");
    }
    int64_t dirs = 1;
    if (sequence) {
        const std::string d = lower(node.get_attr<std::string>("direction"));
        if (d != "forward" && d != "reverse" && d != "bidirectional")
            raise<ModelError>(node.describe(), ": direction must be forward, reverse or bidirectional, got '", d, "'");
        dirs = d == "bidirectional" ? 2 : 1;
    }

    Inputs reals;
    for (size_t i = 0; i < in.size(); ++i)
        if (!sequence || i != len)
            reals.push_back(in[i]);
    const element::Type type = common_real_type(node, reals);
    if (sequence)
        check_integer(node, in, len);

    const Checker k{node, in};
    const int64_t gates = kind == Kind::rnn ? 1 : kind == Kind::gru ? 3 : 4;
    const int64_t rows = checked::mul(gates, hidden), bias_rows = checked::add(rows, lbr ? hidden : int64_t{0});
    std::vector<size_t> states{1};
    if (c)
        states.push_back(c);
    Dimension batch, input;
    for (size_t i : states) {
        k.rank(i, 2 + q, i == 1 ? "initial_hidden_state" : "initial_cell_state");
        k.merge(batch, i, 0, "the batch axis");
        k.expect(i, 1 + q, hidden, "the hidden axis (hidden_size)");
    }
    k.rank(0, 2 + q, "X");
    k.merge(batch, 0, 0, "the batch axis");
    k.merge(input, 0, 1 + q, "the input axis");
    k.rank(w, 2 + q, "W");
    k.expect(w, q, rows, "the gate rows of W (gates * hidden_size)");
    k.merge(input, w, 1 + q, "the input axis of W");
    k.rank(r, 2 + q, "R");
    k.expect(r, q, rows, "the gate rows of R (gates * hidden_size)");
    k.expect(r, 1 + q, hidden, "the hidden axis of R (hidden_size)");
    if (b < in.size()) {
        k.rank(b, 1 + q, "B");
        k.expect(b, q, bias_rows, "the bias rows of B");
    }
    if (peepholes && p < in.size()) {
        k.rank(p, 1, "P");
        k.expect(p, 0, checked::mul(int64_t{3}, hidden), "the peephole rows of P (3 * hidden_size)");
    }
    if (!sequence) {
        const OutputInfo h{type, PartialShape{batch, hidden}};
        return c ? Outputs{h, h} : Outputs{h};
    }
    k.rank(len, 1, "sequence_lengths");
    k.merge(batch, len, 0, "the batch axis of sequence_lengths");
    for (size_t i : {states.front(), states.back(), w, r, b})
        k.expect(i, i == w || i == r || i == b ? 0 : 1, dirs, "num_directions (from direction)");
    const OutputInfo y{type, PartialShape{batch, dirs, k.dim(0, 1), hidden}}, h{type, PartialShape{batch, dirs, hidden}};
    return c ? Outputs{y, h, h} : Outputs{y, h};
}

}  // namespace

Outputs rnn_cell(const Node& node, const Inputs& in) { return infer(node, in, Kind::rnn, false); }
Outputs gru_cell(const Node& node, const Inputs& in) { return infer(node, in, Kind::gru, false); }
Outputs lstm_cell(const Node& node, const Inputs& in) { return infer(node, in, Kind::lstm, false); }
Outputs rnn_sequence(const Node& node, const Inputs& in) { return infer(node, in, Kind::rnn, true); }
Outputs gru_sequence(const Node& node, const Inputs& in) { return infer(node, in, Kind::gru, true); }
Outputs lstm_sequence(const Node& node, const Inputs& in) { return infer(node, in, Kind::lstm, true); }

}  // namespace shape_infer
}  // namespace ovcl
