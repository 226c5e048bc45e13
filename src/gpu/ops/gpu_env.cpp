#include "ops/gpu_env.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <vector>

namespace ovcl {
namespace gpu {

std::shared_ptr<GpuEnv> GpuEnv::create(size_t device_index, bool profiling) {
    auto devices = enumerate_devices();
    if (devices.empty())
        raise<NotFound>("no OpenCL device: no OpenCL runtime (ICD) or no device is installed");
    if (device_index >= devices.size())
        raise<NotFound>("no OpenCL device GPU.", device_index, " (there are ", devices.size(), ")");
    auto env = std::make_shared<GpuEnv>();
    env->device = devices[device_index];
    cl_int err = CL_SUCCESS;
    env->context = cl::Context(env->device.device, nullptr, nullptr, nullptr, &err);
    check(err, "clCreateContext", env->device.name);
    env->queue = cl::CommandQueue(env->context, env->device.device,
                                  profiling ? CL_QUEUE_PROFILING_ENABLE : cl_command_queue_properties{0}, &err);
    check(err, "clCreateCommandQueue", env->device.name);
    env->programs = std::make_shared<ProgramCache>(env->context, env->device);
    return env;
}

std::vector<cl::Buffer> make_scratch_buffers(const cl::Context& context, const OpConfig& config) {
    std::vector<cl::Buffer> buffers;
    for (size_t bytes : config.scratch)
        buffers.push_back(make_buffer(context, bytes, CL_MEM_READ_WRITE));
    return buffers;
}

std::string KernelLaunch::program_options() const { return options + " " + ProgramCache::kOnlyKernel + entry; }

cl::Kernel make_kernel(ProgramCache& programs, const KernelLaunch& launch,
                       const std::function<cl::Buffer(const KernelArg&)>& buffer_of, const std::string& cache_dir) {
    cl::Program program = programs.get(launch.source, launch.program_options(), cache_dir);
    cl_int err = CL_SUCCESS;
    cl::Kernel kernel(program, launch.entry.c_str(), &err);
    check(err, "clCreateKernel", [&] { return launch.entry + " in kernels_cl/" + launch.source + ".cl"; });
    for (cl_uint i = 0; i < launch.args.size(); ++i) {
        const KernelArg& a = launch.args[i];
        const auto where = [&] { return launch.entry + " argument " + std::to_string(i); };
        switch (a.kind) {
        case KernelArg::Kind::SCALAR:
            check(kernel.setArg(i, a.bytes.size(), a.bytes.data()), "clSetKernelArg", where);
            break;
        case KernelArg::Kind::LOCAL:
            check(kernel.setArg(i, cl::Local(a.index)), "clSetKernelArg", where);
            break;
        default:
            check(kernel.setArg(i, buffer_of(a)), "clSetKernelArg", where);
        }
    }
    return kernel;
}

void enqueue_kernel(const cl::CommandQueue& queue, const cl::Kernel& kernel, const KernelLaunch& launch,
                    cl::Event* event) {
    auto range = [](const std::vector<size_t>& v) {
        switch (v.size()) {
        case 1: return cl::NDRange(v[0]);
        case 2: return cl::NDRange(v[0], v[1]);
        case 3: return cl::NDRange(v[0], v[1], v[2]);
        default: return cl::NDRange();
        }
    };
    if (launch.global.empty() || launch.global.size() > 3)
        raise<Exception>(launch.entry, ": bad global work size rank ", launch.global.size());
    for (size_t g : launch.global)
        if (g == 0)
            return;  // nothing to compute (an empty tensor)
    const cl::NDRange local = launch.local.empty() ? cl::NullRange : range(launch.local);
    check(queue.enqueueNDRangeKernel(kernel, cl::NullRange, range(launch.global), local, nullptr, event),
          "clEnqueueNDRangeKernel", [&] { return launch.entry + " (kernels_cl/" + launch.source + ".cl)"; });
}

TensorVector run_configured(const Node& node, const OpConfig& config, const std::vector<cl::Buffer>& constants,
                            const TensorVector& inputs, const ConfiguredRun& on, DeviceIo* io) {
    std::vector<bool> read(inputs.size(), false);  // an input only the configuration read (packed weights): not uploaded
    for (const auto& launch : config.launches)
        for (const auto& a : launch.args)
            if (a.kind == KernelArg::Kind::INPUT && a.index < read.size())
                read[a.index] = true;
    std::vector<cl::Buffer> in_buffers, out_buffers;
    for (const auto& input : inputs) {
        const size_t i = in_buffers.size();
        if (io && i < io->inputs.size() && io->inputs[i]()) {
            in_buffers.push_back(io->inputs[i]);
            continue;
        }
        if (!read[i]) {
            in_buffers.emplace_back();
            continue;
        }
        Tensor dense = input;
        if (!input.is_continuous()) {
            dense = Tensor(input.get_element_type(), input.get_shape());
            input.copy_to(dense);
        }
        in_buffers.push_back(make_buffer(on.context, dense.get_byte_size(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                         const_cast<void*>(dense.data())));
    }
    TensorVector outputs;
    const auto target = [&](size_t i) { return io && i < io->targets.size() && io->targets[i](); };
    const auto is_kept = [&](size_t i) { return target(i) || (io && i < io->keep.size() && io->keep[i]); };
    for (size_t i = 0; i < node.get_output_size(); ++i) {
        const size_t bytes = shape_size(node.get_output_shape(i)) * node.get_output_element_type(i).size();
        outputs.emplace_back(is_kept(i) ? Tensor() : Tensor(node.get_output_element_type(i), node.get_output_shape(i)));
        out_buffers.push_back(target(i) ? io->targets[i] : make_buffer(on.context, bytes, CL_MEM_READ_WRITE));
    }
    const std::vector<cl::Buffer> scratch_buffers = make_scratch_buffers(on.context, config);
    bool reports = false;
    for (const auto& launch : config.launches)
        for (const auto& a : launch.args)
            reports = reports || a.kind == KernelArg::Kind::STATUS;
    cl_int status_word = 0;
    const cl::Buffer status =
        reports ? make_buffer(on.context, sizeof(cl_int), CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, &status_word)
                : cl::Buffer();
    auto buffer_of = [&](const KernelArg& a) -> cl::Buffer {
        if (a.kind == KernelArg::Kind::STATUS)
            return status;
        const auto& pool = a.kind == KernelArg::Kind::INPUT     ? in_buffers
                           : a.kind == KernelArg::Kind::OUTPUT  ? out_buffers
                           : a.kind == KernelArg::Kind::SCRATCH ? scratch_buffers
                                                                : constants;
        if (a.index >= pool.size() || !pool[a.index]())
            raise<Exception>(node.describe(), ": kernel argument refers to buffer ", a.index, " of ", pool.size());
        return pool[a.index];
    };
    for (const auto& launch : config.launches) {
        cl::Kernel k = make_kernel(on.programs, launch, buffer_of, on.cache_dir);
        enqueue_kernel(on.queue, k, launch, nullptr);
    }
    for (size_t i = 0; i < outputs.size(); ++i)
        if (!is_kept(i) && outputs[i].get_byte_size() > 0)
            check(on.queue.enqueueReadBuffer(out_buffers[i], CL_TRUE, 0, outputs[i].get_byte_size(), outputs[i].data()),
                  "clEnqueueReadBuffer", [&] { return node.describe() + " output " + std::to_string(i); });
    if (reports && io) {
        io->status = status;
    } else if (reports) {
        check(on.queue.enqueueReadBuffer(status, CL_TRUE, 0, sizeof(cl_int), &status_word), "clEnqueueReadBuffer",
              [&] { return node.describe() + " status"; });
        if (status_word != 0)
            raise<ModelError>(node.describe(), ": ", config.status_error);
    }
    if (io) {
        io->kept.assign(outputs.size(), cl::Buffer());
        for (size_t i = 0; i < outputs.size(); ++i)
            if (is_kept(i))
                io->kept[i] = out_buffers[i];
    }
    return outputs;
}

TensorVector run_node_on_device(const Node& node, const TensorVector& inputs, GpuEnv& env) {
    const Validation v = validate_node(node, env.device);
    if (!v.supported)
        raise<NotImplemented>(node.describe(), " cannot run on ", env.device.name, ": ", v.reason);
    if (inputs.size() != node.get_input_size())
        raise<InvalidArgument>(node.describe(), ": expects ", node.get_input_size(), " inputs, got ", inputs.size());
    for (size_t i = 0; i < inputs.size(); ++i)
        if (inputs[i].get_shape() != node.get_input_shape(i) ||
            inputs[i].get_element_type() != node.get_input_element_type(i))
            raise<InvalidArgument>(node.describe(), ": input ", i, " must be ", node.get_input_element_type(i), " ",
                                   node.get_input_shape(i));
    if (is_view_op(node)) {
        Tensor out(node.get_output_element_type(0), node.get_output_shape(0));
        Tensor dense(inputs[0].get_element_type(), inputs[0].get_shape());
        inputs[0].copy_to(dense);
        std::memcpy(out.data(), dense.data(), out.get_byte_size());
        return {out};
    }
    const OpConfig config = find_gpu_op(node)->configure(node, env.device);
    std::vector<cl::Buffer> constants;
    for (const auto& c : config.constants)
        constants.push_back(make_buffer(env.context, c.get_byte_size(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                        const_cast<void*>(c.data())));
    return run_configured(node, config, constants, inputs, {env.context, env.queue, *env.programs, ""});
}

}  // namespace gpu
}  // namespace ovcl
