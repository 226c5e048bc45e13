// The async pipeline on GPU.0, against baselines measured in the same run:
// - throughput (inferences/s) of a model whose input write and output read are a large part of
//   its time (1x1 convolution + Relu on [1,16,128,128], 1 MiB in and out): sync infer() vs
//   start_async with nireq = 1, 2, 4, 8 requests in flight (a thread waits for each in turn), and
//   with nireq = 2, 4 restarted from their callbacks (as ovcl benchmark runs them); counter
//   vs_sync = async / sync, cpu_us_per_infer = CPU time of the whole process per inference;
// - where the time goes (PERF_COUNT): host stages and the device's writes, kernels and reads;
// - the cost of one inference of a one-op model (Relu on 1024 floats) vs a bare OpenCL program
//   doing the same: write the input, enqueue the same kernel, read the output, one wait.
// Run: build/bin/ovcl_bench_async [--benchmark_filter=...]; OVCL_TRACE=file.json adds a timeline.
#include <benchmark/benchmark.h>

#include <atomic>
#include <condition_variable>
#include <map>
#include <mutex>

#include "common/gpu_bench.hpp"
#include "ovcl/core.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

Core& core() {
    static Core c;
    return c;
}

bool have_gpu(benchmark::State& state) {
    const auto d = core().get_available_devices();
    if (std::find(d.begin(), d.end(), "GPU.0") != d.end())
        return true;
    state.SkipWithError("no OpenCL device");
    return false;
}

Tensor filled(const Shape& s, float v) {
    Tensor t(element::f32, s);
    std::fill_n(static_cast<float*>(t.data()), t.get_size(), v);
    return t;
}

const Shape kData{1, 16, 128, 128};

std::shared_ptr<Model> transfer_heavy_model() {
    auto x = op::parameter(element::f32, PartialShape(kData), "x");
    auto w = op::constant(filled({16, 16, 1, 1}, 0.01f));
    auto conv = op::make("Convolution", {x, w},
                         {{"strides", "1,1"}, {"dilations", "1,1"}, {"pads_begin", "0,0"}, {"pads_end", "0,0"},
                          {"auto_pad", "explicit"}});
    auto relu = op::make("Relu", {conv});
    return std::make_shared<Model>(NodeVector{op::result(relu, "y")}, NodeVector{x}, "conv1x1_relu");
}

/// THROUGHPUT's streams (streams = 0) or as many as asked.
CompiledModel& throughput_model(int64_t streams = 0) {
    static std::map<int64_t, CompiledModel> models;
    auto it = models.find(streams);
    if (it == models.end()) {
        AnyMap config{{"PERFORMANCE_HINT", "THROUGHPUT"}};
        if (streams > 0)
            config["NUM_STREAMS"] = std::to_string(streams);
        it = models.emplace(streams, core().compile_model(transfer_heavy_model(), "GPU", config)).first;
    }
    return it->second;
}

double g_sync_rate = 0;    // inferences/s of BM_Sync, the baseline of vs_sync
double g_sync_cpu_us = 0;  // process CPU-us per inference of BM_Sync, the baseline of cpu_vs_sync

/// CPU time of the whole process (PoCL's device threads and our executors included) per inference:
/// unlike wall time, it does not depend on what else the machine runs, and it shows executor
/// threads that burn a core while idle.
double cpu_us_per_infer(double cpu_s, benchmark::State& state) {
    return 1e6 * cpu_s / static_cast<double>(state.iterations());
}

void BM_Sync(benchmark::State& state) {
    if (!have_gpu(state))
        return;
    auto r = throughput_model().create_infer_request();
    r.set_tensor("x", filled(kData, 0.5f));
    r.infer();  // warm-up
    const double cpu0 = bench::cpu_seconds();
    const auto t0 = std::chrono::steady_clock::now();
    for (auto _ : state)
        r.infer();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    g_sync_rate = static_cast<double>(state.iterations()) / s;
    g_sync_cpu_us = cpu_us_per_infer(bench::cpu_seconds() - cpu0, state);
    state.counters["infer_per_s"] = g_sync_rate;
    state.counters["cpu_us_per_infer"] = g_sync_cpu_us;
}

