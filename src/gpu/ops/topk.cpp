#include "ops/topk.hpp"

#include <algorithm>
#include <limits>

#include "kernel_stems.hpp"
#include "shape_infer/topk_infer.hpp"

namespace ovcl {
namespace gpu {

namespace {

constexpr size_t kMaxPrivate = 128;     // k up to this: insertion into a private list, else a merge sort of the chunk
constexpr size_t kMaxChunks = 16;       // chunks per line (topk.cl GMAX): topk_merge picks among their heads
constexpr size_t kMinChunkGpu = 2048;   // elements a chunk has at least (GPUs)...
constexpr size_t kMinChunkCpu = 16384;  // ...(CPU devices: a second launch costs PoCL as much as scanning ~16k)...
constexpr size_t kChunkPerK = 8;        // ...and at least 8 k, so that the merge stays small against the scan
constexpr size_t kElementsPerItem = 2048;  // CPU devices: the work a work-item should have at least
constexpr size_t kItemsPerUnit = 4;        // CPU devices: work-items per compute unit worth spreading over
constexpr size_t kGpuItems = 64;           // GPUs: work-items per compute unit worth spreading over
constexpr size_t kLocalGpu = 64;
constexpr size_t kIndexLimit = static_cast<size_t>(std::numeric_limits<cl_int>::max());

struct Plan {
    size_t n = 0, inner = 1, lines = 0, k = 0;
    size_t chunks = 1, chunk = 0, slot = 0;
    bool insert = true, direct = false;
};

size_t topk_axis(const Node& node) {
    const auto rank = static_cast<int64_t>(node.get_input_shape(0).size());
    const int64_t axis = shape_infer::topk_attrs(node).axis;
    return static_cast<size_t>(axis < 0 ? axis + rank : axis);
}

Plan plan_topk(const Node& node, const DeviceInfo& device) {
    const Shape& s = node.get_input_shape(0);
    const size_t axis = topk_axis(node);
    Plan p;
    p.n = s[axis];
    p.k = node.get_output_shape(0)[axis];
    for (size_t d = axis + 1; d < s.size(); ++d)
        p.inner *= s[d];
    p.lines = p.n == 0 ? 0 : shape_size(s) / p.n;
    p.insert = p.k <= kMaxPrivate;
    const size_t target = device.compute_units * (device.is_gpu ? kGpuItems : kItemsPerUnit);
    const size_t min_chunk = std::max(device.is_gpu ? kMinChunkGpu : kMinChunkCpu, kChunkPerK * p.k);
    const size_t by_work = std::max<size_t>(1, p.n / min_chunk);
    const size_t wanted = (target + std::max<size_t>(p.lines, 1) - 1) / std::max<size_t>(p.lines, 1);
    p.chunks = std::clamp<size_t>(std::min(by_work, wanted), 1, kMaxChunks);
    p.chunk = std::max<size_t>(1, (p.n + p.chunks - 1) / p.chunks);
    p.chunks = std::max<size_t>(1, (p.n + p.chunk - 1) / p.chunk);
    p.direct = p.insert && p.chunks == 1 && shape_infer::topk_attrs(node).sort != shape_infer::TopKAttrs::Sort::index;
    p.slot = p.insert ? p.k : 2 * p.chunk;
    return p;
}

// Units per work-item: on CPU devices enough for kElementsPerItem, while keeping work-items for every core.
size_t units_per_item(size_t units, size_t unit_elements, const DeviceInfo& device) {
    if (device.is_gpu)
        return 1;
    const size_t spread = std::max<size_t>(1, units / (kItemsPerUnit * std::max<cl_uint>(1, device.compute_units)));
    return std::clamp<size_t>(kElementsPerItem / std::max<size_t>(1, unit_elements), 1, spread);
}

KernelLaunch launch(const std::string& entry, const std::string& options, std::vector<KernelArg> args,
                    const Plan& p, size_t units, size_t unit_elements, const DeviceInfo& device) {
    const size_t per_item = units_per_item(units, unit_elements, device);
    for (size_t v : {p.n, p.inner, p.k, p.chunk, p.chunks, units, per_item, p.slot})
        args.push_back(KernelArg::scalar<cl_int>(static_cast<cl_int>(v)));
    const size_t items = (units + per_item - 1) / per_item;
    const size_t local = device.is_gpu ? std::min(kLocalGpu, device.max_work_group_size) : 1;
    return {stem::topk, entry, options, std::move(args), {(items + local - 1) / local * local}, {local}};
}

// -DKPRIV: k rounded up to a power of two, so that nearby k share a program.
std::string private_capacity(size_t k) {
    size_t cap = 4;
    while (cap < k)
        cap *= 2;
    return define("KPRIV", static_cast<long long>(cap));
}

}  // namespace

Validation TopKOp::validate(const Node& node, const DeviceInfo& device) const {
    const element::Type t = node.get_input_element_type(0);
    if (t != element::f32 && t != element::f16 && t != element::i32 && t != element::i64)
        return Validation::no("TopK on " + t.get_type_name() + ": the kernels take f32, f16, i32 and i64");
    if (node.get_input_partial_shape(0).is_dynamic())
        return Validation::no("TopK on data of a dynamic shape");
    if (node.get_output_partial_shape(0).is_dynamic())
        return Validation::no("k (input 1) is not a Constant: the output shape depends on its value");
    if (shape_size(node.get_input_shape(0)) >= kIndexLimit)
        return Validation::no("the TopK kernels index with 32-bit integers: tensors must have fewer than 2^31 "
                              "elements");
    const Plan p = plan_topk(node, device);
    if (p.lines * p.chunks * std::max<size_t>(p.slot, 1) >= kIndexLimit)
        return Validation::no("the TopK kernels' lists of candidates would have 2^31 entries or more");
    return Validation::yes();
}

OpConfig TopKOp::configure(const Node& node, const DeviceInfo& device) const {
    const Plan p = plan_topk(node, device);
    const auto attrs = shape_infer::topk_attrs(node);
    const element::Type t = node.get_input_element_type(0);
    const bool half = t == element::f16, real = half || t == element::f32;
    std::string opt = define("DATA", half ? "ushort" : cl_type(t)) + " " + define("KEY", real ? "float" : cl_type(t)) +
                      " " + define("IDX", cl_type(node.get_output_element_type(1))) + " " +
                      define("MODE_MAX", attrs.max ? 1 : 0) + (half ? " -DIO_HALF" : "") + (real ? " -DFLOAT_KEY" : "");
    OpConfig c;
    c.impl_name = std::string("topk_") + (p.insert ? "insert" : "sort") + (p.chunks > 1 ? "_chunks" : "") +
                  (half ? "_f16" : "");
    if (p.k == 0 || p.lines == 0)
        return c;
    const size_t units = p.lines * p.chunks;
    if (p.direct) {
        const std::vector<KernelArg> io{KernelArg::input(0), KernelArg::output(0), KernelArg::output(1)};
        c.launches.push_back(
            launch("topk_insert", opt + " " + private_capacity(p.k) + " -DDIRECT", io, p, units, p.chunk, device));
        return c;
    }
    const size_t key_size = real ? sizeof(cl_float) : t.size();
    c.scratch = {units * p.slot * key_size, units * p.slot * sizeof(cl_int)};
    const std::vector<KernelArg> lists{KernelArg::scratch(0), KernelArg::scratch(1)};
    std::vector<KernelArg> first{KernelArg::input(0)};
    first.insert(first.end(), lists.begin(), lists.end());
    if (p.insert)
        c.launches.push_back(launch("topk_insert", opt + " " + private_capacity(p.k), first, p,
                                    units, p.chunk, device));
    else
        c.launches.push_back(launch("topk_sort", opt, first, p, units, p.chunk, device));
    std::vector<KernelArg> merge{KernelArg::input(0), KernelArg::output(0), KernelArg::output(1)};
    merge.insert(merge.end(), lists.begin(), lists.end());
    const bool by_index = attrs.sort == shape_infer::TopKAttrs::Sort::index;
    c.launches.push_back(launch("topk_merge", opt + (by_index ? " -DSORT_INDEX" : ""), merge, p, p.lines,
                                p.k * p.chunks + (by_index ? p.n : 0), device));
    return c;
}

}  // namespace gpu
}  // namespace ovcl
