#pragma once

#include <ostream>
#include <string>
#include <utility>

#include "ovcl/infer_request.hpp"
#include "ovcl/plugin/icompiled_model.hpp"
#include "ovcl/properties.hpp"
#include "ovcl/remote_context.hpp"
#include "ovcl/so_ptr.hpp"

namespace ovcl {

/// A model compiled for one device, as ov::CompiledModel.
class CompiledModel {
public:
    CompiledModel() = default;
    explicit CompiledModel(SoPtr<ICompiledModel> impl) : m_impl(std::move(impl)) {}

    /// Read-only ports, as OpenVINO's: a request's get_tensor / set_tensor take them.
    const std::vector<Output<const Node>>& inputs() const;
    const std::vector<Output<const Node>>& outputs() const;
    const Output<const Node>& input() const;  ///< the only input; throws when there are several
    const Output<const Node>& input(size_t i) const;
    const Output<const Node>& input(const std::string& tensor_name) const;
    const Output<const Node>& output() const;
    const Output<const Node>& output(size_t i) const;
    const Output<const Node>& output(const std::string& tensor_name) const;

    InferRequest create_infer_request();
    void export_model(std::ostream& model) const;
    std::shared_ptr<const Model> get_runtime_model() const;
    void set_property(const AnyMap& properties);
    template <typename... Properties>
    util::EnableIfAllStringAny<void, Properties...> set_property(Properties&&... properties) {
        set_property(AnyMap{std::forward<Properties>(properties)...});
    }
    Any get_property(const std::string& name) const;
    template <typename T, PropertyMutability M>
    T get_property(const Property<T, M>& p) const { return get_property(p.key).template as<T>(); }
    RemoteContext get_context() const;
    explicit operator bool() const { return static_cast<bool>(m_impl); }
    const SoPtr<ICompiledModel>& get_impl() const { return m_impl; }

private:
    SoPtr<ICompiledModel> m_impl;
};

}  // namespace ovcl
