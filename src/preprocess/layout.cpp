#include "ovcl/layout.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "ovcl/except.hpp"

namespace ovcl {

namespace {

constexpr const char* kUnnamed = "?";

bool valid_name(const std::string& n) {
    if (n == kUnnamed)
        return true;
    return !n.empty() && std::all_of(n.begin(), n.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    });
}

std::string upper(std::string s) {
    for (char& c : s)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

std::string trim(const std::string& s) {
    const size_t b = s.find_first_not_of(" \t");
    const size_t e = s.find_last_not_of(" \t");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

}  // namespace

Layout::Layout(const std::string& text_in) {
    const std::string text = trim(text_in);
    if (text.empty())
        return;
    m_set = true;
    auto bad = [&](const std::string& why) { raise<InvalidArgument>("layout '", text_in, "': ", why); };
    std::vector<std::string> tokens;
    if (text.front() == '[') {
        if (text.back() != ']')
            bad("a '[' without a closing ']'");
        const std::string body = text.substr(1, text.size() - 2);
        if (!trim(body).empty()) {
            size_t pos = 0;
            while (true) {
                const size_t comma = body.find(',', pos);
                tokens.push_back(trim(body.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos)));
                if (comma == std::string::npos)
                    break;
                pos = comma + 1;
            }
        }
    } else {
        for (size_t i = 0; i < text.size(); ++i) {
            if (text.compare(i, 3, "...") == 0) {
                tokens.emplace_back("...");
                i += 2;
            } else {
                tokens.emplace_back(1, text[i]);
            }
        }
    }
    std::set<std::string> seen;
    for (const std::string& raw : tokens) {
        if (raw == "...") {
            if (m_ellipsis)
                bad("'...' may appear once");
            m_ellipsis = true;
            continue;
        }
        const std::string name = upper(raw);
        if (!valid_name(name))
            bad("'" + raw + "' is not an axis name (letters, digits, '_', or '?' for an unnamed axis)");
        if (name != kUnnamed && !seen.insert(name).second)
            bad("axis '" + raw + "' appears twice");
        (m_ellipsis ? m_back : m_front).push_back(name);
    }
}

bool Layout::has_name(const std::string& name) const {
    const std::string n = upper(name);
    return n != kUnnamed && (std::find(m_front.begin(), m_front.end(), n) != m_front.end() ||
                             std::find(m_back.begin(), m_back.end(), n) != m_back.end());
}

int64_t Layout::get_index_by_name(const std::string& name) const {
    const std::string n = upper(name);
    const auto f = std::find(m_front.begin(), m_front.end(), n);
    if (n != kUnnamed && f != m_front.end())
        return f - m_front.begin();
    const auto b = std::find(m_back.begin(), m_back.end(), n);
    if (n != kUnnamed && b != m_back.end())
        return (b - m_back.begin()) - static_cast<int64_t>(m_back.size());
    raise<NotFound>("layout '", to_string(), "' has no axis '", name, "'");
}

bool Layout::fits_rank(size_t rank) const {
    return empty() || (m_ellipsis ? rank >= size() : rank == size());
}

size_t Layout::index_for_rank(const std::string& name, size_t rank) const {
    if (!fits_rank(rank))
        raise<InvalidArgument>("layout '", to_string(), "' does not fit a tensor of rank ", rank);
    const int64_t i = get_index_by_name(name);
    return static_cast<size_t>(i >= 0 ? i : static_cast<int64_t>(rank) + i);
}

std::vector<std::string> Layout::names_for_rank(size_t rank) const {
    if (!fits_rank(rank))
        raise<InvalidArgument>("layout '", to_string(), "' does not fit a tensor of rank ", rank);
    if (empty())
        return std::vector<std::string>(rank, kUnnamed);
    std::vector<std::string> names = m_front;
    names.resize(rank - m_back.size(), kUnnamed);
    names.insert(names.end(), m_back.begin(), m_back.end());
    return names;
}

std::string Layout::to_string() const {
    if (empty())
        return "";
    const auto all_short = [](const std::vector<std::string>& v) {
        return std::all_of(v.begin(), v.end(), [](const std::string& s) { return s.size() == 1; });
    };
    std::string s;
    if (all_short(m_front) && all_short(m_back)) {
        for (const auto& n : m_front)
            s += n;
        if (m_ellipsis)
            s += "...";
        for (const auto& n : m_back)
            s += n;
        return s;
    }
    std::vector<std::string> parts = m_front;
    if (m_ellipsis)
        parts.emplace_back("...");
    parts.insert(parts.end(), m_back.begin(), m_back.end());
    for (size_t i = 0; i < parts.size(); ++i)
        s += (i ? "," : "") + parts[i];
    return "[" + s + "]";
}

bool Layout::operator==(const Layout& o) const {
    return m_set == o.m_set && m_ellipsis == o.m_ellipsis && m_front == o.m_front && m_back == o.m_back;
}

std::ostream& operator<<(std::ostream& os, const Layout& l) { return os << l.to_string(); }

namespace layout {

bool has_batch(const Layout& l) { return l.has_name("N"); }
bool has_channels(const Layout& l) { return l.has_name("C"); }
bool has_height(const Layout& l) { return l.has_name("H"); }
bool has_width(const Layout& l) { return l.has_name("W"); }

std::vector<int64_t> find_permutation(const Layout& src, const Layout& dst, size_t rank) {
    const auto bad = [&](const std::string& why) {
        raise<InvalidArgument>("no transpose from layout '", src.to_string(), "' to '", dst.to_string(),
                               "' for rank ", rank, ": ", why);
    };
    if (src.empty() || dst.empty())
        bad("both layouts must be set");
    if (!src.fits_rank(rank) || !dst.fits_rank(rank))
        bad("a layout does not fit the rank");
    const std::vector<std::string> s = src.names_for_rank(rank), d = dst.names_for_rank(rank);
    // Named axes move by name; unnamed ones keep their relative order ("N...C" -> "NC...").
    std::vector<size_t> unnamed;
    for (size_t i = 0; i < rank; ++i)
        if (s[i] == kUnnamed)
            unnamed.push_back(i);
    size_t next_unnamed = 0;
    std::vector<int64_t> order(rank);
    std::vector<bool> used(rank, false);
    for (size_t i = 0; i < rank; ++i) {
        size_t from = 0;
        if (d[i] == kUnnamed) {
            if (next_unnamed == unnamed.size())
                bad("the target has more unnamed axes than the source");
            from = unnamed[next_unnamed++];
        } else {
            const auto it = std::find(s.begin(), s.end(), d[i]);
            if (it == s.end())
                bad("the source has no axis '" + d[i] + "'");
            from = static_cast<size_t>(it - s.begin());
        }
        used[from] = true;
        order[i] = static_cast<int64_t>(from);
    }
    for (size_t i = 0; i < rank; ++i)
        if (!used[i])
            bad("the target has no axis '" + s[i] + "'");
    return order;
}

Layout apply_permutation(const Layout& l, const std::vector<int64_t>& order) {
    if (l.empty())
        return l;
    const std::vector<std::string> names = l.names_for_rank(order.size());
    std::string text;
    for (size_t i = 0; i < order.size(); ++i) {
        if (order[i] < 0 || static_cast<size_t>(order[i]) >= names.size())
            raise<InvalidArgument>("permutation index ", order[i], " is out of range for rank ", order.size());
        text += (i ? "," : "") + names[static_cast<size_t>(order[i])];
    }
    return Layout("[" + text + "]");
}

}  // namespace layout
}  // namespace ovcl
