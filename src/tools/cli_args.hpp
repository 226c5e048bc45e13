// The command line before CLI11 sees it: benchmark_app's spelling (one dash for long names, `-pc true`
// for a boolean) becomes CLI11's, and every word that looks like a flag but is none of the subcommand's
// is refused with its name and the closest known flag (CLI11 would split `-dump_config` into `-d
// ump_config`).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace CLI {
class App;
}

namespace ovcl {
namespace cli {

/// The arguments for CLI11: `-name` / `-name=value` become `--name...` for every long name the
/// subcommand knows; a boolean flag followed by a benchmark_app boolean word (true, false, yes, no, 1,
/// 0, t, f, y, n) takes it as its value. Throws CLI::ExtrasError (exit code 2) naming an unknown
/// subcommand or flag and the closest known one.
std::vector<std::string> normalize_args(const CLI::App& app, int argc, char** argv);

/// The (name, value) pairs of the command line given to normalize_args, as typed, as
/// benchmark_app's statistics report lists them.
std::vector<std::pair<std::string, std::string>> command_line_pairs();

/// The candidate closest to `word` by edit distance (ties: the first); "" when there is none.
std::string closest(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace cli
}  // namespace ovcl
