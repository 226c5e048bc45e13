#include "ovcl/tensor.hpp"

#include "ovcl/plugin/iremote_context.hpp"

#include <cstdlib>
#include <cstring>
#include <new>

#include "core/dense_strides.hpp"

namespace ovcl {

bool ITensor::is_continuous() const {
    const Shape& s = get_shape();
    const Strides& st = get_strides();
    size_t expected = get_element_type().size();
    for (size_t i = s.size(); i-- > 0;) {
        if (s[i] != 1 && st[i] != expected)
            return false;
        expected *= s[i];
    }
    return true;
}

namespace {

void check_type(element::Type type) {
    if (!type.is_static())
        raise<InvalidArgument>("cannot create a tensor of element type ", type);
}

struct AlignedFree {
    void operator()(void* p) const { std::free(p); }
};

class HostTensor final : public ITensor {
public:
    HostTensor(element::Type type, const Shape& shape) : m_type(type), m_shape(shape) {
        check_type(type);
        m_strides = dense_byte_strides(shape, type);
        allocate(get_byte_size(), shape);
    }
    HostTensor(element::Type type, const Shape& shape, void* ptr, const Strides& strides)
        : m_type(type), m_shape(shape), m_ptr(ptr) {
        check_type(type);
        m_strides = strides.empty() ? dense_byte_strides(shape, type) : strides;
        if (m_strides.size() != shape.size())
            raise<InvalidArgument>("strides ", Shape(m_strides), " do not match shape ", shape);
        if (!ptr && get_size() != 0)
            raise<InvalidArgument>("null host pointer for a tensor of shape ", shape);
        m_capacity = static_cast<size_t>(-1);  // user memory: the user answers for its size
    }
    element::Type get_element_type() const override { return m_type; }
    const Shape& get_shape() const override { return m_shape; }
    const Strides& get_strides() const override { return m_strides; }
    void* data() override { return m_ptr; }
    void set_shape(const Shape& shape) override {
        const size_t bytes = shape_byte_size(shape, m_type.size());
        if (!m_owned && bytes > get_byte_size())
            raise<InvalidArgument>("cannot grow a tensor over user memory from ", m_shape, " to ", shape);
        if (!is_continuous())
            raise<InvalidArgument>("cannot reshape a strided tensor of shape ", m_shape);
        if (bytes > m_capacity)
            allocate(bytes, shape);
        m_shape = shape;
        m_strides = dense_byte_strides(shape, m_type);
    }

private:
    void allocate(size_t bytes, const Shape& shape) {
        const size_t rounded = (std::max<size_t>(bytes, 1) + 63) / 64 * 64;
        void* p = std::aligned_alloc(64, rounded);
        if (!p)
            raise<Exception>("out of host memory allocating a ", m_type, " tensor of shape ", shape, " (", bytes,
                             " bytes)");
        m_owned.reset(p);
        m_ptr = p;
        m_capacity = bytes;
    }
    element::Type m_type;
    Shape m_shape;
    Strides m_strides;
    std::unique_ptr<void, AlignedFree> m_owned;
    void* m_ptr = nullptr;
    size_t m_capacity = 0;
};

class RoiTensor final : public ITensor {
public:
    RoiTensor(std::shared_ptr<ITensor> owner, const Coordinate& begin, const Coordinate& end)
        : m_owner(std::move(owner)) {
        const Shape& os = m_owner->get_shape();
        if (begin.size() != os.size() || end.size() != os.size())
            raise<InvalidArgument>("ROI rank ", begin.size(), "/", end.size(), " does not match tensor rank ",
                                   os.size());
        m_offset = 0;
        for (size_t i = 0; i < os.size(); ++i) {
            if (begin[i] > end[i] || end[i] > os[i])
                raise<InvalidArgument>("ROI [", Shape(begin), ", ", Shape(end), ") is outside tensor shape ", os);
            m_shape.push_back(end[i] - begin[i]);
            m_offset += begin[i] * m_owner->get_strides()[i];
        }
    }
    element::Type get_element_type() const override { return m_owner->get_element_type(); }
    const Shape& get_shape() const override { return m_shape; }
    const Strides& get_strides() const override { return m_owner->get_strides(); }
    void* data() override { return static_cast<char*>(m_owner->data()) + m_offset; }
    void set_shape(const Shape& shape) override {
        if (shape != m_shape)
            raise<InvalidArgument>("cannot change the shape of a ROI tensor");
    }

private:
    std::shared_ptr<ITensor> m_owner;
    Shape m_shape;
    size_t m_offset = 0;
};

// Copies a strided block; the innermost contiguous run is copied with memcpy.
void strided_copy(const char* src, const Strides& ss, char* dst, const Strides& ds, const Shape& shape,
                  size_t elem) {
    const size_t rank = shape.size();
    if (rank == 0) {
        std::memcpy(dst, src, elem);
        return;
    }
    if (shape_size(shape) == 0)
        return;
    // Merge trailing dims that are dense in both tensors into one memcpy run.
    size_t run = elem;
    size_t inner = rank;
    while (inner > 0 && ss[inner - 1] == run && ds[inner - 1] == run) {
        run *= shape[inner - 1];
        --inner;
    }
    if (inner == 0) {
        std::memcpy(dst, src, run);
        return;
    }
    Coordinate idx(inner, 0);
    for (;;) {
        size_t so = 0, dof = 0;
        for (size_t i = 0; i < inner; ++i) {
            so += idx[i] * ss[i];
            dof += idx[i] * ds[i];
        }
        std::memcpy(dst + dof, src + so, run);
        size_t ax = inner;
        while (ax > 0) {
            --ax;
            if (++idx[ax] < shape[ax])
                break;
            idx[ax] = 0;
            if (ax == 0)
                return;
        }
    }
}

}  // namespace

std::shared_ptr<ITensor> make_host_tensor(element::Type type, const Shape& shape) {
    return std::make_shared<HostTensor>(type, shape);
}
std::shared_ptr<ITensor> make_host_tensor(element::Type type, const Shape& shape, void* ptr,
                                          const Strides& byte_strides) {
    return std::make_shared<HostTensor>(type, shape, ptr, byte_strides);
}
std::shared_ptr<ITensor> make_roi_tensor(const std::shared_ptr<ITensor>& owner, const Coordinate& begin,
                                         const Coordinate& end) {
    return std::make_shared<RoiTensor>(owner, begin, end);
}

Tensor::Tensor(element::Type type, const Shape& shape) : m_impl(make_host_tensor(type, shape)) {}
Tensor::Tensor(element::Type type, const Shape& shape, void* host_ptr, const Strides& byte_strides)
    : m_impl(make_host_tensor(type, shape, host_ptr, byte_strides)) {}
Tensor::Tensor(const Tensor& owner, const Coordinate& begin, const Coordinate& end)
    : m_impl(make_roi_tensor(owner.get_impl(), begin, end)) {}

void Tensor::copy_to(Tensor& dst) const {
    if (!dst)
        raise<InvalidArgument>("copy_to: the destination tensor is empty");
    if (dst.get_element_type() != get_element_type())
        raise<InvalidArgument>("copy_to: element types differ (", get_element_type(), " -> ",
                               dst.get_element_type(), ")");
    // Device memory has no host address: the remote side copies (its plugin knows how).
    if (auto remote = std::dynamic_pointer_cast<IRemoteTensor>(m_impl)) {
        remote->copy_to(dst.get_impl());
        return;
    }
    if (auto remote = std::dynamic_pointer_cast<IRemoteTensor>(dst.get_impl())) {
        remote->copy_from(m_impl);
        return;
    }
    if (dst.get_shape() != get_shape())
        dst.set_shape(get_shape());
    strided_copy(static_cast<const char*>(data()), get_strides(), static_cast<char*>(dst.data()),
                 dst.get_strides(), get_shape(), get_element_type().size());
}

}  // namespace ovcl
