// Einsum-7 on the device as ReduceSum / Transpose / Reshape + MatMul + Reshape / Transpose (src/gpu/transform/
// einsum_decomposition.cpp, ops/einsum.hpp): no host step is left, and the outputs are REF's host_ref (which sums in
// double) within 1e-4 abs + 1e-5 rel for f32: the MatMul sums at most 32 products of |a b| <= 1 in f32, an error of
// at most K * 2^-24 * sum |a b| < 6.2e-5. f16 data is stored in half and summed in f32: within 2e-3 (an ulp of half
// near 1 is 9.8e-4, and the device and host_ref round their f32 / double sums once each). i32 is exact. What the
// device does not take stays whole on the host, with the reason.
#include <gtest/gtest.h>

#include "fusion_test_utils.hpp"
#include "ops/einsum.hpp"

using namespace ovcl;

namespace {

std::shared_ptr<Model> einsum_model(const std::string& equation, const std::vector<Shape>& shapes, element::Type et) {
    NodeVector params;
    OutputVector operands;
    for (size_t i = 0; i < shapes.size(); ++i) {
        params.push_back(op::parameter(et, shapes[i], "x" + std::to_string(i)));
        operands.push_back(params.back());
    }
    auto e = op::make("Einsum", operands, {{"equation", equation}}, 7);
    e->set_friendly_name("einsum");
    return std::make_shared<Model>(NodeVector{op::result(e)}, params);
}

// Runs `equation` on GPU and REF; returns the GPU runtime model's layer types (every node must run on the device).
test::Runtime check(const std::string& equation, const std::vector<Shape>& shapes, element::Type et = element::f32) {
    SCOPED_TRACE(equation + " " + et.to_string());
    Core core;
    const auto model = einsum_model(equation, shapes, et);
    const TensorVector in = test::inputs_for(model, -1, 1);
    auto gpu = core.compile_model(model, "GPU");
    const test::Runtime r = test::runtime_of(gpu);
    EXPECT_EQ(r.count("Einsum"), 0u);
    for (const auto& [name, primitive] : r.primitive)
        EXPECT_NE(primitive, "ref") << name << " runs on the host";
    auto ref = core.compile_model(model, "REF");
    const double abs = et == element::f16 ? 2e-3 : et == element::f32 ? 1e-4 : 0;
    const double rel = et == element::f16 ? 2e-3 : et == element::f32 ? 1e-5 : 0;
    EXPECT_TENSOR_NEAR(test::infer(gpu, in).at(0), test::infer(ref, in).at(0), abs, rel);
    return r;
}

TEST(GpuEinsum, BatchedMatrixProductsRunAsOneMatMul) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    for (const auto& [equation, shapes] : std::vector<std::pair<std::string, std::vector<Shape>>>{
             {"bij,bjk->bik", {{2, 3, 4}, {2, 4, 5}}},
             {"ij,jk", {{3, 4}, {4, 5}}},                  // implicit output "ik"
             {"bid,jd->bij", {{2, 3, 8}, {5, 8}}},         // a batch folded into M
             {"abc,cd->abd", {{2, 3, 4}, {4, 5}}},
             {"ij,jk->ki", {{3, 4}, {4, 5}}},              // the product transposed
             {"bqhd,bkhd->bhqk", {{2, 5, 3, 8}, {2, 6, 3, 8}}},  // both operands transposed
             {"i,i->", {{7}, {7}}},                        // a dot product: a scalar
             {"i,j->ij", {{3}, {4}}},                      // an outer product: K = 1
             {"ij,jk->i", {{3, 4}, {4, 5}}},               // k only in the second operand: summed first
             {"...ij,...jk->...ik", {{2, 3, 4, 5}, {2, 3, 5, 6}}},
             {"...ij,jk->...ik", {{2, 3, 4, 5}, {5, 6}}},  // ellipsis axes in one operand only
             {"abcd,cdef->abef", {{2, 3, 4, 2}, {4, 2, 3, 2}}},  // K of two labels
         }) {
        const test::Runtime r = check(equation, shapes);
        EXPECT_EQ(r.count("MatMul") + r.count("FusedMatMul"), 1u) << equation;
    }
}