// `nireq` requests of `compiled` with their input set, each run once (warm-up).
std::vector<InferRequest> warm_requests(CompiledModel& compiled, size_t nireq) {
    std::vector<InferRequest> requests;
    for (size_t i = 0; i < nireq; ++i) {
        requests.push_back(compiled.create_infer_request());
        requests.back().set_tensor("x", filled(kData, 0.5f));
        requests.back().infer();
    }
    return requests;
}

// Each iteration waits for the oldest request in flight and starts it again.
void BM_Async(benchmark::State& state) {
    if (!have_gpu(state))
        return;
    const auto nireq = static_cast<size_t>(state.range(0));
    auto& compiled = throughput_model(state.range(1));
    std::vector<InferRequest> requests = warm_requests(compiled, nireq);
    for (auto& r : requests)
        r.start_async();
    size_t k = 0;
    const double cpu0 = bench::cpu_seconds();
    const auto t0 = std::chrono::steady_clock::now();
    for (auto _ : state) {
        requests[k].wait();
        requests[k].start_async();
        k = (k + 1) % nireq;
    }
    for (auto& r : requests)
        r.wait();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double rate = static_cast<double>(state.iterations()) / s;
    const double cpu_us = cpu_us_per_infer(bench::cpu_seconds() - cpu0, state);
    state.counters["infer_per_s"] = rate;
    state.counters["cpu_us_per_infer"] = cpu_us;
    if (g_sync_rate > 0)
        state.counters["vs_sync"] = rate / g_sync_rate;
    if (g_sync_cpu_us > 0)
        state.counters["cpu_vs_sync"] = cpu_us / g_sync_cpu_us;
    state.counters["optimal_nireq"] = compiled.get_property(optimal_number_of_infer_requests.key).as<uint32_t>();
    state.counters["streams"] = compiled.get_property(num_streams.key).as<int32_t>();
}

