// The kernel selector's candidates (src/gpu/tuning.hpp) for ResNet-50's convolutions on GPU.0 (PoCL's CPU device
// in CI): every candidate of each shape timed in the same run, the heuristic's pick (candidate 0) first, so each
// other candidate reports vs_heuristic = the heuristic's time over its own (> 1: faster than the default). This is
// what GPU_TUNING_MODE=CREATE measures once per shape at compile time, with more iterations.
//   build/bin/ovcl_bench_gpu_tuning --benchmark_out=gpu_tuning.json --benchmark_out_format=json
// Figures on a loaded machine vary by a few percent from run to run: read small ratios as noise.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/gpu_bench.hpp"
#include "ops/gpu_op.hpp"
#include "ovcl/core.hpp"
#include "ovcl/ops.hpp"
#include "tuning.hpp"

using namespace ovcl;

namespace {

struct ConvShape {
    const char* name;
    size_t c, k, kernel, hw, stride;
};

// ResNet-50's bottleneck convolutions (batch 1): the 3x3 of each stage and stage 1's 1x1 pair.
const std::vector<ConvShape>& shapes() {
    static const std::vector<ConvShape> s = {
        {"res2_3x3_c64_56", 64, 64, 3, 56, 1},      {"res2_1x1_c64_k256_56", 64, 256, 1, 56, 1},
        {"res2_1x1_c256_k64_56", 256, 64, 1, 56, 1}, {"res3_3x3_c128_28", 128, 128, 3, 28, 1},
        {"res4_3x3_c256_14", 256, 256, 3, 14, 1},    {"res5_3x3_c512_7", 512, 512, 3, 7, 1},
    };
    return s;
}

struct Conv {
    std::shared_ptr<Node> node;
    TensorVector inputs;
    double flops = 0;
};

Conv make(const ConvShape& s) {
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

const gpu::tuning::TunableOp& tunable(const Node& node) {
    return dynamic_cast<const gpu::tuning::TunableOp&>(*gpu::find_gpu_op(node.get_type_name()));
}

void BM_Candidate(benchmark::State& state, const ConvShape& shape, size_t index) {
    const Conv conv = make(shape);
    const auto d = bench::prepare_on_device(state, *conv.node, conv.inputs, index);
    if (!d)
        return;
    d->run();  // the first launch compiles the work-group function for the local size
    const double gflops = bench::timed_loop(state, conv.flops, [&] { d->run(); });
    const std::string key = std::string("heuristic ") + shape.name;
    if (index == 0)
        bench::store_baseline(key, gflops);
    else {  // the heuristic's figure of this run (measured now when a filter left it out)
        std::unique_ptr<bench::DeviceNode> h;
        state.counters["vs_heuristic"] = gflops / bench::baseline_gflops(key, conv.flops, [&] {
            if (!h)
                h = bench::prepare_on_device(state, *conv.node, conv.inputs, 0);
            h->run();
        });
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
    const Conv conv = make(shape);
    conv.node->set_friendly_name("conv");
    auto param = std::dynamic_pointer_cast<Node>(conv.node->input_value(0).node);
    const auto model = std::make_shared<Model>(NodeVector{op::result(Output(conv.node, 0), "y")}, NodeVector{param},
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
        for (const ConvShape& s : shapes()) {
            const Conv conv = make(s);
            const auto names = tunable(*conv.node).candidate_names(*conv.node, e->device);
            for (size_t i = 0; i < names.size(); ++i)
                benchmark::RegisterBenchmark((std::string("BM_Conv/") + s.name + "/" + names[i]).c_str(),
                                             [s, i](benchmark::State& st) { BM_Candidate(st, s, i); })
                    ->Unit(benchmark::kMillisecond)
                    ->UseRealTime();
        }
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
