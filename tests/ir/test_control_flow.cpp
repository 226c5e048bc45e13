// If-8, Loop-5 and TensorIterator-1 read from IRs that OpenVINO 2026.4 wrote (tests/data/ir/control_flow,
// made by tools/make_control_flow_irs.py, which also prints the expected values: OpenVINO CPU's outputs on
// the same inputs, f32 inference). Sums of a few exact binary fractions are exact; the sigmoid / tanh case
// is held to 1e-6. Also: the writer keeps bodies (a round trip runs the same), the shapes inferred for
// data-dependent cases, and malformed bodies and port maps refused naming the layer.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "ir/ir_test_utils.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using namespace ovcl::irtest;

namespace {

using Vals = std::vector<double>;

std::shared_ptr<Model> load(const std::string& name) { return ir::read_model(data_path("control_flow/" + name + ".xml")); }

Tensor f32(const Shape& s, const Vals& v) { return test::make_tensor<double>(element::f32, s, v); }
Tensor i64(const Shape& s, const Vals& v) { return test::make_tensor<double>(element::i64, s, v); }
Tensor boolean(const Shape& s, bool v) { return test::make_tensor<double>(element::boolean, s, {v ? 1.0 : 0.0}); }

void expect_values(const Tensor& t, const Shape& shape, const Vals& expected, double tol = 0) {
    ASSERT_EQ(t.get_shape(), shape);
    const Vals got = test::values(t);
    for (size_t i = 0; i < expected.size(); ++i)
        EXPECT_NEAR(got[i], expected[i], tol) << "element " << i;
}

const Tensor kX23 = f32({2, 3}, {-2, -1, 0, 1, 2, 3});

TEST(ControlFlow, IfTakesTheBranchTheConditionNames) {
    const auto m = load("if_static");
    expect_values(run_model(*m, {kX23, boolean({}, true)}).at(0), {2, 3}, {0, 0, 0, 1, 2, 3});
    expect_values(run_model(*m, {kX23, boolean({}, false)}).at(0), {2, 3}, {-4, -2, 0, 2, 4, 6});
}

TEST(ControlFlow, IfWithBranchesOfDifferentShapes) {
    const auto m = load("if_shapes");
    // Not knowing the condition, the output covers both branches: [1, 3] or [2 * rows, 3].
    EXPECT_EQ(m->output(0).get_partial_shape().to_string(), "[?,3]");
    const Tensor x = f32({4, 3}, {-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6});
    expect_values(run_model(*m, {x, boolean({1}, true)}).at(0), {1, 3}, {0, 0, 0});
    expect_values(run_model(*m, {x, boolean({1}, false)}).at(0), {8, 3},
                  {0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6});
    // A known condition decides the shape.
    const auto fixed = m->clone();
    auto c = op::constant(boolean({1}, true));
    for (const auto& n : fixed->get_ordered_ops())
        if (n->get_type_name() == "If")
            n->set_argument(0, c);
    fixed->validate_nodes_and_infer_types();
    EXPECT_EQ(fixed->output(0).get_partial_shape().to_string(), "[0..1,3]");  // the first row of [?,3]
}

TEST(ControlFlow, TensorIteratorCarriesItsStateAndJoinsEveryStep) {
    const auto m = load("ti_sum");
    Vals x(24);
    for (size_t i = 0; i < x.size(); ++i)
        x[i] = static_cast<double>(i) / 4;
    const auto out = run_model(*m, {f32({2, 4, 3}, x), f32({2, 3}, {1, 1, 1, 1, 1, 1})});
    expect_values(out.at(0), {2, 3}, {5.5, 6.5, 7.5, 17.5, 18.5, 19.5});
    expect_values(out.at(1), {2, 4, 3}, {1, 1.25, 1.5, 1.75, 2.25, 2.75, 3.25, 4, 4.75, 5.5, 6.5, 7.5,
                                         4, 4.25, 4.5, 7.75, 8.25, 8.75, 12.25, 13, 13.75, 17.5, 18.5, 19.5});
}

TEST(ControlFlow, TensorIteratorBackwardsInPartsWithAnIfInside) {
    const auto m = load("ti_reverse_if");
    Vals x(12);
    for (size_t i = 0; i < x.size(); ++i)
        x[i] = static_cast<double>(i) - 6.5;
    const auto out = run_model(*m, {f32({6, 2}, x), f32({1, 2}, {0.5, -0.5})});
    expect_values(out.at(0), {1, 2}, {-0.50174767, -1.2625052}, 1e-6);
    expect_values(out.at(1), {3, 2}, {-0.50174767, -1.2625052, 0.49825233, -0.26250523, 1.4933071, 0.49908894}, 1e-6);
}

TEST(ControlFlow, LoopRunsUntilItsConditionOrTripCount) {
    const auto m = load("loop_while");
    EXPECT_EQ(m->output(1).get_partial_shape().to_string(), "[?,3]");  // the count depends on the data
    const Tensor x = f32({3}, {0.5, -1, 2}), limit = f32({}, {40});
    const Vals every{1, -2, 4, 3, -3, 9, 8, -4, 20, 19, -5, 43};
    for (const double n : {10.0, -1.0}) {  // the body's condition stops it after 4 iterations
        const auto out = run_model(*m, {x, i64({}, {n}), limit});
        expect_values(out.at(0), {3}, {19, -5, 43});
        expect_values(out.at(1), {4, 3}, every);
    }
    auto out = run_model(*m, {x, i64({}, {2}), limit});
    expect_values(out.at(0), {3}, {3, -3, 9});
    expect_values(out.at(1), {2, 3}, {1, -2, 4, 3, -3, 9});
    out = run_model(*m, {x, i64({}, {0}), limit});  // no iteration: the initial value, an empty join
    expect_values(out.at(0), {3}, {0.5, -1, 2});
    EXPECT_EQ(out.at(1).get_shape(), (Shape{0, 3}));
}

TEST(ControlFlow, WriterKeepsBodiesAndPortMaps) {
    for (const std::string name : {"if_static", "ti_reverse_if", "loop_while"}) {
        SCOPED_TRACE(name);
        const auto m = load(name);
        TempDir dir;
        ir::write_model(*m, dir.file("m.xml"));
        const auto again = ir::read_model(dir.file("m.xml"));
        expect_same_graph(*m, *again);
        for (const auto& n : again->get_ordered_ops()) {
            if (!n->get_bodies().empty()) {
                EXPECT_EQ(n->get_bodies().size(), n->get_type_name() == "If" ? 2u : 1u);
            }
        }
    }
    const auto m = load("loop_while");
    TempDir dir;
    ir::write_model(*m, dir.file("m.xml"));
    const auto out = run_model(*ir::read_model(dir.file("m.xml")), {f32({3}, {0.5, -1, 2}), i64({}, {-1}), f32({}, {40})});
    expect_values(out.at(0), {3}, {19, -5, 43});
}

// Replacing `from` (every occurrence) in a valid IR's text must give a ModelError whose message holds `expected`.
void expect_refused(const std::string& name, const std::string& from, const std::string& to, const std::string& expected) {
    std::string xml = read_file(data_path("control_flow/" + name + ".xml"));
    ASSERT_NE(xml.find(from), std::string::npos) << from;
    for (auto at = xml.find(from); at != std::string::npos; at = xml.find(from, at + to.size()))
        xml.replace(at, from.size(), to);
    std::string bin = read_file(data_path("control_flow/" + name + ".bin"));
    Tensor w(element::u8, {bin.size()});
    std::copy(bin.begin(), bin.end(), static_cast<char*>(w.data()));
    try {
        ir::read_model_from_memory(xml, w);
        ADD_FAILURE() << "accepted: " << to;
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    }
}

TEST(ControlFlow, MalformedBodiesAreRefusedNamingTheLayer) {
    expect_refused("if_static", "else_body>", "else_bodyX>", "needs a then_body and an else_body");
    expect_refused("if_static", "<else_port_map>\n\t\t\t\t<input external_port_id=\"1\"",
                   "<else_port_map>\n\t\t\t\t<input external_port_id=\"7\"", "external_port_id '7'");
    expect_refused("ti_sum", "internal_layer_id=\"0\" start", "internal_layer_id=\"3\" start", "not a Parameter of the body");
    expect_refused("ti_sum", "part_size=\"1\" />\n\t\t\t\t<input external_port_id=\"1\"",
                   "part_size=\"3\" />\n\t\t\t\t<input external_port_id=\"1\"", "not a multiple of part_size");
    expect_refused("ti_sum", "stride=\"1\" part_size=\"1\" />\n\t\t\t\t<input", "stride=\"1\" part_size=\"x\" />\n\t\t\t\t<input",
                   "part_size='x' is not an integer");
    expect_refused("loop_while", "<edge from-layer=\"13\" to-layer=\"0\" />", "<edge from-layer=\"13\" to-layer=\"99\" />",
                   "names layer '99'");
    expect_refused("if_static", "type=\"ReLU\"", "type=\"NoSuchOp\"", "then_body");  // errors inside a body name it
}

TEST(ControlFlow, DeepNestingIsRefused) {
    // TensorIterators nested 40 deep, each body passing its input through the next one.
    std::function<std::string(int)> net = [&](int depth) -> std::string {
        const std::string port = "<port id=\"0\" precision=\"FP32\"><dim>1</dim></port>";
        std::string inner = depth == 0 ? std::string() : net(depth - 1);
        std::string mid = depth == 0
            ? std::string()
            : "<layer id=\"1\" name=\"ti\" type=\"TensorIterator\" version=\"opset1\"><port_map><input axis=\"0\" "
              "external_port_id=\"0\" internal_layer_id=\"0\"/><output external_port_id=\"1\" internal_layer_id=\"2\"/>"
              "</port_map><input><port id=\"0\" precision=\"FP32\"><dim>1</dim></port></input><output><port id=\"1\" "
              "precision=\"FP32\"><dim>1</dim></port></output><body>" + inner + "</body></layer>";
        std::string layers = "<layers><layer id=\"0\" name=\"p\" type=\"Parameter\" version=\"opset1\"><data shape=\"1\" "
                             "element_type=\"f32\"/><output>" + port + "</output></layer>" + mid +
                             "<layer id=\"2\" name=\"r\" type=\"Result\" version=\"opset1\"><input>" + port +
                             "</input></layer></layers>";
        const std::string edges = depth == 0
            ? "<edges><edge from-layer=\"0\" from-port=\"0\" to-layer=\"2\" to-port=\"0\"/></edges>"
            : "<edges><edge from-layer=\"0\" from-port=\"0\" to-layer=\"1\" to-port=\"0\"/><edge from-layer=\"1\" "
              "from-port=\"1\" to-layer=\"2\" to-port=\"0\"/></edges>";
        return layers + edges;
    };
    const Tensor none(element::u8, {0});
    EXPECT_NO_THROW(ir::read_model_from_memory("<net name=\"n\" version=\"11\">" + net(3) + "</net>", none));
    try {
        ir::read_model_from_memory("<net name=\"n\" version=\"11\">" + net(40) + "</net>", none);
        ADD_FAILURE() << "40 nested bodies accepted";
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find("nest more than 32 deep"), std::string::npos) << e.what();
    }
}

