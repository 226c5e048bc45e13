// The graph node: an operation of a given type and version with ordered string attributes
// (exactly as OpenVINO IR writes them), typed input and output ports, tensor names and
// rt_info. Operation semantics (shape inference, reference evaluation) live in the op
// registry (ovcl/op_registry.hpp), keyed by (type, version).
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "ovcl/any.hpp"
#include "ovcl/element_type.hpp"
#include "ovcl/shape.hpp"
#include "ovcl/tensor.hpp"

namespace ovcl {

class Node;
class Model;
struct OpSpec;

/// An output port: a node and the index of one of its outputs. As in OpenVINO, `Output<Node>` is a port of a
/// node that may be changed and `Output<const Node>` one that may only be read (what a compiled model's ports
/// are to its user); a port converts to its read-only form, never back.
template <typename NodeType>
struct Output {
    static_assert(std::is_same<typename std::remove_const<NodeType>::type, Node>::value,
                  "Output<Node> and Output<const Node> are the port types");
    std::shared_ptr<NodeType> node;
    size_t index = 0;

    Output() = default;
    Output(std::shared_ptr<NodeType> n, size_t i = 0) : node(std::move(n)), index(i) {}  // NOLINT
    template <typename Other, typename = typename std::enable_if<
                                  std::is_convertible<Other*, NodeType*>::value &&
                                  !std::is_same<Other, NodeType>::value>::type>
    Output(const Output<Other>& port) : node(port.node), index(port.index) {}  // NOLINT: as OpenVINO's
    // OpenVINO's accessors of a port.
    NodeType* get_node() const { return node.get(); }
    const std::shared_ptr<NodeType>& get_node_shared_ptr() const { return node; }
    size_t get_index() const { return index; }
    element::Type get_element_type() const;
    const PartialShape& get_partial_shape() const;
    Shape get_shape() const;  ///< throws when dynamic
    /// Tensor names of the port (a Result's port reports the names of the port it consumes).
    const std::set<std::string>& get_names() const;
    /// The first tensor name; throws NotFound when the port has none.
    std::string get_any_name() const;
    bool operator==(const Output& o) const { return node == o.node && index == o.index; }
    bool operator!=(const Output& o) const { return !(*this == o); }
    bool operator<(const Output& o) const { return node != o.node ? node < o.node : index < o.index; }
};
extern template struct Output<Node>;
extern template struct Output<const Node>;
/// The writable port behind a read-only one (a compiled model's port, given back to the runtime that owns it).
inline Output<Node> writable(const Output<const Node>& port) {
    return Output<Node>(std::const_pointer_cast<Node>(port.node), port.index);
}
using OutputVector = std::vector<Output<Node>>;
inline OutputVector writable(const std::vector<Output<const Node>>& ports) {
    OutputVector v;
    for (const auto& p : ports)
        v.push_back(writable(p));
    return v;
}

/// Attributes in the order the IR lists them; values are the IR's text.
using Attributes = std::vector<std::pair<std::string, std::string>>;

/// How a body of If, Loop or TensorIterator connects to its node: OpenVINO IR's <port_map> and
/// <back_edges>. Indices are the node's input / output indices and the body's parameter / result indices.
struct BodyInput {
    int64_t outer = -1;  ///< the node's input; -1: none (Loop's current-iteration counter)
    size_t param = 0;
    bool sliced = false;  ///< iterated along `axis` in parts (TensorIterator, Loop)
    int64_t axis = 0, start = 0, stride = 1, part_size = 1, end = -1;
    std::string purpose;  ///< "current_iteration" or empty
};
struct BodyOutput {
    int64_t outer = -1;  ///< the node's output; -1: none (Loop's body condition)
    size_t result = 0;
    bool concatenated = false;  ///< every iteration's value joined along `axis`; else the last one
    int64_t axis = 0, start = 0, stride = 1, part_size = 1, end = -1;
    std::string purpose;  ///< "execution_condition" or empty
};
struct BackEdge {
    size_t result = 0;  ///< this iteration's body result ...
    size_t param = 0;   ///< ... feeds this body parameter next iteration
};
struct Body {
    std::shared_ptr<Model> model;
    std::vector<BodyInput> inputs;
    std::vector<BodyOutput> outputs;
    std::vector<BackEdge> back_edges;
};

class Node : public std::enable_shared_from_this<Node> {
public:
    /// version: the opset in which this version of the op first appears (Relu: 1,
    /// Softmax v8: 8). Use ovcl::op::make to create validated nodes.
    Node(std::string type, int64_t version, OutputVector inputs, Attributes attrs = {});
    virtual ~Node() = default;

