// Host reference kernels of the random generation ops. RandomUniform-8 reproduces OpenVINO CPU's first
// inference bit for bit: alignment "tensorflow" draws Philox4x32-10 blocks (key global_seed, counter op_seed,
// a 64-bit block index n; four uint32 per block), "pytorch" draws std::mt19937(global_seed) and ignores op_seed.
// Deviations of OpenVINO CPU from the specification, followed here:
//  - every type is computed as f32 or i32: f16/f64 outputs are the f32 values converted; an i64 min or max is
//    saturated to i32; an i32 range (max - min) wraps to 32 bits;
//  - reals: tensorflow takes 23 random mantissa bits and fma(u, max - min, min); pytorch 24 bits and
//    u * (max - min) + min with two roundings;
//  - OpenVINO CPU advances its Philox counter after every inference, so a second inference of the same compiled
//    model gives other values; ovcl keeps no state between evaluations and always gives the first inference's.
// Multinomial-13 follows OpenVINO CPU too (which does not draw through RandomUniform): std::mt19937 seeded with
// std::seed_seq{global_seed, op_seed} gives one sample per output, float(draw) / float(2^32 - 1); in f32, the
// normalised CDF's first class with sample <= cdf is chosen; without replacement the chosen class's probability
// is removed from the CDF and the rest rescaled. A sample that finds no class (the probabilities, or what is left
// of them without replacement, sum to zero) is a ModelError: OpenVINO CPU leaves that output unwritten.
// global_seed = op_seed = 0 asks for a non-deterministic sequence: a seed from std::random_device per evaluation.
#pragma once

#include <cstdint>
#include <vector>

#include "host_ref/ref_utils.hpp"

namespace ovcl {
namespace host_ref {

/// The first `count` uint32 of the Philox4x32-10 stream of (key, counter), in blocks of four from block index 0.
std::vector<uint32_t> philox_uint32(uint64_t key, uint64_t counter, size_t count);

}  // namespace host_ref
}  // namespace ovcl
