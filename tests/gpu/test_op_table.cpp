// The op table (src/op_table/op_table.def) against what the layers do with it: every row is a registry
// entry with shape inference and a host reference; the GPU column is what the GPU plugin finds for the
// node's (type, version); and every row that names EltwiseOp has an element-wise expression
// (ops/eltwise_exprs.cpp), so the expression map and the table cannot drift apart.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "gpu_test_utils.hpp"
#include "ops/gpu_op.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;

namespace {

struct Row {
    std::string type;
    int64_t version;
    std::string gpu;  ///< the GPU column as written: "gpu::EltwiseOp", "gpu::none", ...
};

std::vector<Row> table_rows() {
    std::vector<Row> rows;
#define OVCL_OP(TYPE, VERSION, INFER, REF, GPU) rows.push_back({#TYPE, VERSION, #GPU});
#include "op_table/op_table.def"
#undef OVCL_OP
    return rows;
}

TEST(OpTable, EveryRowIsARegistryEntryWithInferenceAndHostReference) {
    const auto rows = table_rows();
    ASSERT_GT(rows.size(), 100u);
    std::set<std::pair<std::string, int64_t>> seen;
    for (const Row& r : rows) {
        EXPECT_TRUE(seen.insert({r.type, r.version}).second) << r.type << "-" << r.version << " has two rows";
        const OpSpec* spec = OpRegistry::get().find_exact(r.type, r.version);
        ASSERT_NE(spec, nullptr) << r.type << "-" << r.version;
        EXPECT_TRUE(spec->infer) << r.type << "-" << r.version << " has no shape inference";
        EXPECT_TRUE(spec->evaluate) << r.type << "-" << r.version << " has no host reference";
    }
}

// Inputs and attributes that make a valid node of each element-wise type (f32 data, boolean masks, i32 bits).
Attributes eltwise_attrs(const std::string& type) {
    static const std::map<std::string, Attributes> attrs{
        {"Convert", {{"destination_type", "f16"}}},
        {"Clamp", {{"min", "-1"}, {"max", "1"}}},
        {"Elu", {{"alpha", "0.5"}}},
        {"Round", {{"mode", "half_to_even"}}},
    };
    const auto it = attrs.find(type);
    return it == attrs.end() ? Attributes{} : it->second;
}

std::shared_ptr<Node> eltwise_node(const Row& r) {
    const Shape s{2, 3};
    const bool logical = r.type.rfind("Logical", 0) == 0, bitwise = r.type.rfind("Bitwise", 0) == 0;
    const element::Type t = logical ? element::boolean : bitwise ? element::i32 : element::f32;
    const auto data = [&] { return Output<Node>(op::parameter(t, s)); };
    if (r.type == "Select")
        return op::make(r.type, {op::parameter(element::boolean, s), data(), data()}, {}, r.version);
    if (r.type == "HardSigmoid" || r.type == "Selu")  // data and two one-value parameters
        return op::make(r.type, {data(), op::parameter(element::f32, Shape{}), op::parameter(element::f32, Shape{})},
                        {}, r.version);
    std::string last_error;
    for (size_t arity : {1, 2}) {  // the arity the registry accepts
        OutputVector in;
        for (size_t i = 0; i < arity; ++i)
            in.push_back(data());
        try {
            return op::make(r.type, in, eltwise_attrs(r.type), r.version);
        } catch (const Exception& e) {
            last_error = e.what();
        }
    }
    ADD_FAILURE() << r.type << "-" << r.version << ": no node of 1 or 2 inputs: " << last_error;
    return nullptr;
}

TEST(OpTable, EltwiseRowsHaveAnExpression) {
    OVCL_REQUIRE_GPU();
    const auto& device = test::gpu_env()->device;
    size_t checked = 0;
    for (const Row& r : table_rows()) {
        if (r.gpu != "gpu::EltwiseOp")
            continue;
        const auto node = eltwise_node(r);
        if (!node)
            continue;
        const gpu::Validation v = gpu::validate_node(*node, device);
        EXPECT_TRUE(v.supported) << r.type << "-" << r.version << ": " << v.reason;
        ++checked;
    }
    EXPECT_GT(checked, 40u);
}

// The GPU column decides: a row with a host class is found for the node's (type, version), a row with none
// is not, and a view is a view.
TEST(OpTable, GpuColumnIsWhatThePluginFinds) {
    std::set<std::string> with_gpu;
    for (const Row& r : table_rows())
        if (r.gpu != "gpu::none")
            with_gpu.insert(r.type);
    for (const std::string& type : gpu::gpu_op_types()) {
        if (type.rfind("Fused", 0) != 0) {  // the plugin's own types (src/gpu/ops/fused_ops.def)
            EXPECT_TRUE(with_gpu.count(type)) << type << " has a GPU host class but no table row names one";
        }
    }
    const auto x = op::parameter(element::f32, Shape{2, 3});
    const auto relu = op::make("Relu", {x});
    EXPECT_NE(gpu::find_gpu_op(*relu), nullptr);
    const auto bucketize = op::make("Bucketize", {x, op::constant<float>(element::f32, {2}, {0.f, 1.f})}, {}, 3);
    EXPECT_EQ(gpu::find_gpu_op(*bucketize), nullptr) << "Bucketize has no kernel: gpu::none in its row";
    const auto reshape = op::make("Reshape", {x, op::constant<int64_t>(element::i64, {1}, {6})},
                                  {{"special_zero", "false"}});
    EXPECT_TRUE(gpu::is_view_op(*reshape));
    EXPECT_FALSE(gpu::is_view_op(*relu));
}

}  // namespace
