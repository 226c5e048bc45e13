// One OpenCL device ready to run kernels: its context, an in-order queue and its programs.
#pragma once

#include <functional>
#include <memory>

#include "ocl/program_cache.hpp"
#include "ops/gpu_op.hpp"

namespace ovcl {
namespace gpu {

struct GpuEnv {
    DeviceInfo device;
    cl::Context context;
    cl::CommandQueue queue;
    std::shared_ptr<ProgramCache> programs;

    /// The device with this index among enumerate_devices(); throws NotFound when there is none.
    static std::shared_ptr<GpuEnv> create(size_t device_index, bool profiling = false);
};

/// Creates the kernel of a launch and sets its arguments; `buffer_of` gives the buffer of each
/// INPUT / OUTPUT / CONSTANT / SCRATCH argument.
cl::Kernel make_kernel(ProgramCache& programs, const KernelLaunch& launch,
                       const std::function<cl::Buffer(const KernelArg&)>& buffer_of, const std::string& cache_dir);
/// Enqueues a kernel with the launch's work sizes; `event` may be null.
void enqueue_kernel(const cl::CommandQueue& queue, const cl::Kernel& kernel, const KernelLaunch& launch,
                    cl::Event* event);
/// One device buffer per OpConfig::scratch entry, for a node run outside a compiled model (a compiled model places
/// them in its arena instead, plan.hpp).
std::vector<cl::Buffer> make_scratch_buffers(const cl::Context& context, const OpConfig& config);

/// Where run_configured runs a node: the context its buffers are made in, the queue, the programs.
struct ConfiguredRun {
    const cl::Context& context;
    const cl::CommandQueue& queue;
    ProgramCache& programs;
    const std::string& cache_dir;
};
/// What of a run_configured run stays on the device (RuntimeKernels: a step of a compiled model).
struct DeviceIo {
    std::vector<cl::Buffer> inputs;   ///< input i is read in this buffer when set (on `on.queue`), not uploaded
    std::vector<cl::Buffer> targets;  ///< output i is written into this buffer when set, and not read back
    std::vector<bool> keep;           ///< else output i stays in a new buffer when set, returned in `kept`
    std::vector<cl::Buffer> kept;     ///< out: per output, the buffer it was left in (targets' and kept ones)
    /// out: the status word, not read, when a launch reports one: the caller reads and checks it later.
    cl::Buffer status;
};
/// Runs `node` (static shapes) as `config` says with `constants` (one buffer per config.constants): uploads `inputs`
/// into new buffers, enqueues the launches, reads the outputs back (blocking) and checks the status word; with `io`,
/// what it names stays on the device (the outputs it leaves there have empty tensors), and when it leaves every
/// output there, nothing waits for the kernels.
TensorVector run_configured(const Node& node, const OpConfig& config, const std::vector<cl::Buffer>& constants,
                            const TensorVector& inputs, const ConfiguredRun& on, DeviceIo* io = nullptr);

/// Runs one node on the device: validate, configure, upload inputs, enqueue, read outputs.
/// The op tests use it against host_ref; throws NotImplemented with the reason when the
/// device refuses the node.
TensorVector run_node_on_device(const Node& node, const TensorVector& inputs, GpuEnv& env);

}  // namespace gpu
}  // namespace ovcl
