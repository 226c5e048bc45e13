#include "ovcl/shape.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <sstream>

#include "ovcl/except.hpp"

namespace ovcl {

std::string Shape::to_string() const {
    std::ostringstream os;
    os << *this;
    return os.str();
}

namespace {
constexpr uint64_t kMaxCount = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());

// The product of the extents and `factor`, or UINT64_MAX when it leaves [0, INT64_MAX]. An empty
// shape (an extent of 0) has no elements whatever the other extents are.
uint64_t checked_product(const Shape& s, uint64_t factor) {
    if (std::find(s.begin(), s.end(), size_t{0}) != s.end())
        return 0;
    uint64_t n = factor;
    for (size_t d : s)
        if (__builtin_mul_overflow(n, static_cast<uint64_t>(d), &n) || n > kMaxCount)
            return std::numeric_limits<uint64_t>::max();
    return n;
}
}  // namespace

size_t shape_size(const Shape& s) {
    const uint64_t n = checked_product(s, 1);
    if (n > kMaxCount)
        raise<InvalidArgument>("shape ", s, " has more elements than a tensor can hold (at most 2^63-1)");
    return static_cast<size_t>(n);
}

size_t shape_byte_size(const Shape& s, size_t element_bytes) {
    const uint64_t n = checked_product(s, element_bytes);
    if (n > kMaxCount)
        raise<InvalidArgument>("shape ", s, " of ", element_bytes, "-byte elements is larger than a tensor can be ",
                               "(at most 2^63-1 bytes)");
    return static_cast<size_t>(n);
}

Strides row_major_strides(const Shape& s) {
    Strides st(s.size(), 1);
    for (size_t i = s.size(); i-- > 1;)
        st[i - 1] = st[i] * s[i];
    return st;
}

std::ostream& operator<<(std::ostream& os, const Shape& s) {
    os << '[';
    for (size_t i = 0; i < s.size(); ++i)
        os << (i ? "," : "") << s[i];
    return os << ']';
}

Dimension::Dimension(value_type n) {
    if (n == -1)
        return;  // dynamic
    if (n < 0)
        raise<InvalidArgument>("dimension ", n, " is negative (only -1 means dynamic)");
    m_min = m_max = n;
}

Dimension::Dimension(value_type min, value_type max) : m_min(min), m_max(max) {
    if (min < 0 || (max != inf && (max < 0 || max < min)))
        raise<InvalidArgument>("bad dimension range ", min, "..", max);
}

Dimension::value_type Dimension::get_length() const {
    if (!is_static())
        raise<Exception>("dimension ", to_string(), " is dynamic: it has no length");
    return m_min;
}

bool Dimension::compatible(const Dimension& o) const {
    const value_type lo = std::max(m_min, o.m_min);
    const value_type hi = m_max == inf ? o.m_max : (o.m_max == inf ? m_max : std::min(m_max, o.m_max));
    return hi == inf || lo <= hi;
}

bool Dimension::merge(Dimension& dst, const Dimension& a, const Dimension& b) {
    if (!a.compatible(b))
        return false;
    Dimension r;
    r.m_min = std::max(a.m_min, b.m_min);
    r.m_max = a.m_max == inf ? b.m_max : (b.m_max == inf ? a.m_max : std::min(a.m_max, b.m_max));
    dst = r;
    return true;
}

std::string Dimension::to_string() const {
    if (is_static())
        return std::to_string(m_min);
    if (m_min == 0 && m_max == inf)
        return "?";
    return std::to_string(m_min) + ".." + (m_max == inf ? std::string() : std::to_string(m_max));
}

PartialShape::PartialShape(const Shape& s) {
    m_dims.reserve(s.size());
    for (size_t d : s)
        m_dims.emplace_back(static_cast<int64_t>(d));
}

