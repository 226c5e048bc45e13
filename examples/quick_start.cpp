// The README's quick start ("Using it"): read an IR model, compile it for REF with profiling on, run
// one asynchronous inference and read its output. main() first writes the model that run_once()
// reads, y = Relu(x W + b) with known weights, then checks y against values computed here.
// [doc:quick_start]
#include <iostream>

#include <ovcl/ovcl.hpp>

// Runs the IR model `model_xml` (and the .bin beside it) on REF: `input` in, the output copied into `out`.
void run_once(const std::string& model_xml, const ovcl::Tensor& input, ovcl::Tensor& out) {
    ovcl::Core core;
    auto model = core.read_model(model_xml);
    auto compiled = core.compile_model(model, "REF", {{"PERF_COUNT", true}});
    auto request = compiled.create_infer_request();
    request.set_input_tensor(input);
    request.start_async();
    request.wait();
    request.get_output_tensor().copy_to(out);  // out: a tensor of the output's type; it takes the shape
    for (const ovcl::ProfilingInfo& p : request.get_profiling_info())  // PERF_COUNT: the time of each op
        std::cout << p.node_name << " (" << p.node_type << "): " << p.real_time.count() << " us\n";
}
// [/doc:quick_start]

#include <cmath>
#include <filesystem>
#include <vector>

#include <unistd.h>

namespace {

const std::vector<float> kW = {1, -1, 0.5f,  //
                               2, 0, -1,     //
                               -3, 1, 0,     //
                               0.5f, 2, 1};  // [4, 3]
const std::vector<float> kB = {0.25f, -0.5f, 1};

// y = Relu(x W + b): x f32 [1, 4] "x", y f32 [1, 3] "y".
std::shared_ptr<ovcl::Model> dense_relu_model() {
    auto x = ovcl::op::parameter(ovcl::element::f32, ovcl::Shape{1, 4}, "x");
    auto w = ovcl::op::constant<float>(ovcl::element::f32, ovcl::Shape{4, 3}, kW);
    auto b = ovcl::op::constant<float>(ovcl::element::f32, ovcl::Shape{3}, kB);
    auto xw = ovcl::op::make("MatMul", {x, w});
    auto sum = ovcl::op::make("Add", {xw, b});
    auto relu = ovcl::op::make("Relu", {sum});
    relu->output_names(0).insert("y");
    return std::make_shared<ovcl::Model>(ovcl::NodeVector{ovcl::op::result(relu, "y")}, ovcl::NodeVector{x},
                                         "dense_relu");
}

}  // namespace

int main() {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("ovcl_example_quick_start_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string xml = (dir / "model.xml").string();
    int rc = 1;
    try {
        ovcl::ir::write_model(*dense_relu_model(), xml);  // model.xml + model.bin

        std::vector<float> x = {1, 2, 3, 4};
        ovcl::Tensor input(ovcl::element::f32, {1, 4}, x.data());
        ovcl::Tensor out(ovcl::element::f32, {1, 3});
        run_once(xml, input, out);

        rc = 0;
        if (out.get_shape() != ovcl::Shape{1, 3}) {
            std::cerr << "quick_start: output shape " << out.get_shape() << ", expected [1,3]\n";
            rc = 1;
        }
        // x W + b = (1*1 + 2*2 - 3*3 + 4*0.5, -1 + 0 + 3 + 8, 0.5 - 2 + 0 + 4) + b = (-2, 10, 2.5) + b
        const std::vector<float> expected = {0.0f, 9.5f, 3.5f};
        for (size_t i = 0; i < expected.size() && rc == 0; ++i) {
            const float got = out.data<const float>()[i];
            if (std::fabs(got - expected[i]) > 1e-5f) {
                std::cerr << "quick_start: y[" << i << "] = " << got << ", expected " << expected[i] << "\n";
                rc = 1;
            }
        }
    } catch (const std::exception& e) {
        std::cerr << "quick_start: " << e.what() << "\n";
        rc = 1;
    }
    std::error_code ec;
    fs::remove_all(dir, ec);
    if (rc == 0)
        std::cout << "quick_start: ok\n";
    return rc;
}