std::string port(int id, const char* precision) {
    return "<port id=\"" + std::to_string(id) + "\" precision=\"" + precision + "\"/>";
}
std::string param(int id, const std::string& name, const std::string& shape, const char* type, const char* precision) {
    return "<layer id=\"" + std::to_string(id) + "\" name=\"" + name + "\" type=\"Parameter\" version=\"opset1\"><data shape=\"" +
           shape + "\" element_type=\"" + type + "\"/><output>" + port(0, precision) + "</output></layer>";
}
std::string edge(int from, int from_port, int to, int to_port) {
    return "<edge from-layer=\"" + std::to_string(from) + "\" from-port=\"" + std::to_string(from_port) +
           "\" to-layer=\"" + std::to_string(to) + "\" to-port=\"" + std::to_string(to_port) + "\"/>";
}
std::string result(int id, const std::string& name, const char* precision) {
    return "<layer id=\"" + std::to_string(id) + "\" name=\"" + name + "\" type=\"Result\" version=\"opset1\"><input>" +
           port(0, precision) + "</input></layer>";
}
std::string net(const std::string& body) { return "<net name=\"n\" version=\"11\">" + body + "</net>"; }

// Loops nested `depth` deep, each body doubling its state (Concat x, x) before the next Loop.
std::string nested_loops(int depth, bool top = true) {
    std::string layers = "<layers>" + param(0, "x", "1", "f32", "FP32") + param(1, "t", "", "i64", "I64") +
                         param(2, "c", "", "boolean", "BOOL");
    std::string edges = "<edges>";
    int value = 0;  // the layer whose output 0 the Result takes
    if (!top) {     // a body doubles its state
        layers += "<layer id=\"3\" name=\"twice\" type=\"Concat\" version=\"opset1\"><data axis=\"0\"/><input>" +
                  port(0, "FP32") + port(1, "FP32") + "</input><output>" + port(2, "FP32") + "</output></layer>";
        edges += edge(0, 0, 3, 0) + edge(0, 0, 3, 1);
        value = 3;
    }
    if (depth > 0) {
        layers += "<layer id=\"4\" name=\"loop\" type=\"Loop\" version=\"opset5\"><port_map><input external_port_id=\"2\" "
                  "internal_layer_id=\"0\"/><input external_port_id=\"3\" internal_layer_id=\"1\"/><input "
                  "external_port_id=\"4\" internal_layer_id=\"2\"/><output external_port_id=\"5\" internal_layer_id=\"9\"/>"
                  "<output external_port_id=\"-1\" internal_layer_id=\"8\" purpose=\"execution_condition\"/></port_map>"
                  "<back_edges><edge from-layer=\"9\" to-layer=\"0\"/></back_edges><input>" +
                  port(0, "I64") + port(1, "BOOL") + port(2, "FP32") + port(3, "I64") + port(4, "BOOL") + "</input><output>" +
                  port(5, "FP32") + "</output><body>" + nested_loops(depth - 1, false) + "</body></layer>";
        edges += edge(1, 0, 4, 0) + edge(2, 0, 4, 1) + edge(value, top ? 0 : 2, 4, 2) + edge(1, 0, 4, 3) + edge(2, 0, 4, 4);
        value = 4;
    }
    const int value_port = value == 0 ? 0 : value == 3 ? 2 : 5;
    layers += result(8, "go_on", "BOOL") + result(9, "state", "FP32") + "</layers>";
    edges += edge(2, 0, 8, 0) + edge(value, value_port, 9, 0) + "</edges>";
    return layers + edges;
}

