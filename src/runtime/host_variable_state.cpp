#include "runtime/host_variable_state.hpp"

namespace ovcl {

void HostVariableState::reset() { m_store->values.erase(get_name()); }

void HostVariableState::set_state(const Tensor& state) {
    if (!state)
        raise<InvalidArgument>("variable ", get_name(), ": the new state tensor is empty");
    Tensor copy(state.get_element_type(), state.get_shape());
    state.copy_to(copy);
    m_store->values[get_name()] = copy;
}

Tensor HostVariableState::get_state() const {
    auto it = m_store->values.find(get_name());
    if (it == m_store->values.end())
        return Tensor(element::f32, Shape{0});
    Tensor copy(it->second.get_element_type(), it->second.get_shape());
    it->second.copy_to(copy);
    return copy;
}

}  // namespace ovcl
