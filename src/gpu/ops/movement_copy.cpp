#include "ops/movement_copy.hpp"

#include <algorithm>

#include "host_ref/ref_utils.hpp"

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
    l.source = "movement";
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
