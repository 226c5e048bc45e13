// The async pipeline on GPU.0, against baselines measured in the same run:
// - throughput (inferences/s) of a model whose input write and output read are a large part of
//   its time (1x1 convolution + Relu on [1,16,128,128], 1 MiB in and out): BM_Sync alone, and
//   BM_Async in rounds that alternate sync infer() and start_async with nireq = 1, 2, 4, 8
//   requests in flight (restarted from their callbacks, as ovcl benchmark runs them, or waited
//   for in turn by one thread); counter vs_sync = async / sync rate, the median over the rounds,
//   cpu_us_per_infer = CPU time of the whole process per inference (PoCL's threads included);
// - where the time goes (PERF_COUNT): host stages and the device's writes, kernels and reads;
// - the cost of one inference of a one-op model (Relu on 1024 floats) vs a bare OpenCL program
//   doing the same (write the input, enqueue the same kernel, blocking read), in rounds too.
// Run: build/bin/ovcl_bench_async [--benchmark_filter=...]; OVCL_TRACE=file.json adds a timeline.
#include <benchmark/benchmark.h>

#include <algorithm>
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
    state.counters["infer_per_s"] = static_cast<double>(state.iterations()) / s;
    state.counters["cpu_us_per_infer"] = cpu_us_per_infer(bench::cpu_seconds() - cpu0, state);
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

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Seconds for `n` inferences with the requests in flight, each restarted as soon as it is done:
// from its callback (as `ovcl benchmark` drives them), or by a thread that waits for each in turn.
double run_async(std::vector<InferRequest>& requests, size_t n, bool callbacks) {
    const size_t nireq = std::min(requests.size(), n);
    const auto t0 = std::chrono::steady_clock::now();
    if (!callbacks) {
        size_t started = 0;
        for (size_t i = 0; i < nireq; ++i, ++started)
            requests[i].start_async();
        for (size_t k = 0, done = 0; done < n; k = (k + 1) % nireq, ++done) {
            requests[k].wait();
            if (started < n) {
                requests[k].start_async();
                ++started;
            }
        }
        return seconds_since(t0);
    }
    std::mutex mutex;
    std::condition_variable all_done;
    std::atomic<size_t> started{nireq};
    size_t completed = 0;
    std::exception_ptr failure;
    for (size_t i = 0; i < nireq; ++i)
        requests[i].set_callback([&, i](std::exception_ptr error) {
            if (!error && started.fetch_add(1) < n)
                requests[i].start_async();
            std::lock_guard<std::mutex> lock(mutex);
            ++completed;
            failure = failure ? failure : error;
            all_done.notify_one();
        });
    for (size_t i = 0; i < nireq; ++i)
        requests[i].start_async();
    {
        std::unique_lock<std::mutex> lock(mutex);
        all_done.wait(lock, [&] { return completed >= n || failure; });
    }
    const double s = seconds_since(t0);
    for (size_t i = 0; i < nireq; ++i) {
        requests[i].wait();
        requests[i].set_callback(nullptr);
    }
    if (failure)
        std::rethrow_exception(failure);
    return s;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

constexpr size_t kRound = 300;  // inferences per phase of a round (~0.1 s)

// Each iteration is one round: kRound sync infer() calls, then kRound inferences with `nireq`
// requests in flight. The ratio of a round compares two phases a tenth of a second apart, so a
// change in the machine's load (other processes, CPU frequency) moves both; vs_sync is the median
// over the rounds.
void BM_Async(benchmark::State& state) {
    if (!have_gpu(state))
        return;
    const auto nireq = static_cast<size_t>(state.range(0));
    const bool callbacks = state.range(2) != 0;
    auto& compiled = throughput_model(state.range(1));
    std::vector<InferRequest> requests = warm_requests(compiled, nireq);
    auto sync = warm_requests(compiled, 1).front();
    std::vector<double> ratios;
    double sync_s = 0, async_s = 0, sync_cpu_s = 0, cpu_s = 0;
    for (auto _ : state) {
        double cpu0 = bench::cpu_seconds();
        const auto t0 = std::chrono::steady_clock::now();
        for (size_t i = 0; i < kRound; ++i)
            sync.infer();
        const double round_sync = seconds_since(t0);
        sync_cpu_s += bench::cpu_seconds() - cpu0;
        cpu0 = bench::cpu_seconds();
        const double round_async = run_async(requests, kRound, callbacks);
        cpu_s += bench::cpu_seconds() - cpu0;
        sync_s += round_sync;
        async_s += round_async;
        ratios.push_back(round_sync / round_async);
    }
    const double rounds = static_cast<double>(state.iterations());
    state.counters["infer_per_s"] = rounds * kRound / async_s;
    state.counters["sync_infer_per_s"] = rounds * kRound / sync_s;
    state.counters["vs_sync"] = median(ratios);
    state.counters["cpu_us_per_infer"] = 1e6 * cpu_s / (rounds * kRound);
    state.counters["cpu_vs_sync"] = cpu_s / sync_cpu_s;
    state.counters["optimal_nireq"] = compiled.get_property(optimal_number_of_infer_requests.key).as<uint32_t>();
    state.counters["streams"] = compiled.get_property(num_streams.key).as<int32_t>();
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

// The one-op model: Relu on 1024 floats. Each iteration is one round: kOneOpRound inferences through
// a bare OpenCL program (write the input, enqueue the same kernel, blocking read), then as many
// through the runtime (sync infer(), or start_async + wait); vs_bare_opencl is the median over the
// rounds of runtime time / bare time.
std::shared_ptr<Node> relu_node(const std::shared_ptr<Node>& x) { return op::make("Relu", {x}); }
const Shape kSmall{1, 1024};
constexpr size_t kOneOpRound = 1000;

void BM_OneOp(benchmark::State& state) {
    if (!have_gpu(state))
        return;
    auto x = op::parameter(element::f32, PartialShape(kSmall), "x");
    auto relu = relu_node(x);
    const Tensor in = filled(kSmall, -0.5f);
    Tensor out(element::f32, kSmall);
    auto dn = bench::prepare_on_device(state, *relu, {in});
    if (!dn)
        return;
    auto bare = [&] {
        dn->env->queue.enqueueWriteBuffer(dn->in[0], CL_FALSE, 0, in.get_byte_size(), in.data());
        for (size_t k = 0; k < dn->kernels.size(); ++k)
            gpu::enqueue_kernel(dn->env->queue, dn->kernels[k], dn->config.launches[k], nullptr);
        dn->env->queue.enqueueReadBuffer(dn->out[0], CL_TRUE, 0, out.get_byte_size(), out.data());
    };
    auto model = std::make_shared<Model>(NodeVector{op::result(relu_node(x), "y")}, NodeVector{x}, "relu");
    auto compiled = core().compile_model(model, "GPU");
    auto r = compiled.create_infer_request();
    r.set_tensor("x", in);
    const bool async = state.range(0) != 0;
    auto runtime = [&] {
        if (async) {
            r.start_async();
            r.wait();
        } else {
            r.infer();
        }
    };
    bare();
    runtime();
    std::vector<double> ratios;
    double bare_s = 0, runtime_s = 0, runtime_cpu_s = 0;
    for (auto _ : state) {
        auto t0 = std::chrono::steady_clock::now();
        for (size_t i = 0; i < kOneOpRound; ++i)
            bare();
        const double round_bare = seconds_since(t0);
        const double cpu0 = bench::cpu_seconds();
        t0 = std::chrono::steady_clock::now();
        for (size_t i = 0; i < kOneOpRound; ++i)
            runtime();
        const double round_runtime = seconds_since(t0);
        runtime_cpu_s += bench::cpu_seconds() - cpu0;
        bare_s += round_bare;
        runtime_s += round_runtime;
        ratios.push_back(round_runtime / round_bare);
    }
    const double n = static_cast<double>(state.iterations() * kOneOpRound);
    state.counters["us_per_infer"] = 1e6 * runtime_s / n;
    state.counters["bare_us_per_infer"] = 1e6 * bare_s / n;
    state.counters["cpu_us_per_infer"] = 1e6 * runtime_cpu_s / n;
    state.counters["vs_bare_opencl"] = median(ratios);
}

}  // namespace

BENCHMARK(BM_Sync)->Unit(benchmark::kMicrosecond)->UseRealTime()->MinTime(2.0);
// Args: nireq, NUM_STREAMS (0: THROUGHPUT's), callbacks (1: restarted from callbacks, 0: a thread
// waits for each in turn). Iterations are rounds (see BM_Async).
BENCHMARK(BM_Async)
    ->ArgNames({"nireq", "streams", "callbacks"})
    ->ArgsProduct({{1, 2, 4, 8}, {0}, {0, 1}})
    ->Args({2, 1, 1})
    ->Args({4, 1, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(12);
BENCHMARK(BM_Stages)->Unit(benchmark::kMicrosecond)->UseRealTime()->Iterations(200);
BENCHMARK(BM_OneOp)->ArgName("async")->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(12);

BENCHMARK_MAIN();
