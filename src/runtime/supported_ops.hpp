// SUPPORTED_OPERATIONS: a read-only property of every ovcl plugin listing each (op type, version) of the
// op table that the device accepts and what runs it there (`ovcl ops` prints it; docs/cli.md). Each entry
// is one string "Type-vN:runner", so the value is an ordinary std::vector<std::string> with a text form.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ovcl/except.hpp"
#include "ovcl/properties.hpp"

namespace ovcl {

inline constexpr Property<std::vector<std::string>, PropertyMutability::RO> supported_operations{
    "SUPPORTED_OPERATIONS"};

/// One entry. `runner`: on GPU the host class whose OpenCL kernels run the op ("EltwiseOp", ...), "host"
/// (host_ref inside the GPU plan), "view" (the output shares the input's buffer), "decomposed" (replaced by
/// ops with kernels before planning), "io" (Parameter,
/// Constant, Result: the plan's bound buffers) or "copy" (ReadValue, Assign: device copies); on REF "host_ref".
struct SupportedOp {
    std::string type;
    int64_t version = 0;
    std::string runner;

    std::string entry() const { return type + "-v" + std::to_string(version) + ":" + runner; }

    /// The inverse of entry(); InvalidArgument naming the text when it is not "Type-vN:runner".
    static SupportedOp parse(const std::string& text) {
        const size_t colon = text.rfind(':');
        const size_t dash = colon == std::string::npos ? std::string::npos : text.rfind("-v", colon);
        SupportedOp op;
        if (dash != std::string::npos && dash > 0 && colon > dash + 2 && colon + 1 < text.size()) {
            op.type = text.substr(0, dash);
            op.runner = text.substr(colon + 1);
            const std::string digits = text.substr(dash + 2, colon - dash - 2);
            if (digits.size() < 10 && digits.find_first_not_of("0123456789") == std::string::npos) {
                op.version = std::stoll(digits);
                return op;
            }
        }
        raise<InvalidArgument>(supported_operations.key, ": '", text, "' is not an entry Type-vN:runner");
    }
};

}  // namespace ovcl
