#include "ops/recurrent.hpp"

#include <algorithm>
#include <cctype>
#include <climits>

#include "host_ref/ref_utils.hpp"
#include "kernel_stems.hpp"

namespace ovcl {
namespace gpu {

namespace {

constexpr int64_t kProjectRows = 4;       // rows of P per recurrent_project work-item (PR)
constexpr int64_t kMaxLoopGroup = 64;     // recurrent_loop: work-items (blocks of 16 units) per chain at most
constexpr int64_t kMaxLoopHidden = 2048;  // recurrent_loop: its state (one or two [HID] floats) in local memory
// recurrent_step: work-items per group. CPU devices: one, as matmul_panel's (the kernel is written in float16
// vectors; PoCL compiles one variant per local size).
constexpr size_t kStepLocalCpu = 1, kStepLocalGpu = 16;

enum class Kind { rnn, gru, lstm };

// The node as the kernels see it: input slots (host_ref's), sizes and attributes.
struct Recurrence {
    Kind kind = Kind::rnn;
    bool sequence = false, lbr = false, rev_dir = false;
    size_t c = 0, len = 0, w = 0, r = 0, b = 0;  // input slots (X is 0, H is 1)
    int64_t batch = 0, steps = 1, dirs = 1, input = 0, hidden = 0, gates = 1;
    int64_t hp = 0, pc = 0;  // hidden rounded up to 16 (a gate's columns), gates * hp (P's and R^T's row pitch)
    int act[3] = {0, 1, 1};
    float clip = 0.0f;
    bool has_bias() const { return b != 0; }
};

std::string lower(std::string s) {
    for (char& ch : s)
        ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return s;
}

// The kernel's activation code of a name (host_ref matches names without regard to case); -1: unknown.
int activation_code(const std::string& name) {
    const std::string n = lower(name);
    return n == "sigmoid" ? 0 : n == "tanh" ? 1 : n == "relu" ? 2 : -1;
}

Recurrence recurrence(const Node& node) {
    Recurrence q;
    const std::string& type = node.get_type_name();
    q.kind = type.rfind("LSTM", 0) == 0 ? Kind::lstm : type.rfind("GRU", 0) == 0 ? Kind::gru : Kind::rnn;
    q.sequence = type.size() > 8 && type.compare(type.size() - 8, 8, "Sequence") == 0;
    const bool lstm = q.kind == Kind::lstm;
    q.c = lstm ? 2 : 0;
    q.len = q.sequence ? (lstm ? 3 : 2) : 0;
    q.w = 2 + (lstm ? 1 : 0) + (q.sequence ? 1 : 0);
    q.r = q.w + 1;
    q.b = q.w + 2 < node.get_input_size() ? q.w + 2 : 0;
    const Shape& x = node.get_input_shape(0);
    q.batch = static_cast<int64_t>(x.at(0));
    q.steps = q.sequence ? static_cast<int64_t>(x.at(1)) : 1;
    q.input = static_cast<int64_t>(x.back());
    q.hidden = static_cast<int64_t>(node.get_input_shape(1).back());
    q.dirs = q.sequence ? static_cast<int64_t>(node.get_input_shape(1).at(1)) : 1;
    q.gates = q.kind == Kind::rnn ? 1 : q.kind == Kind::gru ? 3 : 4;
    q.hp = (q.hidden + 15) / 16 * 16;
    q.pc = q.gates * q.hp;
    q.lbr = q.kind == Kind::gru && node.get_attr<bool>("linear_before_reset", false);
    q.rev_dir = q.sequence && lower(node.get_attr<std::string>("direction", "forward")) == "reverse";
    q.clip = node.get_attr<float>("clip", 0.0f);
    static const std::vector<std::string> kDefaults[] = {{"tanh"}, {"sigmoid", "tanh"}, {"sigmoid", "tanh", "tanh"}};
    const auto& defaults = kDefaults[static_cast<int>(q.kind)];
    const auto names = node.get_attr<std::vector<std::string>>("activations", defaults);
    for (size_t i = 0; i < defaults.size(); ++i)
        q.act[i] = i < names.size() ? activation_code(names[i]) : -1;
    return q;
}

// recurrent_loop's work-group: a work-item per block of 16 units, up to kMaxLoopGroup.
int64_t loop_group(const Recurrence& q, const DeviceInfo& device) {
    return std::min({q.hp / 16, kMaxLoopGroup, static_cast<int64_t>(device.max_work_group_size)});
}

// Candidate names, the heuristic's first. The loop runs a chain (batch row, direction) on one work-group, so its
// steps cost no launches; it leaves a GPU's other compute units idle when chains are few (docs/kernels.md,
// "recurrent").
std::vector<std::string> candidates(const Recurrence& q, const DeviceInfo& device) {
    if (q.hidden > kMaxLoopHidden)  // the loop's state would not fit local memory
        return {"recurrent_steps"};
    if (device.is_gpu)
        return {"recurrent_steps", "recurrent_loop"};
    return {"recurrent_loop", "recurrent_steps"};
}

// Row g * hidden + j of a direction's gates goes to column g * hp + j: a gate's units start on a block of 16.
int64_t column(const Recurrence& q, int64_t row) { return row / q.hidden * q.hp + row % q.hidden; }

// Where element (row, k) of W or R goes, transposed: W^T as [dirs][cols][pc]; R^T (`blocked`) in blocks of 16
// units, [dirs][hp / 16][cols][gates][16], so that a work-item's block streams through memory.
int64_t packed_at(const Recurrence& q, int64_t d, int64_t row, int64_t k, int64_t cols, bool blocked) {
    const int64_t g = row / q.hidden, j = row % q.hidden;
    return blocked ? ((d * (q.hp / 16) + j / 16) * cols + k) * q.gates * 16 + g * 16 + j % 16
                   : (d * cols + k) * q.pc + column(q, row);
}

// W or R ([dirs][gates * hidden][cols]) packed (packed_at), zero past each gate's units.
Tensor transposed(const Recurrence& q, const Tensor& m, int64_t cols, bool blocked) {
    const Tensor f = host_ref::to_f32(m);
    Tensor t(element::f32, Shape{static_cast<size_t>(q.dirs * cols * q.pc)});
    float* dst = t.data<float>();
    std::fill_n(dst, t.get_size(), 0.0f);
    const float* src = f.data<float>();
    const int64_t rows = q.gates * q.hidden;
    for (int64_t d = 0; d < q.dirs; ++d)
        for (int64_t i = 0; i < rows; ++i)
            for (int64_t k = 0; k < cols; ++k)
                dst[packed_at(q, d, i, k, cols, blocked)] = src[(d * rows + i) * cols + k];
    return t;
}

// B per direction: its gates' entries as P's columns ([dirs][pc]) or, `recurrent`, GRU's recurrent bias of the h
// gate (linear_before_reset; [dirs][hp]); zero elsewhere and without B.
Tensor bias_part(const Node& node, const Recurrence& q, bool recurrent) {
    const int64_t pitch = recurrent ? q.hp : q.pc, rows = q.gates * q.hidden;
    Tensor t(element::f32, Shape{static_cast<size_t>(q.dirs * pitch)});
    float* dst = t.data<float>();
    std::fill_n(dst, t.get_size(), 0.0f);
    if (!q.has_bias() || (recurrent && !q.lbr))
        return t;
    const Tensor f = host_ref::to_f32(node.input_value(q.b).node->get_constant_value());
    const int64_t len = rows + (q.lbr ? q.hidden : 0);
    for (int64_t d = 0; d < q.dirs; ++d)
        for (int64_t i = 0; i < (recurrent ? q.hidden : rows); ++i)
            dst[d * pitch + (recurrent ? i : column(q, i))] = f.data<float>()[d * len + (recurrent ? rows : 0) + i];
    return t;
}

bool is_constant(const Node& node, size_t i) { return node.input_value(i).node->is_constant(); }

// The packed W, R, B the kernels read: prepared once from Constants, else packed at run time into scratch buffers
// by recurrent_pack / recurrent_pack_bias (launches added to cfg).
struct Packed {
    KernelArg wt, rt, bias, rbias;
};
Packed pack(const Node& node, const Recurrence& q, const std::string& options, OpConfig& cfg) {
    auto scratch = [&](int64_t floats) {
        cfg.scratch.push_back(static_cast<size_t>(floats) * sizeof(float));
        return KernelArg::scratch(cfg.scratch.size() - 1);
    };
    auto constant = [&](Tensor t) {
        cfg.constants.push_back(std::move(t));
        return KernelArg::constant(cfg.constants.size() - 1);
    };
    Packed p;
    const std::pair<size_t, int64_t> matrices[] = {{q.w, q.input}, {q.r, q.hidden}};  // (input slot, columns)
    KernelArg* args[] = {&p.wt, &p.rt};
    for (size_t m = 0; m < 2; ++m) {
        const auto [slot, cols] = matrices[m];
        if (is_constant(node, slot)) {
            *args[m] = constant(transposed(q, node.input_value(slot).node->get_constant_value(), cols, m == 1));
            continue;
        }
        *args[m] = scratch(q.dirs * cols * q.pc);
        const auto n = static_cast<cl_int>(cols);
        cfg.launches.push_back({stem::recurrent, "recurrent_pack", options,
                                {KernelArg::input(slot), *args[m], KernelArg::scalar<cl_int>(n),
                                 KernelArg::scalar<cl_int>(m == 1 ? 1 : 0)},
                                {static_cast<size_t>(q.pc), static_cast<size_t>(cols), static_cast<size_t>(q.dirs)},
                                {16, 1, 1}});
    }
    if (!q.has_bias() || is_constant(node, q.b)) {
        p.bias = constant(bias_part(node, q, false));
        p.rbias = constant(bias_part(node, q, true));
        return p;
    }
    p.bias = scratch(q.dirs * q.pc);
    p.rbias = scratch(q.dirs * q.hp);
    cfg.launches.push_back({stem::recurrent, "recurrent_pack_bias", options, {KernelArg::input(q.b), p.bias, p.rbias},
                            {static_cast<size_t>(q.pc), static_cast<size_t>(q.dirs)}, {16, 1}});
    return p;
}

}  // namespace

Validation RecurrentOp::validate(const Node& node, const DeviceInfo&) const {
    const element::Type t = node.get_input_element_type(0);
    if (t != element::f32 && t != element::f16)
        return Validation::no("the recurrent kernels take f32 and f16 (as storage), not " + t.get_type_name());
    const Recurrence q = recurrence(node);
    if (q.sequence) {
        const element::Type lt = node.get_input_element_type(q.len);
        if (lt != element::i32 && lt != element::i64)
            return Validation::no("sequence_lengths of " + lt.get_type_name() + ": the kernels read i32 and i64");
        if (q.steps == 0)
            return Validation::no("a sequence of 0 steps");
    }
    if (std::find(std::begin(q.act), std::end(q.act), -1) != std::end(q.act))
        return Validation::no("activations other than sigmoid, tanh and relu");
    const int64_t largest = std::max({q.dirs * q.batch * q.steps * q.pc, q.dirs * q.input * q.pc,
                                      q.dirs * q.hidden * q.pc, 2 * q.dirs * q.batch * q.hp,
                                      static_cast<int64_t>(shape_size(node.get_input_shape(0)))});
    if (largest >= INT_MAX)
        return Validation::no("a tensor of 2^31 elements or more (the kernels index with 32-bit integers)");
    return Validation::yes();
}

std::vector<std::string> RecurrentOp::candidate_names(const Node& node, const DeviceInfo& device) const {
    return candidates(recurrence(node), device);
}

OpConfig RecurrentOp::configure(const Node& node, const DeviceInfo& device) const {
    return configure_candidate(node, device, 0);
}

OpConfig RecurrentOp::configure_candidate(const Node& node, const DeviceInfo& device, size_t index) const {
    const Recurrence q = recurrence(node);
    const std::vector<std::string> names = candidates(q, device);
    const std::string name = names.at(std::min(index, names.size() - 1));
    const bool loop = name == "recurrent_loop";
    const element::Type t = node.get_input_element_type(0);
    const int64_t rows = q.batch * q.steps;
    auto i32 = [](int64_t v) { return KernelArg::scalar<cl_int>(static_cast<cl_int>(v)); };
    auto up = [](size_t n, size_t m) { return (n + m - 1) / m * m; };

    OpConfig cfg;
    cfg.impl_name = name;
    cfg.status_error = "a sequence length (sequence_lengths) is outside [0, " + std::to_string(q.steps) + "]";
    const size_t state_bytes = static_cast<size_t>(q.dirs * q.batch * q.hp) * sizeof(float);
    cfg.scratch = {static_cast<size_t>(q.dirs * rows * q.pc) * sizeof(float)};  // P
    const int64_t group = loop ? loop_group(q, device) : 0;
    std::string o = define("KIND", static_cast<int>(q.kind)) + " " + define("ACT_F", q.act[0]) + " " +
                    define("ACT_G", q.act[1]) + " " + define("ACT_H", q.act[2]) + " " + define("LBR", q.lbr) + " " +
                    define("SEQ", q.sequence) + " " + define("HID", q.hidden) + " " + define("HP", q.hp) + " " +
                    define("G", q.gates) + " " + define("PR", kProjectRows) + " " + define("LOOP", loop);
    if (t == element::f16)
        o += " -DIO_HALF";
    if (q.sequence && node.get_input_element_type(q.len) == element::i64)
        o += " " + define("LEN_T", "long");
    if (loop)
        o += " " + define("UPB", (q.hp / 16 + group - 1) / group);

    const Packed w = pack(node, q, o, cfg);
    KernelLaunch project{stem::recurrent, "recurrent_project", o,
                         {KernelArg::input(0), w.wt, w.bias, KernelArg::scratch(0),
                          i32(rows), i32(q.input)},
                         {static_cast<size_t>(q.pc / 16), static_cast<size_t>((rows + kProjectRows - 1) / kProjectRows),
                          static_cast<size_t>(q.dirs)},
                         device.is_gpu ? std::vector<size_t>{8, 8, 1} : std::vector<size_t>{1, 1, 1}};
    for (size_t i = 0; i < 3; ++i)
        project.global[i] = up(project.global[i], project.local[i]);
    cfg.launches.push_back(std::move(project));

    // Outputs: Y, Ho, Co of a sequence; Ho, Co of a cell (which has no Y: its slot gets Ho, never written).
    const size_t ho = q.sequence ? 1 : 0, co = q.kind == Kind::lstm ? ho + 1 : ho;
    const std::vector<KernelArg> common{KernelArg::scratch(0),
                                        w.rt,
                                        w.rbias,
                                        KernelArg::input(1),
                                        KernelArg::input(q.kind == Kind::lstm ? q.c : 1),
                                        KernelArg::input(q.sequence ? q.len : 0),
                                        KernelArg::output(0),
                                        KernelArg::output(ho),
                                        KernelArg::output(co),
                                        KernelArg::status(),
                                        i32(q.steps),
                                        i32(q.rev_dir),
                                        KernelArg::scalar<cl_float>(q.clip)};
    const auto b = static_cast<size_t>(q.batch), d = static_cast<size_t>(q.dirs);
    if (loop) {
        const auto g = static_cast<size_t>(group);
        cfg.launches.push_back({stem::recurrent, "recurrent_loop", o, common, {g, b, d}, {g, 1, 1}});
        return cfg;
    }
    const size_t local = device.is_gpu ? std::min(kStepLocalGpu, device.max_work_group_size) : kStepLocalCpu;
    const bool reset = q.kind == Kind::gru && !q.lbr;
    const size_t hs = cfg.scratch.size();
    cfg.scratch.push_back(2 * state_bytes);                                      // hs
    cfg.scratch.push_back(q.kind == Kind::lstm ? state_bytes : sizeof(float));  // cs
    cfg.scratch.push_back(reset ? state_bytes : sizeof(float));                 // rhs
    auto step = [&](const std::string& entry, int64_t s) {
        std::vector<KernelArg> args = common;
        args.insert(args.end(),
                    {KernelArg::scratch(hs), KernelArg::scratch(hs + 1), KernelArg::scratch(hs + 2), i32(s)});
        return KernelLaunch{stem::recurrent, entry, o, std::move(args),
                            {up(static_cast<size_t>(q.hp / 16), local), b, d}, {local, 1, 1}};
    };
    cfg.launches.push_back(step("recurrent_init", 0));
    for (int64_t s = 0; s < q.steps; ++s) {
        if (reset)
            cfg.launches.push_back(step("recurrent_reset", s));
        cfg.launches.push_back(step("recurrent_step", s));
    }
    return cfg;
}

}  // namespace gpu
}  // namespace ovcl
