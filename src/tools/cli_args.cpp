#include "tools/cli_args.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>

namespace ovcl {
namespace cli {

namespace {
// The command line as typed, for the report (normalization changes the spelling of names).
std::vector<std::string>& typed_command_line() {
    static std::vector<std::string> args;
    return args;
}

std::string lower(std::string s) {
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

/// benchmark_app's str2bool words: "true"/"false" for CLI11, "" for anything else.
std::string bool_word(const std::string& word) {
    const std::string w = lower(word);
    if (w == "yes" || w == "true" || w == "t" || w == "y" || w == "1")
        return "true";
    if (w == "no" || w == "false" || w == "f" || w == "n" || w == "0")
        return "false";
    return "";
}

size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            const size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = up;
        }
    }
    return row[b.size()];
}

/// Every flag of `app` as benchmark_app spells it: `-m`, `-niter`, `-number_iterations`, `--model-default`.
std::vector<std::string> flag_names(const CLI::App& app) {
    std::vector<std::string> names;
    for (const CLI::Option* opt : app.get_options()) {
        for (const std::string& s : opt->get_snames())
            names.push_back("-" + s);
        for (const std::string& l : opt->get_lnames())
            names.push_back((l.find('-') == std::string::npos ? "-" : "--") + l);
    }
    return names;
}

[[noreturn]] void unknown(const std::string& what, const std::string& word, const std::vector<std::string>& known,
                          const std::string& more = "") {
    const std::string near = closest(word, known);
    throw CLI::ExtrasError(what + " '" + word + "'" + (near.empty() ? "" : "; the closest is '" + near + "'") + more,
                           CLI::ExitCodes::ExtrasError);
}

/// A word that is a value, not a flag: "-1", "-.5", "-" (stdin), "--" (end of flags: handled by the caller).
bool is_value(const std::string& a) {
    return a.size() < 2 || a[0] != '-' || std::isdigit(static_cast<unsigned char>(a[1])) || a[1] == '.';
}
}  // namespace

std::string closest(const std::string& word, const std::vector<std::string>& candidates) {
    std::string best;
    size_t best_distance = std::string::npos;
    for (const std::string& c : candidates) {
        const size_t d = edit_distance(lower(word), lower(c));
        if (d < best_distance) {
            best = c;
            best_distance = d;
        }
    }
    return best;
}

std::vector<std::string> normalize_args(const CLI::App& app, int argc, char** argv) {
    std::vector<std::string> args(argv, argv + argc);
    typed_command_line() = args;
    if (args.size() < 2 || args[1] == "-h" || args[1] == "--help" || args[1] == "--version")
        return args;
    std::vector<std::string> commands;
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
        commands.push_back(sub->get_name());
    if (std::find(commands.begin(), commands.end(), args[1]) == commands.end()) {
        if (args[1][0] == '-')
            unknown("ovcl: unknown flag", args[1], {"-h", "--help", "--version"});
        std::string list;
        for (const std::string& c : commands)
            list += (list.empty() ? "" : ", ") + c;
        unknown("ovcl: unknown command", args[1], commands, " (commands: " + list + ")");
    }
    const CLI::App& sub = *app.get_subcommand(args[1]);
    const std::vector<std::string> known = flag_names(sub);
    const std::string where = "ovcl " + args[1] + ": unknown flag";
    bool value_next = false;  // the word after an option that takes a value is that value
    for (size_t i = 2; i < args.size(); ++i) {
        std::string& a = args[i];
        if (a == "--")
            break;
        if (value_next || is_value(a)) {
            value_next = false;
            continue;
        }
        const size_t eq = a.find('=');
        const std::string name = a.substr(0, eq);
        const bool two_dashes = name.rfind("--", 0) == 0;
        const std::string bare = name.substr(two_dashes ? 2 : 1);
        // benchmark_app spells long names with one dash; CLI11 would split them into short options.
        const CLI::Option* opt =
            bare.size() == 1 && !two_dashes ? sub.get_option_no_throw("-" + bare) : sub.get_option_no_throw("--" + bare);
        if (opt == nullptr || bare.empty())
            unknown(where, name, known);
        if (!two_dashes && bare.size() > 1)
            a.insert(0, "-");
        if (opt->get_expected_max() == 0 || opt->get_type_size_max() == 0) {  // a flag: `-pc true` as benchmark_app takes it
            if (eq == std::string::npos && i + 1 < args.size() && !bool_word(args[i + 1]).empty()) {
                a += "=" + bool_word(args[i + 1]);
                args.erase(args.begin() + static_cast<std::ptrdiff_t>(i) + 1);
            }
        } else {
            value_next = eq == std::string::npos && opt->get_expected_min() > 0;
        }
    }
    return args;
}

std::vector<std::pair<std::string, std::string>> command_line_pairs() {
    const std::vector<std::string>& args = typed_command_line();
    // As benchmark_app: each -name starts a pair; a value that follows fills it; -name=value is one pair.
    std::vector<std::pair<std::string, std::string>> pairs;
    for (size_t i = 2; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool is_name = a.size() > 1 && a[0] == '-' && !std::isdigit(static_cast<unsigned char>(a[1]));
        if (is_name && a.find('=') != std::string::npos) {
            pairs.emplace_back(a.substr(0, a.find('=')), a.substr(a.find('=') + 1));
        } else if (is_name) {
            pairs.emplace_back(a, "");
        } else if (!pairs.empty() && pairs.back().second.empty()) {
            pairs.back().second = a;
        } else if (!pairs.empty()) {
            pairs.back().second += " " + a;  // -i a.npy b.npy
        } else {
            pairs.emplace_back("", a);
        }
    }
    return pairs;
}

}  // namespace cli
}  // namespace ovcl
