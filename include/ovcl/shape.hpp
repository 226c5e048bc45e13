// Static shapes (Shape), dimensions with ranges (Dimension) and shapes of possibly dynamic
// rank and dimensions (PartialShape), with OpenVINO's text forms: "[1,3,?,10..20]".
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace ovcl {

/// A static shape: one extent per axis.
class Shape : public std::vector<size_t> {
public:
    using std::vector<size_t>::vector;
    Shape() = default;
    Shape(std::initializer_list<size_t> dims) : std::vector<size_t>(dims) {}
    explicit Shape(const std::vector<size_t>& v) : std::vector<size_t>(v) {}
    std::string to_string() const;
};

/// Byte or element strides, one per axis.
using Strides = std::vector<size_t>;
/// An index per axis.
using Coordinate = std::vector<size_t>;

/// Product of extents (1 for a scalar). Throws InvalidArgument when it exceeds INT64_MAX: no tensor
/// holds that many elements, and kernels index with signed 64-bit integers.
size_t shape_size(const Shape& s);
/// shape_size(s) * element_bytes, with the same limit on the byte count.
size_t shape_byte_size(const Shape& s, size_t element_bytes);
Strides row_major_strides(const Shape& s);      ///< element strides of a dense C-order layout
std::ostream& operator<<(std::ostream& os, const Shape& s);

/// One dimension: static (n), a range [min, max], or fully dynamic ([0, inf)).
class Dimension {
public:
    using value_type = int64_t;
    static constexpr value_type inf = -1;  ///< an unbounded upper end

    Dimension() = default;  ///< fully dynamic
    Dimension(value_type n);  // NOLINT: implicit from an extent; n == -1 means dynamic
    Dimension(value_type min, value_type max);  ///< max == inf: unbounded
    static Dimension dynamic() { return Dimension(); }

    bool is_static() const { return m_min == m_max; }
    bool is_dynamic() const { return !is_static(); }
    value_type get_length() const;  ///< throws when dynamic
    value_type get_min_length() const { return m_min; }
    value_type get_max_length() const { return m_max; }  ///< -1 when unbounded
    bool compatible(const Dimension& other) const;  ///< intervals intersect
    bool contains(value_type n) const { return n >= m_min && (m_max == inf || n <= m_max); }
    /// Sets dst to the intersection of a and b; false (dst untouched) when they are disjoint.
    static bool merge(Dimension& dst, const Dimension& a, const Dimension& b);
    bool operator==(const Dimension& o) const { return m_min == o.m_min && m_max == o.m_max; }
    bool operator!=(const Dimension& o) const { return !(*this == o); }
    std::string to_string() const;  ///< "4", "?", "2..8", "2.."

private:
    value_type m_min = 0;
    value_type m_max = inf;
};

/// A shape with dynamic rank, or a static rank of Dimensions.
class PartialShape {
public:
    PartialShape() = default;  ///< rank 0 (a scalar)
    PartialShape(std::initializer_list<Dimension> dims) : m_dims(dims) {}
    PartialShape(std::vector<Dimension> dims) : m_dims(std::move(dims)) {}  // NOLINT
    PartialShape(const Shape& s);  // NOLINT: a static shape is a partial shape
    /// Parses "[1,3,?,-1,2..8]", "1,3,224,224", "[...]" (dynamic rank) or "[]".
    explicit PartialShape(const std::string& text);
    static PartialShape dynamic(int64_t rank = -1);  ///< -1: dynamic rank

    bool rank_is_static() const { return !m_dynamic_rank; }
    bool rank_is_dynamic() const { return m_dynamic_rank; }
    int64_t rank_length() const;  ///< throws when the rank is dynamic
    size_t size() const { return m_dims.size(); }  ///< 0 when the rank is dynamic
    bool is_static() const;
    bool is_dynamic() const { return !is_static(); }
    Shape to_shape() const;  ///< throws when dynamic
    bool compatible(const PartialShape& other) const;
    /// True when the static shape s fits within this partial shape.
    bool contains(const Shape& s) const;
    /// Narrows dst to the intersection of a and b; false when incompatible.
    static bool merge(PartialShape& dst, const PartialShape& a, const PartialShape& b);

    Dimension& operator[](size_t i) { return m_dims.at(i); }
    const Dimension& operator[](size_t i) const { return m_dims.at(i); }
    std::vector<Dimension>::const_iterator begin() const { return m_dims.begin(); }
    std::vector<Dimension>::const_iterator end() const { return m_dims.end(); }
    bool operator==(const PartialShape& o) const {
        return m_dynamic_rank == o.m_dynamic_rank && m_dims == o.m_dims;
    }
    bool operator!=(const PartialShape& o) const { return !(*this == o); }
    std::string to_string() const;

private:
    std::vector<Dimension> m_dims;
    bool m_dynamic_rank = false;
};

/// What is known of the elements of a small integer tensor computed from shapes (ShapeOf and the ops after it): each
/// element is known or not. A Reshape target built from a partly dynamic shape then still gives the dims it knows,
/// as OpenVINO's bounds do.
using ShapeValue = std::vector<std::optional<int64_t>>;

std::ostream& operator<<(std::ostream& os, const Dimension& d);
std::ostream& operator<<(std::ostream& os, const PartialShape& s);

}  // namespace ovcl
