// ovcl::Model: a graph from Parameters to Results (plus Assign sinks), like ov::Model.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ovcl/node.hpp"

namespace ovcl {

class Model : public std::enable_shared_from_this<Model> {
public:
    /// results: Result nodes; parameters: Parameter nodes; sinks: Assign nodes that are not
    /// reachable from a Result. Validates the graph (every node reachable from a result
    /// or sink comes from the parameters or constants, no cycle) and infers all types.
    Model(NodeVector results, NodeVector parameters, std::string name = "", NodeVector sinks = {});
    /// Convenience: wraps each output in a Result.
    Model(const OutputVector& outputs, NodeVector parameters, std::string name = "");

    const std::string& get_friendly_name() const { return m_name; }
    void set_friendly_name(std::string name) { m_name = std::move(name); }
    const NodeVector& get_parameters() const { return m_parameters; }
    const NodeVector& get_results() const { return m_results; }
    const NodeVector& get_sinks() const { return m_sinks; }
    /// Every node in a topological order (producers first), deterministic for a graph.
    NodeVector get_ordered_ops() const;

    /// Model input ports (Parameter outputs) and output ports (Result outputs).
    OutputVector inputs() const;
    OutputVector outputs() const;
    Output<Node> input() const;   ///< the only input; throws InvalidArgument when there are several
    Output<Node> output() const;  ///< the only output; throws InvalidArgument when there are several
    Output<Node> input(size_t i) const;
    Output<Node> output(size_t i) const;
    /// Port by tensor name, or by friendly name of the Parameter/Result; throws NotFound.
    Output<Node> input(const std::string& name) const;
    Output<Node> output(const std::string& name) const;
    size_t get_parameter_index(const Output<Node>& port) const;  ///< throws NotFound
    size_t get_result_index(const Output<Node>& port) const;     ///< throws NotFound

    /// Variable ids of ReadValue/Assign pairs, in first-seen order.
    std::vector<std::string> get_variable_ids() const;
    /// The consumers (node, input index) of a port, in topological order.
    std::vector<std::pair<std::shared_ptr<Node>, size_t>> get_consumers(const Output<Node>& port) const;

    /// Re-runs shape inference over the whole graph in order.
    void validate_nodes_and_infer_types();
    /// Sets new partial shapes on parameters (by tensor name or parameter index) and re-infers.
    void reshape(const std::map<std::string, PartialShape>& shapes);
    void reshape(const std::map<size_t, PartialShape>& shapes);
    bool is_dynamic() const;

    /// A deep copy: new nodes, same attributes, names and rt_info; Constant data is shared.
    std::shared_ptr<Model> clone() const;

    AnyMap& get_rt_info() { return m_rt_info; }
    const AnyMap& get_rt_info() const { return m_rt_info; }

private:
    struct Copied {};
    /// clone()'s: the graph is a copy of a valid one, with its types and shapes; nothing to check or infer.
    Model(Copied, NodeVector results, NodeVector parameters, std::string name, NodeVector sinks);
    void check_graph();
    std::string m_name;
    NodeVector m_results, m_parameters, m_sinks;
    AnyMap m_rt_info;
};

}  // namespace ovcl
