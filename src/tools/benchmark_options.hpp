// The options of `ovcl benchmark`, with benchmark_app's names and meaning (-m, -d, -hint,
// -nireq, ...), and the checks benchmark_app makes on them before anything is loaded.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "tools/preprocess_options.hpp"

namespace CLI {
class App;
}

namespace ovcl {
namespace cli {

struct BenchmarkOptions {
    std::string model_path;             ///< -m; empty: the embedded model `default_model`
    std::string default_model = "cnn";  ///< --model-default
    std::string device = "GPU";         ///< -d
    std::string hint;                   ///< -hint: "" (not given), throughput|tput, latency, ctput, none
    uint32_t nireq = 0;                 ///< -nireq; 0: OPTIMAL_NUMBER_OF_INFER_REQUESTS
    std::string nstreams;               ///< -nstreams: a count or AUTO; needs -hint none
    int64_t niter = -1;                 ///< -niter; -1: not given, 0: compile only
    double time_s = 0;                  ///< -t; 0: not given
    std::string api;                    ///< -api: "" (from the hint), sync, async
    uint32_t batch = 0;                 ///< -b; 0: the model's
    std::string shape;                  ///< -shape "name[1,3,224,224],..." or "[...]"
    std::string data_shape;             ///< -data_shape "name[1,3,224,224][1,3,448,448],..."
    std::vector<std::string> inputs;    ///< -i [name:]file.npy[,file.npy...]
    uint32_t seed = 1;                  ///< --seed of the random inputs
    std::string infer_precision;        ///< -infer_precision f32|f16 (or DEVICE:f16)
    bool pc = false;                    ///< -pc
    std::string pcsort;                 ///< -pcsort sort|no_sort|simple_sort
    std::string report_type;            ///< -report_type no_counters|average_counters|detailed_counters
    std::string report_folder;          ///< -report_folder
    bool json_stats = false;            ///< -json_stats: reports as JSON instead of CSV
    std::string cache_dir;              ///< -cache_dir
    std::string load_config;            ///< -load_config FILE: device properties (benchmark_config.hpp)
    std::string trace;                  ///< -trace FILE: Chrome trace of the pipeline
    uint32_t latency_percentile = 50;   ///< -latency_percentile 1..100
    PreprocessOptions pre;              ///< -ip -op -iop -layout -mean_values -scale_values

    bool niter_given() const { return niter >= 0; }
    bool counters_requested() const;  ///< -pc, -pcsort or a counters report
};

/// Registers the options on `sub` (the `benchmark` subcommand).
void add_benchmark_options(CLI::App& sub, BenchmarkOptions& opt);

/// Checks that only the parsed values together can violate (benchmark_app's rules): -nstreams
/// needs -hint none, a report type needs nothing else, ... Throws InvalidArgument naming the flags.
void validate(BenchmarkOptions& opt);

/// benchmark_app spells its options with one dash (-hint, -nireq); CLI11 wants two for names
/// longer than a letter. Rewrites `-name` and `-name=value` to `--name...` for every long name
/// the subcommand knows, when the command is `ovcl benchmark ...` or `ovcl run ...` (which shares
/// the preprocessing flags -ip, -layout, ...); other arguments
/// (values such as -1, other subcommands) are left as they are.
std::vector<std::string> normalize_benchmark_args(const CLI::App& app, int argc, char** argv);

/// The (name, value) pairs of the command line given to normalize_benchmark_args, as typed, as
/// benchmark_app's statistics report lists them.
std::vector<std::pair<std::string, std::string>> command_line_pairs();

}  // namespace cli
}  // namespace ovcl
