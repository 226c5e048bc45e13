// Checks shared by the subcommands: numeric flags that must be finite and in range, paths that
// must not be empty, and what became of a compile with CACHE_DIR.
#pragma once

#include <CLI/CLI.hpp>

#include <filesystem>
#include <string>

namespace ovcl {
class CompiledModel;

namespace cli {

/// A CLI11 validator: a finite number in [min, max] (an integer when `integer`). Its message
/// names the value and the range; CLI11 puts the flag's name before it.
CLI::Validator number_in(double min, double max, bool integer);

/// A CLI11 validator for a path: given, it must not be empty ('-m ""' is not "no model").
CLI::Validator non_empty_path();

/// -m (a model IR; none: the embedded model) and -d, as `ovcl query` and `ovcl run` spell them.
void add_model_and_device(CLI::App& sub, std::string& model_path, std::string& device);

/// Reads CACHE_DIR before a compile and says after it whether the compiled model was loaded from
/// the cache, stored into it, or could not be stored (an unwritable or full directory).
class CacheWatch {
public:
    explicit CacheWatch(std::string dir);
    std::string outcome(const CompiledModel& compiled) const;

private:
    std::string m_dir;
    std::filesystem::file_time_type m_newest;  ///< the newest entry before the compile
};

}  // namespace cli
}  // namespace ovcl
