// The op registry: for each (op type, version) its shape/type inference and its host
// reference evaluation. Built from the op table (src/op_table/*.def); extensions may add.
//
// Versions are opset numbers: the version of an op is the first opset that has it
// (Softmax 1 and 8; MaxPool 1, 8, 14). A node read from "opsetN" gets the newest version <= N.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ovcl/element_type.hpp"
#include "ovcl/shape.hpp"
#include "ovcl/tensor.hpp"

namespace ovcl {

class Node;
class Model;

/// What shape inference knows about an input: its type, shape and, when known (constants,
/// or always at run time), its value; else perhaps some of its elements (`shape_value`).
/// (Constructors, so that `{type, shape}` stays a complete initialiser as the members grow.)
struct InputInfo {
    InputInfo() = default;
    InputInfo(element::Type t, PartialShape s, const Tensor* v = nullptr,
              std::shared_ptr<const ShapeValue> sv = nullptr)
        : type(t), shape(std::move(s)), value(v), shape_value(std::move(sv)) {}
    element::Type type;
    PartialShape shape;
    const Tensor* value = nullptr;
    std::shared_ptr<const ShapeValue> shape_value;
};
struct OutputInfo {
    OutputInfo() = default;
    OutputInfo(element::Type t, PartialShape s, std::shared_ptr<const ShapeValue> sv = nullptr)
        : type(t), shape(std::move(s)), shape_value(std::move(sv)) {}
    element::Type type;
    PartialShape shape;
    std::shared_ptr<const ShapeValue> shape_value;  ///< set by the ops that pass shapes on (ShapeOf, Concat, Gather...)
};

/// Variable values of a request (ReadValue/Assign): variable id -> tensor.
struct VariableStore {
    std::map<std::string, Tensor> values;
};

/// Per-evaluation context handed to reference functions.
struct EvalContext {
    VariableStore* variables = nullptr;
    const std::atomic<bool>* cancel = nullptr;  ///< set: ops that loop (Loop) stop with Cancelled
};

/// Shape/type inference: throws (any exception; the node adds its name) on invalid input.
using InferFn = std::function<std::vector<OutputInfo>(const Node&, const std::vector<InputInfo>&)>;
/// Reference evaluation: outputs are allocated by the caller with the shapes that InferFn
/// gives for the actual inputs.
using RefFn = std::function<void(const Node&, const TensorVector& inputs, TensorVector& outputs, EvalContext&)>;

struct OpSpec {
    std::string type;
    int64_t version = 1;
    InferFn infer;
    RefFn evaluate;  ///< empty: no host implementation
};

class OpRegistry {
public:
    /// The process-wide registry, filled from the op table on first use.
    static OpRegistry& get();
    void add(OpSpec spec);  ///< replaces an entry with the same (type, version)
    /// Newest version of `type` not newer than `opset`; nullptr when none.
    const OpSpec* find(const std::string& type, int64_t opset) const;
    /// Exactly this (type, version); nullptr when none.
    const OpSpec* find_exact(const std::string& type, int64_t version) const;
    /// Newest registered version of `type`; nullptr when none.
    const OpSpec* latest(const std::string& type) const;
    std::vector<const OpSpec*> all() const;

    /// A body of If, Loop or TensorIterator, planned once and run per call on the host engine that runs whole
    /// models; through it host_ref's control-flow ops reach that engine without depending on the graph layer.
    using BodyFn = std::function<TensorVector(const TensorVector& args, EvalContext& ctx)>;
    BodyFn plan_body(std::shared_ptr<const Model> body) const;

private:
    std::map<std::string, std::map<int64_t, OpSpec>> m_ops;
};

}  // namespace ovcl

namespace ovcl {
/// Runs one node on the host: infers output shapes from the actual inputs (values included),
/// allocates the outputs and calls the op's reference function. Throws NotImplemented when
/// the op has no host implementation, ModelError (naming the node) when the inputs are invalid.
TensorVector evaluate_node(const Node& node, const TensorVector& inputs, EvalContext& ctx);
}  // namespace ovcl
