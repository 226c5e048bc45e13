#include "tools/preprocess_options.hpp"

#include <CLI/CLI.hpp>

#include <cmath>
#include <sstream>

#include "ovcl/except.hpp"
#include "ovcl/preprocess/pre_post_process.hpp"

namespace ovcl {
namespace cli {

namespace {

std::string trim(const std::string& s) {
    const size_t b = s.find_first_not_of(" \t");
    const size_t e = s.find_last_not_of(" \t");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

std::string port_name(const Output<Node>& p) {
    return p.get_names().empty() ? p.node->get_friendly_name() : *p.get_names().begin();
}

bool is_named(const Output<Node>& p, const std::string& name) {
    return p.get_names().count(name) || p.node->get_friendly_name() == name;
}

std::string list_names(const OutputVector& ports) {
    std::string s;
    for (const Output<Node>& p : ports)
        s += (s.empty() ? "" : ", ") + port_name(p);
    return s;
}

/// The index of the input called `name`; NotFound naming the flag and listing the inputs.
size_t input_index(const OutputVector& ins, const std::string& name, const char* flag) {
    for (size_t i = 0; i < ins.size(); ++i)
        if (is_named(ins[i], name))
            return i;
    raise<NotFound>(flag, ": the model has no input '", name, "' (its inputs: ", list_names(ins), ")");
}

/// The value for input `port` in a per-input map (its name, else the "" entry for every input).
template <typename V>
const V* value_for(const std::map<std::string, V>& m, const Output<Node>& port) {
    for (const auto& [key, v] : m)
        if (!key.empty() && is_named(port, key))
            return &v;
    const auto it = m.find("");
    return it == m.end() ? nullptr : &it->second;
}

/// benchmark_app's guess of an image layout from the shape, for per-channel values without -layout.
Layout guess_layout(const PartialShape& shape, size_t channels) {
    const auto is = [&](size_t axis) {
        return shape[axis].is_static() && static_cast<size_t>(shape[axis].get_length()) == channels;
    };
    if (shape.rank_is_dynamic())
        return {};
    if (shape.size() == 4)
        return is(1) ? Layout("NCHW") : is(3) ? Layout("NHWC") : Layout();
    if (shape.size() == 3)
        return is(0) ? Layout("CHW") : is(2) ? Layout("HWC") : Layout();
    return {};
}

/// benchmark_app's layout of an input without one (utils.get_inputs_info): the axis of at most 4 (colours)
/// against one of more than 4 (a dynamic dimension counts as more) at the other end of a 4-D or 3-D shape.
Layout guess_image_layout(const PartialShape& shape) {
    constexpr int64_t kMaxColours = 4;
    if (shape.rank_is_dynamic() || (shape.size() != 4 && shape.size() != 3))
        return {};
    const auto small = [&](size_t axis) { return shape[axis].is_static() && shape[axis].get_length() <= kMaxColours; };
    const size_t first = shape.size() == 4 ? 1 : 0, last = shape.size() - 1;
    if (small(first) && !small(last))
        return Layout(shape.size() == 4 ? "NCHW" : "CHW");
    if (small(last) && !small(first))
        return Layout(shape.size() == 4 ? "NHWC" : "HWC");
    return {};
}

/// benchmark_app's AppInputInfo.is_image: an image layout whose channel axis holds 3.
bool is_image(const Layout& layout, const PartialShape& shape) {
    if (layout != Layout("NCHW") && layout != Layout("NHWC") && layout != Layout("CHW") && layout != Layout("HWC"))
        return false;
    const Dimension channels = shape[static_cast<size_t>(layout.get_index_by_name("C"))];
    return channels.is_static() && channels.get_length() == 3;
}

/// The layout the model gives an input (IR rt_info "layout"), empty when none.
Layout model_layout(const Output<Node>& port) {
    const auto it = port.node->get_rt_info().find("layout");
    if (it == port.node->get_rt_info().end())
        return {};
    try {
        return Layout(it->second.to_string());
    } catch (const Exception&) {
        return {};
    }
}

}  // namespace

void add_preprocess_options(CLI::App& sub, PreprocessOptions& opt) {
    sub.add_option("--ip", opt.ip, "Element type of every input tensor (u8, f16, f32, i32, ...); converted in the "
                                   "model");
    sub.add_option("--op", opt.op, "Element type of every output tensor; converted in the model");
    sub.add_option("--iop", opt.iop, "Element types per input or output: \"in1:u8,out:f16\" (wins over -ip/-op)");
    sub.add_option("--layout", opt.layout,
                   "Layout of the model's inputs: \"NCHW\" for every input, or \"in1[NCHW],in2[NC]\" / "
                   "\"in1:[N,H,W,C]\"; gives -mean_values/-scale_values their channel axis");
    sub.add_option("--mean_values", opt.mean_values,
                   "Subtracted from the inputs (after a conversion to f32): \"[123.675,116.28,103.53]\" per channel "
                   "for every input, or \"in1[...],in2[...]\"");
    sub.add_option("--scale_values", opt.scale_values,
                   "Divide the inputs (after the mean): \"[58.395,57.12,57.375]\" or \"in1[...],in2[...]\"");
}

std::map<std::string, std::string> parse_bracketed(const std::string& text, const char* flag, bool allow_bare) {
    std::map<std::string, std::string> out;
    const auto bad = [&](const std::string& why) { raise<InvalidArgument>(flag, " '", text, "': ", why); };
    size_t pos = 0;
    while (pos < text.size()) {
        const size_t open = text.find('[', pos);
        const size_t comma = text.find(',', pos);
        std::string name, value;
        if (open == std::string::npos || (comma != std::string::npos && comma < open)) {
            // No bracket before the next comma: "NCHW" or "name:NCHW" (-layout only).
            const std::string item = trim(text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos));
            if (!allow_bare)
                bad("expected [values] or name[values] at '" + item + "'");
            const size_t colon = item.rfind(':');
            name = colon == std::string::npos ? "" : trim(item.substr(0, colon));
            value = colon == std::string::npos ? item : trim(item.substr(colon + 1));
            pos = comma == std::string::npos ? text.size() : comma + 1;
        } else {
            const size_t close = text.find(']', open);
            if (close == std::string::npos)
                bad("a '[' without ']'");
            name = trim(text.substr(pos, open - pos));
            if (!name.empty() && name.back() == ':')
                name = trim(name.substr(0, name.size() - 1));
            value = text.substr(open + 1, close - open - 1);
            pos = close + 1;
            if (pos < text.size()) {
                if (text[pos] != ',')
                    bad("expected ',' after ']' at '" + text.substr(pos) + "'");
                ++pos;
            }
        }
        if (trim(value).empty())
            bad("an empty value" + (name.empty() ? std::string() : " for '" + name + "'"));
        if (!out.emplace(name, value).second)
            bad(name.empty() ? std::string("values for every input are given twice")
                             : "input '" + name + "' is given twice");
        if (pos == text.size() && !text.empty() && text.back() == ',')
            bad("ends with ','");
    }
    return out;
}

std::vector<float> parse_floats(const std::string& text, const char* flag) {
    std::vector<float> v;
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ',')) {
        item = trim(item);
        size_t used = 0;
        float f = 0;
        try {
            f = std::stof(item, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (item.empty() || used != item.size() || std::isnan(f))
            raise<InvalidArgument>(flag, ": '", item, "' is not a number (in '", text, "')");
        if (!std::isfinite(f))
            raise<InvalidArgument>(flag, ": '", item, "' is not a finite number (in '", text, "')");
        v.push_back(f);
    }
    if (v.empty())
        raise<InvalidArgument>(flag, ": no values in '", text, "'");
    return v;
}

Layout parse_layout(const std::string& text, const char* flag) {
    const std::string t = trim(text);
    try {
        return t.find(',') != std::string::npos && t.front() != '[' ? Layout("[" + t + "]") : Layout(t);
    } catch (const InvalidArgument& e) {
        raise<InvalidArgument>(flag, ": ", e.what());
    }
}

element::Type parse_precision(const std::string& text, const char* flag) {
    std::string lower = trim(text);
    for (char& c : lower)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    try {
        // benchmark_app's spellings: u8, f32, and the legacy FP32 / U8 (element::Type reads those too).
        const element::Type t(lower == "fp32" || lower == "fp16" || lower == "fp64" ? "f" + lower.substr(2) : lower);
        if (t.is_static())
            return t;
    } catch (const Exception&) {
    }
    raise<InvalidArgument>(flag, ": '", text, "' is not an element type (u8, i8, u16, i16, i32, i64, f16, f32, ...)");
}

std::shared_ptr<Model> apply_preprocess(const std::shared_ptr<Model>& model, const PreprocessOptions& opt) {
    if (!opt.any())
        return model;
    const OutputVector ins = model->inputs(), outs = model->outputs();
    const element::Type ip = opt.ip.empty() ? element::undefined : parse_precision(opt.ip, "-ip");
    const element::Type op = opt.op.empty() ? element::undefined : parse_precision(opt.op, "-op");

    std::map<size_t, element::Type> in_types, out_types;
    std::stringstream iop(opt.iop);
    std::string item;
    while (std::getline(iop, item, ',')) {
        const size_t colon = item.rfind(':');
        if (colon == std::string::npos || colon == 0 || colon + 1 == item.size())
            raise<InvalidArgument>("-iop '", opt.iop, "': expected name:type at '", item, "'");
        const std::string name = trim(item.substr(0, colon));
        const element::Type t = parse_precision(item.substr(colon + 1), "-iop");
        bool found = false;
        for (size_t i = 0; i < ins.size(); ++i) {
            if (is_named(ins[i], name)) {
                in_types[i] = t;
                found = true;
            }
        }
        for (size_t i = 0; i < outs.size(); ++i) {
            if (is_named(outs[i], name)) {
                out_types[i] = t;
                found = true;
            }
        }
        if (!found)
            raise<NotFound>("-iop: the model has no input or output '", name, "' (inputs: ", list_names(ins),
                            "; outputs: ", list_names(outs), ")");
    }

    std::map<std::string, Layout> layouts;
    for (const auto& [name, text] : parse_bracketed(opt.layout, "-layout", true)) {
        if (!name.empty())
            input_index(ins, name, "-layout");
        layouts[name] = parse_layout(text, "-layout");
    }
    std::map<std::string, std::vector<float>> means, scales;
    for (const auto& [name, text] : parse_bracketed(opt.mean_values, "-mean_values", false)) {
        if (!name.empty())
            input_index(ins, name, "-mean_values");
        means[name] = parse_floats(text, "-mean_values");
    }
    for (const auto& [name, text] : parse_bracketed(opt.scale_values, "-scale_values", false)) {
        if (!name.empty())
            input_index(ins, name, "-scale_values");
        scales[name] = parse_floats(text, "-scale_values");
        for (float v : scales[name])
            if (v == 0.0f)
                raise<InvalidArgument>("-scale_values '", opt.scale_values, "': a scale of 0 (the input is divided by it)");
    }

    preprocess::PrePostProcessor ppp(model);
    for (size_t i = 0; i < ins.size(); ++i) {
        const std::string name = port_name(ins[i]);
        const PartialShape& shape = ins[i].get_partial_shape();
        preprocess::InputInfo& in = ppp.input(i);
        element::Type t = in_types.count(i) ? in_types[i] : ip;
        Layout layout;
        if (const Layout* l = value_for(layouts, ins[i])) {
            layout = *l;
            if (shape.rank_is_static() && !layout.fits_rank(shape.size()))
                raise<InvalidArgument>("-layout '", layout, "' does not fit input '", name, "' of shape ", shape);
        } else if (opt.images_u8) {
            layout = model_layout(ins[i]);
            if (layout.empty())
                layout = guess_image_layout(shape);
        }
        if (!t.is_static() && opt.images_u8 && !layout.empty() && is_image(layout, shape))
            t = element::u8;
        if (t.is_static())
            in.tensor().set_element_type(t);
        const std::vector<float>* mean = value_for(means, ins[i]);
        const std::vector<float>* scale = value_for(scales, ins[i]);
        for (const auto* values : {mean, scale}) {
            if (values && values->size() > 1 && layout.empty()) {
                layout = guess_layout(shape, values->size());
                if (layout.empty())
                    raise<InvalidArgument>(mean == values ? "-mean_values" : "-scale_values", ": ", values->size(),
                                           " values for input '", name, "' of shape ", shape,
                                           ", whose channel axis is not known: give -layout");
            }
        }
        if (!layout.empty())
            in.model().set_layout(layout);
        if (mean || scale)
            in.preprocess().convert_element_type(element::f32);
        if (mean)
            in.preprocess().mean(*mean);
        if (scale)
            in.preprocess().scale(*scale);
    }
    for (size_t i = 0; i < outs.size(); ++i) {
        const element::Type t = out_types.count(i) ? out_types[i] : op;
        if (t.is_static())
            ppp.output(i).tensor().set_element_type(t);
    }
    try {
        return ppp.build();
    } catch (const InvalidArgument& e) {
        raise<InvalidArgument>("preprocessing (-ip/-op/-iop/-layout/-mean_values/-scale_values): ", e.what());
    }
}

}  // namespace cli
}  // namespace ovcl
