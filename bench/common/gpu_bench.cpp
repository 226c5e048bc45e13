#include "common/gpu_bench.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>

#include "common/cpu_peak.hpp"
#include "ovcl/op_registry.hpp"
#include "tuning/tuning.hpp"

namespace ovcl {
namespace bench {

gpu::GpuEnv* gpu_env() {
    static std::shared_ptr<gpu::GpuEnv> e = [] {
        try {
            return gpu::GpuEnv::create(0);
        } catch (const Exception&) {
            return std::shared_ptr<gpu::GpuEnv>();
        }
    }();
    return e.get();
}

double cpu_seconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

void report(benchmark::State& state, double flops, double seconds, double cpu) {
    const double gflop = flops * static_cast<double>(state.iterations()) / 1e9;
    state.counters["GFLOP"] = benchmark::Counter(gflop, benchmark::Counter::kIsRate);
    state.counters["peak_GFLOPs"] = fma_peak_gflops();
    state.counters["pct_peak"] = 100.0 * gflop / seconds / fma_peak_gflops();
    state.counters["cpu_GFLOPs"] = gflop / cpu;
}

double timed_loop(benchmark::State& state, double flops, const std::function<void()>& run) {
    fma_peak_gflops();  // measured before the timed loop, not inside it
    double seconds = 0;
    const double cpu0 = cpu_seconds();
    for (auto _ : state) {
        const auto t0 = std::chrono::steady_clock::now();
        run();
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    report(state, flops, seconds, cpu_seconds() - cpu0);
    return seconds > 0 ? flops * static_cast<double>(state.iterations()) / 1e9 / seconds : 0.0;
}

void BM_CpuFmaPeak(benchmark::State& state) {
    double flop = 0, cpu = 0;
    for (auto _ : state) {
        const double cpu0 = cpu_seconds();
        const auto t0 = std::chrono::steady_clock::now();
        const double rate = measure_fma_peak_gflops(static_cast<int>(state.range(0)), 1);
        flop += rate * std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        cpu += cpu_seconds() - cpu0;
        state.counters["peak_GFLOPs"] = rate;
    }
    state.counters["cpu_GFLOPs"] = flop / cpu;
}

void DeviceNode::run() const {
    for (size_t i = 0; i < kernels.size(); ++i)
        gpu::enqueue_kernel(env->queue, kernels[i], config.launches[i], nullptr);
    env->queue.finish();
}

std::unique_ptr<DeviceNode> prepare_on_device(benchmark::State& state, const Node& node, const TensorVector& inputs,
                                              std::optional<size_t> candidate, const gpu::DeviceInfo* as) {
    gpu::GpuEnv* e = gpu_env();
    if (!e) {
        state.SkipWithError("no OpenCL device");
        return nullptr;
    }
    const gpu::DeviceInfo& device = as ? *as : e->device;
    const gpu::Validation v = gpu::validate_node(node, device);
    if (!v.supported) {
        state.SkipWithError(v.reason.c_str());
        return nullptr;
    }
    auto d = std::make_unique<DeviceNode>();
    d->env = e;
    const gpu::GpuOp* op = gpu::find_gpu_op(node.get_type_name());
    if (candidate) {
        const auto* tunable = dynamic_cast<const gpu::tuning::TunableOp*>(op);
        if (!tunable) {
            state.SkipWithError((node.get_type_name() + " has no kernel candidates").c_str());
            return nullptr;
        }
        d->config = tunable->configure_candidate(node, device, *candidate);
    } else {
        d->config = op->configure(node, device);
    }
    for (const Tensor& t : inputs)
        d->in.push_back(gpu::make_buffer(e->context, t.get_byte_size(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                         t.data()));
    for (size_t i = 0; i < node.get_output_size(); ++i)
        d->out.push_back(gpu::make_buffer(
            e->context, std::max<size_t>(1, shape_size(node.get_output_shape(i)) * node.get_output_element_type(i).size()),
            CL_MEM_READ_WRITE));
    for (const Tensor& t : d->config.constants)
        d->constants.push_back(gpu::make_buffer(e->context, t.get_byte_size(),
                                                CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, t.data()));
    d->scratch = gpu::make_scratch_buffers(e->context, d->config);
    DeviceNode& dn = *d;
    auto buffer_of = [&dn](const gpu::KernelArg& a) {
        return (a.kind == gpu::KernelArg::Kind::INPUT     ? dn.in
                : a.kind == gpu::KernelArg::Kind::OUTPUT  ? dn.out
                : a.kind == gpu::KernelArg::Kind::SCRATCH ? dn.scratch
                                                          : dn.constants)[a.index];
    };
    for (const auto& launch : d->config.launches)
        d->kernels.push_back(gpu::make_kernel(*e->programs, launch, buffer_of, ""));
    return d;
}

namespace {
std::mutex g_baseline_mutex;
std::map<std::string, double>& baselines() {
    static std::map<std::string, double> m;
    return m;
}
}  // namespace

void store_baseline(const std::string& key, double gflops) {
    std::lock_guard<std::mutex> lock(g_baseline_mutex);
    baselines()[key] = gflops;
}

double baseline_gflops(const std::string& key, double flops, const std::function<void()>& run, double min_seconds) {
    {
        std::lock_guard<std::mutex> lock(g_baseline_mutex);
        auto it = baselines().find(key);
        if (it != baselines().end()) return it->second;
    }
    run();  // warm-up: a library's first call may compile its kernels
    int calls = 0;
    double seconds = 0;
    while (seconds < min_seconds || calls < 3) {
        const auto t0 = std::chrono::steady_clock::now();
        run();
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        ++calls;
    }
    const double gflops = flops * calls / 1e9 / seconds;
    store_baseline(key, gflops);
    return gflops;
}

}  // namespace bench
}  // namespace ovcl
