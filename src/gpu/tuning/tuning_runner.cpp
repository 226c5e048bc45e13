#include "tuning/tuning_runner.hpp"

#include <chrono>
#include <cmath>

#include "host_ref/ref_utils.hpp"
#include "ops/gpu_env.hpp"

namespace ovcl {
namespace gpu {
namespace tuning {

namespace {

// Random inputs for the timed runs (Constants keep their values: configure() may have reordered them).
Tensor random_input(element::Type type, const Shape& shape, uint32_t seed) {
    Tensor f(element::f32, shape);
    float* d = f.data<float>();
    uint32_t s = seed * 2654435761u + 1;
    const bool integer = !type.is_real();
    for (size_t i = 0; i < f.get_size(); ++i) {
        s = s * 1664525u + 1013904223u;
        const float u = static_cast<float>(s >> 8) * (1.0f / 16777216.0f);  // [0, 1)
        d[i] = integer ? std::floor(u * 9.f) - 4.f : 2.f * u - 1.f;
    }
    if (type == element::f32)
        return f;
    Tensor out(type, shape);
    host_ref::from_f32(f, out);
    return out;
}

}  // namespace

TensorVector tuning_inputs(const Node& node) {
    TensorVector in;
    for (size_t i = 0; i < node.get_input_size(); ++i) {
        const auto& src = node.input_value(i).node;
        if (src->is_constant())
            in.push_back(src->get_constant_value());
        else
            in.push_back(random_input(node.get_input_element_type(i), node.get_input_shape(i),
                                      static_cast<uint32_t>(i + 1)));
    }
    return in;
}

Runner::Runner(const Node& node, const TensorVector& inputs, const cl::Context& context, const cl::CommandQueue& queue,
               ProgramCache& programs, const DeviceInfo& device, std::string cache_dir)
    : m_node(node), m_context(context), m_queue(queue), m_programs(programs), m_device(device),
      m_cache_dir(std::move(cache_dir)) {
    if (inputs.size() != node.get_input_size())
        raise<InvalidArgument>(node.describe(), ": expects ", node.get_input_size(), " inputs, got ",
                               inputs.size());
    for (const auto& t : inputs) {
        Tensor dense(t.get_element_type(), t.get_shape());
        t.copy_to(dense);
        m_inputs.push_back(make_buffer(context, dense.get_byte_size(),
                                       CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, dense.data()));
    }
    for (size_t i = 0; i < node.get_output_size(); ++i)
        m_outputs.push_back(make_buffer(
            context, shape_size(node.get_output_shape(i)) * node.get_output_element_type(i).size(),
            CL_MEM_READ_WRITE));
}

Runner::Prepared Runner::prepare(const TunableOp& op, size_t index) {
    Prepared p;
    p.config = op.configure_candidate(m_node, m_device, index);
    for (const auto& c : p.config.constants)
        p.constants.push_back(
            make_buffer(m_context, c.get_byte_size(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, c.data()));
    p.scratch = make_scratch_buffers(m_context, p.config);
    cl_int zero = 0;
    p.status = make_buffer(m_context, sizeof(cl_int), CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, &zero);
    auto buffer_of = [&](const KernelArg& a) -> cl::Buffer {
        if (a.kind == KernelArg::Kind::STATUS)
            return p.status;
        const auto& pool = a.kind == KernelArg::Kind::INPUT     ? m_inputs
                           : a.kind == KernelArg::Kind::OUTPUT  ? m_outputs
                           : a.kind == KernelArg::Kind::SCRATCH ? p.scratch
                                                                : p.constants;
        if (a.index >= pool.size())
            raise<Exception>(m_node.describe(), ": kernel argument refers to buffer ", a.index, " of ",
                             pool.size());
        return pool[a.index];
    };
    for (const auto& launch : p.config.launches)
        p.kernels.push_back(make_kernel(m_programs, launch, buffer_of, m_cache_dir));
    return p;
}

double Runner::run(const Prepared& p) {
    const auto t0 = std::chrono::steady_clock::now();
    for (size_t k = 0; k < p.kernels.size(); ++k)
        enqueue_kernel(m_queue, p.kernels[k], p.config.launches[k], nullptr);
    check(m_queue.finish(), "clFinish", m_node.describe() + " (tuning " + p.config.impl_name + ")");
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
}

TensorVector Runner::outputs() {
    TensorVector outputs;
    for (size_t i = 0; i < m_outputs.size(); ++i) {
        outputs.emplace_back(m_node.get_output_element_type(i), m_node.get_output_shape(i));
        if (outputs.back().get_byte_size() > 0)
            check(m_queue.enqueueReadBuffer(m_outputs[i], CL_TRUE, 0, outputs.back().get_byte_size(),
                                            outputs.back().data()),
                  "clEnqueueReadBuffer", m_node.describe());
    }
    return outputs;
}

bool same_results(const TensorVector& got, const TensorVector& want) {
    if (got.size() != want.size())
        return false;
    for (size_t i = 0; i < got.size(); ++i) {
        const double rel = got[i].get_element_type() == element::f16 ? 4e-3 : 1e-3;
        const std::vector<double> a = host_ref::to_f64(got[i]), b = host_ref::to_f64(want[i]);
        for (size_t j = 0; j < a.size(); ++j) {
            const bool both_nan = std::isnan(a[j]) && std::isnan(b[j]);
            if (!both_nan && !(std::fabs(a[j] - b[j]) <= 1e-3 + rel * std::fabs(b[j])))
                return false;
        }
    }
    return true;
}

}  // namespace tuning
}  // namespace gpu
}  // namespace ovcl
