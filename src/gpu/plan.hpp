// The execution plan of a model with static shapes: a list of steps (kernel launches with
// everything precomputed, or host steps that run host_ref), a value per node output, and a
// memory plan that gives each value a device buffer ("slot") reused once the value is dead.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "config.hpp"
#include "ops/gpu_op.hpp"
#include "ovcl/model.hpp"

namespace ovcl {
namespace gpu {

struct Value {
    element::Type type;
    Shape shape;
    size_t bytes = 0;
    enum class Where { SLOT, CONSTANT } where = Where::SLOT;
    size_t index = 0;  ///< slot index, or index into Plan::constants
};

struct Step {
    /// READ_VALUE / ASSIGN: copies between a variable's device buffer and the step's value
    /// (variable_state.hpp); Assign's output aliases its input.
    enum class Kind { KERNELS, HOST, VIEW, READ_VALUE, ASSIGN } kind = Kind::KERNELS;
    std::shared_ptr<Node> node;
    std::vector<size_t> inputs;   ///< value ids
    std::vector<size_t> outputs;  ///< value ids
    OpConfig config;              ///< KERNELS: launches; CONSTANT args index op_constants
    std::vector<size_t> op_constants;  ///< plan constant index of each config.constants[i]
    std::string reason;           ///< HOST: why the device does not run it
    std::string variable_id;      ///< READ_VALUE / ASSIGN
};

/// Variables live in device buffers unless ReadValue or Assign is forced to the host: then both
/// run there, on the request's host store, so they see one value.
bool device_variables(const Config& config);
/// Whether the device runs `node` under `config` and, if not, why: the plan and query_model agree
/// through this.
Validation device_runs(const Node& node, const DeviceInfo& device, const Config& config);

struct Plan {
    std::shared_ptr<Model> model;    ///< transformed, static shapes
    std::vector<Value> values;
    std::vector<Step> steps;
    std::vector<size_t> slot_bytes;  ///< size of each slot buffer
    std::vector<Tensor> constants;   ///< host copies of everything uploaded once
    std::vector<size_t> parameter_values;  ///< value id of each model input
    std::vector<size_t> result_values;     ///< value id of each model output
    size_t peak_bytes = 0;           ///< sum of slot sizes: device memory one request needs

    /// Plans `model` (static shapes, already transformed) for `device` under `config`.
    static std::shared_ptr<Plan> build(std::shared_ptr<Model> model, const DeviceInfo& device, const Config& config);
};

}  // namespace gpu
}  // namespace ovcl
