// A C++ program written against OpenVINO, ported by renaming `ov::` to `ovcl::` and the headers
// (<openvino/openvino.hpp> -> <ovcl/ovcl.hpp>, <openvino/runtime/intel_gpu/ocl/ocl.hpp> ->
// <ovcl/ocl/ocl.hpp>) and nothing else: the steps of OpenVINO's "Integrate OpenVINO with your
// application" (read_model, compile_model with properties, create_infer_request, the input tensor,
// infer, the output tensor), then a GPU context and remote tensor as its GPU remote-tensor guide uses
// them. main() first writes the model that infer_once() reads, y = Relu(x * 2 - 1), and checks the
// answers against values computed here, on GPU.0 and on REF.
// [doc:openvino_style]
#include <ovcl/ocl/ocl.hpp>
#include <ovcl/ovcl.hpp>

#include <algorithm>
#include <iostream>
#include <vector>

std::vector<float> infer_once(const std::string& model_path, const std::string& device,
                              const std::vector<float>& input) {
    std::cout << ovcl::get_openvino_version() << std::endl;
    ovcl::Core core;
    core.set_property(device, ovcl::hint::performance_mode(ovcl::hint::PerformanceMode::LATENCY),
                      ovcl::hint::num_requests(1));
    std::shared_ptr<ovcl::Model> model = core.read_model(model_path);
    const ovcl::Output<ovcl::Node> model_input = model->input();
    std::cout << "input " << model_input.get_any_name() << " " << model_input.get_element_type() << " "
              << model_input.get_shape() << std::endl;
    ovcl::CompiledModel compiled_model =
        core.compile_model(model, device, ovcl::hint::performance_mode(ovcl::hint::PerformanceMode::THROUGHPUT),
                           ovcl::enable_profiling(true));
    std::cout << "optimal requests: " << compiled_model.get_property(ovcl::optimal_number_of_infer_requests)
              << std::endl;
    ovcl::InferRequest infer_request = compiled_model.create_infer_request();
    const ovcl::Output<const ovcl::Node> input_port = compiled_model.input();
    ovcl::Tensor input_tensor = infer_request.get_tensor(input_port);
    std::copy(input.begin(), input.end(), input_tensor.data<float>());
    infer_request.infer();
    for (const ovcl::Output<const ovcl::Node>& output_port : compiled_model.outputs())
        std::cout << "output " << output_port.get_any_name() << " from " << output_port.get_node()->get_type_name()
                  << std::endl;
    const ovcl::Tensor output_tensor = infer_request.get_tensor(compiled_model.output());
    const float* output_buffer = output_tensor.data<const float>();
    return std::vector<float>(output_buffer, output_buffer + output_tensor.get_size());
}

// A round trip through device memory: host -> remote tensor -> host.
std::vector<float> through_gpu_memory(const std::vector<float>& values) {
    ovcl::Core core;
    auto context = core.get_default_context("GPU").as<ovcl::intel_gpu::ocl::ClContext>();
    cl_context cl_ctx = context.get();  // the plugin's cl_context, for the application's own OpenCL work
    std::cout << "cl_context " << (cl_ctx != nullptr ? "shared" : "missing") << std::endl;
    ovcl::Shape shape{values.size()};
    ovcl::RemoteTensor remote = context.create_tensor(ovcl::element::f32, shape);
    std::vector<float> host_values(values);
    remote.copy_from(ovcl::Tensor(ovcl::element::f32, shape, host_values.data()));
    ovcl::Tensor back(ovcl::element::f32, shape);
    remote.copy_to(back);
    return std::vector<float>(back.data<const float>(), back.data<const float>() + back.get_size());
}
// [/doc:openvino_style]

#include <cmath>
#include <filesystem>

#include <unistd.h>

namespace {

// y = Relu(x * 2 - 1): x f32 [1, 6] "x", y "y".
std::shared_ptr<ovcl::Model> twice_minus_one() {
    auto x = ovcl::op::parameter(ovcl::element::f32, ovcl::Shape{1, 6}, "x");
    auto two = ovcl::op::constant<float>(ovcl::element::f32, ovcl::Shape{}, {2.0f});
    auto one = ovcl::op::constant<float>(ovcl::element::f32, ovcl::Shape{}, {1.0f});
    auto y = ovcl::op::make("Relu", {ovcl::op::make("Subtract", {ovcl::op::make("Multiply", {x, two}), one})});
    y->output_names(0).insert("y");
    return std::make_shared<ovcl::Model>(ovcl::NodeVector{ovcl::op::result(y, "y")}, ovcl::NodeVector{x},
                                         "twice_minus_one");
}

bool same(const char* what, const std::vector<float>& got, const std::vector<float>& expected) {
    bool ok = got.size() == expected.size();
    for (size_t i = 0; ok && i < got.size(); ++i)
        ok = std::fabs(got[i] - expected[i]) <= 1e-6f;
    if (!ok) {
        std::cerr << "openvino_style: " << what << " gave";
        for (float v : got)
            std::cerr << " " << v;
        std::cerr << "\n";
    }
    return ok;
}

// A folder for the model files, removed at exit.
struct ScratchDir {
    std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("ovcl_example_openvino_style_" + std::to_string(::getpid()));
    ScratchDir() { std::filesystem::create_directories(path); }
    ~ScratchDir() { std::filesystem::remove_all(path); }
};

}  // namespace

int main() {
    const ScratchDir scratch;
    try {
        const std::string xml = (scratch.path / "model.xml").string();
        ovcl::ir::write_model(*twice_minus_one(), xml);
        const std::vector<float> x = {-1.0f, 0.0f, 0.25f, 0.5f, 1.5f, 3.0f};
        std::vector<float> expected;
        for (float v : x)
            expected.push_back(std::max(0.0f, v * 2.0f - 1.0f));
        bool ok = same("REF", infer_once(xml, "REF", x), expected);
        ovcl::Core core;
        const auto devices = core.get_available_devices();
        if (std::find(devices.begin(), devices.end(), "GPU.0") == devices.end()) {
            std::cout << "openvino_style: GPU part skipped: no GPU device (no OpenCL device found)\n";
        } else {
            ok = same("GPU", infer_once(xml, "GPU", x), expected) && ok;
            ok = same("the GPU memory round trip", through_gpu_memory(x), x) && ok;
        }
        return ok ? 0 : 1;
    } catch (const std::exception& e) {
        std::cerr << "openvino_style: " << e.what() << "\n";
        return 1;
    }
}
