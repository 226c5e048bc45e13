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
    std::string device = "REF";         ///< -d (the default of every subcommand: docs/cli.md)
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
    std::string exec_graph_path;        ///< -exec_graph_path FILE: the compiled model's runtime graph as IR
    std::string dump_config;            ///< -dump_config FILE: the properties given to compile_model, as JSON
    std::string kernels_config;         ///< -c FILE: custom kernels (.xml), Core::add_extension
    std::string extensions;             ///< -extensions "a.so,b.xml": Core::add_extension for each
    bool load_from_file = false;        ///< -lfile: compile the file directly, no read_model (steps 4-6 skipped)
    std::string lfile_path;             ///< -lfile's optional value: the model when -m is not given
    bool pcseq = false;                 ///< -pcseq: latencies per -data_shape group
    bool no_warmup = false;             ///< -no_warmup: no first inference before the measurement
    uint32_t nthreads = 0;              ///< -nthreads: INFERENCE_NUM_THREADS where the device has it
    std::string pin;                    ///< -pin YES|NO: ENABLE_CPU_PINNING where the device has it
    double max_irate = 0;               ///< -max_irate: frames per second at most; 0: no limit
    bool inference_only = true;         ///< -inference_only: inputs are prepared before the measurement
    bool progress = false;              ///< -progress: a progress bar (C++ benchmark_app's flag)

    bool niter_given() const { return niter >= 0; }
    bool counters_requested() const;  ///< -pc, -pcsort or a counters report
    bool profiling() const { return counters_requested() || !exec_graph_path.empty(); }
};

/// Registers the options on `sub` (the `benchmark` subcommand). Call `finish_parse` from the
/// subcommand's callback: it reads what only the parsed options tell (-lfile given without a value).
void add_benchmark_options(CLI::App& sub, BenchmarkOptions& opt);
void finish_parse(const CLI::App& sub, BenchmarkOptions& opt);

/// Checks that only the parsed values together can violate (benchmark_app's rules): -nstreams,
/// -nthreads and -pin need -hint none, ... Throws InvalidArgument naming the flags.
void validate(BenchmarkOptions& opt);

}  // namespace cli
}  // namespace ovcl
