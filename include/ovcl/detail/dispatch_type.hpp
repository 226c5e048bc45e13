#pragma once

#include "ovcl/except.hpp"

namespace ovcl {

template <typename F>
decltype(auto) dispatch_type(element::Type type, F&& f) {
    using element::Type_t;
    switch (static_cast<Type_t>(type)) {
    case Type_t::boolean: return f(char{});
    case Type_t::u8: return f(uint8_t{});
    case Type_t::i8: return f(int8_t{});
    case Type_t::u16: return f(uint16_t{});
    case Type_t::i16: return f(int16_t{});
    case Type_t::u32: return f(uint32_t{});
    case Type_t::i32: return f(int32_t{});
    case Type_t::u64: return f(uint64_t{});
    case Type_t::i64: return f(int64_t{});
    case Type_t::f16: return f(float16{});
    case Type_t::f32: return f(float{});
    case Type_t::f64: return f(double{});
    default: break;
    }
    raise<NotImplemented>("no C++ type for element type ", type);
}

}  // namespace ovcl
