#include "ovcl/properties.hpp"

#include <algorithm>
#include <array>

#include "ovcl/version.hpp"

namespace ovcl {

namespace {
template <typename E, size_t N>
void write_enum(std::ostream& os, E v, const std::array<const char*, N>& names) {
    os << names.at(static_cast<size_t>(v));
}
template <typename E, size_t N>
void read_enum(std::istream& is, E& v, const std::array<const char*, N>& names, const char* what) {
    std::string s;
    is >> s;
    for (size_t i = 0; i < N; ++i)
        if (s == names[i]) {
            v = static_cast<E>(i);
            return;
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
std::ostream& operator<<(std::ostream& os, PerformanceMode m) {
    write_enum(os, m, kPerf);
    return os;
}
std::istream& operator>>(std::istream& is, PerformanceMode& m) {
    read_enum(is, m, kPerf, "performance mode");
    return is;
}
std::ostream& operator<<(std::ostream& os, ExecutionMode m) {
    write_enum(os, m, kExec);
    return os;
}
std::istream& operator>>(std::istream& is, ExecutionMode& m) {
    read_enum(is, m, kExec, "execution mode");
    return is;
}
}  // namespace hint

namespace log {
std::ostream& operator<<(std::ostream& os, Level l) {
    write_enum(os, l, kLog);
    return os;
}
std::istream& operator>>(std::istream& is, Level& l) {
    read_enum(is, l, kLog, "log level");
    return is;
}
}  // namespace log

namespace device {
std::ostream& operator<<(std::ostream& os, Type t) {
    write_enum(os, t, kDev);
    return os;
}
std::istream& operator>>(std::istream& is, Type& t) {
    read_enum(is, t, kDev, "device type");
    return is;
}
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
