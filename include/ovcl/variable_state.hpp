#pragma once

#include <string>

#include "ovcl/plugin/ivariable_state.hpp"
#include "ovcl/so_ptr.hpp"

namespace ovcl {

/// The state of one variable of an infer request (ReadValue/Assign), as ov::VariableState.
class VariableState {
public:
    VariableState() = default;
    explicit VariableState(SoPtr<IVariableState> impl) : m_impl(std::move(impl)) {}
    std::string get_name() const;
    void reset();
    void set_state(const Tensor& state);
    Tensor get_state() const;

private:
    SoPtr<IVariableState> m_impl;
};

}  // namespace ovcl
