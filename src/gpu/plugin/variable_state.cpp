#include "plugin/variable_state.hpp"

#include <algorithm>

#include "ops/gpu_env.hpp"
#include "shape_infer/variables_infer.hpp"

namespace ovcl {
namespace gpu {

DeviceVariable& DeviceVariables::storage(const std::string& id, element::Type type, const Shape& shape) {
    DeviceVariable& v = m_variables[id];
    const size_t bytes = shape_size(shape) * type.size();
    const bool grows = v.buffer() && v.capacity < bytes;
    if (!v.buffer() || grows || v.shared) {
        // The old buffer may still be read by enqueued commands: OpenCL keeps it alive until they finish. A value
        // that grows (a KV cache, a token per inference) gets room for half as much again, not a buffer per size.
        const size_t capacity = grows ? std::max(bytes, v.capacity + v.capacity / 2) : std::max(bytes, v.capacity);
        v.buffer = make_buffer(m_context, capacity, CL_MEM_READ_WRITE);
        v.capacity = capacity;
        v.shared = false;
    }
    return v;
}

void DeviceVariables::enqueue_read(const std::string& id, const std::string& where, element::Type type,
                                   const Shape& shape, const cl::Buffer& out, const cl::Buffer* init,
                                   cl::Event* event) {
    std::lock_guard<std::mutex> lock(m_mutex);
    const size_t bytes = shape_size(shape) * type.size();
    auto it = m_variables.find(id);
    if (it != m_variables.end() && it->second.has_value) {
        const DeviceVariable& v = it->second;
        if (v.type != type)
            raise<Exception>(where, ": variable '", id, "' holds a ", v.type, " tensor; the ReadValue reads ", type);
        if (v.shape != shape)
            raise<Exception>(where, ": variable '", id, "' holds a tensor of shape ", v.shape,
                             "; the compiled model planned ", shape);
        if (bytes)
            check(m_queue.enqueueCopyBuffer(v.buffer, out, 0, 0, bytes, nullptr, event), "clEnqueueCopyBuffer",
                  [&] { return where + ": reading variable '" + id + "'"; });
        return;
    }
    if (!bytes)
        return;
    if (init) {
        check(m_queue.enqueueCopyBuffer(*init, out, 0, 0, bytes, nullptr, event), "clEnqueueCopyBuffer",
              [&] { return where + ": the init value of variable '" + id + "'"; });
        return;
    }
    const cl_uchar zero = 0;
    check(m_queue.enqueueFillBuffer(out, zero, 0, bytes, nullptr, event), "clEnqueueFillBuffer",
          [&] { return where + ": zeros for variable '" + id + "'"; });
}

void DeviceVariables::enqueue_write(const std::string& id, const std::string& where, element::Type type,
                                    const Shape& shape, const cl::Buffer& in, cl::Event* event) {
    std::lock_guard<std::mutex> lock(m_mutex);
    DeviceVariable& v = storage(id, type, shape);
    const size_t bytes = shape_size(shape) * type.size();
    if (bytes)
        check(m_queue.enqueueCopyBuffer(in, v.buffer, 0, 0, bytes, nullptr, event), "clEnqueueCopyBuffer",
              [&] { return where + ": writing variable '" + id + "'"; });
    v.type = type;
    v.shape = shape;
    v.has_value = true;
}

std::optional<DeviceVariables::Held> DeviceVariables::lend(const std::string& id) {
    std::lock_guard<std::mutex> lock(m_mutex);
    const auto it = m_variables.find(id);
    if (it == m_variables.end() || !it->second.has_value)
        return std::nullopt;
    DeviceVariable& v = it->second;
    v.shared = true;
    return Held{v.buffer, v.type, v.shape};
}

void DeviceVariables::adopt(const std::string& id, element::Type type, const Shape& shape, const cl::Buffer& buffer) {
    std::lock_guard<std::mutex> lock(m_mutex);
    DeviceVariable& v = m_variables[id];
    v.buffer = buffer;
    v.capacity = shape_size(shape) * type.size();
    v.type = type;
    v.shape = shape;
    v.has_value = true;
    v.shared = true;
}

std::optional<Shape> DeviceVariables::held_shape(const std::string& id) {
    std::lock_guard<std::mutex> lock(m_mutex);
    const auto it = m_variables.find(id);
    if (it == m_variables.end() || !it->second.has_value)
        return std::nullopt;
    return it->second.shape;
}

void DeviceVariables::reset(const std::string& id) {
    std::lock_guard<std::mutex> lock(m_mutex);
    auto it = m_variables.find(id);
    if (it != m_variables.end())
        it->second.has_value = false;
}

void DeviceVariables::set(const std::string& id, const Tensor& value) {
    if (!value)
        raise<InvalidArgument>("variable ", id, ": the new state tensor is empty");
    Tensor dense = value;
    if (!value.is_continuous()) {
        dense = Tensor(value.get_element_type(), value.get_shape());
        value.copy_to(dense);
    }
    std::lock_guard<std::mutex> lock(m_mutex);
    DeviceVariable& v = storage(id, dense.get_element_type(), dense.get_shape());
    if (dense.get_byte_size())
        check(m_queue.enqueueWriteBuffer(v.buffer, CL_TRUE, 0, dense.get_byte_size(), dense.data()),
              "clEnqueueWriteBuffer", [&] { return "set_state of variable '" + id + "'"; });
    v.type = dense.get_element_type();
    v.shape = dense.get_shape();
    v.has_value = true;
}

Tensor DeviceVariables::get(const std::string& id) {
    std::lock_guard<std::mutex> lock(m_mutex);
    auto it = m_variables.find(id);
    if (it == m_variables.end() || !it->second.has_value)
        return Tensor(element::f32, Shape{0});
    const DeviceVariable& v = it->second;
    Tensor out(v.type, v.shape);
    if (out.get_byte_size())
        check(m_queue.enqueueReadBuffer(v.buffer, CL_TRUE, 0, out.get_byte_size(), out.data()),
              "clEnqueueReadBuffer", [&] { return "get_state of variable '" + id + "'"; });
    return out;
}

TensorVector DeviceVariables::run_on_host(const Node& node, const TensorVector& inputs, EvalContext& ctx) {
    const std::string id = shape_infer::variable_decl(node).id;
    if (node.get_type_name() == "Assign") {
        set(id, inputs.at(0));
        return {inputs[0]};
    }
    if (!held_shape(id)) {
        EvalContext init{nullptr, ctx.cancel};  // its init value (or zeros)
        return evaluate_node(node, inputs, init);
    }
    Tensor value = get(id);
    if (value.get_element_type() != node.get_output_element_type(0))
        raise<Exception>(node.describe(), ": variable '", id, "' holds a ", value.get_element_type(),
                         " tensor; the ReadValue reads ", node.get_output_element_type(0));
    return {value};
}

}  // namespace gpu
}  // namespace ovcl
