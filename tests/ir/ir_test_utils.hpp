// Helpers of the IR suites: temporary directories, file I/O, little-endian weight blobs,
// running a model on the host reference and comparing two graphs.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "ovcl/ir.hpp"
#include "ovcl/model.hpp"
#include "ovcl/op_registry.hpp"

namespace ovcl {
namespace irtest {

inline std::string data_path(const std::string& name) { return std::string(OVCL_TEST_DATA_DIR) + "/ir/" + name; }

/// A fresh directory under the system temp dir, removed with everything in it on destruction.
class TempDir {
public:
    TempDir() {
        std::random_device rd;
        const auto base = std::filesystem::temp_directory_path();
        for (int i = 0; i < 100; ++i) {
            auto p = base / ("ovcl_ir_" + std::to_string(rd()) + "_" + std::to_string(i));
            if (std::filesystem::create_directory(p)) {
                m_path = p.string();
                return;
            }
        }
        throw std::runtime_error("cannot create a temporary directory");
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    std::string file(const std::string& name) const { return m_path + "/" + name; }

private:
    std::string m_path;
};

inline void write_file(const std::string& path, const std::string& bytes) {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!f)
        throw std::runtime_error("cannot write " + path);
}

inline std::string read_file(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f)
        throw std::runtime_error("cannot read " + path);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

/// The raw bytes of values (host byte order, as OpenVINO writes .bin files).
template <typename T>
std::string bytes_of(const std::vector<T>& values) {
    std::string s(values.size() * sizeof(T), '\0');
    if (!values.empty())
        std::memcpy(&s[0], values.data(), s.size());
    return s;
}

inline std::string bytes_of(const Tensor& t) {
    return std::string(static_cast<const char*>(t.data()), t.get_byte_size());
}

/// Runs the model on the host reference: inputs by parameter index; returns one tensor per result.
inline TensorVector run_model(const Model& model, const TensorVector& inputs) {
    std::map<const Node*, TensorVector> values;
    EvalContext ctx;
    for (const auto& node : model.get_ordered_ops()) {
        if (node->get_type_name() == "Parameter") {
            values[node.get()] = {inputs.at(model.get_parameter_index(Output<Node>(node, 0)))};
            continue;
        }
        TensorVector in;
        for (const auto& src : node->input_values())
            in.push_back(values.at(src.node.get()).at(src.index));
        values[node.get()] = evaluate_node(*node, in, ctx);
    }
    TensorVector out;
    for (const auto& r : model.get_results())
        out.push_back(values.at(r.get()).at(0));
    return out;
}

/// A body's port maps and back edges as text, for comparisons.
inline std::string port_map_text(const Body& b) {
    std::ostringstream os;
    for (const auto& i : b.inputs)
        os << "in " << i.outer << "->" << i.param << (i.sliced ? " sliced " : " ") << i.axis << ' ' << i.start << ' '
           << i.stride << ' ' << i.part_size << ' ' << i.end << ' ' << i.purpose << ';';
    for (const auto& o : b.outputs)
        os << "out " << o.result << "->" << o.outer << (o.concatenated ? " joined " : " ") << o.axis << ' ' << o.start
           << ' ' << o.stride << ' ' << o.part_size << ' ' << o.end << ' ' << o.purpose << ';';
    for (const auto& e : b.back_edges)
        os << "back " << e.result << "->" << e.param << ';';
    return os.str();
}

/// Checks that two models have the same graph: op types and versions, friendly names,
/// attributes (Constant offset/size excepted, which the writer recomputes), port types,
/// shapes and names, rt_info and constant bytes, bodies and their port maps, with parameters and
/// results in the same order.
inline void expect_same_graph(const Model& a, const Model& b) {
    EXPECT_EQ(a.get_friendly_name(), b.get_friendly_name());
    const auto na = a.get_ordered_ops(), nb = b.get_ordered_ops();
    ASSERT_EQ(na.size(), nb.size());
    std::map<const Node*, const Node*> match;
    for (size_t i = 0; i < na.size(); ++i) {
        const Node& x = *na[i];
        const Node& y = *nb[i];
        SCOPED_TRACE("node " + x.describe());
        match[&x] = &y;
        EXPECT_EQ(x.get_type_name(), y.get_type_name());
        EXPECT_EQ(x.get_version(), y.get_version());
        EXPECT_EQ(x.get_friendly_name(), y.get_friendly_name());
        auto strip = [](const Node& n) {
            Attributes out;
            for (const auto& at : n.get_attributes())
                if (!n.is_constant() || (at.first != "offset" && at.first != "size"))
                    out.push_back(at);
            return out;
        };
        EXPECT_EQ(strip(x), strip(y));
        EXPECT_EQ(x.get_rt_info(), y.get_rt_info());
        ASSERT_EQ(x.get_input_size(), y.get_input_size());
        for (size_t k = 0; k < x.get_input_size(); ++k) {
            EXPECT_EQ(match[x.input_value(k).node.get()], y.input_value(k).node.get());
            EXPECT_EQ(x.input_value(k).index, y.input_value(k).index);
        }
        ASSERT_EQ(x.get_output_size(), y.get_output_size());
        for (size_t k = 0; k < x.get_output_size(); ++k) {
            EXPECT_EQ(x.get_output_element_type(k), y.get_output_element_type(k));
            EXPECT_EQ(x.get_output_partial_shape(k), y.get_output_partial_shape(k));
            EXPECT_EQ(x.output_names(k), y.output_names(k));
        }
        if (x.is_constant()) {
            EXPECT_EQ(x.get_constant_value().get_element_type(), y.get_constant_value().get_element_type());
            EXPECT_EQ(x.get_constant_value().get_shape(), y.get_constant_value().get_shape());
            EXPECT_EQ(bytes_of(x.get_constant_value()), bytes_of(y.get_constant_value()));
        }
        ASSERT_EQ(x.get_bodies().size(), y.get_bodies().size());
        for (size_t k = 0; k < x.get_bodies().size(); ++k) {
            EXPECT_EQ(port_map_text(x.get_bodies()[k]), port_map_text(y.get_bodies()[k]));
            expect_same_graph(*x.get_bodies()[k].model, *y.get_bodies()[k].model);
        }
    }
    ASSERT_EQ(a.get_parameters().size(), b.get_parameters().size());
    for (size_t i = 0; i < a.get_parameters().size(); ++i)
        EXPECT_EQ(match[a.get_parameters()[i].get()], b.get_parameters()[i].get()) << "parameter " << i;
    ASSERT_EQ(a.get_results().size(), b.get_results().size());
    for (size_t i = 0; i < a.get_results().size(); ++i)
        EXPECT_EQ(match[a.get_results()[i].get()], b.get_results()[i].get()) << "result " << i;
    EXPECT_EQ(a.get_rt_info(), b.get_rt_info());
}

inline bool has_op(const std::string& type) { return OpRegistry::get().latest(type) != nullptr; }

}  // namespace irtest
}  // namespace ovcl
