// Remote contexts and tensors: device memory a plugin hands out (OpenCL buffers for GPU).
#pragma once

#include <memory>
#include <string>

#include "ovcl/any.hpp"
#include "ovcl/plugin/itensor.hpp"

namespace ovcl {

class IRemoteTensor : public ITensor {
public:
    /// Properties of the memory (e.g. SHARED_MEM_TYPE, OCL_BUFFER).
    virtual const AnyMap& get_properties() const = 0;
    virtual const std::string& get_device_name() const = 0;
    /// Device-only memory has no host address.
    void* data() override;
    /// Copies into / out of this tensor from any tensor of the same type and size.
    virtual void copy_from(const std::shared_ptr<const ITensor>& src);
    virtual void copy_to(const std::shared_ptr<ITensor>& dst) const;
};

class IRemoteContext : public std::enable_shared_from_this<IRemoteContext> {
public:
    virtual ~IRemoteContext() = default;
    virtual const std::string& get_device_name() const = 0;
    virtual const AnyMap& get_property() const = 0;
    virtual std::shared_ptr<IRemoteTensor> create_tensor(const element::Type& type, const Shape& shape,
                                                         const AnyMap& params = {}) = 0;
    /// Host-visible memory best suited for transfers to this device.
    virtual std::shared_ptr<ITensor> create_host_tensor(const element::Type& type, const Shape& shape);
};

}  // namespace ovcl
