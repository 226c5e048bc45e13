#include "ops/matmul.hpp"

#include <algorithm>
#include <climits>
#include <cstring>
#include <iterator>

#include "host_ref/matmul.hpp"
#include "kernel_stems.hpp"
#include "ops/epilogue.hpp"

namespace ovcl {
namespace gpu {

namespace {

// Register blocks: 8x32 holds 18 of AVX-512's 32 zmm registers and leaves the fewest idle lanes on edges among
// blocks of equal speed (docs/tuning.md, "MatMul: register blocks").
constexpr int64_t kRows = 8, kVectors = 2, kCols = 16 * kVectors;  // matmul_panel: RB x NB
constexpr int64_t kDotRows = 4, kDotCols = 4;                       // matmul_dot: RD x CD
// matmul_int: RI rows x one 64-byte vector of columns (16 int, 8 long) per work-item.
constexpr int64_t kIntRows = 8;
// matmul_pack_b: rows of k per work-item (PACK_KT in matmul.cl).
constexpr int64_t kPackRows = 256;

// matmul_tiled (kernels_cl/matmul_tiled.cl, devices with on-chip local memory): a TM x TN tile of C per
// work-group, TK along K per local-memory step, RM x RN elements per work-item; 16 x 16 work-items each.
// The 64 x 64 tile first, the size textbook SGEMMs start from (H100 figures: docs/perf/nvidia_h100.md);
// GPU_TUNING_MODE=CREATE picks among the three.
struct Tile {
    int64_t m, n, k, rm, rn;
};
constexpr Tile kTiles[] = {{64, 64, 16, 4, 4}, {128, 128, 16, 8, 8}, {32, 32, 16, 2, 2}};
constexpr size_t kTileWorkItems = 256;

// matmul_gemv (kernels_cl/matmul_gemv.cl): up to kGemvRows rows of A on GPUs, a work-group of 256 per few columns.
// With B's k contiguous (a transposed B): 32 work-items along k per output (a warp reads 128 contiguous bytes), 8
// outputs per group; with B's rows contiguous: 16 outputs per group, 16 slices of K. Not measured on a GPU yet.
struct GemvShape {
    int64_t x, y;
};
constexpr GemvShape kGemvKInner{32, 8}, kGemvNInner{16, 16};
constexpr int64_t kGemvRows = 4;

// A matrix operand as strides: element (r, c) at r * row + c * col, one matrix every `size` elements.
struct Strided {
    int64_t row = 0, col = 0, size = 0;
};

struct Geometry {
    host_ref::MatMulDims d;
    int64_t M = 1, N = 1, K = 1;
    Strided a, b;  // A(i, k), B(k, j)
};

Geometry geometry(const Node& node) {
    Geometry g;
    g.d = host_ref::matmul_dims(node.get_input_shape(0), node.get_input_shape(1),
                                node.get_attr<bool>("transpose_a", false), node.get_attr<bool>("transpose_b", false));
    g.M = static_cast<int64_t>(g.d.M);
    g.N = static_cast<int64_t>(g.d.N);
    g.K = static_cast<int64_t>(g.d.K);
    g.a = g.d.transpose_a ? Strided{1, g.M, g.M * g.K} : Strided{g.K, 1, g.M * g.K};
    g.b = g.d.transpose_b ? Strided{1, g.K, g.K * g.N} : Strided{g.N, 1, g.K * g.N};
    return g;
}

int64_t round_up(int64_t x, int64_t m) { return (x + m - 1) / m * m; }

// Per batch of C: the element offsets of its first and second kernel operand ([batches, 2] i32).
Tensor batch_offsets(const host_ref::MatMulDims& d, int64_t first_size, int64_t second_size, bool swapped) {
    const Shape& out = d.batch_out;
    const Strides sa = host_ref::broadcast_strides(d.batch_a, out), sb = host_ref::broadcast_strides(d.batch_b, out);
    const size_t batches = shape_size(out);
    Tensor t(element::i32, Shape{batches, 2});
    int32_t* dst = t.data<int32_t>();
    for (size_t bi = 0; bi < batches; ++bi) {
        size_t oa = 0, ob = 0, rem = bi;
        for (size_t ax = out.size(); ax-- > 0;) {
            const size_t i = rem % out[ax];
            rem /= out[ax];
            oa += i * sa[ax];
            ob += i * sb[ax];
        }
        const int64_t first = static_cast<int64_t>(swapped ? ob : oa), second = static_cast<int64_t>(swapped ? oa : ob);
        dst[2 * bi] = static_cast<int32_t>(first * first_size);
        dst[2 * bi + 1] = static_cast<int32_t>(second * second_size);
    }
    return t;
}

// pack_b's copy for one element size; the loops follow whichever of B's axes is contiguous (import and compile
// repack every constant B: megabytes).
template <typename T>
void pack_panels(const T* src, T* dst, const Geometry& g, int64_t batches, int64_t panels, int64_t cols) {
    for (int64_t bb = 0; bb < batches; ++bb)
        for (int64_t p = 0; p < panels; ++p) {
            const int64_t n = std::min(cols, g.N - p * cols);
            const T* in = src + bb * g.b.size + p * cols * g.b.col;
            T* out = dst + (bb * panels + p) * g.K * cols;
            if (g.b.col == 1) {
                for (int64_t k = 0; k < g.K; ++k)
                    std::copy(in + k * g.b.row, in + k * g.b.row + n, out + k * cols);
            } else {
                for (int64_t j = 0; j < n; ++j)
                    for (int64_t k = 0; k < g.K; ++k)
                        out[k * cols + j] = in[j * g.b.col + k * g.b.row];
            }
        }
}

// B (k, j) -> [batch_b][N / NB][K][NB], zero past N: each panel of matmul_panel one contiguous stream.
Tensor pack_b(const Tensor& weights, const Geometry& g, int64_t cols = kCols) {
    Tensor dense = weights;
    if (!weights.is_continuous()) {
        dense = Tensor(weights.get_element_type(), weights.get_shape());
        weights.copy_to(dense);
    }
    const int64_t panels = round_up(g.N, cols) / cols, batches = static_cast<int64_t>(shape_size(g.d.batch_b));
    Tensor out(dense.get_element_type(), Shape{static_cast<size_t>(batches * panels * g.K * cols)});
    if (g.N % cols)
        std::memset(out.data(), 0, out.get_byte_size());  // the last panel's padding: 0 is +0.0 in f32 and f16
    const auto pack = [&](auto element) {
        using T = decltype(element);
        pack_panels(static_cast<const T*>(dense.data()), static_cast<T*>(out.data()), g, batches, panels, cols);
    };
    switch (dense.get_element_type().size()) {
    case 1: pack(uint8_t{}); break;
    case 2: pack(uint16_t{}); break;
    case 4: pack(uint32_t{}); break;
    case 8: pack(uint64_t{}); break;
    default: raise<NotImplemented>("GPU MatMul: packing a constant B of ", dense.get_element_type());
    }
    return out;
}

// A float kernel variant: matmul_panel with RB rows x NV float16 vectors of columns, or matmul_dot (4 x 4);
// `repack`: a variable B packed first by matmul_pack_b into a scratch buffer, then read as a Constant B is;
// `tile`: matmul_tiled with kTiles[tile - 1].
struct Variant {
    bool dot = false;
    int64_t rows = kRows, vectors = kVectors;
    bool repack = false;
    size_t tile = 0;
    bool gemv = false;
    int64_t cols() const { return 16 * vectors; }
};

// matmul_gemv's work-group for B's strides: along k where B's k is contiguous and its columns are not.
bool gemv_k_inner(const Geometry& g) { return g.b.row == 1 && g.b.col != 1; }
GemvShape gemv_shape(const Geometry& g) { return gemv_k_inner(g) ? kGemvKInner : kGemvNInner; }

std::string build_options(element::Type type, const Variant& v, const Geometry& g) {
    const bool f16 = type == element::f16;
    std::string o = define("T", cl_type(type)) + " " + define("F16", f16 ? 1 : 0) + " " + define("RB", v.rows) +
                    " " + define("NV", v.vectors) + " " + define("RD", kDotRows) + " " + define("CD", kDotCols);
    if (v.tile) {  // the program holds the other kernels too: their options stay
        const Tile& t = kTiles[v.tile - 1];
        o += " " + define("TM", t.m) + " " + define("TN", t.n) + " " + define("TK", t.k) + " " + define("RM", t.rm) +
             " " + define("RN", t.rn);
    }
    if (v.gemv)
        o += " " + define("GV_X", gemv_shape(g).x) + " " + define("GV_Y", gemv_shape(g).y) + " " +
             define("GV_K_INNER", gemv_k_inner(g) ? 1 : 0) + " " + define("GV_M", g.M);
    return o;
}

// How the float kernels can read the operands.
struct Access {
    bool b_constant = false;  // B packed once into panels
    bool dot_ok = false;      // both operands contiguous along K
    bool panel_ok = false;    // B contiguous along N (or packed): matmul_panel as it is
    bool swapped = false;     // neither: C^T = B^T A^T through matmul_panel
};

Access access_of(const Node& node, const Geometry& g) {
    Access a;
    a.b_constant = node.input_value(1).node->is_constant();
    a.dot_ok = g.a.col == 1 && g.b.row == 1;
    a.panel_ok = a.b_constant || g.b.col == 1;
    return a;
}

// Packing a variable B at run time (matmul_pack_b / matmul_pack_bt into a scratch buffer, then matmul_panel as for a
// Constant B) costs one pass over B and buys unit-stride panel reads. It pays for B as stored once B's panels span
// more pages than the TLB holds, for a transposed B from M = 256. Narrow outputs (N < 32) stay on matmul_dot: a
// panel would be mostly padding. Figures: docs/tuning.md, "MatMul: packing a variable B at run time".
bool repack_pays(const Geometry& g) {
    if (g.N < kCols)
        return false;
    if (g.b.col == 1)  // B contiguous along N
        return g.M >= 128 && g.K * g.N >= (int64_t(1) << 22);
    return g.M >= 256 && g.K * g.N >= (int64_t(1) << 16);
}

// The register-blocked float candidates, the heuristic's first (shapes only: the float16 register blocks serve every
// device, see convolution.cpp's choose_block). A variable B large enough (repack_pays) is packed at run time and
// read by the panel kernel as a Constant B is; else matmul_dot wastes no lanes on narrow outputs (matrix x vector)
// and reads a transposed variable B in place; the panel kernel (8 x 32) serves everything else. Then the panel
// blocks as fast as 8 x 32 (4x48, 6x48, 4x32: docs/tuning.md), the other kernel where the operands allow it, and for
// a variable B the run-time packing (8 x 32) when the rule did not pick it.
std::vector<Variant> register_block_variants(const Geometry& g, const Access& a) {
    const std::vector<Variant> panels = {{false, 8, 2}, {false, 4, 3}, {false, 6, 3}, {false, 4, 2}};
    const Variant repack{false, kRows, kVectors, true};
    std::vector<Variant> v;
    if (!a.b_constant && repack_pays(g)) {
        v.push_back(repack);
        if (a.panel_ok)
            v.insert(v.end(), {panels[0], panels[3]});
        if (a.dot_ok)
            v.push_back({true, kDotRows, 0});
        if (!a.panel_ok && !a.dot_ok)  // both transposed: C^T = B^T A^T in place
            v.push_back(panels[0]);
        return v;
    }
    if (a.dot_ok && (g.N < kCols / 2 || (g.d.transpose_b && !a.b_constant) || !a.panel_ok)) {
        v.push_back({true, kDotRows, 0});
        if (a.panel_ok)
            v.insert(v.end(), {panels[0], panels[3]});
    } else {
        v = panels;
        // Up to 4 rows (a classifier, a decoder's step) the 4-row panel holds all of them where 8 rows would
        // compute 4 to 7 for nothing (docs/tuning.md, "MatMul: register blocks").
        if (g.M <= 4)
            std::swap(v[0], v[1]);
        if (a.dot_ok)
            v.push_back({true, kDotRows, 0});
    }
    if (!a.b_constant)
        v.push_back(repack);
    return v;
}

// The float candidates for `device`: where matmul_tiles_pay the tiles first, then the register-blocked ones for the
// tuner to compare; elsewhere the register-blocked ones alone.
std::vector<Variant> float_variants(const Geometry& g, const Access& a, const DeviceInfo& device) {
    std::vector<Variant> v;
    if (matmul_tiles_pay(device) && g.M <= kGemvRows) {
        Variant gemv;
        gemv.gemv = true;
        v.push_back(gemv);
    }
    if (matmul_tiles_pay(device))
        for (size_t t = 1; t <= std::size(kTiles); ++t)
            v.push_back(Variant{false, kRows, kVectors, false, t});
    const std::vector<Variant> blocks = register_block_variants(g, a);
    v.insert(v.end(), blocks.begin(), blocks.end());
    return v;
}

std::string variant_name(const Variant& v, const Geometry& g) {
    if (v.gemv)
        return "gemv_" + std::to_string(gemv_shape(g).x) + "x" + std::to_string(gemv_shape(g).y);
    if (v.tile) {
        const Tile& t = kTiles[v.tile - 1];
        return "tiled_" + std::to_string(t.m) + "x" + std::to_string(t.n);
    }
    return v.dot ? "dot_" + std::to_string(kDotRows) + "x" + std::to_string(kDotCols)
                 : "panel_" + std::to_string(v.rows) + "x" + std::to_string(v.cols()) + (v.repack ? "_repack" : "");
}

bool is_integer(element::Type type) { return type == element::i32 || type == element::i64; }

// B read in place through its strides: input 1, or a Constant B as stored (a dense copy of it, constant 1).
KernelArg b_as_stored(const Node& node, bool b_constant, OpConfig& cfg) {
    if (!b_constant)
        return KernelArg::input(1);
    const Tensor& src = node.input_value(1).node->get_constant_value();
    Tensor dense(src.get_element_type(), src.get_shape());
    src.copy_to(dense);
    cfg.constants.push_back(dense);
    return KernelArg::constant(1);
}

// Integer MatMul: matmul_int over A in place and B in place (any strides) or, when B is a Constant, packed into the
// panels of pack_b (vector loads of B whether it is transposed or not).
OpConfig configure_int(const Node& node, const DeviceInfo& device, const Geometry& g) {
    const element::Type type = node.get_input_element_type(0);
    const int64_t cols = type == element::i64 ? 8 : 16;
    const bool packed = node.input_value(1).node->is_constant();
    const int64_t padded = round_up(g.N, kCols);
    auto i32 = [](int64_t v) { return KernelArg::scalar<cl_int>(static_cast<cl_int>(v)); };
    auto blocks = [](int64_t n, int64_t b) { return static_cast<size_t>((n + b - 1) / b); };

    OpConfig cfg;
    cfg.constants.push_back(batch_offsets(g.d, g.a.size, packed ? padded * g.K : g.b.size, false));
    if (packed)
        cfg.constants.push_back(pack_b(node.input_value(1).node->get_constant_value(), g));
    KernelLaunch l;
    l.source = stem::matmul;
    l.entry = "matmul_int";
    l.options = define("T", cl_type(type)) + " " + define("U", type == element::i64 ? "ulong" : "uint") + " " +
                define("INT", 1) + " " + define("RI", kIntRows) + " " + define("CI", cols) + " " + define("PW", kCols);
    l.args = {KernelArg::input(0),
              packed ? KernelArg::constant(1) : KernelArg::input(1),
              KernelArg::output(0),
              KernelArg::constant(0),
              i32(g.M), i32(g.N), i32(g.K), i32(g.a.row), i32(g.a.col),
              i32(packed ? g.K : g.b.col), i32(packed ? kCols : g.b.row), i32(packed ? 1 : g.b.col),
              i32(packed ? padded : g.N)};
    l.local = device.is_gpu ? std::vector<size_t>{8, 8, 1} : std::vector<size_t>{1, 1, 1};
    l.global = {blocks(g.M, kIntRows), blocks(g.N, cols), static_cast<size_t>(shape_size(g.d.batch_out))};
    for (size_t i = 0; i < l.global.size(); ++i)
        l.global[i] = (l.global[i] + l.local[i] - 1) / l.local[i] * l.local[i];
    cfg.launches.push_back(std::move(l));
    cfg.impl_name = "matmul_int_" + std::to_string(kIntRows) + "x" + std::to_string(cols) + (packed ? "_packed" : "");
    return cfg;
}

}  // namespace

bool matmul_tiles_pay(const DeviceInfo& device) {
    return device.gpu_kernels && device.max_work_group_size >= kTileWorkItems;
}

bool half_compute(element::Type type, const DeviceInfo& device) { return type == element::f16 && device.fp16; }

KernelLaunch matmul_tiled_launch(element::Type type, bool half, size_t tile, const KernelArg& a, const KernelArg& b,
                                 int64_t M, int64_t N, int64_t K, int64_t sa_m, int64_t sa_k, int64_t sb_k,
                                 int64_t sb_n, size_t batches) {
    const Tile& t = kTiles[std::min(tile, std::size(kTiles) - 1)];
    auto i32 = [](int64_t x) { return KernelArg::scalar<cl_int>(static_cast<cl_int>(x)); };
    KernelLaunch l;
    l.source = stem::matmul;
    l.entry = "matmul_tiled";
    l.options = build_options(type, Variant{false, kRows, kVectors, false, tile + 1}, Geometry{});
    if (half)
        l.options += " " + define("HC", 1);
    l.args = {a, b, KernelArg::output(0), KernelArg::constant(0), i32(M), i32(N), i32(K),
              i32(sa_m), i32(sa_k), i32(sb_k), i32(sb_n)};
    l.local = {static_cast<size_t>(t.n / t.rn), static_cast<size_t>(t.m / t.rm), 1};
    l.global = {static_cast<size_t>((N + t.n - 1) / t.n) * l.local[0],
                static_cast<size_t>((M + t.m - 1) / t.m) * l.local[1], batches};
    return l;
}

Validation MatMulOp::validate(const Node& node, const DeviceInfo&) const {
    const element::Type type = node.get_input_element_type(0);
    if (type != element::f32 && type != element::f16 && !is_integer(type))
        return Validation::no("the OpenCL MatMul supports f32, f16, i32 and i64, not " +
                              type.get_type_name());
    if (is_integer(type) && is_fused(node))
        return Validation::no("the fused bias + activation epilogue computes in f32: no integer FusedMatMul");
    Geometry g;
    try {
        g = geometry(node);
    } catch (const Exception& e) {
        return Validation::no(e.what());
    }
    // B packed into panels (at compile time, or at run time into a scratch buffer), with the most padding of any width
    const int64_t padded = std::max(round_up(g.N, 48), round_up(g.N, kCols));
    const int64_t packed = static_cast<int64_t>(shape_size(g.d.batch_b)) * padded * g.K;
    const int64_t largest = std::max({static_cast<int64_t>(shape_size(node.get_input_shape(0))),
                                      static_cast<int64_t>(shape_size(node.get_input_shape(1))),
                                      static_cast<int64_t>(shape_size(node.get_output_shape(0))), packed});
    if (largest > INT_MAX)
        return Validation::no("a tensor of 2^31 elements or more (the kernels index with 32-bit integers)");
    return validate_epilogue(node);
}

std::vector<std::string> MatMulOp::candidate_names(const Node& node, const DeviceInfo& device) const {
    if (is_integer(node.get_input_element_type(0)))
        return {"int_" + std::to_string(kIntRows)};
    const Geometry g = geometry(node);
    std::vector<std::string> names;
    for (const Variant& v : float_variants(g, access_of(node, g), device))
        names.push_back(variant_name(v, g));
    return names;
}

OpConfig MatMulOp::configure(const Node& node, const DeviceInfo& device) const {
    return configure_candidate(node, device, 0);
}

OpConfig MatMulOp::configure_candidate(const Node& node, const DeviceInfo& device, size_t index) const {
    const Geometry g = geometry(node);
    const element::Type type = node.get_input_element_type(0);
    if (is_integer(type))
        return configure_int(node, device, g);
    const auto batches = static_cast<size_t>(shape_size(g.d.batch_out));
    const Access access = access_of(node, g);
    const std::vector<Variant> variants = float_variants(g, access, device);
    const Variant v = variants.at(std::min(index, variants.size() - 1));
    const bool b_constant = access.b_constant, packed = b_constant || v.repack;
    const int64_t rows = v.rows, cols = v.cols();
    auto i32 = [](int64_t x) { return KernelArg::scalar<cl_int>(static_cast<cl_int>(x)); };
    auto blocks = [](int64_t n, int64_t b) { return static_cast<size_t>((n + b - 1) / b); };

    OpConfig cfg;
    KernelLaunch l;
    bool swapped = false;
    l.source = stem::matmul;
    l.options = build_options(type, v, g);
    // Fixed local sizes (PoCL compiles once per kernel and local size): one work-item per group on CPU devices,
    // which run a group's work-items one after another anyway; 8 x 8 on GPUs, the global size rounded up to it
    // (the kernels return early past M and N).
    l.local = device.is_gpu ? std::vector<size_t>{8, 8, 1} : std::vector<size_t>{1, 1, 1};
    if (v.tile) {
        cfg.constants.push_back(batch_offsets(g.d, g.a.size, g.b.size, false));
        const KernelArg b_arg = b_as_stored(node, b_constant, cfg);
        const bool half = half_compute(type, device);
        l = matmul_tiled_launch(type, half, v.tile - 1, KernelArg::input(0), b_arg, g.M, g.N, g.K, g.a.row,
                                g.a.col, g.b.row, g.b.col, batches);
        cfg.impl_name = "matmul_" + variant_name(v, g) + (half ? "_half" : "");
    } else if (v.gemv) {
        cfg.constants.push_back(batch_offsets(g.d, g.a.size, g.b.size, false));
        const KernelArg b_arg = b_as_stored(node, b_constant, cfg);
        const GemvShape s = gemv_shape(g);
        l.entry = "matmul_gemv";
        l.args = {KernelArg::input(0), b_arg, KernelArg::output(0), KernelArg::constant(0), i32(g.M), i32(g.N),
                  i32(g.K), i32(g.a.row), i32(g.a.col), i32(g.b.row), i32(g.b.col)};
        l.local = {static_cast<size_t>(s.x), static_cast<size_t>(s.y), 1};
        const size_t groups = blocks(g.N, gemv_k_inner(g) ? s.y : s.x);
        l.global = {groups * l.local[0], l.local[1], batches};
        cfg.impl_name = "matmul_" + variant_name(v, g);
    } else if (v.dot) {
        cfg.constants.push_back(batch_offsets(g.d, g.a.size, g.b.size, false));
        l.entry = "matmul_dot";
        l.args = {KernelArg::input(0), KernelArg::input(1), KernelArg::output(0), KernelArg::constant(0),
                  i32(g.M),            i32(g.N),            i32(g.K),             i32(g.a.row),
                  i32(g.b.col),        i32(g.N),            i32(1)};
        l.global = {blocks(g.M, kDotRows), blocks(g.N, kDotCols), batches};
        cfg.impl_name = "matmul_dot_" + std::to_string(kDotRows) + "x" + std::to_string(kDotCols);
    } else if (packed || access.panel_ok) {
        const int64_t padded = round_up(g.N, cols);
        const int64_t b_size = packed ? padded * g.K : g.b.size;
        cfg.constants.push_back(batch_offsets(g.d, g.a.size, b_size, false));
        KernelArg b_arg = KernelArg::input(1);
        if (b_constant) {
            cfg.constants.push_back(pack_b(node.input_value(1).node->get_constant_value(), g, cols));
            b_arg = KernelArg::constant(1);
        } else if (v.repack) {
            const auto matrices = static_cast<size_t>(shape_size(g.d.batch_b));
            cfg.scratch.push_back(matrices * static_cast<size_t>(padded * g.K) * type.size());
            // matmul_pack_b copies rows of B (a panel x kPackRows per work-item); matmul_pack_bt transposes 16 x 16
            // tiles of a transposed B (16 columns x all of K per work-item).
            KernelLaunch pack;
            pack.source = stem::matmul;
            pack.entry = g.b.col == 1 ? "matmul_pack_b" : "matmul_pack_bt";
            pack.args = {KernelArg::input(1), KernelArg::scratch(0), i32(g.N), i32(g.K),
                         i32(g.b.col == 1 ? g.b.row : g.b.col), i32(g.b.size)};
            pack.local = l.local;
            pack.global = g.b.col == 1 ? std::vector<size_t>{blocks(g.N, cols), blocks(g.K, kPackRows), matrices}
                                       : std::vector<size_t>{blocks(g.N, cols) * v.vectors, 1, matrices};
            cfg.launches.push_back(std::move(pack));  // its options: the compute launch's, set below (one program)
            b_arg = KernelArg::scratch(0);
        }
        l.entry = "matmul_panel";
        l.args = {KernelArg::input(0),
                  b_arg,
                  KernelArg::output(0),
                  KernelArg::constant(0),
                  i32(g.M), i32(g.N), i32(g.K), i32(g.a.row), i32(g.a.col),
                  i32(packed ? g.K : 1), i32(packed ? cols : g.b.row), i32(packed ? padded : g.N),
                  i32(g.N), i32(1)};
        l.global = {blocks(g.M, rows), blocks(g.N, cols), batches};
        cfg.impl_name = "matmul_panel_" + std::to_string(rows) + "x" + std::to_string(cols) +
                        (b_constant ? "_packed" : v.repack ? "_repacked" : "");
    } else {
        // Both transposed, B variable: C^T = B^T A^T, whose second operand (A^T) is contiguous along its columns.
        swapped = true;
        // Kernel operands: first (j, k) = B(k, j), second (k, i) = A(i, k); C^T (j, i) lands at C[i * N + j].
        cfg.constants.push_back(batch_offsets(g.d, g.b.size, g.a.size, true));
        l.entry = "matmul_panel";
        l.args = {KernelArg::input(1), KernelArg::input(0), KernelArg::output(0), KernelArg::constant(0),
                  i32(g.N), i32(g.M), i32(g.K), i32(g.b.col), i32(g.b.row),
                  i32(1), i32(g.a.col), i32(g.M),
                  i32(1), i32(g.N)};
        l.global = {blocks(g.N, rows), blocks(g.M, cols), batches};
        cfg.impl_name = "matmul_panel_" + std::to_string(rows) + "x" + std::to_string(cols) + "_swapped";
    }
    if (is_fused(node)) {  // bias per column of C, zero-padded for whole-panel loads; per kernel row when swapped
        const auto n = static_cast<size_t>(g.N);
        const bool dense = swapped || v.dot || v.tile || v.gemv;
        cfg.constants.push_back(channel_bias(node, n, dense ? n : static_cast<size_t>(round_up(g.N, cols))));
        l.options += epilogue_options(node, swapped ? 2 : 1, device, cfg.constants.back());
        add_epilogue_args(node, cfg.constants.size() - 1, l);
        cfg.impl_name += has_residual(node) ? "_fused_res" : "_fused";
    }
    for (size_t i = 0; i < l.global.size(); ++i)
        l.global[i] = (l.global[i] + l.local[i] - 1) / l.local[i] * l.local[i];
    for (KernelLaunch& pack : cfg.launches) {  // the packing launch, if any: same program as the compute launch
        pack.options = l.options;
        for (size_t i = 0; i < pack.global.size(); ++i)
            pack.global[i] = (pack.global[i] + pack.local[i] - 1) / pack.local[i] * pack.local[i];
    }
    cfg.launches.push_back(std::move(l));
    return cfg;
}

}  // namespace gpu
}  // namespace ovcl
