// ScaledSwish: y = ALPHA * x * sigmoid(BETA * x), one work-item per element.
// -D macros: T (the element type), ALPHA and BETA (the op's attributes alpha and beta).
__kernel void scaled_swish(__global const T* x, __global T* y, int n) {
    const int i = get_global_id(0);
    if (i >= n)
        return;  // the global size is rounded up to the work-group size
    const float v = (float)x[i];
    y[i] = (T)((float)(ALPHA) * v / (1.0f + exp(-(float)(BETA) * v)));
}
