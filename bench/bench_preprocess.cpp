// Preprocessing on the device against preprocessing on the host, in one run: a u8 NHWC 1920x1080x3 image
// feeding a model that takes f32 NCHW [1,3,1080,1920] normalized per channel.
//   device: the PrePostProcessor folds u8 -> f32, mean, scale and NHWC -> NCHW into the model; the request
//           uploads the u8 image (6.2 MB) and the GPU plugin runs the inserted ops as (fused) kernels.
//   host:   the application converts and normalizes on the CPU (TBB over rows, one pass), then the request
//           uploads f32 NCHW (24.9 MB) to the unchanged model.
// The model itself is one ReduceMean over H and W (small output), the same work in both. Each iteration times
// one inference of each, alternating, so both see the same machine state; counters: device_ms, host_ms and
// speedup = host_ms / device_ms (> 1: the device path is faster). Both outputs are checked equal first.
//   build/bin/ovcl_bench_preprocess [--benchmark_min_time=...]
#include <benchmark/benchmark.h>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <chrono>
#include <cmath>
#include <random>

#include "ovcl/core.hpp"
#include "ovcl/ops.hpp"
#include "ovcl/preprocess/pre_post_process.hpp"

using namespace ovcl;

namespace {

constexpr size_t kH = 1080, kW = 1920, kC = 3;
const float kMean[kC] = {123.675f, 116.28f, 103.53f};
const float kScale[kC] = {58.395f, 57.12f, 57.375f};

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

std::shared_ptr<Model> reduce_model() {
    auto x = op::parameter(element::f32, Shape{1, kC, kH, kW}, "image");
    auto axes = op::constant<int64_t>(element::i64, Shape{2}, {2, 3});
    auto r = op::make("ReduceMean", {Output<Node>(x, 0), Output<Node>(axes, 0)}, {{"keep_dims", "true"}});
    r->output_names(0) = {"mean"};
    return std::make_shared<Model>(NodeVector{op::result(Output<Node>(r, 0), "mean")}, NodeVector{x}, "reduce");
}

std::shared_ptr<Model> preprocessed_model() {
    preprocess::PrePostProcessor ppp(reduce_model());
    ppp.input().tensor().set_element_type(element::u8).set_layout("NHWC");
    ppp.input().model().set_layout("NCHW");
    ppp.input()
        .preprocess()
        .convert_element_type(element::f32)
        .mean({kMean[0], kMean[1], kMean[2]})
        .scale({kScale[0], kScale[1], kScale[2]});
    return ppp.build();
}

/// The application's own conversion: u8 NHWC -> f32 NCHW, (x - mean) / scale, rows in parallel.
void host_convert(const Tensor& u8_nhwc, Tensor& f32_nchw) {
    const uint8_t* src = u8_nhwc.data<uint8_t>();
    float* dst = f32_nchw.data<float>();
    tbb::parallel_for(tbb::blocked_range<size_t>(0, kH), [&](const tbb::blocked_range<size_t>& rows) {
        for (size_t y = rows.begin(); y < rows.end(); ++y)
            for (size_t c = 0; c < kC; ++c) {
                float* out = dst + (c * kH + y) * kW;
                const uint8_t* in = src + y * kW * kC + c;
                for (size_t x = 0; x < kW; ++x)
                    out[x] = (static_cast<float>(in[x * kC]) - kMean[c]) / kScale[c];
            }
    });
}

void BM_Preprocess1080p(benchmark::State& state) {
    Core core;
    CompiledModel device_model, host_model;
    try {
        device_model = core.compile_model(preprocessed_model(), "GPU");
        host_model = core.compile_model(reduce_model(), "GPU");
    } catch (const Exception& e) {
        state.SkipWithError(e.what());
        return;
    }
    InferRequest device_req = device_model.create_infer_request(), host_req = host_model.create_infer_request();

    Tensor image(element::u8, Shape{1, kH, kW, kC});
    std::mt19937 rng(7);
    for (size_t i = 0; i < image.get_size(); ++i)
        image.data<uint8_t>()[i] = static_cast<uint8_t>(rng());
    Tensor converted(element::f32, Shape{1, kC, kH, kW});

    const auto run_device = [&] {
        device_req.set_input_tensor(image);
        device_req.infer();
        return device_req.get_output_tensor();
    };
    const auto run_host = [&] {
        host_convert(image, converted);
        host_req.set_input_tensor(converted);
        host_req.infer();
        return host_req.get_output_tensor();
    };
    // Warm-up (kernels built, buffers allocated) and a check that both paths compute the same means.
    const Tensor a = run_device(), b = run_host();
    for (size_t c = 0; c < kC; ++c)
        if (std::abs(a.data<float>()[c] - b.data<float>()[c]) > 1e-3f) {
            state.SkipWithError("the device and host paths disagree");
            return;
        }

    double device_ms = 0, host_ms = 0;
    for (auto _ : state) {
        auto t0 = Clock::now();
        benchmark::DoNotOptimize(run_device());
        device_ms += ms_since(t0);
        t0 = Clock::now();
        benchmark::DoNotOptimize(run_host());
        host_ms += ms_since(t0);
    }
    const double n = static_cast<double>(state.iterations());
    state.counters["device_ms"] = device_ms / n;
    state.counters["host_ms"] = host_ms / n;
    state.counters["speedup"] = host_ms / device_ms;
}

}  // namespace

BENCHMARK(BM_Preprocess1080p)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(10);

BENCHMARK_MAIN();