    const std::string& get_type_name() const { return m_type; }
    int64_t get_version() const { return m_version; }
    /// Friendly name; defaults to "<type>_<id>".
    const std::string& get_friendly_name() const { return m_name; }
    void set_friendly_name(std::string name) {
        m_name = std::move(name);
        m_named = true;
    }
    /// Whether the name was given (set_friendly_name, an IR's layer name) rather than made up.
    bool has_given_name() const { return m_named; }
    /// The other node's name, given or made up as it was there (a copy of a node).
    void copy_name_from(const Node& other) {
        m_name = other.m_name;
        m_named = other.m_named;
    }
    uint64_t get_instance_id() const { return m_id; }

    size_t get_input_size() const { return m_inputs.size(); }
    const Output<Node>& input_value(size_t i) const;
    const OutputVector& input_values() const { return m_inputs; }
    void set_argument(size_t i, const Output<Node>& value);
    void set_arguments(OutputVector values) { m_inputs = std::move(values); }
    element::Type get_input_element_type(size_t i) const { return input_value(i).get_element_type(); }
    const PartialShape& get_input_partial_shape(size_t i) const { return input_value(i).get_partial_shape(); }
    Shape get_input_shape(size_t i) const { return input_value(i).get_shape(); }

    size_t get_output_size() const { return m_outputs.size(); }
    Output<Node> output(size_t i);
    OutputVector outputs();
    element::Type get_output_element_type(size_t i) const;
    const PartialShape& get_output_partial_shape(size_t i) const;
    Shape get_output_shape(size_t i) const;
    std::set<std::string>& output_names(size_t i);
    const std::set<std::string>& output_names(size_t i) const;
    void set_output_type(size_t i, element::Type type, const PartialShape& shape);
    /// What is known of output i's elements when it is computed from shapes (op_registry.hpp); null otherwise.
    const std::shared_ptr<const ShapeValue>& get_output_shape_value(size_t i) const;
    void set_output_shape_value(size_t i, std::shared_ptr<const ShapeValue> value);
    void set_output_size(size_t n);

    const Attributes& get_attributes() const { return m_attrs; }
    bool has_attr(const std::string& name) const;
    /// The attribute's text; throws ModelError naming the node when absent.
    const std::string& get_attr_text(const std::string& name) const;
    /// Typed attribute: int64_t, double, float, bool, std::string, element::Type,
    /// PartialShape, or std::vector of int64_t/double/float/size_t/std::string (comma-separated).
    template <typename T>
    T get_attr(const std::string& name) const;
    template <typename T>
    T get_attr(const std::string& name, const T& fallback) const {
        return has_attr(name) ? get_attr<T>(name) : fallback;
    }
    void set_attr(const std::string& name, const std::string& value);

    AnyMap& get_rt_info() { return m_rt_info; }
    const AnyMap& get_rt_info() const { return m_rt_info; }

    /// The value of a Constant node (empty for every other op).
    const Tensor& get_constant_value() const { return m_value; }
    void set_constant_value(Tensor value) { m_value = std::move(value); }
    bool is_constant() const { return m_type == "Constant"; }

    /// Bodies of a multi-graph op (If: then, else; Loop and TensorIterator: one), empty for other ops.
    const std::vector<Body>& get_bodies() const { return m_bodies; }
    void set_bodies(std::vector<Body> bodies) { m_bodies = std::move(bodies); }

    /// The registry entry for (type, version); throws ModelError when none.
    const OpSpec& spec() const;
    /// For a copy of `other` (same type and version): takes its registry entry, or looks it up now, so that a
    /// copy no one validates is not written by a lazy lookup later, perhaps from several threads at once.
    void copy_spec_from(const Node& other);
    /// Runs the op's shape and type inference and sets every output port.
    /// Failures become ModelError messages that name the node.
    void validate_and_infer_types();
    /// "Type 'name'" for messages.
    std::string describe() const;

private:
    struct Port {
        element::Type type = element::dynamic;
        PartialShape shape = PartialShape::dynamic();
        std::shared_ptr<const ShapeValue> shape_value;
        std::set<std::string> names;
    };
    std::string m_type;
    int64_t m_version;
    std::string m_name;
    bool m_named = false;
    uint64_t m_id;
    OutputVector m_inputs;
    std::vector<Port> m_outputs;
    Attributes m_attrs;
    AnyMap m_rt_info;
    Tensor m_value;
    std::vector<Body> m_bodies;
    mutable const OpSpec* m_spec = nullptr;
};

using NodeVector = std::vector<std::shared_ptr<Node>>;

}  // namespace ovcl
