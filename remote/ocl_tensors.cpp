#include "ocl_tensors.hpp"

#include <cstring>
#include <sstream>

#include "core/dense_strides.hpp"
#include "ocl/ocl.hpp"
#include "ovcl/ocl/ocl.hpp"
#include "ovcl/tensor.hpp"

namespace ovcl {
namespace gpu {

namespace {
void check_type(element::Type type, const std::string& where) {
    if (!type.is_static())
        raise<InvalidArgument>(where, ": cannot create a tensor of element type ", type);
}

std::string handle_text(const void* p) {
    std::ostringstream os;
    os << p;
    return os.str();
}

/// A dense host view of `t` (itself when it is dense already; a packed copy otherwise).
Tensor dense_host(const std::shared_ptr<ITensor>& t) {
    Tensor view(t);
    if (view.is_continuous())
        return view;
    Tensor dense(view.get_element_type(), view.get_shape());
    view.copy_to(dense);
    return dense;
}
}  // namespace

std::vector<cl::Event> in_flight(std::initializer_list<cl::Event> events) {
    std::vector<cl::Event> out;
    for (const auto& e : events) {
        cl_int status = CL_COMPLETE;
        if (e() && e.getInfo(CL_EVENT_COMMAND_EXECUTION_STATUS, &status) == CL_SUCCESS && status > CL_COMPLETE)
            out.push_back(e);
    }
    return out;
}

// ---- OclBufferTensor ----

OclBufferTensor::OclBufferTensor(std::shared_ptr<OclContext> context, element::Type type, const Shape& shape)
    : m_context(std::move(context)), m_type(type), m_shape(shape) {
    check_type(type, m_context->get_device_name() + " create_tensor");
    m_strides = dense_byte_strides(shape, type);
    m_capacity = get_byte_size();
    m_buffer = make_buffer(m_context->cl_context(), m_capacity, CL_MEM_READ_WRITE);
    update_params();
}

OclBufferTensor::OclBufferTensor(std::shared_ptr<OclContext> context, element::Type type, const Shape& shape,
                                 cl_mem user)
    : m_context(std::move(context)), m_type(type), m_shape(shape), m_owned(false) {
    const std::string where = m_context->get_device_name() + " create_tensor over cl_mem " + handle_text(user);
    check_type(type, where);
    m_strides = dense_byte_strides(shape, type);
    // A handle the OpenCL runtime no longer knows (null, released, never created) fails the query;
    // one that was freed and reused by the allocator cannot be told apart by any OpenCL call.
    cl_mem_object_type kind = 0;
    const cl_int err =
        user ? clGetMemObjectInfo(user, CL_MEM_TYPE, sizeof(kind), &kind, nullptr) : CL_INVALID_MEM_OBJECT;
    if (err != CL_SUCCESS)
        raise<InvalidArgument>(where, ": not a valid OpenCL memory object (clGetMemObjectInfo: ", cl_error_name(err),
                               "); was it released?");
    if (kind != CL_MEM_OBJECT_BUFFER)
        raise<InvalidArgument>(where, ": the memory object is not a buffer (CL_MEM_TYPE ", kind, ")");
    cl_context owner = nullptr;
    size_t bytes = 0;
    check(clGetMemObjectInfo(user, CL_MEM_CONTEXT, sizeof(owner), &owner, nullptr), "clGetMemObjectInfo", where);
    check(clGetMemObjectInfo(user, CL_MEM_SIZE, sizeof(bytes), &bytes, nullptr), "clGetMemObjectInfo", where);
    if (owner != m_context->cl_context()())
        raise<InvalidArgument>(where, ": the buffer belongs to cl_context ", handle_text(owner), ", not to ",
                               m_context->get_device_name(), "'s context ", handle_text(m_context->cl_context()()));
    if (bytes < get_byte_size())
        raise<InvalidArgument>(where, ": the buffer has ", bytes, " bytes, a ", type, " tensor of shape ", shape,
                               " needs ", get_byte_size());
    m_capacity = bytes;
    m_buffer = cl::Buffer(user, /*retainObject=*/true);  // the application's reference stays its own
    update_params();
}

void OclBufferTensor::update_params() {
    m_params = {{ocl::key::SHARED_MEM_TYPE, std::string(ocl::value::OCL_BUFFER)},
                {ocl::key::MEM_HANDLE, static_cast<void*>(m_buffer())},
                {ocl::key::OCL_CONTEXT, static_cast<void*>(m_context->cl_context()())}};
}

void OclBufferTensor::set_shape(const Shape& shape) {
    const size_t bytes = shape_size(shape) * m_type.size();
    if (bytes > m_capacity) {
        if (!m_owned)
            raise<InvalidArgument>("cannot grow a tensor over the application's cl_mem from ", m_shape, " to ", shape,
                                   " (", m_capacity, " bytes)");
        m_buffer = make_buffer(m_context->cl_context(), bytes, CL_MEM_READ_WRITE);
        m_capacity = bytes;
        update_params();
    }
    m_shape = shape;
    m_strides = dense_byte_strides(shape, m_type);
}

void OclBufferTensor::set_last_use(const cl::Event& e) {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_last_use = e;
}

cl::Event OclBufferTensor::last_use() const {
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_last_use;
}

void OclBufferTensor::copy_from(const std::shared_ptr<const ITensor>& src_const) {
    auto src = std::const_pointer_cast<ITensor>(src_const);
    if (!src)
        raise<InvalidArgument>("copy_from: the source tensor is empty");
    if (src->get_element_type() != m_type)
        raise<InvalidArgument>("copy_from: element types differ (", src->get_element_type(), " -> ", m_type, ")");
    if (src->get_shape() != m_shape)
        set_shape(src->get_shape());
    const size_t bytes = get_byte_size();
    if (bytes == 0)
        return;
    const cl::CommandQueue& q = m_context->queue();
    if (auto remote = std::dynamic_pointer_cast<OclBufferTensor>(src);
        remote && remote->context()->cl_context()() == m_context->cl_context()()) {
        const auto wait = in_flight({remote->last_use(), last_use()});
        cl::Event done;
        check(q.enqueueCopyBuffer(remote->buffer(), m_buffer, 0, 0, bytes, &wait, &done), "clEnqueueCopyBuffer",
              "copy_from on " + get_device_name());
        check(done.wait(), "clWaitForEvents", "copy_from on " + get_device_name());
        return;
    }
    if (std::dynamic_pointer_cast<IRemoteTensor>(src)) {  // another context: through the host
        Tensor staging(m_type, m_shape);
        Tensor(src).copy_to(staging);
        src = staging.get_impl();
    }
    const Tensor dense = dense_host(src);
    const auto wait = in_flight({last_use()});
    check(q.enqueueWriteBuffer(m_buffer, CL_TRUE, 0, bytes, dense.data(), &wait), "clEnqueueWriteBuffer",
          "copy_from on " + get_device_name());
}

void OclBufferTensor::copy_to(const std::shared_ptr<ITensor>& dst) const {
    if (!dst)
        raise<InvalidArgument>("copy_to: the destination tensor is empty");
    if (dst->get_element_type() != m_type)
        raise<InvalidArgument>("copy_to: element types differ (", m_type, " -> ", dst->get_element_type(), ")");
    auto self = std::static_pointer_cast<const ITensor>(shared_from_this());
    if (auto remote = std::dynamic_pointer_cast<IRemoteTensor>(dst)) {
        remote->copy_from(self);
        return;
    }
    if (dst->get_shape() != m_shape)
        dst->set_shape(m_shape);
    const size_t bytes = get_byte_size();
    if (bytes == 0)
        return;
    const bool dense = dst->is_continuous();
    Tensor target = dense ? Tensor(dst) : Tensor(m_type, m_shape);
    const auto wait = in_flight({last_use()});
    check(m_context->queue().enqueueReadBuffer(m_buffer, CL_TRUE, 0, bytes, target.data(), &wait),
          "clEnqueueReadBuffer", "copy_to from " + get_device_name());
    if (!dense) {
        Tensor d(dst);
        target.copy_to(d);
    }
}

// ---- OclHostTensor ----

OclHostTensor::OclHostTensor(std::shared_ptr<OclContext> context, element::Type type, const Shape& shape)
    : m_context(std::move(context)), m_type(type), m_shape(shape) {
    check_type(type, m_context->get_device_name() + " create_host_tensor");
    m_strides = dense_byte_strides(shape, type);
    m_capacity = get_byte_size();
    m_buffer = make_buffer(m_context->cl_context(), m_capacity, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR);
    enqueue_map(m_context->queue(), "create_host_tensor");
    check(m_context->queue().finish(), "clFinish", "create_host_tensor");
}

OclHostTensor::~OclHostTensor() {
    if (m_ptr)  // the buffer goes once the unmap ran (OpenCL defers the release)
        m_context->queue().enqueueUnmapMemObject(m_buffer, m_ptr);
}

void OclHostTensor::set_shape(const Shape& shape) {
    const size_t bytes = shape_size(shape) * m_type.size();
    if (bytes > m_capacity) {
        if (!m_ptr)
            raise<Exception>("cannot resize a host tensor of ", m_context->get_device_name(),
                             " while an inference uses it");
        const cl::CommandQueue& q = m_context->queue();
        check(q.enqueueUnmapMemObject(m_buffer, m_ptr), "clEnqueueUnmapMemObject", "host tensor resize");
        m_ptr = nullptr;
        m_buffer = make_buffer(m_context->cl_context(), bytes, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR);
        m_capacity = bytes;
        enqueue_map(q, "host tensor resize");
        check(q.finish(), "clFinish", "host tensor resize");
    }
    m_shape = shape;
    m_strides = dense_byte_strides(shape, m_type);
}

void* OclHostTensor::data() {
    if (!m_ptr)
        raise<Exception>("the host tensor of ", m_context->get_device_name(),
                         " is in use by an inference (unmapped): wait for the request first");
    return m_ptr;
}

void OclHostTensor::enqueue_unmap(const cl::CommandQueue& queue, const std::string& where) {
    if (!m_ptr)
        raise<Exception>(where, ": the host tensor of ", m_context->get_device_name(),
                         " is already in use by an inference");
    check(queue.enqueueUnmapMemObject(m_buffer, m_ptr), "clEnqueueUnmapMemObject", where);
    m_ptr = nullptr;
}

void OclHostTensor::enqueue_map(const cl::CommandQueue& queue, const std::string& where) {
    if (m_ptr)
        return;
    cl_int err = CL_SUCCESS;
    void* p = queue.enqueueMapBuffer(m_buffer, CL_FALSE, CL_MAP_READ | CL_MAP_WRITE, 0, std::max<size_t>(m_capacity, 1),
                                     nullptr, nullptr, &err);
    check(err, "clEnqueueMapBuffer", where);
    m_ptr = p;
}

}  // namespace gpu
}  // namespace ovcl
