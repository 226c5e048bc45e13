// One synchronous ov::InferRequest::infer() through OpenVINO's own C++ API, the counterpart of
// bench_infer_call.cpp for OpenVINO: bench/python_api.py builds it against the `openvino` wheel's headers and
// libraries (it is not part of the CMake build) to set OpenVINO's Python call against its C++ call.
// Usage: openvino_infer_call MODEL.xml DEVICE SECONDS  -> prints the us per call (the best of three rounds).
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include <openvino/openvino.hpp>

int main(int argc, char** argv) {
    if (argc != 4) {
        std::cerr << "usage: " << argv[0] << " MODEL.xml DEVICE SECONDS\n";
        return 2;
    }
    ov::Core core;
    ov::CompiledModel compiled = core.compile_model(argv[1], argv[2]);
    ov::InferRequest request = compiled.create_infer_request();
    for (const auto& port : compiled.inputs()) {  // inputs set once (zeros), as bench_infer_call.cpp does
        ov::Tensor t(port.get_element_type(), port.get_shape());
        std::memset(t.data(), 0, t.get_byte_size());
        request.set_tensor(port, t);
    }
    for (int i = 0; i < 100; ++i)
        request.infer();
    using Clock = std::chrono::steady_clock;
    const double round_s = std::atof(argv[3]) / 3;
    double best_us = 1e30;
    for (int round = 0; round < 3; ++round) {
        long n = 0;
        const auto start = Clock::now();
        double elapsed_s = 0;
        while (elapsed_s < round_s) {
            for (int i = 0; i < 100; ++i)
                request.infer();
            n += 100;
            elapsed_s = std::chrono::duration<double>(Clock::now() - start).count();
        }
        best_us = std::min(best_us, elapsed_s / n * 1e6);
    }
    std::cout << best_us << "\n";
    return 0;
}
