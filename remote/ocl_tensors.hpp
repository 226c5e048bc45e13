// Tensors of a GPU remote context: device buffers (owned, or the application's cl_mem wrapped) and
// host-visible buffers. Infer requests bind their cl_mem directly (infer_request.cpp), so inputs
// and outputs in them cost no host<->device copies.
#pragma once

#include <memory>
#include <mutex>
#include <vector>

#include "ocl_context.hpp"
#include "ovcl/plugin/iremote_context.hpp"

namespace ovcl {
namespace gpu {

/// The events still queued, submitted or running: complete ones need no wait, and a failed one
/// (reported by its own inference) must not fail the commands that would wait for it.
std::vector<cl::Event> in_flight(std::initializer_list<cl::Event> events);

/// A dense device buffer (SHARED_MEM_TYPE=OCL_BUFFER). data() throws; copy_to / copy_from are
/// blocking and ordered after the last inference that used the buffer (last_use()).
class OclBufferTensor : public IRemoteTensor {
public:
    /// A new buffer of the context.
    OclBufferTensor(std::shared_ptr<OclContext> context, element::Type type, const Shape& shape);
    /// The application's buffer, retained while wrapped; checked with clGetMemObjectInfo.
    OclBufferTensor(std::shared_ptr<OclContext> context, element::Type type, const Shape& shape, cl_mem user);

    element::Type get_element_type() const override { return m_type; }
    const Shape& get_shape() const override { return m_shape; }
    /// Within the buffer's size; an owned buffer grows, a wrapped one does not.
    void set_shape(const Shape& shape) override;
    const Strides& get_strides() const override { return m_strides; }
    const AnyMap& get_properties() const override { return m_params; }
    const std::string& get_device_name() const override { return m_context->get_device_name(); }
    void copy_from(const std::shared_ptr<const ITensor>& src) override;
    void copy_to(const std::shared_ptr<ITensor>& dst) const override;

    const cl::Buffer& buffer() const { return m_buffer; }
    const std::shared_ptr<OclContext>& context() const { return m_context; }
    /// The marker of the last inference that read or wrote the buffer: copies and other queues wait for it.
    void set_last_use(const cl::Event& e);
    cl::Event last_use() const;

private:
    void update_params();

    std::shared_ptr<OclContext> m_context;
    element::Type m_type;
    Shape m_shape;
    Strides m_strides;
    cl::Buffer m_buffer;
    size_t m_capacity = 0;
    bool m_owned = true;
    AnyMap m_params;
    mutable std::mutex m_mutex;
    cl::Event m_last_use;
};

/// Host-visible memory (CL_MEM_ALLOC_HOST_PTR) mapped while the host owns it, so data() is valid
/// between inferences. A request unmaps it (the device sees the data without a copy), runs the
/// kernels on it and maps it back before the inference completes.
class OclHostTensor : public ITensor {
public:
    OclHostTensor(std::shared_ptr<OclContext> context, element::Type type, const Shape& shape);
    ~OclHostTensor() override;

    element::Type get_element_type() const override { return m_type; }
    const Shape& get_shape() const override { return m_shape; }
    void set_shape(const Shape& shape) override;
    const Strides& get_strides() const override { return m_strides; }
    /// The mapped address; throws while an inference holds the buffer unmapped.
    void* data() override;

    const cl::Buffer& buffer() const { return m_buffer; }
    const std::shared_ptr<OclContext>& context() const { return m_context; }
    /// Enqueues the unmap on `queue` (the device owns the buffer from then on).
    void enqueue_unmap(const cl::CommandQueue& queue, const std::string& where);
    /// Enqueues the map back on `queue`; data() is valid once the queue reached it.
    void enqueue_map(const cl::CommandQueue& queue, const std::string& where);
    bool mapped() const { return m_ptr != nullptr; }

private:
    std::shared_ptr<OclContext> m_context;
    element::Type m_type;
    Shape m_shape;
    Strides m_strides;
    size_t m_capacity = 0;
    cl::Buffer m_buffer;
    void* m_ptr = nullptr;  ///< null while unmapped
};

}  // namespace gpu
}  // namespace ovcl
