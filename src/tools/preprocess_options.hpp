// benchmark_app's preprocessing flags, shared by `ovcl benchmark` and `ovcl run`: -ip, -op, -iop
// (tensor element types), -layout (the model inputs' layouts), -mean_values and -scale_values
// (folded into the model as benchmark_app does: convert to f32, subtract, divide). They become a
// PrePostProcessor (ovcl/preprocess/) applied to the model before it is compiled.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ovcl/element_type.hpp"
#include "ovcl/layout.hpp"
#include "ovcl/model.hpp"

namespace CLI {
class App;
}

namespace ovcl {
namespace cli {

struct PreprocessOptions {
    std::string ip;            ///< -ip: element type of every input tensor
    std::string op;            ///< -op: element type of every output tensor
    std::string iop;           ///< -iop "name:type,name2:type": per input or output (wins over -ip/-op)
    std::string layout;        ///< -layout "NCHW", "[N,C,H,W]", "name[NCHW],name2[NC]" or "name:[N,H,W,C]"
    std::string mean_values;   ///< -mean_values "[123.675,116.28,103.53]" or "name[...],name2[...]"
    std::string scale_values;  ///< -scale_values, the same forms
    /// benchmark_app's default (`ovcl benchmark` only): an image input (layout NCHW, NHWC, CHW or HWC, from
    /// -layout, the model or guessed from the shape, with 3 channels) takes u8 unless -ip or -iop names a type.
    bool images_u8 = false;
    bool any() const {
        return !ip.empty() || !op.empty() || !iop.empty() || !layout.empty() || !mean_values.empty() ||
               !scale_values.empty() || images_u8;
    }
};

/// Registers the six flags on `sub` (as --ip, --op, ...; benchmark_app's one-dash spelling is
/// rewritten to two dashes before parsing, see normalize_args in cli_args.hpp).
void add_preprocess_options(CLI::App& sub, PreprocessOptions& opt);

/// Parses "name[...],name2[...]" or "[...]" (key "": every input) into the bracketed texts; `flag`
/// names the option in errors. For -layout also "NCHW" and "name:NCHW" (no brackets).
std::map<std::string, std::string> parse_bracketed(const std::string& text, const char* flag, bool allow_bare);
/// "1,2.5,3" -> values; InvalidArgument naming `flag` for a bad number.
std::vector<float> parse_floats(const std::string& text, const char* flag);
/// -layout's value for one input: "NCHW", "N,C,H,W" or "[N,C,H,W]".
Layout parse_layout(const std::string& text, const char* flag);
/// An element type as benchmark_app spells it (u8, f32, FP16, I32, ...).
element::Type parse_precision(const std::string& text, const char* flag);

/// The model with the options applied (the same model when none is given). Throws InvalidArgument
/// or NotFound naming the flag and the input for a bad value, an unknown name, or a layout/values
/// the input cannot take.
std::shared_ptr<Model> apply_preprocess(const std::shared_ptr<Model>& model, const PreprocessOptions& opt);

}  // namespace cli
}  // namespace ovcl
