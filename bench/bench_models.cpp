// Whole-model latency of the embedded default models (the ones `ovcl run` and `ovcl benchmark` use without -m: the
// ResNet-style CNN and the transformer block, src/tools/default_models.hpp) on GPU (PoCL's CPU device in CI) against
// REF (host_ref) in the same run. One iteration is one synchronous infer() of a compiled model, inputs uploaded and
// outputs read back included; compilation and a warm-up inference happen before the timed loop.
//   build/bin/ovcl_bench_models --benchmark_out=models.json --benchmark_out_format=json
// Counters: median_ms (median wall time of one infer()); GPU rows also ref_ms (REF's median for the same model, from
// its row of this run, or measured for 1 s when a filter left that row out) and vs_ref = ref_ms / median_ms (above
// 1: GPU is faster than REF).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "ovcl/core.hpp"
#include "tools/default_models.hpp"
#include "tools/random_input.hpp"

using namespace ovcl;

namespace {

const char* const kModels[] = {"cnn", "transformer"};
const char* const kDevices[] = {"REF", "GPU"};

Core& core() {
    static Core c;
    return c;
}

std::shared_ptr<Model> make_model(int64_t which) {
    return which == 0 ? default_models::make_resnet_like_cnn() : default_models::make_transformer_block();
}

// A compiled model with a request whose inputs hold seeded random values (as `ovcl run` draws them).
struct Ready {
    CompiledModel compiled;
    InferRequest request;
};

Ready prepare(int64_t which, const std::string& device) {
    Ready r{core().compile_model(make_model(which), device), {}};
    r.request = r.compiled.create_infer_request();
    std::mt19937 rng(1);
    for (const Output<const Node>& in : r.compiled.inputs()) {
        const std::string name = in.get_names().empty() ? "input" : in.get_any_name();
        r.request.set_tensor(in, cli::random_input(in.get_element_type(), in.get_shape(), rng, name));
    }
    r.request.infer();  // warm-up: PoCL compiles work-group functions at a kernel's first launch
    return r;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

// One infer() after another for at least `min_seconds` (3 at least): their median.
double median_seconds(InferRequest& request, double min_seconds) {
    std::vector<double> t;
    double total = 0;
    while (total < min_seconds || t.size() < 3) {
        const auto t0 = std::chrono::steady_clock::now();
        request.infer();
        t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        total += t.back();
    }
    return median(t);
}

std::map<int64_t, double> g_ref_seconds;  // REF's median per model, from the REF rows of this run

void BM_ModelLatency(benchmark::State& state) {
    const int64_t which = state.range(0);
    const std::string device = kDevices[state.range(1)];
    const auto devices = core().get_available_devices();
    if (device == "GPU" && std::find(devices.begin(), devices.end(), "GPU.0") == devices.end()) {
        state.SkipWithError("no OpenCL device");
        return;
    }
    // Compiled once per model and device: Google Benchmark calls this function again while it settles the count.
    static std::map<std::pair<int64_t, std::string>, Ready> ready;
    auto key = std::make_pair(which, device);
    if (ready.find(key) == ready.end())
        ready.emplace(key, prepare(which, device));
    Ready& r = ready.at(key);
    double ref = 0;
    if (device == "GPU") {
        auto it = g_ref_seconds.find(which);
        if (it == g_ref_seconds.end()) {
            Ready base = prepare(which, "REF");
            it = g_ref_seconds.emplace(which, median_seconds(base.request, 1.0)).first;
        }
        ref = it->second;
    }
    std::vector<double> times;
    for (auto _ : state) {
        const auto t0 = std::chrono::steady_clock::now();
        r.request.infer();
        times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    const double med = median(times);
    state.counters["median_ms"] = 1e3 * med;
    if (device == "REF") {
        g_ref_seconds[which] = med;
    } else if (med > 0) {
        state.counters["ref_ms"] = 1e3 * ref;
        state.counters["vs_ref"] = ref / med;
    }
    state.SetLabel(std::string(kModels[which]) + " on " + device);
}
// REF rows first: the GPU rows read their figure.
BENCHMARK(BM_ModelLatency)
    ->ArgNames({"model", "device"})
    ->ArgsProduct({{0, 1}, {0, 1}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
