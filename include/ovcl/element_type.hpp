// Element types of tensors and ports (OpenVINO's ov::element::Type set, the subset ovcl runs).
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <ostream>
#include <string>

namespace ovcl {

/// IEEE 754 binary16 stored as raw bits; converts to and from float with round-to-nearest-even.
struct float16 {
    uint16_t bits = 0;
    float16() = default;
    float16(float f) : bits(from_float(f)) {}  // NOLINT: implicit like a float type
    operator float() const { return to_float(bits); }  // NOLINT
    static uint16_t from_float(float f);
    static float to_float(uint16_t h);
};

namespace element {

enum class Type_t : uint8_t { undefined, dynamic, boolean, u8, i8, u16, i16, u32, i32, u64, i64, f16, f32, f64 };

class Type {
public:
    constexpr Type() = default;
    constexpr Type(Type_t t) : m_type(t) {}  // NOLINT: implicit like OpenVINO's
    /// Parses a short name ("f32", "i64", "boolean"/"u1" are not the same: u1 is rejected)
    /// or a legacy IR precision ("FP32", "I64", "BOOL"). Throws InvalidArgument when unknown.
    explicit Type(const std::string& name);

    constexpr operator Type_t() const { return m_type; }  // NOLINT
    size_t size() const;        ///< bytes per element (0 for undefined/dynamic)
    size_t bitwidth() const { return size() * 8; }
    bool is_real() const;       ///< f16, f32, f64
    bool is_integral() const { return !is_real() && is_static(); }  ///< includes boolean
    bool is_signed() const;
    bool is_static() const { return m_type != Type_t::undefined && m_type != Type_t::dynamic; }
    std::string get_type_name() const;  ///< "f32", "i64", "boolean", ...
    std::string to_string() const { return get_type_name(); }

private:
    Type_t m_type = Type_t::undefined;
};

inline constexpr Type undefined{Type_t::undefined};
inline constexpr Type dynamic{Type_t::dynamic};
inline constexpr Type boolean{Type_t::boolean};
inline constexpr Type u8{Type_t::u8};
inline constexpr Type i8{Type_t::i8};
inline constexpr Type u16{Type_t::u16};
inline constexpr Type i16{Type_t::i16};
inline constexpr Type u32{Type_t::u32};
inline constexpr Type i32{Type_t::i32};
inline constexpr Type u64{Type_t::u64};
inline constexpr Type i64{Type_t::i64};
inline constexpr Type f16{Type_t::f16};
inline constexpr Type f32{Type_t::f32};
inline constexpr Type f64{Type_t::f64};

/// The element type of a C++ type: from<float>() == f32.
template <typename T> constexpr Type from();
template <> constexpr Type from<bool>() { return boolean; }
template <> constexpr Type from<char>() { return boolean; }
template <> constexpr Type from<uint8_t>() { return u8; }
template <> constexpr Type from<int8_t>() { return i8; }
template <> constexpr Type from<uint16_t>() { return u16; }
template <> constexpr Type from<int16_t>() { return i16; }
template <> constexpr Type from<uint32_t>() { return u32; }
template <> constexpr Type from<int32_t>() { return i32; }
template <> constexpr Type from<uint64_t>() { return u64; }
template <> constexpr Type from<int64_t>() { return i64; }
template <> constexpr Type from<float16>() { return f16; }
template <> constexpr Type from<float>() { return f32; }
template <> constexpr Type from<double>() { return f64; }

std::ostream& operator<<(std::ostream& os, const Type& t);
/// Reads a short or legacy name ("f16", "FP16"); sets failbit on an unknown one.
std::istream& operator>>(std::istream& is, Type& t);

}  // namespace element

/// Calls f(T{}) with T the C++ type of `type` (boolean maps to char, f16 to float16).
/// Throws NotImplemented for undefined/dynamic.
template <typename F>
decltype(auto) dispatch_type(element::Type type, F&& f);

}  // namespace ovcl

#include "ovcl/detail/dispatch_type.hpp"
