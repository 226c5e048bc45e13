// INFERENCE_PRECISION_HINT=f16 on the GPU: every real tensor inside the model is stored as f16 (kernels read and
// write halves through vload_half/vstore_half and compute in f32, except MatMuls and convolutions on matmul_tiled,
// which compute in half on devices with cl_khr_fp16: ops/matmul.hpp half_compute; ops whose kernel refuses f16 run
// on host_ref, which computes f16 through f32). The model's inputs and outputs keep their f32 types and tensor names.
#pragma once

#include "ovcl/element_type.hpp"
#include "ovcl/model.hpp"

namespace ovcl {
namespace gpu {

/// Rewrites `model` in place for `precision` (f32: nothing to do). For f16: every f32 Constant becomes an f16 one
/// (values rounded to the nearest half); a Convert to f16 follows every f32 Parameter (and ReadValue, whose
/// variable stays f32) and a Convert to f32 precedes every Result (and Assign/ReadValue init) whose input was f32,
/// the Result's tensor names moving onto that Convert's output; Convert/Range-like ops whose destination_type or
/// output_type is f32 produce f16. Integer and boolean tensors are left alone. Runs whether or not the other
/// transformations are disabled (as OpenVINO converts precision regardless). Returns the number of nodes changed
/// or inserted; running it twice changes nothing the second time. An op with an f32 type attribute whose only
/// readers are outputs keeps it (it already is the output's Convert).
size_t convert_precision(Model& model, element::Type precision);

}  // namespace gpu
}  // namespace ovcl
