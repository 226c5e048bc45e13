#pragma once

#include <string>
#include <type_traits>

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
    /// Copies src's elements into this tensor, which takes src's shape (OpenVINO's copy_from; the
    /// other direction is Tensor::copy_to). src may be a host tensor or another remote tensor.
    void copy_from(const Tensor& src) {
        Tensor dst(*this);  // shares this tensor's memory
        src.copy_to(dst);
    }
    /// This tensor as a typed one (`as<ocl::ClBufferTensor>()`); throws when it is not of that kind.
    template <typename T>
    T as() const {
        static_assert(std::is_base_of_v<RemoteTensor, T>, "as<T>: T must derive from RemoteTensor");
        return T(*this);
    }
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

    /// This context as a typed one (`ctx.as<ocl::ClContext>()`, as OpenVINO's); throws InvalidArgument when
    /// it is not of that kind.
    template <typename T>
    T as() const {
        static_assert(std::is_base_of_v<RemoteContext, T>, "as<T>: T must derive from RemoteContext");
        return T(*this);
    }
    /// Whether as<T>() would succeed.
    template <typename T>
    bool is() const {
        try {
            (void)as<T>();
            return true;
        } catch (const Exception&) {
            return false;
        }
    }

private:
    SoPtr<IRemoteContext> m_impl;
};

}  // namespace ovcl
