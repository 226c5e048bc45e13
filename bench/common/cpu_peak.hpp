// The CPU's fp32 FMA peak, measured in the same process as the benchmarks that compare
// against it (a ratio to a baseline of the same run, not a number from elsewhere).
#pragma once

namespace ovcl {
namespace bench {

/// GFLOP/s of independent FMA chains on `threads` threads (0: all cores); median of `reps`.
double measure_fma_peak_gflops(int threads = 0, int reps = 5);
/// measure_fma_peak_gflops() once per process.
double fma_peak_gflops();

}  // namespace bench
}  // namespace ovcl
