// A dense tensor over bytes another object owns and keeps alive: a constant viewing a mapped IR .bin or an imported
// blob's weights. Its shape is fixed and its memory is only read.
#pragma once

#include <memory>
#include <utility>

#include "ovcl/except.hpp"
#include "ovcl/plugin/itensor.hpp"
#include "ovcl/shape.hpp"

namespace ovcl {
namespace detail {

class OwnedView final : public ITensor {
public:
    OwnedView(std::shared_ptr<const void> owner, const void* data, element::Type type, const Shape& shape)
        : m_owner(std::move(owner)), m_data(const_cast<void*>(data)), m_type(type), m_shape(shape) {
        m_strides = row_major_strides(shape);
        for (auto& s : m_strides)
            s *= type.size();
    }
    element::Type get_element_type() const override { return m_type; }
    const Shape& get_shape() const override { return m_shape; }
    const Strides& get_strides() const override { return m_strides; }
    void* data() override { return m_data; }  // ITensor hands out void*; the memory is read-only all the same
    void set_shape(const Shape& shape) override {
        if (shape != m_shape)
            raise<InvalidArgument>("cannot reshape a view of weights from ", m_shape, " to ", shape);
    }

private:
    std::shared_ptr<const void> m_owner;
    void* m_data;
    element::Type m_type;
    Shape m_shape;
    Strides m_strides;
};

}  // namespace detail
}  // namespace ovcl
