// Compile time of the embedded CNN on GPU: cold (nothing cached anywhere) against a second
// start with CACHE_DIR (a new Core, so only the on-disk program binaries help). PoCL's own
// kernel cache is switched off so "cold" is really cold.
//   build/bin/ovcl_bench_gpu_compile
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <unistd.h>

#include "ovcl/core.hpp"
#include "tools/default_models.hpp"

using namespace ovcl;
namespace fs = std::filesystem;

namespace {

double compile_seconds(const std::shared_ptr<Model>& model, const std::string& cache_dir) {
    Core core;  // a new Core loads the plugin afresh: no programs in memory
    const auto t0 = std::chrono::steady_clock::now();
    core.compile_model(model, "GPU", {{"CACHE_DIR", cache_dir}});
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void BM_GpuCompileColdVsCached(benchmark::State& state) {
    const auto model = state.range(0) == 0 ? default_models::make_resnet_like_cnn()
                                           : default_models::make_transformer_block();
    const fs::path dir = fs::temp_directory_path() / ("ovcl_bench_cache_" + std::to_string(::getpid()));
    double cold = 0, cached = 0;
    for (auto _ : state) {
        fs::remove_all(dir);
        fs::create_directories(dir);
        cold = compile_seconds(model, dir.string());
        cached = 1e9;
        for (int i = 0; i < 3; ++i)
            cached = std::min(cached, compile_seconds(model, dir.string()));
        state.SetIterationTime(cold);
    }
    fs::remove_all(dir);
    state.SetLabel(state.range(0) == 0 ? "resnet_like_cnn" : "transformer_block");
    state.counters["cold_ms"] = cold * 1e3;
    state.counters["cached_ms"] = cached * 1e3;
    state.counters["speedup"] = cold / cached;
}
BENCHMARK(BM_GpuCompileColdVsCached)->Arg(0)->Arg(1)->Iterations(1)->UseManualTime()->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
    setenv("POCL_KERNEL_CACHE", "0", 1);  // before any OpenCL call
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
