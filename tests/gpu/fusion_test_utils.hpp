// What the GPU fusion tests (test_fusion*.cpp) share: building small models, reading the runtime model of a
// compiled one, and running a model on GPU and REF to compare their outputs.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "common/test_utils.hpp"
#include "gpu_test_utils.hpp"
#include "ovcl/core.hpp"
#include "ovcl/ops.hpp"
#include "transform/transformations.hpp"

namespace ovcl {
namespace test {

inline Output<Node> named(const std::shared_ptr<Node>& n, const std::string& name) {
    n->set_friendly_name(name);
    n->output_names(0) = {name};
    return Output<Node>(n, 0);
}

/// An i64 Constant of the values `v` (an axis, a target shape, a permutation).
inline Output<Node> i64s(const std::vector<int64_t>& v) {
    return Output<Node>(op::constant<int64_t>(element::i64, Shape{v.size()}, v), 0);
}

/// A random f32 Constant in [lo, hi].
inline Output<Node> random_constant(const Shape& shape, uint32_t seed, const std::string& name, double lo = -1,
                              double hi = 1) {
    return named(op::constant(random_tensor(element::f32, shape, lo, hi, seed)), name);
}

inline Output<Node> scalar_constant(float v, const std::string& name, const Shape& shape = {}) {
    return named(op::constant<float>(element::f32, shape, std::vector<float>(shape_size(shape), v)), name);
}

inline Output<Node> unary(const std::string& type, const Output<Node>& x, const std::string& name, const Attributes& attrs = {},
                    int64_t version = -1) {
    return named(op::make(type, {x}, attrs, version), name);
}

inline Output<Node> binary(const std::string& type, const Output<Node>& a, const Output<Node>& b, const std::string& name) {
    return named(op::make(type, {a, b}, {{"auto_broadcast", "numpy"}}), name);
}

inline std::shared_ptr<Model> model_of(const OutputVector& outputs, const NodeVector& params) {
    NodeVector results;
    for (size_t i = 0; i < outputs.size(); ++i)
        results.push_back(op::result(outputs[i], "out" + std::to_string(i)));
    return std::make_shared<Model>(results, params, "fusion");
}

/// The runtime model of a compiled model, by friendly name.
struct Runtime {
    size_t ops = 0;                                  ///< nodes other than Parameter/Constant/Result
    std::map<std::string, std::string> type;         ///< friendly name -> layerType
    std::map<std::string, std::string> fused_names;  ///< layerType Fused*: friendly name -> originalLayersNames
    std::map<std::string, std::string> primitive;    ///< friendly name -> primitiveType
    /// The number of steps of layer type `t`.
    size_t count(const std::string& t) const {
        size_t n = 0;
        for (const auto& [name, lt] : type)
            n += lt == t;
        return n;
    }
};

inline Runtime runtime_of(const CompiledModel& compiled) {
    Runtime r;
    for (const auto& n : compiled.get_runtime_model()->get_ordered_ops()) {
        const auto& rt = n->get_rt_info();
        const std::string type = rt.at("layerType").as<std::string>();
        if (type == "Parameter" || type == "Constant" || type == "Result")
            continue;
        ++r.ops;
        r.type[n->get_friendly_name()] = type;
        r.primitive[n->get_friendly_name()] = rt.at("primitiveType").as<std::string>();
        if (type.rfind("Fused", 0) == 0)
            r.fused_names[n->get_friendly_name()] = rt.at("originalLayersNames").as<std::string>();
    }
    return r;
}

/// Random inputs in [lo, hi] for every input of `model` (seeded by position).
inline TensorVector inputs_for(const std::shared_ptr<Model>& model, double lo = -1, double hi = 1) {
    TensorVector v;
    for (size_t i = 0; i < model->inputs().size(); ++i) {
        const Output<Node> in = model->input(i);
        v.push_back(random_tensor(in.get_element_type(), in.get_shape(), lo, hi, static_cast<uint32_t>(11 + i)));
    }
    return v;
}

inline TensorVector infer(CompiledModel& compiled, const TensorVector& inputs) {
    auto request = compiled.create_infer_request();
    for (size_t i = 0; i < inputs.size(); ++i)
        request.set_tensor(compiled.input(i), inputs[i]);
    request.infer();
    TensorVector out;
    for (size_t i = 0; i < compiled.outputs().size(); ++i)
        out.push_back(request.get_output_tensor(i));
    return out;
}

/// `props` with GPU_KERNELS=CPU unless they name a family: the fusion suites name the register-blocked kernel a fused
/// node gets, a name that then holds on a GPU as on PoCL (the GPU kernels' fusions: test_gpu_kernels_property.cpp,
/// test_matmul_tiled.cpp).
inline AnyMap on_cpu_kernels(AnyMap props) {
    props.emplace("GPU_KERNELS", std::string("CPU"));
    return props;
}

/// Compiles `model` on GPU (with `props`) and on REF (no transformation there: the unfused graph), runs both on
/// the same random inputs and compares every output; returns the GPU runtime model.
inline Runtime run_and_compare(const std::shared_ptr<Model>& model, const AnyMap& props, double abs_tol,
                               double rel_tol, double lo = -1, double hi = 1) {
    Core core;
    auto gpu = core.compile_model(model, "GPU", props);
    auto ref = core.compile_model(model, "REF");
    const TensorVector in = inputs_for(model, lo, hi);
    const TensorVector g = infer(gpu, in), r = infer(ref, in);
    for (size_t i = 0; i < g.size(); ++i)
        EXPECT_TENSOR_NEAR(g[i], r[i], abs_tol, rel_tol);
    return runtime_of(gpu);
}

/// The GPU plugin's transformations applied to a clone of `model` (host_ops kept on the host), run on REF (the
/// fused types' registry entries), against the untransformed model on REF. Returns how many nodes were folded,
/// converted or fused.
inline size_t transformed_matches_on_ref(const std::shared_ptr<Model>& model, double abs_tol, double rel_tol,
                                         const std::set<std::string>& host_ops = {}) {
    auto transformed = model->clone();
    const size_t changed = gpu::transform_model(*transformed, host_ops);
    Core core;
    auto fused = core.compile_model(transformed, "REF");
    auto plain = core.compile_model(model, "REF");
    const TensorVector in = inputs_for(model);
    const TensorVector a = infer(fused, in), b = infer(plain, in);
    for (size_t i = 0; i < a.size(); ++i)
        EXPECT_TENSOR_NEAR(a[i], b[i], abs_tol, rel_tol);
    return changed;
}

}  // namespace test
}  // namespace ovcl
