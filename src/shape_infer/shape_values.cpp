#include "shape_infer/shape_values.hpp"

#include <limits>

#include "shape_infer/tensor_values.hpp"

namespace ovcl {
namespace shape_infer {

namespace {
bool index_type(element::Type t) { return t == element::i32 || t == element::i64; }

// Elements an output of `out`'s type and shape can hold as a shape value: its element count, when it is a scalar or
// a static 1-D integer tensor.
std::optional<size_t> vector_size(const OutputInfo& out) {
    if (!index_type(out.type) || out.shape.rank_is_dynamic() || out.shape.size() > 1)
        return std::nullopt;
    if (out.shape.size() == 0)
        return 1;
    if (out.shape[0].is_dynamic() || static_cast<size_t>(out.shape[0].get_length()) > kMaxShapeValue)
        return std::nullopt;
    return static_cast<size_t>(out.shape[0].get_length());
}

// Values an i32 output cannot hold are not known to it (a Convert wraps them).
void fit(ShapeValue& v, element::Type type) {
    if (type != element::i32)
        return;
    for (auto& e : v)
        if (e && (*e < std::numeric_limits<int32_t>::min() || *e > std::numeric_limits<int32_t>::max()))
            e.reset();
}
}  // namespace

std::optional<ShapeValue> shape_value(const InputInfo& in) {
    if (in.value && *in.value) {
        const element::Type t = in.value->get_element_type();
        if (!t.is_integral() || t == element::boolean || in.value->get_size() > kMaxShapeValue)
            return std::nullopt;
        const auto v = tensor_values<int64_t>(*in.value);
        return ShapeValue(v.begin(), v.end());
    }
    if (in.shape_value)
        return *in.shape_value;
    return std::nullopt;
}

std::shared_ptr<const ShapeValue> known(ShapeValue v) {
    for (const auto& e : v)
        if (e)
            return std::make_shared<const ShapeValue>(std::move(v));
    return nullptr;
}

std::shared_ptr<const ShapeValue> shape_value_of(const PartialShape& shape) {
    if (shape.rank_is_dynamic() || shape.size() > kMaxShapeValue)
        return nullptr;
    ShapeValue v;
    for (const auto& d : shape)
        v.push_back(d.is_static() ? std::optional<int64_t>(d.get_length()) : std::nullopt);
    return known(std::move(v));
}

std::shared_ptr<const ShapeValue> passed_on(const Inputs& in, const OutputInfo& out) {
    const auto n = vector_size(out);
    if (in.empty() || !n || !index_type(in[0].type))
        return nullptr;
    auto v = shape_value(in[0]);
    if (!v || v->size() != *n)
        return nullptr;
    fit(*v, out.type);
    return known(std::move(*v));
}

std::shared_ptr<const ShapeValue> concatenated(const Inputs& in, const OutputInfo& out) {
    const auto n = vector_size(out);
    if (!n || out.shape.size() != 1)
        return nullptr;
    ShapeValue v;
    for (const auto& i : in) {
        if (i.shape.rank_is_dynamic() || i.shape.size() != 1 || i.shape[0].is_dynamic())
            return nullptr;
        const size_t len = static_cast<size_t>(i.shape[0].get_length());
        auto part = shape_value(i);
        if (part && part->size() == len)
            v.insert(v.end(), part->begin(), part->end());
        else
            v.insert(v.end(), len, std::nullopt);
    }
    if (v.size() != *n)
        return nullptr;
    fit(v, out.type);
    return known(std::move(v));
}

std::shared_ptr<const ShapeValue> gathered(const Inputs& in, const OutputInfo& out, int64_t batch_dims) {
    const auto n = vector_size(out);
    if (!n || batch_dims != 0 || in.size() != 3 || in[0].shape.rank_is_dynamic() || in[0].shape.size() != 1)
        return nullptr;
    const auto data = shape_value(in[0]);
    const auto indices = const_i64(in[1]);
    const auto axis = const_i64(in[2]);
    if (!data || !indices || !axis || axis->size() != 1 || ((*axis)[0] != 0 && (*axis)[0] != -1) ||
        indices->size() != *n)
        return nullptr;
    const auto size = static_cast<int64_t>(data->size());
    ShapeValue v;
    for (int64_t i : *indices) {
        if (i < -size || i >= size)
            return nullptr;  // the evaluation reports it
        v.push_back((*data)[static_cast<size_t>(i < 0 ? i + size : i)]);
    }
    return known(std::move(v));
}

std::optional<std::vector<int64_t>> target_elements(const InputInfo& in, bool partial) {
    const auto v = shape_value(in);
    if (!v)
        return std::nullopt;
    std::vector<int64_t> out;
    for (const auto& e : *v) {
        if (!e && !partial)
            return std::nullopt;
        out.push_back(e ? *e : kUnknownElement);
    }
    return out;
}

}  // namespace shape_infer
}  // namespace ovcl
