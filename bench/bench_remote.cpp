// Remote tensors on GPU.0 against host tensors, in one run: a transfer-bound model (y = x * k + c on
// [1,8,512,512] f32, 8 MiB in and out, one light element-wise kernel) fed with
// - host tensors (the baseline: each inference writes the input and reads the output),
// - host-visible tensors (context.create_host_tensor: CL_MEM_ALLOC_HOST_PTR, unmapped / mapped),
// - remote tensors (context.create_tensor: device buffers bound directly, no transfers),
// sync (infer) and async (2 requests in flight, THROUGHPUT). Counters: vs_host = throughput / the host
// tensors' throughput in the same mode; h2d_bytes / d2h_bytes = host<->device bytes per inference
// (the request's byte counters). Target: remote >= 1.2x host on PoCL.
// Run: build/bin/ovcl_bench_remote [--benchmark_filter=...]
#include <benchmark/benchmark.h>

#include <map>

#include "ovcl/core.hpp"
#include "ovcl/ocl/ocl.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

const Shape kData{1, 8, 512, 512};
enum Mode { HOST, HOST_VISIBLE, REMOTE };
const char* const kModeNames[] = {"host", "host_visible", "remote"};

Core& core() {
    static Core c;
    return c;
}

std::shared_ptr<Model> transfer_bound_model() {
    auto x = op::parameter(element::f32, PartialShape(kData), "x");
    auto mul = op::make("Multiply", {x, op::constant<float>(element::f32, Shape{1}, {0.5f})});
    auto add = op::make("Add", {mul, op::constant<float>(element::f32, Shape{1}, {1.f})});
    add->output_names(0).insert("y");
    return std::make_shared<Model>(NodeVector{op::result(add, "y")}, NodeVector{x}, "scale_shift");
}

CompiledModel& compiled(bool throughput, bool perf = false) {
    static std::map<std::pair<bool, bool>, CompiledModel> models;
    auto& m = models[{throughput, perf}];
    if (!m)
        m = core().compile_model(transfer_bound_model(), "GPU",
                                 {{"PERFORMANCE_HINT", throughput ? "THROUGHPUT" : "LATENCY"}, {"PERF_COUNT", perf}});
    return m;
}

/// A request whose input and output are tensors of `mode`, the input filled once.
InferRequest make_request(CompiledModel& model, Mode mode) {
    InferRequest r = model.create_infer_request();
    RemoteContext ctx = model.get_context();
    Tensor x, y;
    switch (mode) {
    case HOST:
        x = Tensor(element::f32, kData);
        y = Tensor(element::f32, kData);
        break;
    case HOST_VISIBLE:
        x = ctx.create_host_tensor(element::f32, kData);
        y = ctx.create_host_tensor(element::f32, kData);
        break;
    case REMOTE:
        x = ctx.create_tensor(element::f32, kData);
        y = ctx.create_tensor(element::f32, kData);
        break;
    }
    Tensor init(element::f32, kData);
    std::fill_n(init.data<float>(), init.get_size(), 0.25f);
    init.copy_to(x);
    r.set_tensor("x", x);
    r.set_tensor("y", y);
    return r;
}

/// {host->device, device->host} bytes of one inference in `mode`, from the request's profiling info.
std::pair<double, double> bytes_per_inference(Mode mode) {
    InferRequest r = make_request(compiled(false, true), mode);
    r.infer();
    std::pair<double, double> out{-1, -1};
    for (const auto& p : r.get_profiling_info()) {
        if (p.node_name == "bytes host->device")
            out.first = std::stod(p.exec_type);
        if (p.node_name == "bytes device->host")
            out.second = std::stod(p.exec_type);
    }
    return out;
}

bool have_gpu(benchmark::State& state) {
    const auto d = core().get_available_devices();
    if (std::find(d.begin(), d.end(), "GPU.0") != d.end())
        return true;
    state.SkipWithError("no OpenCL device");
    return false;
}

std::map<std::string, double> g_host_rate;  // "sync" / "async" -> inferences/s with host tensors

void report(benchmark::State& state, const std::string& kind, Mode mode, double seconds) {
    const double rate = static_cast<double>(state.iterations()) / seconds;
    state.SetItemsProcessed(state.iterations());
    state.counters["infer_per_s"] = rate;
    if (mode == HOST)
        g_host_rate[kind] = rate;
    if (g_host_rate.count(kind))
        state.counters["vs_host"] = rate / g_host_rate[kind];
    const auto [h2d, d2h] = bytes_per_inference(mode);
    state.counters["h2d_bytes"] = h2d;
    state.counters["d2h_bytes"] = d2h;
    state.SetLabel(kModeNames[mode]);
}

void BM_Sync(benchmark::State& state) {
    if (!have_gpu(state))
        return;
    const Mode mode = static_cast<Mode>(state.range(0));
    InferRequest r = make_request(compiled(false), mode);
    r.infer();  // warm: plans, kernels, first mappings
    const auto t0 = std::chrono::steady_clock::now();
    for (auto _ : state)
        r.infer();
    report(state, "sync", mode, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
}

void BM_Async(benchmark::State& state) {
    if (!have_gpu(state))
        return;
    const Mode mode = static_cast<Mode>(state.range(0));
    std::vector<InferRequest> requests;
    for (int i = 0; i < 2; ++i)
        requests.push_back(make_request(compiled(true), mode));
    for (auto& r : requests) {
        r.start_async();
        r.wait();
    }
    size_t next = 0;
    for (auto& r : requests)
        r.start_async();
    const auto t0 = std::chrono::steady_clock::now();
    for (auto _ : state) {  // one inference per iteration: wait for the oldest, start it again
        InferRequest& r = requests[next++ % requests.size()];
        r.wait();
        r.start_async();
    }
    for (auto& r : requests)
        r.wait();
    report(state, "async", mode, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
}

}  // namespace

// Host first in each group: it is the baseline of vs_host.
BENCHMARK(BM_Sync)->Arg(HOST)->Arg(HOST_VISIBLE)->Arg(REMOTE)->UseRealTime()->Unit(benchmark::kMillisecond)
    ->MinTime(2);
BENCHMARK(BM_Async)->Arg(HOST)->Arg(HOST_VISIBLE)->Arg(REMOTE)->UseRealTime()->Unit(benchmark::kMillisecond)
    ->MinTime(2);

BENCHMARK_MAIN();
