// Constant data of an IR: the .bin is mapped once, read-only, and every Constant's tensor
// views the mapping, holding it alive for as long as any such tensor exists. Also the
// checks that turn a Const layer's attributes into its value.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>

#include "runtime/file_read.hpp"
#include "runtime/owned_view.hpp"
#include "ir_internal.hpp"

namespace ovcl {
namespace ir {
namespace detail {

WeightsSource WeightsSource::from_file(std::string path) {
    WeightsSource s;
    s.m_path = std::move(path);
    return s;
}

WeightsSource WeightsSource::from_tensor(const Tensor& weights) {
    WeightsSource s;
    s.m_opened = true;
    if (weights) {
        if (!weights.is_continuous())
            raise<InvalidArgument>("the weights tensor must be dense");
        auto holder = std::make_shared<Tensor>(weights);
        s.m_base = static_cast<const char*>(weights.data());
        s.m_size = weights.get_byte_size();
        s.m_keep = std::move(holder);
    }
    return s;
}

void WeightsSource::open() {
    if (m_opened)
        return;
    m_opened = true;
    if (m_path.empty())
        return;
    std::shared_ptr<ovcl::detail::MappedFile> file;
    try {
        file = std::make_shared<ovcl::detail::MappedFile>(m_path, std::numeric_limits<uint64_t>::max(), "weights file");
    } catch (const NotFound& e) {
        raise<Exception>("cannot open weights file '", m_path, "': ", e.what());
    }
    m_base = file->data();
    m_size = file->size();
    m_keep = std::move(file);
}

Tensor WeightsSource::view(element::Type type, const Shape& shape, uint64_t offset, uint64_t size) {
    // `size` is the declared range, checked against the file; the shape decides how much of it is read.
    const uint64_t bytes = static_cast<uint64_t>(shape_size(shape)) * type.size();
    if (size == 0)
        return Tensor(type, shape);  // nothing to read: an empty .bin or none at all is fine
    if (!m_opened) {
        try {
            open();
        } catch (...) {
            m_opened = false;  // report the same failure to the next constant too
            throw;
        }
    }
    if (!m_keep)
        raise<Exception>("the constant needs ", size, " bytes of weights but none were given");
    if (offset > m_size || size > m_size - offset)
        raise<Exception>("offset ", offset, " + size ", size, " is beyond the end of the weights (", m_size, " bytes",
                         m_path.empty() ? std::string() : " in '" + m_path + "'", ")");
    const char* p = m_base + offset;
    if (reinterpret_cast<uintptr_t>(p) % type.size() != 0) {
        Tensor copy(type, shape);
        std::memcpy(copy.data(), p, static_cast<size_t>(bytes));
        return copy;
    }
    return Tensor(std::make_shared<ovcl::detail::OwnedView>(m_keep, p, type, shape));
}

namespace {
/// Product of the extents times the element size; false on overflow.
bool byte_size(const Shape& shape, size_t elem, uint64_t& out) {
    for (size_t d : shape)
        if (d == 0) {
            out = 0;
            return true;
        }
    uint64_t n = 1;
    for (size_t d : shape)
        if (__builtin_mul_overflow(n, static_cast<uint64_t>(d), &n))
            return false;
    return !__builtin_mul_overflow(n, static_cast<uint64_t>(elem), &out);
}
}  // namespace

bool is_u1_text(std::string element_type) {
    element_type.erase(0, element_type.find_first_not_of(' '));
    element_type.erase(element_type.find_last_not_of(' ') + 1);
    return element_type == "u1";
}

Tensor unpack_u1(const Tensor& packed, const Shape& shape) {
    Tensor out(element::boolean, shape);
    const size_t n = out.get_size();
    if (packed.get_byte_size() < (n + 7) / 8)
        raise<Exception>("unpack_u1: ", packed.get_byte_size(), " bytes hold fewer than ", n, " bits");
    const auto* src = static_cast<const unsigned char*>(packed.data());
    char* dst = out.data<char>();
    for (size_t i = 0; i < n; ++i)
        dst[i] = static_cast<char>((src[i / 8] >> (i % 8)) & 1);
    return out;
}

Tensor pack_u1(const Tensor& booleans) {
    const size_t n = booleans.get_size();
    Tensor dense = booleans;
    if (!dense.is_continuous()) {
        dense = Tensor(booleans.get_element_type(), booleans.get_shape());
        booleans.copy_to(dense);
    }
    Tensor out(element::u8, Shape{(n + 7) / 8});
    auto* dst = out.data<uint8_t>();
    std::fill(dst, dst + out.get_size(), uint8_t{0});
    const char* src = dense.data<const char>();
    for (size_t i = 0; i < n; ++i)
        if (src[i])
            dst[i / 8] = static_cast<uint8_t>(dst[i / 8] | (1u << (i % 8)));
    return out;
}

Tensor load_constant(const Node& node, WeightsSource& weights) {
    for (const char* a : {"element_type", "shape", "offset", "size"})
        if (!node.has_attr(a))
            raise<Exception>("the constant has no '", a, "' attribute");
    std::string type_text = node.get_attr_text("element_type");
    type_text.erase(0, type_text.find_first_not_of(' '));
    type_text.erase(type_text.find_last_not_of(' ') + 1);
    // u1 has no element::Type: its bits are unpacked into booleans, one byte per element.
    const bool u1 = is_u1_text(type_text);
    element::Type type = element::boolean;
    try {
        if (!u1)
            type = element::Type(type_text);
    } catch (const Exception& e) {
        raise<Exception>("bad element_type: ", e.what());
    }
    const std::string type_name = u1 ? std::string("u1") : type.get_type_name();
    if (!type.is_static())
        raise<Exception>("element_type must be a static type, not ", type);
    PartialShape ps;
    try {
        ps = PartialShape(node.get_attr_text("shape"));
    } catch (const Exception& e) {
        raise<Exception>("bad shape: ", e.what());
    }
    if (!ps.is_static())
        raise<Exception>("the constant's shape ", ps, " is not static");
    const Shape shape = ps.to_shape();
    uint64_t bytes = 0;
    if (!byte_size(shape, type.size(), bytes) || bytes > std::numeric_limits<size_t>::max())
        raise<Exception>("the byte size of a ", type_name, " constant of shape ", shape, " overflows");
    if (u1)  // counted one byte per element above; packed: ceil(elements / 8)
        bytes = bytes / 8 + (bytes % 8 != 0);
    const auto offset = parse_u64(node.get_attr_text("offset"));
    const auto size = parse_u64(node.get_attr_text("size"));
    if (!offset)
        raise<Exception>("bad offset '", node.get_attr_text("offset"), "'");
    if (!size)
        raise<Exception>("bad size '", node.get_attr_text("size"), "'");
    // OpenVINO's reader takes a size larger than the data (it saves an empty constant with size 1) as long as
    // the range lies in the .bin, and refuses a smaller one.
    if (*size < bytes)
        raise<Exception>("size ", *size, " is smaller than the ", bytes, " bytes of a ", type_name,
                         " constant of shape ", shape);
    if (u1)
        return unpack_u1(weights.view(element::u8, Shape{static_cast<size_t>(bytes)}, *offset, *size), shape);
    return weights.view(type, shape, *offset, *size);
}

}  // namespace detail
}  // namespace ir
}  // namespace ovcl
