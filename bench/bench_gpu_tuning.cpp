// The kernel selector's candidates (src/gpu/tuning/tuning.hpp) for ResNet-50's and MobileNet-V2's convolutions (BM_Conv)
// and for MatMuls of one row, classifiers' and a decoder step's (BM_MatMul), on GPU.0 (PoCL's CPU device in CI):
// every candidate of each shape timed in the same run, the heuristic's pick (candidate
// 0) first; each other candidate runs interleaved with it and reports vs_heuristic = the median of the heuristic's
// time over its own (> 1: faster than the default). This is what GPU_TUNING_MODE=CREATE measures once per shape
// at compile time, with more iterations.
//   build/bin/ovcl_bench_gpu_tuning --benchmark_out=gpu_tuning.json --benchmark_out_format=json
// The rates (GFLOP/s, pct_peak) of a loaded machine vary from run to run; vs_heuristic much less.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "common/gpu_bench.hpp"
#include "ops/gpu_op.hpp"
#include "ovcl/core.hpp"
#include "ovcl/ops.hpp"
#include "tuning/tuning.hpp"

using namespace ovcl;

namespace {

struct ConvShape {
    const char* name;
    size_t c, k, kernel, hw, stride;
};

// ResNet-50's bottleneck convolutions (batch 1): the 3x3 of each stage, 1x1 convolutions of each stage, and its 7x7
// stem; MobileNet-V2's stem and its 1x1 expansions and projections from 112x112 to 7x7 maps.
const std::vector<ConvShape>& shapes() {
    static const std::vector<ConvShape> s = {
        {"res2_3x3_c64_56", 64, 64, 3, 56, 1},      {"res2_1x1_c64_k256_56", 64, 256, 1, 56, 1},
        {"res2_1x1_c256_k64_56", 256, 64, 1, 56, 1}, {"res3_3x3_c128_28", 128, 128, 3, 28, 1},
        {"res4_3x3_c256_14", 256, 256, 3, 14, 1},    {"res5_3x3_c512_7", 512, 512, 3, 7, 1},
        {"res1_7x7s2_c3_224", 3, 64, 7, 224, 2},     {"mbv2_stem_3x3s2_c3_224", 3, 32, 3, 224, 2},
        {"mbv2_1x1_c16_k96_112", 16, 96, 1, 112, 1}, {"mbv2_1x1_c24_k144_56", 24, 144, 1, 56, 1},
        {"mbv2_1x1_c96_k576_14", 96, 576, 1, 14, 1}, {"mbv2_1x1_c960_k160_7", 960, 160, 1, 7, 1},
        {"mbv2_1x1_c320_k1280_7", 320, 1280, 1, 7, 1},
        {"mbv2_1x1_c32_k16_112", 32, 16, 1, 112, 1}, {"mbv2_1x1_c144_k24_56", 144, 24, 1, 56, 1},
        {"mbv2_1x1_c32_k192_28", 32, 192, 1, 28, 1}, {"mbv2_1x1_c192_k32_28", 192, 32, 1, 28, 1},
        {"mbv2_1x1_c64_k384_14", 64, 384, 1, 14, 1}, {"mbv2_1x1_c384_k64_14", 384, 64, 1, 14, 1},
        {"res3_1x1_c512_k128_28", 512, 128, 1, 28, 1}, {"res4_1x1_c1024_k256_14", 1024, 256, 1, 14, 1},
        {"res5_1x1_c512_k2048_7", 512, 2048, 1, 7, 1},
    };
    return s;
}

/// A node to time, its inputs and its floating-point operations.
struct Work {
    std::shared_ptr<Node> node;
    TensorVector inputs;
    double flops = 0;
};

Work make(const ConvShape& s) {
    const Shape data{1, s.c, s.hw, s.hw}, filter{s.k, s.c, s.kernel, s.kernel};
    Tensor x(element::f32, data), w(element::f32, filter);
    std::fill_n(x.data<float>(), x.get_size(), 0.5f);
    std::fill_n(w.data<float>(), w.get_size(), 0.01f);
    const std::string pad = std::to_string(s.kernel / 2) + "," + std::to_string(s.kernel / 2);
    const std::string stride = std::to_string(s.stride) + "," + std::to_string(s.stride);
    auto node = op::make("Convolution", {op::parameter(element::f32, data), op::constant(w)},
                         {{"strides", stride}, {"dilations", "1,1"}, {"pads_begin", pad}, {"pads_end", pad},
                          {"auto_pad", "explicit"}});
    const auto out = node->get_output_shape(0);
    const double macs = static_cast<double>(s.c) * s.kernel * s.kernel * shape_size(out);
    return {node, {x, w}, 2.0 * macs};
}

struct RowShape {
    const char* name;
    size_t k, n;
    bool transpose_b;
};

// One row of A times a Constant B (K x N, or N x K with transpose_b): MobileNet-V2's classifier as its IR stores it,
// ResNet-50's and a BERT-base layer's projection with the weights transposed, as PyTorch exports them.
const std::vector<RowShape>& row_shapes() {
    static const std::vector<RowShape> s = {
        {"mbv2_classifier_1x1280_n1000", 1280, 1000, false},
        {"res_classifier_1x2048_n1000_bt", 2048, 1000, true},
        {"bert_proj_1x768_n768_bt", 768, 768, true},
    };
    return s;
}

Work make(const RowShape& s) {
    const Shape a{1, s.k}, b = s.transpose_b ? Shape{s.n, s.k} : Shape{s.k, s.n};
    Tensor x(element::f32, a), w(element::f32, b);
    std::fill_n(x.data<float>(), x.get_size(), 0.5f);
    std::fill_n(w.data<float>(), w.get_size(), 0.01f);
    auto node = op::make("MatMul", {op::parameter(element::f32, a), op::constant(w)},
                         {{"transpose_a", "false"}, {"transpose_b", s.transpose_b ? "true" : "false"}});
    return {node, {x, w}, 2.0 * static_cast<double>(s.k) * s.n};
}

const gpu::tuning::TunableOp& tunable(const Node& node) {
    return dynamic_cast<const gpu::tuning::TunableOp&>(*gpu::find_gpu_op(node.get_type_name()));
}

// The heuristic's pick (index 0) alone; any other candidate interleaved with it: each iteration runs the
// heuristic's kernel, then the candidate's, so both see the same machine, and vs_heuristic is the median over the
// iterations of (heuristic's time / candidate's). Rates measured minutes apart on a shared machine differed by
// more than the candidates do (ResNet-50's 7x7 layer: 0.6x one run, 1.4x the next).
template <typename Shape_>
void BM_Candidate(benchmark::State& state, const Shape_& shape, size_t index) {
    const Work conv = make(shape);
    const auto d = bench::prepare_on_device(state, *conv.node, conv.inputs, index);
    if (!d)
        return;
    d->run();  // the first launch compiles the work-group function for the local size
    std::unique_ptr<bench::DeviceNode> h;
    if (index != 0) {
        h = bench::prepare_on_device(state, *conv.node, conv.inputs, 0);
        if (!h)
            return;
        h->run();
    }
    using clock = std::chrono::steady_clock;
    std::vector<double> ratios;
    double seconds = 0;
    const double cpu0 = bench::cpu_seconds();
    for (auto _ : state) {
        double heuristic = 0;
        if (h) {
            state.PauseTiming();
            const auto t0 = clock::now();
            h->run();
            heuristic = std::chrono::duration<double>(clock::now() - t0).count();
            state.ResumeTiming();
        }
        const auto t0 = clock::now();
        d->run();
        const double mine = std::chrono::duration<double>(clock::now() - t0).count();
        seconds += mine;
        if (h)
            ratios.push_back(heuristic / mine);
    }
    bench::report(state, conv.flops, seconds, bench::cpu_seconds() - cpu0);
    if (!ratios.empty()) {
        std::nth_element(ratios.begin(), ratios.begin() + static_cast<std::ptrdiff_t>(ratios.size() / 2), ratios.end());
        state.counters["vs_heuristic"] = ratios[ratios.size() / 2];
    }
    state.SetLabel(d->config.impl_name + (index == 0 ? " (heuristic)" : ""));
}

// GPU_TUNING_MODE=CREATE on a model of the shape's convolution alone (no CACHE_DIR: nothing stored, so each
// iteration tunes again): the time is what tuning adds to a compile (program builds included, or not when PoCL's
// own cache already holds them), the label the pick against the heuristic's.
void BM_TuneOnCompile(benchmark::State& state, const ConvShape& shape) {
    Core core;
    const auto devices = core.get_available_devices();
    if (std::find(devices.begin(), devices.end(), "GPU.0") == devices.end()) {
        state.SkipWithError("no GPU device");
        return;
    }
    const Work conv = make(shape);
    conv.node->set_friendly_name("conv");
    auto param = std::dynamic_pointer_cast<Node>(conv.node->input_value(0).node);
    const auto model = std::make_shared<Model>(NodeVector{op::result(Output<Node>(conv.node, 0), "y")}, NodeVector{param},
                                               "conv");
    std::string pick;
    for (auto _ : state) {
        auto compiled = core.compile_model(model, "GPU", {{gpu::tuning::kProperty, "CREATE"}});
        for (const auto& n : compiled.get_runtime_model()->get_ordered_ops())
            if (n->get_friendly_name() == "conv")
                pick = n->get_rt_info().at("primitiveType").as<std::string>();
    }
    const std::string heuristic =
        gpu::find_gpu_op("Convolution")->configure(*conv.node, bench::gpu_env()->device).impl_name;
    state.SetLabel("tuned " + pick + ", heuristic " + heuristic);
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::RegisterBenchmark("BM_CpuFmaPeak", bench::BM_CpuFmaPeak)
        ->Arg(0)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(3);
    if (gpu::GpuEnv* e = bench::gpu_env()) {
        const auto register_candidates = [e](const std::string& group, const auto& s) {
            const Work work = make(s);
            const auto names = tunable(*work.node).candidate_names(*work.node, e->device);
            for (size_t i = 0; i < names.size(); ++i)
                benchmark::RegisterBenchmark((group + "/" + s.name + "/" + names[i]).c_str(),
                                             [s, i](benchmark::State& st) { BM_Candidate(st, s, i); })
                    ->Unit(benchmark::kMillisecond)
                    ->UseRealTime();
        };
        for (const ConvShape& s : shapes())
            register_candidates("BM_Conv", s);
        for (const RowShape& s : row_shapes())
            register_candidates("BM_MatMul", s);
        for (const ConvShape& s : shapes())
            benchmark::RegisterBenchmark((std::string("BM_TuneOnCompile/") + s.name).c_str(),
                                         [s](benchmark::State& st) { BM_TuneOnCompile(st, s); })
                ->Unit(benchmark::kMillisecond)
                ->Iterations(1)
                ->UseRealTime();
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
