#include "ovcl/properties.hpp"

#include <algorithm>
#include <array>

#include "ovcl/version.hpp"

namespace ovcl {

namespace {
template <typename E, size_t N>
std::ostream& write_enum(std::ostream& os, E v, const std::array<const char*, N>& names) {
    return os << names.at(static_cast<size_t>(v));
}
template <typename E, size_t N>
std::istream& read_enum(std::istream& is, E& v, const std::array<const char*, N>& names, const char* what) {
    std::string s;
    is >> s;
    for (size_t i = 0; i < N; ++i)
        if (s == names[i]) {
            v = static_cast<E>(i);
            return is;
        }
    std::string list;
    for (const char* n : names)
        list += std::string(list.empty() ? "" : ", ") + n;
    raise<InvalidArgument>("'", s, "' is not a ", what, " (one of ", list, ")");
}
constexpr std::array<const char*, 3> kPerf{"LATENCY", "THROUGHPUT", "CUMULATIVE_THROUGHPUT"};
constexpr std::array<const char*, 2> kExec{"PERFORMANCE", "ACCURACY"};
constexpr std::array<const char*, 6> kLog{"LOG_NONE", "LOG_ERROR", "LOG_WARNING", "LOG_INFO", "LOG_DEBUG", "LOG_TRACE"};
constexpr std::array<const char*, 2> kDev{"integrated", "discrete"};
}  // namespace

namespace hint {
std::ostream& operator<<(std::ostream& os, PerformanceMode m) { return write_enum(os, m, kPerf); }
std::istream& operator>>(std::istream& is, PerformanceMode& m) { return read_enum(is, m, kPerf, "performance mode"); }
std::ostream& operator<<(std::ostream& os, ExecutionMode m) { return write_enum(os, m, kExec); }
std::istream& operator>>(std::istream& is, ExecutionMode& m) { return read_enum(is, m, kExec, "execution mode"); }
}  // namespace hint

namespace log {
std::ostream& operator<<(std::ostream& os, Level l) { return write_enum(os, l, kLog); }
std::istream& operator>>(std::istream& is, Level& l) { return read_enum(is, l, kLog, "log level"); }
}  // namespace log

namespace device {
std::ostream& operator<<(std::ostream& os, Type t) { return write_enum(os, t, kDev); }
std::istream& operator>>(std::istream& is, Type& t) { return read_enum(is, t, kDev, "device type"); }
}  // namespace device

std::istream& operator>>(std::istream& is, PropertyName& p) {
    std::string s;
    is >> s;
    p = PropertyName(s);
    return is;
}

const Version& get_version() {
    static const Version v{OVCL_VERSION, "ovcl runtime"};
    return v;
}

}  // namespace ovcl
