// The tensor interface behind ovcl::Tensor: host tensors, views and (later) remote tensors
// implement it. Plugins may derive from it to hand out their own memory.
#pragma once

#include <memory>

#include "ovcl/element_type.hpp"
#include "ovcl/shape.hpp"

namespace ovcl {

class ITensor : public std::enable_shared_from_this<ITensor> {
public:
    virtual ~ITensor() = default;
    virtual element::Type get_element_type() const = 0;
    virtual const Shape& get_shape() const = 0;
    /// Changes the shape; host tensors reallocate when the new size exceeds the capacity.
    virtual void set_shape(const Shape& shape) = 0;
    /// Byte strides per axis.
    virtual const Strides& get_strides() const = 0;
    /// Host address of element 0; remote device-only tensors throw.
    virtual void* data() = 0;
    size_t get_size() const { return shape_size(get_shape()); }
    size_t get_byte_size() const { return shape_byte_size(get_shape(), get_element_type().size()); }
    bool is_continuous() const;
};

/// A host tensor that owns its memory (64-byte aligned), or wraps a user pointer.
std::shared_ptr<ITensor> make_host_tensor(element::Type type, const Shape& shape);
std::shared_ptr<ITensor> make_host_tensor(element::Type type, const Shape& shape, void* ptr,
                                          const Strides& byte_strides = {});
/// A view of [begin, end) of `owner` along every axis (a ROI), sharing its memory.
std::shared_ptr<ITensor> make_roi_tensor(const std::shared_ptr<ITensor>& owner, const Coordinate& begin,
                                         const Coordinate& end);

}  // namespace ovcl
