// INFERENCE_PRECISION_HINT=f16 on the GPU: every real tensor inside the model is stored as f16 (kernels read and
// write halves through vload_half/vstore_half and compute in f32, except MatMuls and convolutions on matmul_tiled,
// which compute in half on devices with cl_khr_fp16: ops/matmul.hpp half_compute; ops whose kernel refuses f16 run
// on host_ref, which computes f16 through f32). The model's inputs and outputs keep their f32 types and tensor names.
#pragma once

#include "ovcl/element_type.hpp"
#include "ovcl/model.hpp"

namespace ovcl {
namespace gpu {

/// Rewrites `model` in place for `precision` (f32: nothing to do); returns the number of nodes changed or inserted
/// (none when run again). f16: f32 Constants become f16 (rounded to the nearest half); a Convert to f16 follows every
/// f32 Parameter (and ReadValue, whose variable stays f32), a Convert to f32 precedes every Result (and Assign /
/// ReadValue init) whose input was f32 and takes over the Result's tensor names; ops whose destination_type or
/// output_type is f32 produce f16, unless their only readers are outputs (they already are the output's Convert).
/// Integer and boolean tensors are left alone. Runs even with the other transformations disabled, as in OpenVINO.
size_t convert_precision(Model& model, element::Type precision);

}  // namespace gpu
}  // namespace ovcl
