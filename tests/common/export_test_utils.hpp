// What the export/import and model-cache tests share: a small model per element type, running a
// compiled model, blobs as bytes and scratch directories.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <sstream>
#include <string>

#include "common/test_utils.hpp"
#include "ovcl/core.hpp"
#include "ovcl/ops.hpp"

namespace ovcl {
namespace test {

/// Every element type a model's inputs, constants and outputs may have.
inline const std::vector<element::Type> kModelElementTypes{
    element::boolean, element::u8,  element::i8,  element::u16, element::i16, element::u32,
    element::i32,     element::u64, element::i64, element::f16, element::f32, element::f64};

/// y = (x + c) * x with a Constant c (LogicalXor(x, c) for boolean): input "x" and output "y", of
/// type `t` and shape [2,3].
inline std::shared_ptr<Model> typed_model(element::Type t) {
    const Shape shape{2, 3};
    auto x = op::parameter(t, shape, "x");
    std::shared_ptr<Node> y;
    if (t == element::boolean) {
        y = op::make("LogicalXor", {x, op::constant(iota(t, shape))});
    } else {
        auto sum = op::make("Add", {x, op::constant(iota(t, shape, 1, 1))});
        y = op::make("Multiply", {sum, x});
    }
    y->output_names(0).insert("y");
    return std::make_shared<Model>(NodeVector{op::result(y, "y")}, NodeVector{x}, "typed_" + t.get_type_name());
}

/// Inputs for typed_model(t): small values every type holds (0/1 for boolean).
inline Tensor typed_input(element::Type t, uint32_t seed = 7) {
    const bool real = t == element::f16 || t == element::f32 || t == element::f64;
    return random_tensor(t, Shape{2, 3}, real ? -2.0 : 0.0, t == element::boolean ? 1.0 : 9.0, seed);
}

/// Runs one inference; the outputs are copies that outlive the request.
inline TensorVector infer(CompiledModel& compiled, const TensorVector& inputs) {
    InferRequest request = compiled.create_infer_request();
    for (size_t i = 0; i < inputs.size(); ++i)
        request.set_input_tensor(i, inputs[i]);
    request.infer();
    TensorVector out;
    for (size_t i = 0; i < compiled.outputs().size(); ++i) {
        const Tensor t = request.get_output_tensor(i);
        Tensor copy(t.get_element_type(), t.get_shape());
        t.copy_to(copy);
        out.push_back(copy);
    }
    return out;
}

inline std::string exported(const CompiledModel& compiled) {
    std::stringstream blob;
    compiled.export_model(blob);
    return blob.str();
}

inline CompiledModel imported(Core& core, const std::string& blob, const std::string& device,
                              const AnyMap& properties = {}) {
    std::stringstream in(blob);
    return core.import_model(in, device, properties);
}

/// A fresh directory, removed with everything in it at the end of the test.
struct ScratchDir {
    std::filesystem::path path;
    explicit ScratchDir(const std::string& what) {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        std::string name = "ovcl_" + what + "_" + std::to_string(::getpid()) + "_" + info->test_suite_name() + "_" +
                           info->name();
        for (char& c : name)
            if (c == '/')
                c = '_';  // parameterised tests have '/' in their names
        path = std::filesystem::temp_directory_path() / name;
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~ScratchDir() { std::filesystem::remove_all(path); }
    std::string str() const { return path.string(); }
    /// Files in the directory whose name starts with `prefix`.
    std::vector<std::filesystem::path> files(const std::string& prefix = "") const {
        std::vector<std::filesystem::path> out;
        for (const auto& e : std::filesystem::directory_iterator(path))
            if (e.path().filename().string().rfind(prefix, 0) == 0)
                out.push_back(e.path());
        return out;
    }
};

}  // namespace test
}  // namespace ovcl
