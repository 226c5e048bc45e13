// ConvertPromoteTypes-14: the common element type of two inputs by OpenVINO's promotion rules (checked
// against every pair of OpenVINO 2026.4's types that ovcl has, in tests/ops/test_unary_promote.cpp).
#include "shape_infer/infer_utils.hpp"

namespace ovcl {
namespace shape_infer {

namespace {
element::Type signed_of_bits(size_t bits) { return bits <= 8 ? element::i8 : bits <= 16 ? element::i16 : bits <= 32 ? element::i32 : element::i64; }

[[noreturn]] void unsafe_error(const Node& node, element::Type a, element::Type b) {
    raise<ModelError>(node.describe(), ": promoting ", a, " and ", b, " is unsafe and promote_unsafe is false");
}

// The usual rules: booleans yield, the wider type of one kind wins, a real beats an integer, a signed and an
// unsigned integer meet in a signed type twice as wide (u64_target when that passes 64 bits).
element::Type promote(const Node& node, element::Type a, element::Type b, bool unsafe, element::Type u64_target) {
    if (a == b || b == element::boolean)
        return a;
    if (a == element::boolean)
        return b;
    if (a.is_real() && b.is_real())
        return a.bitwidth() > b.bitwidth() ? a : b;
    if (a.is_real() != b.is_real()) {
        const element::Type real = a.is_real() ? a : b, integer = a.is_real() ? b : a;
        if (!unsafe && real.bitwidth() <= integer.bitwidth())
            unsafe_error(node, a, b);
        return real;
    }
    if (a.is_signed() == b.is_signed())
        return a.bitwidth() > b.bitwidth() ? a : b;
    const element::Type s = a.is_signed() ? a : b, u = a.is_signed() ? b : a;
    if (s.bitwidth() > u.bitwidth())
        return s;
    if (!unsafe)
        unsafe_error(node, a, b);
    return u.bitwidth() >= 64 ? u64_target : signed_of_bits(2 * u.bitwidth());
}

// pytorch_scalar_promotion with one scalar of the tensor's kind (both integers or both reals): the tensor's
// type, which the safe mode allows only for a scalar type it holds (OpenVINO lets an unsigned scalar into a
// signed tensor of half its width).
element::Type scalar_into_tensor(const Node& node, element::Type t, element::Type s, bool unsafe) {
    if (unsafe)
        return t;
    const size_t limit = !t.is_real() && t.is_signed() && !s.is_signed() ? 2 * t.bitwidth() : t.bitwidth();
    if ((!t.is_real() && !t.is_signed() && s.is_signed()) || s.bitwidth() > limit)
        unsafe_error(node, t, s);
    return t;
}
}  // namespace

Outputs convert_promote_types(const Node& node, const Inputs& in) {
    check_input_count(node, in, 2, 2);
    const element::Type a = in[0].type, b = in[1].type;
    const bool unsafe = node.get_attr<bool>("promote_unsafe", false);
    const auto u64_target = node.get_attr<element::Type>("u64_integer_promotion_target", element::f32);
    if (!u64_target.is_static())
        raise<ModelError>(node.describe(), ": u64_integer_promotion_target must be a static type, not ", u64_target);
    element::Type type = element::dynamic;
    if (a.is_static() && b.is_static()) {
        const PartialShape &sa = in[0].shape, &sb = in[1].shape;
        const bool pytorch = node.get_attr<bool>("pytorch_scalar_promotion", false);
        const bool same_kind = a != b && a != element::boolean && b != element::boolean && a.is_real() == b.is_real();
        if (pytorch && same_kind && (sa.rank_is_dynamic() || sb.rank_is_dynamic()))
            type = element::dynamic;  // whether one is a scalar is unknown
        else if (pytorch && same_kind && (sa.size() == 0) != (sb.size() == 0))
            type = sa.size() == 0 ? scalar_into_tensor(node, b, a, unsafe) : scalar_into_tensor(node, a, b, unsafe);
        else
            type = promote(node, a, b, unsafe, u64_target);
    }
    return {{type, in[0].shape}, {type, in[1].shape}};
}

}  // namespace shape_infer
}  // namespace ovcl
