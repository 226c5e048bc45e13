// ovcl exceptions: every failure the runtime reports is an ovcl::Exception (or a subclass)
// whose message names what failed and where (file, layer, port, property).
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>

namespace ovcl {

class Exception : public std::runtime_error {
public:
    explicit Exception(const std::string& what) : std::runtime_error(what) {}
};

/// A name, port, device, property or file that does not exist.
class NotFound : public Exception {
public:
    using Exception::Exception;
};
/// The operation is not implemented by this plugin / device.
class NotImplemented : public Exception {
public:
    using Exception::Exception;
};
/// The infer request is running and cannot be changed or started now.
class Busy : public Exception {
public:
    using Exception::Exception;
};
/// The infer request was cancelled.
class Cancelled : public Exception {
public:
    using Exception::Exception;
};
/// Malformed model (IR parse errors, shape-inference failures, bad attributes).
class ModelError : public Exception {
public:
    using Exception::Exception;
};
/// A value supplied by the user is invalid (tensor type/shape, property value).
class InvalidArgument : public Exception {
public:
    using Exception::Exception;
};

namespace detail {
inline void stream_all(std::ostringstream&) {}
template <typename T, typename... Rest>
void stream_all(std::ostringstream& os, const T& first, const Rest&... rest) {
    os << first;
    stream_all(os, rest...);
}
}  // namespace detail

/// Builds a message from all arguments and throws E(message).
template <typename E = Exception, typename... Args>
[[noreturn]] void raise(const Args&... args) {
    std::ostringstream os;
    detail::stream_all(os, args...);
    throw E(os.str());
}

}  // namespace ovcl

/// OVCL_CHECK(cond, ExceptionType, message parts...): throws when cond is false.
#define OVCL_CHECK(cond, E, ...)             \
    do {                                     \
        if (!(cond))                         \
            ::ovcl::raise<E>(__VA_ARGS__);   \
    } while (0)
