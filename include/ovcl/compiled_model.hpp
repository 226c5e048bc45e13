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

    const OutputVector& inputs() const;
    const OutputVector& outputs() const;
    Output input() const;  ///< the only input; throws when there are several
    Output input(size_t i) const;
    Output input(const std::string& tensor_name) const;
    Output output() const;
    Output output(size_t i) const;
    Output output(const std::string& tensor_name) const;

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
