// One synchronous InferRequest::infer() call through the C++ API on a small model: the baseline that
// bench/python_api.py compares the same call through the Python package with (docs/perf/python.md).
// The model is the IR named by OVCL_BENCH_IR (python_api.py writes it); without it, a Relu on [1,16].
// Run: OVCL_BENCH_IR=model.xml build/bin/ovcl_bench_infer_call --benchmark_format=json
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "ovcl/core.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

std::shared_ptr<Model> bench_model(Core& core) {
    if (const char* ir = std::getenv("OVCL_BENCH_IR"); ir && *ir)
        return core.read_model(ir);
    auto x = op::parameter(element::f32, PartialShape({1, 16}), "x");
    return std::make_shared<Model>(OutputVector{op::make_output("Relu", {x})}, NodeVector{x}, "relu");
}

// Inputs set once (zeros), as a loop over infer() on bound tensors does; each iteration is one infer() call.
void BM_InferCall(benchmark::State& state, const char* device) {
    Core core;
    const auto devices = core.get_available_devices();
    if (std::string(device) != "REF" && std::find(devices.begin(), devices.end(), device) == devices.end()) {
        state.SkipWithError("no such device");
        return;
    }
    CompiledModel compiled = core.compile_model(bench_model(core), device);
    InferRequest request = compiled.create_infer_request();
    for (const auto& port : compiled.inputs()) {
        Tensor t(port.get_element_type(), port.get_shape());
        std::memset(t.data(), 0, t.get_byte_size());
        request.set_tensor(port, t);
    }
    for (int i = 0; i < 100; ++i)
        request.infer();
    for (auto _ : state)
        request.infer();
    state.counters["calls_per_s"] = benchmark::Counter(static_cast<double>(state.iterations()),
                                                       benchmark::Counter::kIsRate);
}

}  // namespace

BENCHMARK_CAPTURE(BM_InferCall, REF, "REF")->UseRealTime()->MinTime(1.0);
BENCHMARK_CAPTURE(BM_InferCall, GPU, "GPU.0")->UseRealTime()->MinTime(1.0);
BENCHMARK_MAIN();
