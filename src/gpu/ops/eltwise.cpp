#include "ops/eltwise.hpp"

#include <algorithm>
#include <limits>

#include "host_ref/binary_broadcast.hpp"
#include "kernel_stems.hpp"

namespace ovcl {
namespace gpu {

namespace {

constexpr size_t kLocal = 64;  // fixed work-group size: PoCL compiles one variant per local size
constexpr size_t kUnrolledOuterAxes = 7;  // MAX_Z + 1 in eltwise.cl: more outer axes take -DMANY_AXES

size_t round_up(size_t n, size_t m) { return (n + m - 1) / m * m; }

/// Work-items along a row in a work-group of the broadcast kernel: short rows take several rows per group.
/// Four sizes at most, as PoCL compiles one kernel variant per local size.
size_t group_columns(size_t row_blocks) {
    if (row_blocks >= 48)
        return 64;
    if (row_blocks >= 12)
        return 16;
    return row_blocks >= 3 ? 4 : 1;
}

/// The shape each kernel input is read as, broadcast (numpy) onto the output.
Shape read_shape(const Node& node, size_t i) {
    const Shape out = node.get_output_shape(0);
    Shape s = node.get_input_shape(i);
    const std::string& type = node.get_type_name();
    if (shape_size(s) == 1)
        return {};  // one value for every element (Swish's beta, HardSigmoid's and Selu's parameters, [1] operands)
    if (type == "PRelu" && i == 1) {
        if (s.size() == 1 && out.size() >= 2 && s[0] == out[1]) {  // per channel: along axis 1
            Shape per_channel(out.size(), 1);
            per_channel[1] = s[0];
            return per_channel;
        }
        while (s.size() > out.size())  // leading ones (shape inference checked them)
            s.erase(s.begin());
    }
    return s;
}

bool used(const EltwiseKernel& k, size_t slot) { return slot == kEltwiseOut || slot < k.arity; }

/// Elements per work-item: one 64-byte vector of the widest compute type, 8 or 16 elements.
size_t lanes(const EltwiseKernel& k) {
    size_t widest = 1;
    for (size_t i = 0; i < kEltwiseSlots; ++i)
        if (used(k, i))
            widest = std::max(widest, k.types[i] == "long" || k.types[i] == "ulong" ? size_t(8) : size_t(4));
    return widest == 8 ? 8 : 16;
}

std::string build_options(const EltwiseKernel& k, size_t vec) {
    static const char* names[kEltwiseSlots] = {"A", "B", "C", "D", "E", "F", "O"};
    std::string params;
    for (size_t i = 0; i < k.arity; ++i)
        params += std::string(i ? "," : "") + static_cast<char>('a' + i);
    std::string o = define("VEC", static_cast<long long>(vec)) + " " +
                    define("NARG", static_cast<long long>(k.arity)) + " " + define("OP(" + params + ")", k.op);
    for (size_t i = 0; i < kEltwiseSlots; ++i) {
        if (!used(k, i))
            continue;
        o += " " + define(std::string("T") + names[i], k.types[i]);
        if (k.half[i])
            o += std::string(" -D") + names[i] + "_HALF";
    }
    if (!k.unsigned_type.empty())
        o += " " + define("UA", k.unsigned_type);
    if (k.real)
        o += " -DREAL";
    if (k.temps)
        o += " -DFUSED_TEMPS";
    return o;
}

/// p0 or p1 as a scalar of a's compute type.
KernelArg param(const EltwiseKernel& k, size_t i) {
    const std::string& t = k.types[0];
    if (t == "float")
        return KernelArg::scalar(static_cast<cl_float>(k.params[i]));
    if (t == "int")
        return KernelArg::scalar(static_cast<cl_int>(k.int_params[i]));
    if (t == "long")
        return KernelArg::scalar(static_cast<cl_long>(k.int_params[i]));
    // Types without parameters (bitwise ops): a zero of the size.
    if (t == "uchar" || t == "char")
        return KernelArg::scalar(cl_uchar{0});
    if (t == "ushort" || t == "short")
        return KernelArg::scalar(cl_ushort{0});
    if (t == "uint")
        return KernelArg::scalar(cl_uint{0});
    if (t == "ulong")
        return KernelArg::scalar(cl_ulong{0});
    raise<Exception>("eltwise: no parameter type for ", t);
}

}  // namespace

Validation eltwise_sizes_fit(const Node& node) {
    const size_t limit = std::numeric_limits<cl_uint>::max();
    for (size_t i = 0; i < node.get_input_size(); ++i)
        if (shape_size(node.get_input_shape(i)) > limit)
            return Validation::no("input " + std::to_string(i) + " has 2^32 elements or more");
    if (shape_size(node.get_output_shape(0)) > limit)
        return Validation::no("the output has 2^32 elements or more");
    return Validation::yes();
}

Validation EltwiseOp::validate(const Node& node, const DeviceInfo&) const {
    const EltwiseKernel k = eltwise_kernel(node);
    if (k.op.empty())
        return Validation::no(k.reason);
    return eltwise_sizes_fit(node);
}

OpConfig EltwiseOp::configure(const Node& node, const DeviceInfo& device) const {
    const EltwiseKernel k = eltwise_kernel(node);
    std::vector<size_t> inputs;
    std::vector<Shape> reads;
    for (size_t i = 0; i < k.arity; ++i) {
        inputs.push_back(i);
        reads.push_back(read_shape(node, i));
    }
    return eltwise_config(k, inputs, reads, node.get_output_shape(0), device, "eltwise");
}

OpConfig eltwise_config(const EltwiseKernel& k, const std::vector<size_t>& inputs, const std::vector<Shape>& reads,
                        const Shape& out, const DeviceInfo& device, const std::string& prefix) {
    const size_t vec = lanes(k);
    // Six inputs always: a missing one reads as a scalar and never stops axes from merging.
    std::array<Shape, kEltwiseOut> shapes;
    for (size_t i = 0; i < k.arity; ++i)
        shapes[i] = reads.at(i);
    const auto plan = host_ref::plan_broadcast<kEltwiseOut>(shapes, out);
    const size_t rank = plan.dims.size(), inner = plan.dims.back();

    KernelLaunch l;
    l.source = stem::eltwise;
    l.options = build_options(k, vec);
    if (k.divide_exact)
        l.options += correctly_rounded_division(device);
    for (size_t i = 0; i < k.arity; ++i)
        l.args.push_back(KernelArg::input(inputs.at(i)));
    l.args.push_back(KernelArg::output(0));

    OpConfig config;
    const size_t row_blocks = (inner + vec - 1) / vec;
    const size_t local = std::min(kLocal, device.max_work_group_size);
    // Rows (or a tensor) shorter than one vector: one element a work-item (the _one kernels).
    const bool one = inner < vec;
    const size_t row_items = one ? inner : row_blocks;
    if (rank == 1) {
        l.entry = one ? "eltwise_flat_one" : "eltwise_flat";
        l.args.push_back(KernelArg::scalar(static_cast<cl_uint>(inner)));
        l.args.push_back(KernelArg::scalar(static_cast<cl_uint>(row_items)));
        l.global = {round_up(row_items, local)};
        l.local = {local};
        config.impl_name = prefix + "_flat_x" + std::to_string(vec);
    } else {
        // geo: outer dims, then each input's outer strides (elements), innermost last.
        const size_t outer = rank - 1;
        Tensor geo(element::u32, Shape{(1 + k.arity) * outer});
        auto* g = geo.data<uint32_t>();
        for (size_t ax = 0; ax < outer; ++ax) {
            g[ax] = static_cast<uint32_t>(plan.dims[ax]);
            for (size_t i = 0; i < k.arity; ++i)
                g[(1 + i) * outer + ax] = static_cast<uint32_t>(plan.step[i][ax]);
        }
        config.constants.push_back(geo);
        const size_t rows_y = plan.dims[outer - 1];
        size_t rows_z = 1;
        for (size_t ax = 0; ax + 1 < outer; ++ax)
            rows_z *= plan.dims[ax];
        l.entry = one ? "eltwise_bcast_one" : "eltwise_bcast";
        if (outer > kUnrolledOuterAxes)
            l.options += " -DMANY_AXES";
        l.args.push_back(KernelArg::constant(0));
        l.args.push_back(KernelArg::scalar(static_cast<cl_uint>(outer)));
        l.args.push_back(KernelArg::scalar(static_cast<cl_uint>(inner)));
        l.args.push_back(KernelArg::scalar(static_cast<cl_uint>(row_items)));
        l.args.push_back(KernelArg::scalar(static_cast<cl_uint>(rows_y)));
        const size_t lx = std::min(local, group_columns(row_items)), ly = std::max<size_t>(1, local / lx);
        l.global = {round_up(row_items, lx), round_up(rows_y, ly), rows_z};
        l.local = {lx, ly, 1};
        config.impl_name = prefix + "_bcast_x" + std::to_string(vec);
    }
    for (size_t i = 0; i < k.arity; ++i) {
        const size_t step = plan.step[i].back();
        if (step > 1)
            raise<Exception>(prefix, ": input ", inputs.at(i), " has inner stride ", step);
        l.args.push_back(KernelArg::scalar(static_cast<cl_uint>(step)));
    }
    l.args.push_back(param(k, 0));
    l.args.push_back(param(k, 1));
    if (k.temps) {
        Tensor lits(element::f32, Shape{std::max<size_t>(1, k.literals.size())});
        std::copy(k.literals.begin(), k.literals.end(), lits.data<float>());
        l.args.push_back(KernelArg::constant(config.constants.size()));
        config.constants.push_back(lits);
    }
    config.launches.push_back(std::move(l));
    return config;
}

}  // namespace gpu
}  // namespace ovcl