TEST(GpuEinsum, MatMulTransposesStandInForTransposeKernels) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    // Attention's scores: K's last axis is the contracted one, as MatMul's transpose_b reads it.
    EXPECT_EQ(check("bhqd,bhkd->bhqk", {{1, 2, 5, 8}, {1, 2, 6, 8}}).count("Transpose"), 0u);
    EXPECT_EQ(check("ji,jk->ik", {{4, 3}, {4, 5}}).count("Transpose"), 0u);
    EXPECT_EQ(check("bqhd,bkhd->bhqk", {{2, 5, 3, 8}, {2, 6, 3, 8}}).count("Transpose"), 2u);
}

TEST(GpuEinsum, OneOperandIsATransposeOrASum) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    EXPECT_EQ(check("ij->ji", {{3, 4}}).count("Transpose"), 1u);
    EXPECT_EQ(check("ij->j", {{3, 4}}).count("ReduceSum"), 1u);
    const test::Runtime r = check("ijk->ki", {{3, 4, 5}});
    EXPECT_EQ(r.count("ReduceSum") + r.count("Transpose"), 2u);
    EXPECT_EQ(check("ij->ij", {{3, 4}}).ops, 1u);  // a view of its operand
}

TEST(GpuEinsum, HalfAndIntegerData) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    check("bij,bjk->bik", {{2, 3, 16}, {2, 16, 5}}, element::f16);
    check("ij,jk->ik", {{3, 4}, {4, 5}}, element::i32);
}

TEST(GpuEinsum, WhatTheDeviceDoesNotTakeStaysOnTheHostWithTheReason) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const auto& dev = test::gpu_env()->device;
    for (const auto& [equation, shapes, et, reason] : std::vector<std::tuple<std::string, std::vector<Shape>,
                                                                              element::Type, std::string>>{
             {"ii->i", {{3, 3}}, element::f32, "repeats label 'i' (a diagonal)"},
             {"iij,jk->ik", {{3, 3, 4}, {4, 5}}, element::f32, "repeats label 'i'"},
             {"ij,jk,kl->il", {{2, 3}, {3, 4}, {4, 5}}, element::f32, "3 operands"},
             {"ij,jk->ik", {{3, 1}, {4, 5}}, element::f32, "label 'j' has extent 1 and 4 (a broadcast)"},
             {"ij->i", {{3, 4}}, element::i32, "the reduction kernels take f32 and f16"},
             {"ij,jk->ik", {{3, 0}, {0, 5}}, element::f32, "is empty"},
             {"ij,jk->ik", {{3, 4}, {4, 5}}, element::u8, "MatMul takes f32, f16, i32 and i64"},
         }) {
        SCOPED_TRACE(equation);
        const auto model = einsum_model(equation, shapes, et);
        gpu::EinsumLowering lowering;
        std::string why;
        EXPECT_FALSE(gpu::lower_einsum(*model->get_results()[0]->input_value(0).node, lowering, why));
        EXPECT_NE(why.find(reason), std::string::npos) << why;
        auto gpu = core.compile_model(model, "GPU");
        const test::Runtime r = test::runtime_of(gpu);
        EXPECT_EQ(r.count("Einsum"), 1u);
        EXPECT_EQ(r.primitive.at("einsum"), "ref");
        const auto& node = *model->get_results()[0]->input_value(0).node;
        EXPECT_NE(gpu::validate_node(node, dev).reason.find(reason), std::string::npos);
        if (shape_size(shapes[0]) > 0) {
            auto ref = core.compile_model(model, "REF");
            const TensorVector in = test::inputs_for(model, -1, 1);
            EXPECT_TENSOR_NEAR(test::infer(gpu, in).at(0), test::infer(ref, in).at(0), 0, 0);
        }
    }
}

TEST(GpuEinsum, ForcedToTheHostStaysWhole) {
    Core core;
    OVCL_REQUIRE_GPU_DEVICE(core);
    const auto model = einsum_model("bij,bjk->bik", {{2, 3, 4}, {2, 4, 5}}, element::f32);
    for (const char* host : {"Einsum", "MatMul"}) {
        auto gpu = core.compile_model(model, "GPU", {{"OVCL_GPU_HOST_OPS", std::string(host)}});
        const test::Runtime r = test::runtime_of(gpu);
        EXPECT_EQ(r.count("Einsum"), 1u) << host;
        EXPECT_EQ(r.primitive.at("einsum"), "ref") << host;
    }
}

}  // namespace
