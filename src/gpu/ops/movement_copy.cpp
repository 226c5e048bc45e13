#include "ops/movement_copy.hpp"

#include <algorithm>

#include "host_ref/ref_utils.hpp"
#include "kernel_stems.hpp"

namespace ovcl {
namespace gpu {
namespace movement {

namespace {
cl_int to_int(int64_t v) { return static_cast<cl_int>(v); }
}  // namespace

std::string options_for(element::Type type) {
    switch (type.size()) {
    case 1: return define("T", "uchar");
    case 2: return define("T", "ushort");
    case 4: return define("T", "uint");
    case 8: return define("T", "ulong");
    default: raise<NotImplemented>("movement kernels: no word type for ", type);
    }
}

KernelLaunch launch_1d(const std::string& entry, element::Type type, int64_t total) {
    KernelLaunch l;
    l.source = stem::movement;
    l.entry = entry;
    l.options = options_for(type);
    const size_t n = static_cast<size_t>(total);
    l.global = {(n + kLocal - 1) / kLocal * kLocal};
    l.local = {kLocal};
    return l;
}

int64_t product(const Shape& s, size_t from, size_t to) {
    int64_t n = 1;
    for (size_t i = from; i < to; ++i)
        n *= static_cast<int64_t>(s[i]);
    return n;
}

Validation check_sizes(const Node& node) {
    auto too_big = [](const Shape& s) { return static_cast<int64_t>(shape_size(s)) > kMaxElements; };
    for (size_t i = 0; i < node.get_input_size(); ++i)
        if (too_big(node.get_input_shape(i)))
            return Validation::no("input " + std::to_string(i) + " has more than 2^31-1 elements (the kernels " +
                                  "index with 32-bit ints)");
    for (size_t i = 0; i < node.get_output_size(); ++i)
        if (too_big(node.get_output_shape(i)))
            return Validation::no("output " + std::to_string(i) + " has more than 2^31-1 elements (the kernels " +
                                  "index with 32-bit ints)");
    for (size_t i = 0; i < node.get_output_size(); ++i)
        if (node.get_output_element_type(i).size() == 0 || node.get_output_element_type(i).size() > 8)
            return Validation::no("element type " + node.get_output_element_type(i).to_string() +
                                  " is not 1, 2, 4 or 8 bytes");
    return Validation::yes();
}

const Tensor* constant_input(const Node& node, size_t i) {
    if (i >= node.get_input_size())
        return nullptr;
    const auto& producer = node.input_value(i).node;
    return producer && producer->is_constant() ? &producer->get_constant_value() : nullptr;
}

bool constant_ints(const Node& node, size_t i, std::vector<int64_t>& values) {
    const Tensor* t = constant_input(node, i);
    if (!t || !t->get_element_type().is_static() || t->get_element_type().is_real())
        return false;
    values = host_ref::to_i64(*t);
    return true;
}

void MappedCopy::add_axis(int64_t extent, int64_t stride) {
    Axis a;
    a.extent = a.source_extent = extent;
    a.stride = stride;
    m_axes.push_back(a);
}

void MappedCopy::add_mapped_axis(int64_t extent, int64_t source_extent, int64_t start, int64_t stride) {
    if (extent == 0 || (start >= 0 && start + extent <= source_extent)) {  // never leaves the source
        m_base += extent == 0 ? 0 : start * stride;
        add_axis(extent, stride);
        return;
    }
    m_axes.push_back({extent, source_extent, start, stride, true});
}

std::vector<MappedCopy::Axis> MappedCopy::simplified() const {
    std::vector<Axis> out;
    for (const Axis& a : m_axes) {
        if (!a.mapped && a.extent == 1)
            continue;
        if (!a.mapped && !out.empty() && !out.back().mapped && out.back().stride == a.extent * a.stride) {
            out.back().extent *= a.extent;
            out.back().source_extent = out.back().extent;
            out.back().stride = a.stride;
            continue;
        }
        out.push_back(a);
    }
    if (out.empty())
        out.push_back(Axis{});
    return out;
}

void MappedCopy::append_to(OpConfig& config, element::Type type, const KernelArg& src, const KernelArg& dst,
                           const KernelArg& fill, Fill mode) const {
    const std::vector<Axis> axes = simplified();
    // Contiguous runs of a vector or more read inside the source: the loop-free copy_runs.
    const bool plain = std::none_of(axes.begin(), axes.end(), [](const Axis& a) { return a.mapped; });
    if (plain && axes.back().stride == 1 && runs_fit(axes.back().extent, axes.size() - 1)) {
        std::vector<RunAxis> runs;
        int64_t dst_stride = axes.back().extent;
        for (size_t a = axes.size() - 1; a-- > 0;) {
            runs.insert(runs.begin(), RunAxis{axes[a].extent, axes[a].stride, dst_stride});
            dst_stride *= axes[a].extent;
        }
        append_runs(config, type, src, dst, m_base, 0, axes.back().extent, runs);
        return;
    }
    int64_t rows = 1;
    for (size_t a = 0; a + 1 < axes.size(); ++a)
        rows *= axes[a].extent;
    const int64_t inner = axes.back().extent;
    const int64_t chunks = (inner + kChunk - 1) / kChunk;
    if (rows * chunks == 0)
        return;
    // Destination strides of the dense output; then the outer axes that read the source in new places
    // (stride != 0) reordered by falling source stride among themselves, so that neighbouring
    // work-items read neighbouring source rows (a stalled load costs more than a scattered store).
    // Broadcast axes keep their places: their rows come from cache and their stores stay in order.
    std::vector<int64_t> dst_stride(axes.size(), 1);
    for (size_t a = axes.size() - 1; a-- > 0;)
        dst_stride[a] = dst_stride[a + 1] * axes[a + 1].extent;
    std::vector<size_t> order(axes.size()), moving;
    for (size_t a = 0; a < order.size(); ++a) {
        order[a] = a;
        if (a + 1 < order.size() && axes[a].stride != 0)
            moving.push_back(a);
    }
    std::vector<size_t> sorted = moving;
    std::stable_sort(sorted.begin(), sorted.end(), [&](size_t x, size_t y) {
        return std::llabs(axes[x].stride) > std::llabs(axes[y].stride);
    });
    for (size_t i = 0; i < moving.size(); ++i)
        order[moving[i]] = sorted[i];
    Tensor geom(element::i32, Shape{axes.size() * 5});
    int32_t* g = geom.data<int32_t>();
    for (size_t a : order) {
        *g++ = to_int(axes[a].extent);
        *g++ = to_int(axes[a].source_extent);
        *g++ = to_int(axes[a].start);
        *g++ = to_int(axes[a].stride);
        *g++ = to_int(dst_stride[a]);
    }
    config.constants.push_back(geom);
    KernelLaunch l = launch_1d("copy_mapped", type, rows * chunks);
    l.args = {src,
              dst,
              fill,
              KernelArg::constant(config.constants.size() - 1),
              KernelArg::scalar(to_int(static_cast<int64_t>(axes.size()))),
              KernelArg::scalar(to_int(m_base)),
              KernelArg::scalar(static_cast<cl_int>(mode)),
              KernelArg::scalar(to_int(chunks)),
              KernelArg::scalar(to_int(rows * chunks))};
    config.launches.push_back(std::move(l));
}

KernelLaunch launch_3d(const std::string& entry, element::Type type, int64_t vectors, int64_t rows, int64_t planes) {
    KernelLaunch l;
    l.source = stem::movement;
    l.entry = entry;
    l.options = options_for(type);
    const auto v = static_cast<size_t>(vectors);
    const size_t lx = v >= 48 ? kLocal : v >= 12 ? 16 : v >= 3 ? 4 : 1, ly = kLocal / lx;
    const auto r = static_cast<size_t>(rows);
    l.global = {(v + lx - 1) / lx * lx, (r + ly - 1) / ly * ly, static_cast<size_t>(planes)};
    l.local = {lx, ly, 1};
    return l;
}

void append_runs(OpConfig& config, element::Type type, const KernelArg& src, const KernelArg& dst, int64_t src_base,
                 int64_t dst_base, int64_t run, std::vector<RunAxis> axes) {
    if (!runs_fit(run, axes.size()))
        raise<Exception>("copy_runs: runs of ", run, " elements over ", axes.size(), " axes");
    if (axes.empty())
        axes.push_back(RunAxis{});
    const RunAxis y = axes.back();
    axes.pop_back();
    int64_t planes = 1;
    std::vector<int32_t> geom;
    for (const RunAxis& a : axes) {
        geom.insert(geom.end(), {to_int(a.extent), to_int(a.src_stride), to_int(a.dst_stride)});
        planes *= a.extent;
    }
    if (planes * y.extent == 0)
        return;
    if (geom.empty())
        geom.assign(3, 1);  // OpenCL has no empty buffers
    Tensor g(element::i32, Shape{geom.size()});
    std::copy(geom.begin(), geom.end(), g.data<int32_t>());
    config.constants.push_back(g);
    const int64_t per_item = run_chunk(run);
    const int64_t vecs = (run + per_item - 1) / per_item;
    KernelLaunch l = launch_3d("copy_runs", type, vecs, y.extent, planes);
    l.args = {src,
              dst,
              KernelArg::constant(config.constants.size() - 1),
              KernelArg::scalar(to_int(static_cast<int64_t>(axes.size()))),
              KernelArg::scalar(to_int(src_base)),
              KernelArg::scalar(to_int(dst_base)),
              KernelArg::scalar(to_int(run)),
              KernelArg::scalar(to_int(vecs)),
              KernelArg::scalar(to_int(y.extent)),
              KernelArg::scalar(to_int(y.src_stride)),
              KernelArg::scalar(to_int(y.dst_stride))};
    config.launches.push_back(std::move(l));
}

RowWork row_work(int64_t rows, int64_t len) {
    RowWork w;
    if (len >= kChunk || len == 0) {
        w.chunks = (len + kChunk - 1) / kChunk;
        w.items = rows * w.chunks;
    } else {
        w.group = kChunk / len;
        w.items = (rows + w.group - 1) / w.group;
    }
    return w;
}

KernelLaunch join_rows(element::Type type, bool split, const KernelArg& joined, const std::vector<KernelArg>& parts,
                       const std::vector<int64_t>& lens, int64_t rows, int64_t off, int64_t pitch) {
    if (parts.empty() || parts.size() > kMaxParts || parts.size() != lens.size())
        raise<Exception>("join_rows: ", parts.size(), " parts of ", lens.size(), " lengths");
    int64_t span = 0;
    cl_int4 len{};
    for (size_t k = 0; k < lens.size(); ++k) {
        len.s[k] = to_int(lens[k]);
        span += lens[k];
    }
    const RowWork w = row_work(rows, span);
    KernelLaunch l = launch_1d(split ? "split_rows" : "concat_rows", type, w.items);
    std::vector<KernelArg> buffers(kMaxParts, parts[0]);  // absent parts: never touched (length 0)
    std::copy(parts.begin(), parts.end(), buffers.begin());
    if (split)
        l.args.push_back(joined);
    l.args.insert(l.args.end(), buffers.begin(), buffers.end());
    if (!split)
        l.args.push_back(joined);
    l.args.push_back(KernelArg::scalar(len));
    for (cl_int v : {to_int(rows), to_int(span), to_int(off), to_int(pitch), to_int(w.chunks), to_int(w.group),
                     to_int(w.items)})
        l.args.push_back(KernelArg::scalar(v));
    return l;
}

}  // namespace movement
}  // namespace gpu
}  // namespace ovcl
