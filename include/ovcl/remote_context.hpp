#pragma once

#include <string>

#include "ovcl/plugin/iremote_context.hpp"
#include "ovcl/so_ptr.hpp"
#include "ovcl/tensor.hpp"

namespace ovcl {

/// A tensor in device memory (ov::RemoteTensor): a Tensor whose data() throws for device-only memory.
class RemoteTensor : public Tensor {
public:
    RemoteTensor() = default;
    explicit RemoteTensor(std::shared_ptr<IRemoteTensor> impl) : Tensor(std::move(impl)) {}
    const AnyMap& get_params() const;
    std::string get_device_name() const;
};

/// A device context (ov::RemoteContext): creates remote and host tensors for one device.
class RemoteContext {
public:
    RemoteContext() = default;
    explicit RemoteContext(SoPtr<IRemoteContext> impl) : m_impl(std::move(impl)) {}
    std::string get_device_name() const;
    const AnyMap& get_params() const;
    RemoteTensor create_tensor(const element::Type& type, const Shape& shape, const AnyMap& params = {});
    Tensor create_host_tensor(const element::Type& type, const Shape& shape);
    const SoPtr<IRemoteContext>& get_impl() const { return m_impl; }
    explicit operator bool() const { return static_cast<bool>(m_impl); }

private:
    SoPtr<IRemoteContext> m_impl;
};

}  // namespace ovcl
