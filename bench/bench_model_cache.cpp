// Start-up cost of a model on GPU (PoCL in CI), all in one run: a cold compile_model (nothing
// cached anywhere, PoCL's own kernel cache off) against compile_model from Core's model cache
// (CACHE_DIR, a new Core each time, as a new process would be) and import_model from an
// in-memory stream; plus the first inference after each, where PoCL may still JIT work-group
// variants. The target is from-cache >= 20x faster than cold (counter speedup_cache).
//   build/bin/ovcl_bench_model_cache [--benchmark_filter=resnet]
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "ovcl/core.hpp"
#include "tools/default_models.hpp"

using namespace ovcl;
namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

struct Start {
    double compile_ms = 0;      ///< compile_model or import_model
    double first_infer_ms = 0;  ///< the first inference after it
    bool from_cache = false;
};

/// One start of an application: a new Core (so the plugin has no program in memory), then the
/// model compiled (`how` == 0: compile_model; 1: import_model of `blob`) and run once.
Start start(const std::shared_ptr<Model>& model, const AnyMap& props, int how, const std::string& blob = "") {
    Core core;
    Start s;
    auto t0 = Clock::now();
    CompiledModel compiled;
    if (how == 0) {
        compiled = core.compile_model(model, "GPU", props);
    } else {
        std::istringstream in(blob);
        compiled = core.import_model(in, "GPU", props);
    }
    s.compile_ms = ms_since(t0);
    s.from_cache = compiled.get_property(loaded_from_cache);
    InferRequest request = compiled.create_infer_request();
    for (const auto& port : compiled.inputs()) {
        Tensor t(port.get_element_type(), port.get_shape());
        std::memset(t.data(), 0, t.get_byte_size());
        request.set_tensor(port, t);
    }
    t0 = Clock::now();
    request.infer();
    s.first_infer_ms = ms_since(t0);
    return s;
}

void BM_ModelCacheGpu(benchmark::State& state) {
    {
        Core probe;
        const auto devices = probe.get_available_devices();
        if (std::find(devices.begin(), devices.end(), "GPU.0") == devices.end()) {
            state.SkipWithError("no OpenCL device");
            return;
        }
    }
    const auto model = state.range(0) == 0 ? default_models::make_resnet_like_cnn()
                                           : default_models::make_transformer_block();
    const fs::path dir = fs::temp_directory_path() / ("ovcl_bench_model_cache_" + std::to_string(::getpid()));
    const AnyMap cached{{cache_dir.key, dir.string()}};
    Start cold, store, hit, import;
    size_t blob_bytes = 0;
    for (auto _ : state) {
        fs::remove_all(dir);
        cold = start(model, {}, 0);       // nothing cached
        store = start(model, cached, 0);  // a miss: compile, export, write the entry
        std::string blob;
        {
            Core core;
            std::ostringstream out;
            core.compile_model(model, "GPU", cached).export_model(out);  // (itself a hit)
            blob = out.str();
        }
        blob_bytes = blob.size();
        hit = import = Start{1e9, 1e9, false};
        for (int i = 0; i < 3; ++i) {  // best of three: the machine is shared
            const Start h = start(model, cached, 0), m = start(model, {}, 1, blob);
            if (h.compile_ms < hit.compile_ms)
                hit = h;
            if (m.compile_ms < import.compile_ms)
                import = m;
        }
        state.SetIterationTime(cold.compile_ms / 1e3);
    }
    fs::remove_all(dir);
    if (store.from_cache || !hit.from_cache)
        state.SkipWithError("the model cache did not miss and then hit as expected");
    state.SetLabel(state.range(0) == 0 ? "resnet_like_cnn" : "transformer_block");
    state.counters["cold_ms"] = cold.compile_ms;
    state.counters["miss_store_ms"] = store.compile_ms;
    state.counters["cache_ms"] = hit.compile_ms;
    state.counters["import_ms"] = import.compile_ms;
    state.counters["speedup_cache"] = cold.compile_ms / hit.compile_ms;
    state.counters["speedup_import"] = cold.compile_ms / import.compile_ms;
    state.counters["cold_1st_infer_ms"] = cold.first_infer_ms;
    state.counters["cache_1st_infer_ms"] = hit.first_infer_ms;
    state.counters["blob_KiB"] = static_cast<double>(blob_bytes) / 1024.0;
}
BENCHMARK(BM_ModelCacheGpu)->Arg(0)->Arg(1)->Iterations(1)->UseManualTime()->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
    setenv("POCL_KERNEL_CACHE", "0", 1);  // before any OpenCL call: "cold" is really cold
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
