// What the extension fuzz targets do with one input, shared with the regression test that replays
// what they found (tests/hardening/test_fuzz_regressions.cpp). Both return normally when the input
// was read or refused with an ovcl::Exception; anything else (a crash, a sanitizer report, a leak,
// a hang, another exception type) is a bug.
//   fuzz_expression:    the input is a comma-separated list of work-size / scalar expressions;
//                       each is parsed and evaluated against references whose values include
//                       0, -1 and the int64 extremes, so overflow paths run.
//   fuzz_kernel_config: the input is a custom-kernel config (.xml text) read as if it lay in a
//                       folder holding the kernel sources it may name; each op is then checked
//                       and its expressions evaluated the same way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include "extension/expression.hpp"
#include "extension/extension_registry.hpp"
#include "ovcl/except.hpp"

namespace ovcl {
namespace fuzz {

/// The value of a reference: chosen by its port, dimension and name from values that stress the
/// arithmetic (including none: a dynamic dimension). Deterministic, so a reproducer replays.
inline std::optional<int64_t> probe_value(const ext::Ref& r) {
    constexpr int64_t kMax = std::numeric_limits<int64_t>::max(), kMin = std::numeric_limits<int64_t>::min();
    static const std::optional<int64_t> values[] = {1, 3, 0, -1, 64, kMax, kMin, std::nullopt, int64_t{1} << 32, 7};
    constexpr size_t n = sizeof(values) / sizeof(values[0]);
    const size_t pick = r.port * 3 + r.dim * 5 + static_cast<size_t>(r.field) + r.name.size();
    return values[pick % n];
}

inline void evaluate_quietly(const ext::Expression& e) {
    try {
        (void)e.evaluate(probe_value);
    } catch (const Exception&) {
    }
}

inline void expression_input(const uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        for (const auto& e : ext::parse_expression_list(text))
            evaluate_quietly(e);
    } catch (const Exception&) {
    }
}

/// The kernel sources a config under fuzzing may name; make_kernel_config_folder writes them.
inline const char* const kFuzzKernelSources[] = {"k.cl", "scaled_swish.cl"};

/// `config_path` is a file name inside a folder holding kFuzzKernelSources (it need not exist).
inline void kernel_config_input(const uint8_t* data, size_t size, const std::string& config_path) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        for (const auto& op : ext::parse_kernel_config(config_path, text)) {
            const auto compiled = ext::compile_extension(op);
            for (const auto& out : compiled->outputs)
                if (out.dims)
                    for (const auto& d : *out.dims)
                        evaluate_quietly(d);
            for (const auto& e : compiled->global)
                evaluate_quietly(e);
            for (const auto& e : compiled->local)
                evaluate_quietly(e);
            for (const auto& e : compiled->arg_exprs)
                if (e)
                    evaluate_quietly(*e);
        }
    } catch (const Exception&) {
    }
}

}  // namespace fuzz
}  // namespace ovcl
