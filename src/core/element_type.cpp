#include "ovcl/element_type.hpp"

#include <cstring>
#include <unordered_map>

#include "ovcl/except.hpp"

namespace ovcl {

uint16_t float16::from_float(float f) {
    uint32_t x;
    std::memcpy(&x, &f, 4);
    const uint32_t sign = (x >> 16) & 0x8000u;
    const uint32_t absx = x & 0x7fffffffu;
    if (absx >= 0x7f800000u)  // inf or nan (keep a quiet nan payload bit)
        return static_cast<uint16_t>(sign | 0x7c00u | (absx > 0x7f800000u ? 0x200u : 0u));
    if (absx >= 0x477ff000u)  // rounds to >= 65520: overflow to inf
        return static_cast<uint16_t>(sign | 0x7c00u);
    if (absx < 0x38800000u) {  // subnormal half or zero
        if (absx < 0x33000000u)  // below half of the smallest subnormal: zero
            return static_cast<uint16_t>(sign);
        const uint32_t mant = (absx & 0x7fffffu) | 0x800000u;
        // value = mant * 2^(e-150) and the half subnormal unit is 2^-24: shift by 126 - e
        const int s = 126 - static_cast<int>(absx >> 23);
        uint32_t h = mant >> s;
        const uint32_t rem = mant & ((1u << s) - 1);
        const uint32_t half = 1u << (s - 1);
        if (rem > half || (rem == half && (h & 1u)))
            ++h;
        return static_cast<uint16_t>(sign | h);
    }
    uint32_t h = ((absx - 0x38000000u) >> 13);  // rebias exponent 127 -> 15
    const uint32_t rem = absx & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (h & 1u)))
        ++h;  // may carry into the exponent, which is correct rounding
    return static_cast<uint16_t>(sign | h);
}

float float16::to_float(uint16_t h) {
    const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1fu;
    uint32_t mant = h & 0x3ffu;
    uint32_t x;
    if (exp == 0x1f) {
        x = sign | 0x7f800000u | (mant << 13);
    } else if (exp == 0) {
        if (mant == 0) {
            x = sign;
        } else {  // normalise the subnormal
            int e = -1;
            do {
                ++e;
                mant <<= 1;
            } while ((mant & 0x400u) == 0);
            x = sign | ((112u - static_cast<uint32_t>(e)) << 23) | ((mant & 0x3ffu) << 13);
        }
    } else {
        x = sign | ((exp + 112u) << 23) | (mant << 13);
    }
    float f;
    std::memcpy(&f, &x, 4);
    return f;
}

namespace element {

namespace {
struct Info {
    const char* name;
    size_t size;
    bool real;
    bool is_signed;
};
const Info& info(Type_t t) {
    static const Info table[] = {
        {"undefined", 0, false, false}, {"dynamic", 0, false, false}, {"boolean", 1, false, false},
        {"u8", 1, false, false},        {"i8", 1, false, true},       {"u16", 2, false, false},
        {"i16", 2, false, true},        {"u32", 4, false, false},     {"i32", 4, false, true},
        {"u64", 8, false, false},       {"i64", 8, false, true},      {"f16", 2, true, true},
        {"f32", 4, true, true},         {"f64", 8, true, true},
    };
    return table[static_cast<size_t>(t)];
}
}  // namespace

Type::Type(const std::string& name) {
    static const std::unordered_map<std::string, Type_t> names = {
        {"undefined", Type_t::undefined}, {"dynamic", Type_t::dynamic},
        {"boolean", Type_t::boolean},     {"BOOL", Type_t::boolean},
        {"u8", Type_t::u8},               {"U8", Type_t::u8},
        {"i8", Type_t::i8},               {"I8", Type_t::i8},
        {"u16", Type_t::u16},             {"U16", Type_t::u16},
        {"i16", Type_t::i16},             {"I16", Type_t::i16},
        {"u32", Type_t::u32},             {"U32", Type_t::u32},
        {"i32", Type_t::i32},             {"I32", Type_t::i32},
        {"u64", Type_t::u64},             {"U64", Type_t::u64},
        {"i64", Type_t::i64},             {"I64", Type_t::i64},
        {"f16", Type_t::f16},             {"FP16", Type_t::f16},
        {"f32", Type_t::f32},             {"FP32", Type_t::f32},
        {"f64", Type_t::f64},             {"FP64", Type_t::f64},
    };
    auto it = names.find(name);
    if (it == names.end())
        raise<InvalidArgument>("unknown element type '", name, "'");
    m_type = it->second;
}

size_t Type::size() const { return info(m_type).size; }
bool Type::is_real() const { return info(m_type).real; }
bool Type::is_signed() const { return info(m_type).is_signed; }
std::string Type::get_type_name() const { return info(m_type).name; }

std::ostream& operator<<(std::ostream& os, const Type& t) { return os << t.get_type_name(); }

std::istream& operator>>(std::istream& is, Type& t) {
    std::string name;
    if (!(is >> name))
        return is;
    try {
        t = Type(name);
    } catch (const Exception&) {
        is.setstate(std::ios::failbit);
    }
    return is;
}

}  // namespace element
}  // namespace ovcl
