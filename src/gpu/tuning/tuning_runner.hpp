// What the tuner (tuning.cpp) runs candidates with: one node's inputs uploaded once, each candidate configured, its
// kernels made, run and read back against them (internal to the GPU plugin).
#pragma once

#include <string>
#include <vector>

#include "ocl/program_cache.hpp"
#include "tuning/tuning.hpp"

namespace ovcl {
namespace gpu {
namespace tuning {

/// The node's inputs for a tuning run: Constant inputs as they are (configure() may reorder them), the others
/// random (reals in [-1, 1), integers in [-4, 4]).
TensorVector tuning_inputs(const Node& node);

/// Whether a candidate's outputs match the heuristic's: the same sums in another blocking (the matmul kernels also
/// in another order), so f32 differs by rounding only (1e-3 abs + rel); f16 by a half ulp (2^-11) more (4e-3 rel).
bool same_results(const TensorVector& got, const TensorVector& want);

class Runner {
public:
    Runner(const Node& node, const TensorVector& inputs, const cl::Context& context, const cl::CommandQueue& queue,
           ProgramCache& programs, const DeviceInfo& device, std::string cache_dir);

    /// Candidate `index` configured, its constants uploaded and its kernels made.
    struct Prepared {
        OpConfig config;
        std::vector<cl::Buffer> constants;
        std::vector<cl::Buffer> scratch;  ///< OpConfig::scratch
        cl::Buffer status;                ///< the step's status word (KernelArg::status), zero
        std::vector<cl::Kernel> kernels;
    };
    Prepared prepare(const TunableOp& op, size_t index);
    /// Runs a prepared candidate once and waits; returns the wall time in microseconds.
    double run(const Prepared& p);
    /// The outputs of the last run.
    TensorVector outputs();

private:
    const Node& m_node;
    cl::Context m_context;
    cl::CommandQueue m_queue;
    ProgramCache& m_programs;
    const DeviceInfo& m_device;
    std::string m_cache_dir;
    std::vector<cl::Buffer> m_inputs, m_outputs;
};

}  // namespace tuning
}  // namespace gpu
}  // namespace ovcl
