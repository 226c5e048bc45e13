#include "tools/cli_checks.hpp"

#include <cmath>
#include <exception>
#include <sstream>

#include "ovcl/compiled_model.hpp"
#include "ovcl/properties.hpp"

namespace ovcl {
namespace cli {

namespace {
std::string number_text(double v) {
    std::ostringstream os;
    os.precision(15);
    os << v;
    return os.str();
}

// The entries that Core's model cache writes (src/core/model_cache.cpp).
std::filesystem::file_time_type newest_entry(const std::string& dir) {
    namespace fs = std::filesystem;
    fs::file_time_type newest = fs::file_time_type::min();
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.rfind("ovcl_model_", 0) == 0 && name.size() > 5 && name.compare(name.size() - 5, 5, ".blob") == 0 &&
            it->is_regular_file(ec))
            newest = std::max(newest, it->last_write_time(ec));
    }
    return newest;
}
}  // namespace

CLI::Validator number_in(double min, double max, bool integer) {
    const std::string range = "[" + number_text(min) + ", " + number_text(max) + "]";
    return CLI::Validator(
        [=](std::string& text) -> std::string {
            double v = 0;
            size_t used = 0;
            try {
                v = std::stod(text, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (used == 0 || used != text.size() || std::isnan(v))
                return "'" + text + "' is not a number";
            if (!std::isfinite(v) || v < min || v > max)
                return "'" + text + "' is out of range: expected " + (integer ? "an integer" : "a number") + " in " +
                       range;
            if (integer && v != std::floor(v))
                return "'" + text + "' is not an integer";
            return "";
        },
        (integer ? "INT in " : "NUMBER in ") + range);
}

CLI::Validator non_empty_path() {
    return CLI::Validator([](std::string& text) { return text.empty() ? std::string("the path is empty") : ""; },
                          "PATH");
}

void add_model_and_device(CLI::App& sub, std::string& model_path, std::string& device) {
    sub.add_option("-m,--model", model_path, "Model IR (.xml, with the .bin beside it); default: embedded")
        ->check(non_empty_path());
    sub.add_option("-d,--device", device, "Device name")->capture_default_str();
}

CacheWatch::CacheWatch(std::string dir) : m_dir(std::move(dir)), m_newest(newest_entry(m_dir)) {}

std::string CacheWatch::outcome(const CompiledModel& compiled) const {
    if (compiled.get_property(loaded_from_cache))
        return "loaded from " + m_dir;
    if (newest_entry(m_dir) > m_newest)
        return "compiled into " + m_dir;
    return "compiled; nothing could be stored in " + m_dir + " (the device cannot export, or the folder is not writable)";
}

}  // namespace cli
}  // namespace ovcl
