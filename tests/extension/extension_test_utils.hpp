// Shared by the extension tests: a scratch folder, one-op models written as IR files, running a
// model on a device, the ScaledSwish host formula and the runtime model's kernel of an op.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "common/test_utils.hpp"
#include "gpu/gpu_test_utils.hpp"
#include "ovcl/core.hpp"
#include "ovcl/extension.hpp"
#include "ovcl/ir.hpp"
#include "ovcl/ops.hpp"

namespace ovcl {
namespace test {

inline std::string extension_data(const std::string& name) {
    return std::string(OVCL_TEST_DATA_DIR) + "/extension/" + name;
}

/// A fresh folder per test under the system temp dir, removed at the end.
class ScratchDir {
public:
    ScratchDir() {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        m_path = std::filesystem::temp_directory_path() /
                 ("ovcl_ext_" + std::string(info->test_suite_name()) + "_" + info->name() + "_" +
                  std::to_string(::getpid()));
        std::filesystem::remove_all(m_path);
        std::filesystem::create_directories(m_path);
    }
    ~ScratchDir() {
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }
    std::string file(const std::string& name) const { return (m_path / name).string(); }
    std::string write(const std::string& name, const std::string& text) const {
        std::ofstream(file(name)) << text;
        return file(name);
    }

private:
    std::filesystem::path m_path;
};

/// Parameter(s) -> one `type` node -> Result(s), named "op" (the node) and "in<i>" / "out<j>".
inline std::shared_ptr<Model> one_op_model(const std::string& type, const std::vector<PartialShape>& shapes,
                                           const Attributes& attrs, element::Type et = element::f32) {
    NodeVector params;
    OutputVector inputs;
    for (size_t i = 0; i < shapes.size(); ++i) {
        params.push_back(op::parameter(et, shapes[i], "in" + std::to_string(i)));
        inputs.emplace_back(params.back(), 0);
    }
    auto node = op::make(type, inputs, attrs);
    node->set_friendly_name("op");
    NodeVector results;
    for (size_t j = 0; j < node->get_output_size(); ++j)
        results.push_back(op::result(node->output(j), "out" + std::to_string(j)));
    return std::make_shared<Model>(results, params, type + "_model");
}

/// Compiles for `device`, runs once on `inputs` and returns every output.
inline TensorVector infer_on(Core& core, const std::shared_ptr<const Model>& model, const std::string& device,
                             const TensorVector& inputs) {
    auto compiled = core.compile_model(model, device);
    auto request = compiled.create_infer_request();
    for (size_t i = 0; i < inputs.size(); ++i)
        request.set_input_tensor(i, inputs[i]);
    request.infer();
    TensorVector out;
    for (size_t j = 0; j < model->get_results().size(); ++j) {
        Tensor copy(request.get_output_tensor(j).get_element_type(), request.get_output_tensor(j).get_shape());
        request.get_output_tensor(j).copy_to(copy);
        out.push_back(copy);
    }
    return out;
}

/// How the GPU runs the node named `name`: "extension_<Type>" for the user's kernel, "ref" on the host.
inline std::string primitive_of(const CompiledModel& compiled, const std::string& name) {
    for (const auto& n : compiled.get_runtime_model()->get_ordered_ops())
        if (n->get_friendly_name() == name)
            return n->get_rt_info().at("primitiveType").as<std::string>();
    return "(no node " + name + ")";
}

/// y = alpha * x * sigmoid(beta * x) in f32, as the kernel computes it.
inline Tensor scaled_swish(const Tensor& x, float alpha, float beta) {
    Tensor y(element::f32, x.get_shape());
    const float* in = x.data<const float>();
    float* out = y.data<float>();
    for (size_t i = 0; i < x.get_size(); ++i)
        out[i] = alpha * in[i] / (1.0f + std::exp(-beta * in[i]));
    return y;
}

/// The host implementation of ScaledSwish for extensions (attributes with their defaults).
inline void scaled_swish_host(const Node& node, const TensorVector& in, TensorVector& out) {
    const float alpha = std::stof(extension_attr_text(node, "alpha"));
    const float beta = std::stof(extension_attr_text(node, "beta"));
    scaled_swish(in[0], alpha, beta).copy_to(out[0]);
}

}  // namespace test
}  // namespace ovcl