// Loops nested `depth` deep whose back edges settle only in a third round, at every depth: the body's state p
// doubles (Concat p, p: [1], then [?]), and q takes p's last value, so q widens one round after p. Each level's
// Loop takes static inputs (s, passed down unchanged), so each inference of a body infers the Loop in it three
// times over: 3^depth inferences unless bounded.
std::string widening_loops(int depth, bool top = true) {
    std::string layers = "<layers>" + param(0, "s", "1", "f32", "FP32") + param(3, "t", "", "i64", "I64") +
                         param(4, "c", "", "boolean", "BOOL");
    std::string edges = "<edges>";
    if (!top) {
        layers += param(1, "p", "1", "f32", "FP32") + param(2, "q", "1", "f32", "FP32") +
                  "<layer id=\"5\" name=\"twice\" type=\"Concat\" version=\"opset1\"><data axis=\"0\"/><input>" +
                  port(0, "FP32") + port(1, "FP32") + "</input><output>" + port(2, "FP32") + "</output></layer>" +
                  result(8, "go_on", "BOOL") + result(9, "p_next", "FP32") + result(10, "q_next", "FP32");
        edges += edge(1, 0, 5, 0) + edge(1, 0, 5, 1) + edge(4, 0, 8, 0) + edge(5, 2, 9, 0) + edge(1, 0, 10, 0);
    }
    if (depth > 0) {
        layers += "<layer id=\"6\" name=\"loop\" type=\"Loop\" version=\"opset5\"><port_map>"
                  "<input external_port_id=\"2\" internal_layer_id=\"0\"/><input external_port_id=\"3\" internal_layer_id=\"1\"/>"
                  "<input external_port_id=\"4\" internal_layer_id=\"2\"/><input external_port_id=\"5\" internal_layer_id=\"3\"/>"
                  "<input external_port_id=\"6\" internal_layer_id=\"4\"/><output external_port_id=\"7\" internal_layer_id=\"9\"/>"
                  "<output external_port_id=\"-1\" internal_layer_id=\"8\" purpose=\"execution_condition\"/></port_map>"
                  "<back_edges><edge from-layer=\"9\" to-layer=\"1\"/><edge from-layer=\"10\" to-layer=\"2\"/></back_edges><input>" +
                  port(0, "I64") + port(1, "BOOL") + port(2, "FP32") + port(3, "FP32") + port(4, "FP32") + port(5, "I64") +
                  port(6, "BOOL") + "</input><output>" + port(7, "FP32") + "</output><body>" +
                  widening_loops(depth - 1, false) + "</body></layer>" + result(11, "inner", "FP32");
        edges += edge(3, 0, 6, 0) + edge(4, 0, 6, 1) + edge(0, 0, 6, 2) + edge(0, 0, 6, 3) + edge(0, 0, 6, 4) +
                 edge(3, 0, 6, 5) + edge(4, 0, 6, 6) + edge(6, 7, 11, 0);
    }
    return layers + "</layers>" + edges + "</edges>";
}

