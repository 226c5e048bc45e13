#include "shape_infer/signal_infer.hpp"

#include <algorithm>

namespace ovcl {
namespace shape_infer {

namespace {

// Checks an integer input's type and rank; its value when known.
std::optional<std::vector<int64_t>> int_input(const Node& node, const Inputs& in, size_t i, const char* what,
                                              int64_t rank) {
    check_type(node, in, i, {element::i32, element::i64});
    const PartialShape& s = in[i].shape;
    if (s.rank_is_static() && static_cast<int64_t>(s.size()) != rank)
        raise<ModelError>(node.describe(), ": ", what, " must have rank ", rank, ", got shape ", s);
    return const_i64(in[i]);
}

Dimension bins_of(const Dimension& n) { return n.is_static() ? Dimension(rdft_bins(n.get_length())) : Dimension(); }

// Checks what the DFT family has in common; the plan when the data's rank and the axes are known.
std::optional<FftPlan> fft_inputs(const Node& node, const Inputs& in, FftKind kind) {
    check_input_count(node, in, 2, 3);
    check_real(node, in, 0);
    const auto axes = int_input(node, in, 1, "axes", 1);
    const bool has_size = in.size() > 2;
    std::optional<std::vector<int64_t>> size;
    if (has_size) {
        size = int_input(node, in, 2, "signal_size", 1);
        const PartialShape &a = in[1].shape, &s = in[2].shape;
        if (a.rank_is_static() && s.rank_is_static() && !a[0].compatible(s[0]))
            raise<ModelError>(node.describe(), ": axes ", a, " and signal_size ", s, " must have one entry each");
    }
    const PartialShape& data = in[0].shape;
    if (data.rank_is_dynamic())
        return std::nullopt;
    const bool complex_in = kind != FftKind::real_to_complex;
    const int64_t rank = static_cast<int64_t>(data.size()), spatial = rank - (complex_in ? 1 : 0);
    if (spatial < 1)
        raise<ModelError>(node.describe(), ": data must have rank ", complex_in ? 2 : 1, " or more, got ", data);
    if (complex_in && !data[data.size() - 1].compatible(2))
        raise<ModelError>(node.describe(), ": the last axis of complex data must be 2 (real, imaginary), got ", data);
    const Dimension count = in[1].shape.rank_is_static() ? in[1].shape[0] : Dimension();
    if (count.is_static() && count.get_length() > spatial)
        raise<ModelError>(node.describe(), ": ", count.get_length(), " axes are too many for data ", data);
    if (!axes)
        return std::nullopt;
    return fft_plan(node, kind, data, *axes, size, has_size);
}

// The output's dims: the data's (less the complex axis for IRDFT) with the transformed axes resized; every
// axis but the complex one dynamic when the axes are unknown.
std::vector<Dimension> resized(const PartialShape& data, const std::optional<FftPlan>& plan, size_t keep) {
    if (!plan)
        return std::vector<Dimension>(keep);
    std::vector<Dimension> out(data.begin(), data.begin() + static_cast<std::ptrdiff_t>(keep));
    for (size_t i = 0; i < plan->axes.size(); ++i)
        out[static_cast<size_t>(plan->axes[i])] = plan->lengths[i];
    return out;
}

void check_scalar(const Node& node, const Inputs& in, size_t i, const char* what) {
    check_integer(node, in, i);
    const PartialShape& s = in[i].shape;
    if (s.rank_is_static() && s.size() != 0)
        raise<ModelError>(node.describe(), ": ", what, " must be a scalar, got shape ", s);
}

// STFT and ISTFT: checks the types and ranks of (data, window, frame_size, frame_step), and the frame's values
// when known: both positive, the window no longer than a frame.
std::optional<std::pair<int64_t, int64_t>> frame_inputs(const Node& node, const Inputs& in) {
    check_real(node, in, 0);
    check_real(node, in, 1);
    merge_types(node, in, 0, 1);
    const PartialShape& w = in[1].shape;
    if (w.rank_is_static() && w.size() != 1)
        raise<ModelError>(node.describe(), ": the window must be 1-D, got shape ", w);
    check_scalar(node, in, 2, "frame_size");
    check_scalar(node, in, 3, "frame_step");
    const auto size = const_i64(in[2]), step = const_i64(in[3]);
    if (size && (size->size() != 1 || size->at(0) <= 0))
        raise<ModelError>(node.describe(), ": frame_size must be one positive value");
    if (step && (step->size() != 1 || step->at(0) <= 0))
        raise<ModelError>(node.describe(), ": frame_step must be one positive value");
    if (size && w.rank_is_static() && w[0].is_static() && (w[0].get_length() < 1 || w[0].get_length() > size->at(0)))
        raise<ModelError>(node.describe(), ": the window's length ", w[0], " must be in [1, frame_size ", size->at(0),
                          "]");
    if (!size || !step)
        return std::nullopt;
    return std::make_pair(size->at(0), step->at(0));
}

}  // namespace

FftPlan fft_plan(const Node& node, FftKind kind, const PartialShape& data, const std::vector<int64_t>& axes,
                 const std::optional<std::vector<int64_t>>& signal_size, bool has_signal_size) {
    const int64_t rank = static_cast<int64_t>(data.size()) - (kind == FftKind::real_to_complex ? 0 : 1);
    if (axes.empty())
        raise<ModelError>(node.describe(), ": axes must not be empty");
    if (signal_size && signal_size->size() != axes.size())
        raise<ModelError>(node.describe(), ": ", axes.size(), " axes but ", signal_size->size(), " signal sizes");
    FftPlan plan;
    for (size_t i = 0; i < axes.size(); ++i) {
        if (kind != FftKind::real_to_complex && axes[i] == rank)
            raise<ModelError>(node.describe(), ": axis ", rank, " holds the (real, imaginary) pairs, not a signal");
        const int64_t a = normalize_axis(node, axes[i], rank);
        if (std::find(plan.axes.begin(), plan.axes.end(), a) != plan.axes.end())
            raise<ModelError>(node.describe(), ": axis ", axes[i], " is named twice");
        plan.axes.push_back(a);
        const bool halved_last = kind == FftKind::complex_to_real && i + 1 == axes.size();
        const int64_t v = signal_size ? signal_size->at(i) : -1;
        if (v < -1)
            raise<ModelError>(node.describe(), ": signal_size ", v, " must be -1 (keep) or not negative");
        const Dimension& n = data[static_cast<size_t>(a)];
        if (has_signal_size && !signal_size)
            plan.lengths.emplace_back();
        else if (v >= 0)
            plan.lengths.emplace_back(v);
        else if (!halved_last)
            plan.lengths.push_back(n);
        else if (n.is_static())
            plan.lengths.emplace_back(std::max<int64_t>(0, checked::mul<int64_t>(2, n.get_length() - 1)));
        else
            plan.lengths.emplace_back();
    }
    return plan;
}

Outputs dft(const Node& node, const Inputs& in) {
    const auto plan = fft_inputs(node, in, FftKind::complex);
    const PartialShape& data = in[0].shape;
    if (data.rank_is_dynamic())
        return {{in[0].type, data}};
    // Without signal_size the shape is the data's whatever the axes are.
    if (!plan && in.size() == 2)
        return {{in[0].type, data}};
    std::vector<Dimension> out = resized(data, plan, data.size() - 1);
    out.emplace_back(2);
    return {{in[0].type, PartialShape(out)}};
}

Outputs rdft(const Node& node, const Inputs& in) {
    const auto plan = fft_inputs(node, in, FftKind::real_to_complex);
    const PartialShape& data = in[0].shape;
    if (data.rank_is_dynamic())
        return {{in[0].type, PartialShape::dynamic()}};
    std::vector<Dimension> out = resized(data, plan, data.size());
    if (plan)
        out[static_cast<size_t>(plan->axes.back())] = bins_of(plan->lengths.back());
    out.emplace_back(2);
    return {{in[0].type, PartialShape(out)}};
}

Outputs irdft(const Node& node, const Inputs& in) {
    const auto plan = fft_inputs(node, in, FftKind::complex_to_real);
    const PartialShape& data = in[0].shape;
    if (data.rank_is_dynamic())
        return {{in[0].type, PartialShape::dynamic()}};
    return {{in[0].type, PartialShape(resized(data, plan, data.size() - 1))}};
}

Outputs stft(const Node& node, const Inputs& in) {
    check_input_count(node, in, 4, 4);
    const auto frame = frame_inputs(node, in);
    const bool transpose = node.get_attr<bool>("transpose_frames");
    const PartialShape& s = in[0].shape;
    if (s.rank_is_dynamic())
        return {{in[0].type, PartialShape::dynamic()}};
    if (s.size() != 1 && s.size() != 2)
        raise<ModelError>(node.describe(), ": the signal must be [length] or [batch, length], got ", s);
    const Dimension& length = s[s.size() - 1];
    Dimension bins, frames;
    if (frame) {
        const auto [size, step] = *frame;
        if (length.is_static() && size > length.get_length())
            raise<ModelError>(node.describe(), ": frame_size ", size, " exceeds the signal's length ", length);
        bins = Dimension(size / 2 + 1);
        if (length.is_static())
            frames = Dimension((length.get_length() - size) / step + 1);
    }
    std::vector<Dimension> out;
    if (s.size() == 2)
        out.push_back(s[0]);
    out.push_back(transpose ? bins : frames);
    out.push_back(transpose ? frames : bins);
    out.emplace_back(2);
    return {{in[0].type, PartialShape(out)}};
}

Outputs istft(const Node& node, const Inputs& in) {
    check_input_count(node, in, 4, 5);
    const auto frame = frame_inputs(node, in);
    const bool center = node.get_attr<bool>("center");
    node.get_attr<bool>("normalized");
    Dimension length;
    if (in.size() == 5) {
        check_integer(node, in, 4);
        const PartialShape& ls = in[4].shape;
        if (ls.rank_is_static() && !(ls.size() == 0 || (ls.size() == 1 && ls[0].compatible(1))))
            raise<ModelError>(node.describe(), ": signal_length must be a scalar or hold one value, got shape ", ls);
        if (const auto v = const_i64(in[4])) {
            if (v->size() != 1 || v->at(0) < 0)
                raise<ModelError>(node.describe(), ": signal_length must be one value, not negative");
            length = Dimension(v->at(0));
        }
    }
    const PartialShape& d = in[0].shape;
    if (d.rank_is_dynamic())
        return {{in[0].type, PartialShape::dynamic()}};
    if (d.size() != 3 && d.size() != 4)
        raise<ModelError>(node.describe(), ": data must be [bins, frames, 2] or [batch, bins, frames, 2], got ", d);
    if (!d[d.size() - 1].compatible(2))
        raise<ModelError>(node.describe(), ": the last axis of complex data must be 2 (real, imaginary), got ", d);
    const Dimension &bins = d[d.size() - 3], &frames = d[d.size() - 2];
    if (frame && !bins.compatible(frame->first / 2 + 1))
        raise<ModelError>(node.describe(), ": data ", d, " must have frame_size / 2 + 1 = ", frame->first / 2 + 1,
                          " bins");
    if (frames.is_static() && frames.get_length() == 0)
        raise<ModelError>(node.describe(), ": data ", d, " has no frames");
    if (in.size() == 4 && frame && frames.is_static()) {
        const int64_t span = checked::mul(frames.get_length() - 1, frame->second);
        length = Dimension(center ? span : checked::add(span, frame->first));
    }
    if (d.size() == 4)
        return {{in[0].type, PartialShape({d[0], length})}};
    return {{in[0].type, PartialShape({length})}};
}

}  // namespace shape_infer
}  // namespace ovcl