// As ovcl benchmark drives requests: each callback starts its request again (no thread waits).
void BM_AsyncCallbacks(benchmark::State& state) {
    if (!have_gpu(state))
        return;
    const auto nireq = static_cast<size_t>(state.range(0));
    std::vector<InferRequest> requests = warm_requests(throughput_model(state.range(1)), nireq);
    std::mutex mutex;
    std::condition_variable done;
    size_t completed = 0;
    bool failed = false;
    std::atomic<bool> stop{false};
    for (size_t i = 0; i < nireq; ++i)
        requests[i].set_callback([&, i](std::exception_ptr error) {
            {
                std::lock_guard<std::mutex> lock(mutex);
                ++completed;
                failed = failed || error;
            }
            done.notify_one();
            if (!stop && !error)
                requests[i].start_async();
        });
    const double cpu0 = bench::cpu_seconds();
    const auto t0 = std::chrono::steady_clock::now();
    for (auto& r : requests)
        r.start_async();
    size_t target = 0;
    for (auto _ : state) {
        std::unique_lock<std::mutex> lock(mutex);
        ++target;
        done.wait(lock, [&] { return completed >= target || failed; });
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu_us = cpu_us_per_infer(bench::cpu_seconds() - cpu0, state);
    stop = true;
    for (auto& r : requests)
        r.wait();
    for (auto& r : requests)
        r.set_callback(nullptr);
    if (failed) {
        state.SkipWithError("an inference failed");
        return;
    }
    const double rate = static_cast<double>(state.iterations()) / s;
    state.counters["infer_per_s"] = rate;
    state.counters["cpu_us_per_infer"] = cpu_us;
    if (g_sync_rate > 0)
        state.counters["vs_sync"] = rate / g_sync_rate;
    if (g_sync_cpu_us > 0)
        state.counters["cpu_vs_sync"] = cpu_us / g_sync_cpu_us;
}

// Mean time per inference of each stage (us) with PERF_COUNT, one request, sync.
void BM_Stages(benchmark::State& state) {
    if (!have_gpu(state))
        return;
    auto compiled = core().compile_model(transfer_heavy_model(), "GPU", {{"PERF_COUNT", "YES"}});
    auto r = compiled.create_infer_request();
    r.set_tensor("x", filled(kData, 0.5f));
    r.infer();
    std::map<std::string, double> sums;
    double kernels = 0;
    for (auto _ : state) {
        r.infer();
        for (const auto& p : r.get_profiling_info()) {
            const double us = static_cast<double>(p.real_time.count());
            if (p.node_type == "Stage" || p.node_type == "Transfer")
                sums[p.node_name] += us;
            else
                kernels += us;
        }
    }
    const double n = static_cast<double>(state.iterations());
    for (const auto& [name, sum] : sums)
        state.counters[name + "_us"] = sum / n;
    state.counters["kernels_us"] = kernels / n;
    const double transfers = sums["input writes"] + sums["output reads"];
    state.counters["transfer_pct_of_device"] = 100.0 * transfers / (transfers + kernels);
}

// The one-op model: Relu on 1024 floats, through the whole runtime, sync.
std::shared_ptr<Node> relu_node(const std::shared_ptr<Node>& x) { return op::make("Relu", {x}); }
const Shape kSmall{1, 1024};
double g_bare_us = 0;

void BM_OneOpBareOpenCL(benchmark::State& state) {
    auto x = op::parameter(element::f32, PartialShape(kSmall), "x");
    auto relu = relu_node(x);
    const Tensor in = filled(kSmall, -0.5f);
    Tensor out(element::f32, kSmall);
    auto dn = bench::prepare_on_device(state, *relu, {in});
    if (!dn)
        return;
    auto once = [&] {
        dn->env->queue.enqueueWriteBuffer(dn->in[0], CL_FALSE, 0, in.get_byte_size(), in.data());
        for (size_t k = 0; k < dn->kernels.size(); ++k)
            gpu::enqueue_kernel(dn->env->queue, dn->kernels[k], dn->config.launches[k], nullptr);
        dn->env->queue.enqueueReadBuffer(dn->out[0], CL_TRUE, 0, out.get_byte_size(), out.data());
    };
    once();
    const double cpu0 = bench::cpu_seconds();
    const auto t0 = std::chrono::steady_clock::now();
    for (auto _ : state)
        once();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    g_bare_us = 1e6 * s / static_cast<double>(state.iterations());
    state.counters["us_per_infer"] = g_bare_us;
    state.counters["cpu_us_per_infer"] = cpu_us_per_infer(bench::cpu_seconds() - cpu0, state);
}

void BM_OneOpRuntime(benchmark::State& state) {
    if (!have_gpu(state))
        return;
    auto x = op::parameter(element::f32, PartialShape(kSmall), "x");
    auto model = std::make_shared<Model>(NodeVector{op::result(relu_node(x), "y")}, NodeVector{x}, "relu");
    auto compiled = core().compile_model(model, "GPU");
    auto r = compiled.create_infer_request();
    r.set_tensor("x", filled(kSmall, -0.5f));
    r.infer();
    const bool async = state.range(0) != 0;
    const double cpu0 = bench::cpu_seconds();
    const auto t0 = std::chrono::steady_clock::now();
    for (auto _ : state) {
        if (async) {
            r.start_async();
            r.wait();
        } else {
            r.infer();
        }
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double us = 1e6 * s / static_cast<double>(state.iterations());
    state.counters["us_per_infer"] = us;
    state.counters["cpu_us_per_infer"] = cpu_us_per_infer(bench::cpu_seconds() - cpu0, state);
    if (g_bare_us > 0)
        state.counters["vs_bare_opencl"] = us / g_bare_us;
}

}  // namespace

BENCHMARK(BM_Sync)->Unit(benchmark::kMicrosecond)->UseRealTime()->MinTime(2.0);
// Args: nireq, NUM_STREAMS (0: THROUGHPUT's). One stream: PoCL runs the commands of two queues one
// after another anyway, and one stream's requests can share the cache.
BENCHMARK(BM_Async)->ArgNames({"nireq", "streams"})->ArgsProduct({{1, 2, 4, 8}, {0}})->Args({2, 1})->Args({4, 1})->Unit(benchmark::kMicrosecond)->UseRealTime()->MinTime(2.0);
BENCHMARK(BM_AsyncCallbacks)->ArgNames({"nireq", "streams"})->Args({2, 0})->Args({4, 0})->Args({2, 1})->Unit(benchmark::kMicrosecond)->UseRealTime()->MinTime(2.0);
BENCHMARK(BM_Stages)->Unit(benchmark::kMicrosecond)->UseRealTime()->Iterations(200);
BENCHMARK(BM_OneOpBareOpenCL)->Unit(benchmark::kMicrosecond)->UseRealTime()->MinTime(1.0);
BENCHMARK(BM_OneOpRuntime)->ArgName("async")->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond)->UseRealTime()->MinTime(1.0);

BENCHMARK_MAIN();
