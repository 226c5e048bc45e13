// Compiled with -march=native: 16 independent accumulators of the widest native vector
// keep every FMA unit busy, so the loop runs at the core's fp32 FMA throughput.
#include "cpu_peak.hpp"

#include <algorithm>
#include <chrono>
#include <thread>
#include <vector>

namespace ovcl {
namespace bench {

namespace {
#if defined(__AVX512F__)
constexpr int kLanes = 16;
#elif defined(__AVX__)
constexpr int kLanes = 8;
#else
constexpr int kLanes = 4;
#endif
typedef float vec __attribute__((vector_size(kLanes * sizeof(float))));
constexpr int kChains = 16;

// Returns the number of floating-point operations done.
double fma_loop(long iters) {
    vec acc[kChains];
    vec a, b;
    for (int l = 0; l < kLanes; ++l) {
        a[l] = 0.999999f;
        b[l] = 1e-7f;
    }
    for (int c = 0; c < kChains; ++c)
        acc[c] = b * static_cast<float>(c);
    for (long i = 0; i < iters; ++i) {
        for (int c = 0; c < kChains; ++c)
            acc[c] = acc[c] * a + b;  // contracted to one FMA (-ffp-contract=fast is GCC's default)
        asm volatile("" : "+x"(a));  // keep `a` opaque so the loop is not folded
    }
    float sink = 0;
    for (int c = 0; c < kChains; ++c)
        for (int l = 0; l < kLanes; ++l)
            sink += acc[c][l];
    asm volatile("" ::"x"(sink));
    return 2.0 * kLanes * kChains * static_cast<double>(iters);
}
}  // namespace

double measure_fma_peak_gflops(int threads, int reps) {
    if (threads <= 0)
        threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    const long iters = 20'000'000;
    std::vector<double> results;
    for (int r = 0; r < reps; ++r) {
        std::vector<std::thread> pool;
        std::vector<double> flops(static_cast<size_t>(threads));
        const auto t0 = std::chrono::steady_clock::now();
        for (int t = 0; t < threads; ++t)
            pool.emplace_back([&, t] { flops[static_cast<size_t>(t)] = fma_loop(iters); });
        for (auto& th : pool)
            th.join();
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        double total = 0;
        for (double f : flops)
            total += f;
        results.push_back(total / s / 1e9);
    }
    std::sort(results.begin(), results.end());
    return results[results.size() / 2];
}

double fma_peak_gflops() {
    static const double peak = measure_fma_peak_gflops();
    return peak;
}

}  // namespace bench
}  // namespace ovcl
