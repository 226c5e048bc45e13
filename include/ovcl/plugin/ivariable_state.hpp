#pragma once

#include <memory>
#include <string>

#include "ovcl/tensor.hpp"

namespace ovcl {

/// The value of one variable (ReadValue/Assign pair) held by an infer request.
class IVariableState {
public:
    explicit IVariableState(std::string name) : m_name(std::move(name)) {}
    virtual ~IVariableState() = default;
    const std::string& get_name() const { return m_name; }
    /// Back to the initial value (the next ReadValue yields its init input).
    virtual void reset() = 0;
    virtual void set_state(const Tensor& state) = 0;
    /// A host tensor with the current value (empty tensor of shape [0] when reset).
    virtual Tensor get_state() const = 0;

private:
    std::string m_name;
};

}  // namespace ovcl
