// Variables (ReadValue/Assign pairs) whose values stay in device buffers between inferences.
// A request owns one DeviceVariables; its ReadValue steps copy a variable's buffer (or the init
// value, or zeros) into the step's output, its Assign steps copy their input into the variable's
// buffer. Both are copies on the request's in-order queue, so a value never crosses to the host
// unless the user asks for it through the state API (query_state).
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "ocl/ocl.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/plugin/ivariable_state.hpp"
#include "ovcl/tensor.hpp"

namespace ovcl {
namespace gpu {

struct DeviceVariable {
    cl::Buffer buffer;        ///< at least `capacity` bytes; null until first written
    size_t capacity = 0;
    element::Type type;       ///< of the value held (valid when has_value)
    Shape shape;
    bool has_value = false;   ///< false: the next ReadValue yields its init value
    /// The buffer is a value of a run too (lent to a ReadValue, or adopted from an Assign): commands enqueued later may
    /// still read it, so the next write makes a new buffer instead of writing into it.
    bool shared = false;
};

class DeviceVariables {
public:
    DeviceVariables(cl::Context context, cl::CommandQueue queue)
        : m_context(std::move(context)), m_queue(std::move(queue)) {}

    /// ReadValue: enqueues the copy of variable `id` (when it holds a value) into `out`, else of
    /// `init` (when the node has an init input), else zeros. Checks the held value fits the planned output.
    void enqueue_read(const std::string& id, const std::string& where, element::Type type, const Shape& shape,
                      const cl::Buffer& out, const cl::Buffer* init, cl::Event* event);
    /// Assign: enqueues the copy of `in` into variable `id`, which then holds a value of this type and shape.
    void enqueue_write(const std::string& id, const std::string& where, element::Type type, const Shape& shape,
                       const cl::Buffer& in, cl::Event* event);

    /// A ReadValue whose shape only the run knows reads the value in place: the buffer variable `id` holds, with its
    /// type and shape; none when it holds none.
    struct Held {
        cl::Buffer buffer;
        element::Type type;
        Shape shape;
    };
    std::optional<Held> lend(const std::string& id);
    /// An Assign whose shape only the run knows: the variable holds `buffer`, a value the run computed on the device,
    /// from now on (no copy).
    void adopt(const std::string& id, element::Type type, const Shape& shape, const cl::Buffer& buffer);

    /// The shape of the value variable `id` holds; none when it holds none (its ReadValue yields the init value).
    std::optional<Shape> held_shape(const std::string& id);

    void reset(const std::string& id);
    /// Blocking: the value is copied to the device before this returns.
    void set(const std::string& id, const Tensor& value);
    /// Blocking read after everything the request enqueued; an empty f32 tensor of shape [0] when reset.
    Tensor get(const std::string& id);
    /// A ReadValue or Assign the plan runs on the host (a shape known only at run time) while the variables are in
    /// device buffers: it reads and writes the device copy, so the state API and the device steps see one value.
    TensorVector run_on_host(const Node& node, const TensorVector& inputs, EvalContext& ctx);

private:
    DeviceVariable& storage(const std::string& id, element::Type type, const Shape& shape);

    cl::Context m_context;
    cl::CommandQueue m_queue;
    std::mutex m_mutex;  ///< the state API may be called from another thread than the request's stages
    std::map<std::string, DeviceVariable> m_variables;
};

/// The state API's view of one device variable.
class DeviceVariableState : public IVariableState {
public:
    DeviceVariableState(std::string id, std::shared_ptr<DeviceVariables> variables)
        : IVariableState(std::move(id)), m_variables(std::move(variables)) {}
    void reset() override { m_variables->reset(get_name()); }
    void set_state(const Tensor& state) override { m_variables->set(get_name(), state); }
    Tensor get_state() const override { return m_variables->get(get_name()); }

private:
    std::shared_ptr<DeviceVariables> m_variables;
};

}  // namespace gpu
}  // namespace ovcl
