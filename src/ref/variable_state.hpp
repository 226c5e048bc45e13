#pragma once

#include <memory>

#include "ovcl/op_registry.hpp"
#include "ovcl/plugin/ivariable_state.hpp"

namespace ovcl {
namespace ref {

/// A variable of a REF request: its value lives in the request's VariableStore.
class VariableState : public IVariableState {
public:
    VariableState(std::string id, std::shared_ptr<VariableStore> store)
        : IVariableState(std::move(id)), m_store(std::move(store)) {}
    void reset() override;
    void set_state(const Tensor& state) override;
    Tensor get_state() const override;

private:
    std::shared_ptr<VariableStore> m_store;
};

}  // namespace ref
}  // namespace ovcl
