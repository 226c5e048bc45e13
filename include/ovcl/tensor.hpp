// ovcl::Tensor: a shared handle to typed, shaped memory (like ov::Tensor). Copies of a
// Tensor share the same memory; copy_to copies the elements.
#pragma once

#include <memory>
#include <type_traits>

#include "ovcl/element_type.hpp"
#include "ovcl/except.hpp"
#include "ovcl/plugin/itensor.hpp"
#include "ovcl/shape.hpp"

namespace ovcl {

class Tensor {
public:
    Tensor() = default;
    /// Allocates a dense host tensor.
    Tensor(element::Type type, const Shape& shape);
    /// Wraps user memory (not owned); byte_strides empty means dense C order.
    Tensor(element::Type type, const Shape& shape, void* host_ptr, const Strides& byte_strides = {});
    /// A region-of-interest view [begin, end) of `owner`, sharing its memory.
    Tensor(const Tensor& owner, const Coordinate& begin, const Coordinate& end);
    explicit Tensor(std::shared_ptr<ITensor> impl) : m_impl(std::move(impl)) {}

    element::Type get_element_type() const { return impl().get_element_type(); }
    const Shape& get_shape() const { return impl().get_shape(); }
    void set_shape(const Shape& shape) { impl().set_shape(shape); }
    size_t get_size() const { return impl().get_size(); }
    size_t get_byte_size() const { return impl().get_byte_size(); }
    const Strides& get_strides() const { return impl().get_strides(); }  ///< bytes
    bool is_continuous() const { return impl().is_continuous(); }

    void* data() const { return impl().data(); }
    /// Typed access; throws when T does not match the element type.
    template <typename T>
    T* data() const {
        using U = std::remove_cv_t<T>;
        if (element::from<U>() != get_element_type() &&
            !(std::is_same_v<U, char> && get_element_type() == element::boolean))
            raise<InvalidArgument>("tensor of ", get_element_type(), " accessed as ", element::from<U>());
        return static_cast<T*>(data());
    }
    /// Copies every element into dst, which must have the same type; dst takes this shape.
    /// Either side may be strided (a ROI) or remote.
    void copy_to(Tensor& dst) const;

    explicit operator bool() const { return static_cast<bool>(m_impl); }
    bool operator!() const { return !m_impl; }
    const std::shared_ptr<ITensor>& get_impl() const { return m_impl; }
    template <typename T>
    bool is() const { return std::dynamic_pointer_cast<T>(m_impl) != nullptr; }

private:
    ITensor& impl() const {
        if (!m_impl)
            raise<Exception>("the tensor is empty (not allocated)");
        return *m_impl;
    }
    std::shared_ptr<ITensor> m_impl;
};

using TensorVector = std::vector<Tensor>;

}  // namespace ovcl
