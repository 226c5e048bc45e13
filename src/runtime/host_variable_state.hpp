#pragma once

#include <memory>

#include "ovcl/op_registry.hpp"
#include "ovcl/plugin/ivariable_state.hpp"

namespace ovcl {

/// A variable whose value lives on the host, in a request's VariableStore (REF, and the
/// GPU plugin's host-side ReadValue/Assign).
class HostVariableState : public IVariableState {
public:
    HostVariableState(std::string id, std::shared_ptr<VariableStore> store)
        : IVariableState(std::move(id)), m_store(std::move(store)) {}
    void reset() override;
    void set_state(const Tensor& state) override;
    Tensor get_state() const override;

private:
    std::shared_ptr<VariableStore> m_store;
};

}  // namespace ovcl