TEST(ControlFlow, NestedBodiesInferInBoundedWork) {
    const Tensor none(element::u8, {0});
    // Three levels read and run: two iterations of the outer loop, each running the inner loops twice.
    const auto m = ir::read_model_from_memory(net(nested_loops(3)), none);
    const auto out = run_model(*m, {f32({1}, {2.5}), test::make_tensor<double>(element::i64, {}, {2}), boolean({}, true)});
    // The innermost loop doubles twice (x4), a body around it doubles once more (x8), its loop twice (x64), the
    // outer body (x128), the outer loop twice: 2^14.
    EXPECT_EQ(out.at(1).get_shape(), (Shape{1u << 14}));
    // Twenty levels whose back edges settle in one more round each: read in work polynomial in the depth.
    EXPECT_NO_THROW(ir::read_model_from_memory(net(nested_loops(20)), none));
    // Three rounds at every level: a few levels read, twenty would take 3^20 inferences and are refused.
    EXPECT_NO_THROW(ir::read_model_from_memory(net(widening_loops(3)), none));
    try {
        ir::read_model_from_memory(net(widening_loops(20)), none);
        ADD_FAILURE() << "20 nested widening loops accepted";
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find("shape inferences"), std::string::npos) << e.what();
    }
}
}  // namespace
