// POLYDEM_FLATTEN marks the functions that form an element's residual and
// tangent by forward-mode AD (Eigen::AutoDiffScalar with fixed-size derivative
// vectors). In functions this large GCC leaves the derivative arithmetic, one
// 6- or 12-vector operation per scalar operation, out of line; flattening
// inlines every call into the marked function. A free body's residual and
// tangent become 3.1× faster (bench_free_bodies BM_Assembly: 4.6 → 1.5 µs per
// body), with the same bits: the order of the operations does not change.
#pragma once

#if defined(__GNUC__)
#define POLYDEM_FLATTEN [[gnu::flatten]]
#else
#define POLYDEM_FLATTEN
#endif