namespace {
Dimension parse_dim(const std::string& tok, const std::string& text) {
    auto num = [&](const std::string& s) -> int64_t {
        size_t used = 0;
        long long v = 0;
        try {
            v = std::stoll(s, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != s.size() || s.empty())
            raise<InvalidArgument>("bad dimension '", tok, "' in shape '", text, "'");
        return v;
    };
    if (tok == "?" || tok == "-1")
        return Dimension();
    auto dots = tok.find("..");
    if (dots != std::string::npos) {
        const std::string lo = tok.substr(0, dots), hi = tok.substr(dots + 2);
        return Dimension(lo.empty() ? 0 : num(lo), hi.empty() ? Dimension::inf : num(hi));
    }
    const int64_t v = num(tok);
    if (v < 0)
        raise<InvalidArgument>("negative dimension ", v, " in shape '", text, "' (only -1 means dynamic)");
    return Dimension(v);
}
}  // namespace

PartialShape::PartialShape(const std::string& text) {
    std::string s;
    for (char c : text)
        if (!std::isspace(static_cast<unsigned char>(c)))
            s += c;
    if (!s.empty() && s.front() == '[') {
        if (s.back() != ']')
            raise<InvalidArgument>("shape '", text, "' has no closing ']'");
        s = s.substr(1, s.size() - 2);
    }
    if (s == "...") {
        m_dynamic_rank = true;
        return;
    }
    if (s.empty())
        return;
    std::stringstream ss(s);
    std::string tok;
    while (std::getline(ss, tok, ','))
        m_dims.push_back(parse_dim(tok, text));
    if (s.back() == ',')
        raise<InvalidArgument>("shape '", text, "' ends with ','");
}

PartialShape PartialShape::dynamic(int64_t rank) {
    PartialShape p;
    if (rank < 0)
        p.m_dynamic_rank = true;
    else
        p.m_dims.assign(static_cast<size_t>(rank), Dimension());
    return p;
}

int64_t PartialShape::rank_length() const {
    if (m_dynamic_rank)
        raise<Exception>("shape ", to_string(), " has a dynamic rank");
    return static_cast<int64_t>(m_dims.size());
}

bool PartialShape::is_static() const {
    if (m_dynamic_rank)
        return false;
    for (const auto& d : m_dims)
        if (d.is_dynamic())
            return false;
    return true;
}

Shape PartialShape::to_shape() const {
    if (!is_static())
        raise<Exception>("shape ", to_string(), " is dynamic: it has no static form");
    Shape s;
    for (const auto& d : m_dims)
        s.push_back(static_cast<size_t>(d.get_length()));
    return s;
}

bool PartialShape::compatible(const PartialShape& o) const {
    if (m_dynamic_rank || o.m_dynamic_rank)
        return true;
    if (m_dims.size() != o.m_dims.size())
        return false;
    for (size_t i = 0; i < m_dims.size(); ++i)
        if (!m_dims[i].compatible(o.m_dims[i]))
            return false;
    return true;
}

bool PartialShape::contains(const Shape& s) const {
    if (m_dynamic_rank)
        return true;
    if (m_dims.size() != s.size())
        return false;
    for (size_t i = 0; i < s.size(); ++i)
        if (!m_dims[i].contains(static_cast<int64_t>(s[i])))
            return false;
    return true;
}

bool PartialShape::merge(PartialShape& dst, const PartialShape& a, const PartialShape& b) {
    if (a.m_dynamic_rank) {
        dst = b;
        return true;
    }
    if (b.m_dynamic_rank) {
        dst = a;
        return true;
    }
    if (a.size() != b.size())
        return false;
    PartialShape r = a;
    for (size_t i = 0; i < a.size(); ++i)
        if (!Dimension::merge(r.m_dims[i], a.m_dims[i], b.m_dims[i]))
            return false;
    dst = r;
    return true;
}

std::string PartialShape::to_string() const {
    std::ostringstream os;
    os << *this;
    return os.str();
}

std::ostream& operator<<(std::ostream& os, const Dimension& d) { return os << d.to_string(); }

std::ostream& operator<<(std::ostream& os, const PartialShape& s) {
    if (s.rank_is_dynamic())
        return os << "[...]";
    os << '[';
    for (size_t i = 0; i < s.size(); ++i)
        os << (i ? "," : "") << s[i];
    return os << ']';
}

}  // namespace ovcl
