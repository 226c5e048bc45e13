#include "ovcl/any.hpp"

#include <algorithm>
#include <cctype>

namespace ovcl {
namespace detail {
bool parse_bool(const std::string& s) {
    std::string u = s;
    std::transform(u.begin(), u.end(), u.begin(), [](unsigned char c) { return std::toupper(c); });
    if (u == "YES" || u == "TRUE" || u == "1" || u == "ON")
        return true;
    if (u == "NO" || u == "FALSE" || u == "0" || u == "OFF")
        return false;
    raise<InvalidArgument>("'", s, "' is not a boolean (YES/NO, true/false)");
}
}  // namespace detail

std::ostream& operator<<(std::ostream& os, const Any& a) { return os << a.to_string(); }

std::ostream& operator<<(std::ostream& os, const AnyMap& m) {
    os << '{';
    bool first = true;
    for (const auto& [k, v] : m) {
        os << (first ? "" : ",") << k << ':' << v.to_string();
        first = false;
    }
    return os << '}';
}

}  // namespace ovcl
