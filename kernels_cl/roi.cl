// ROIAlign-3/-9 on axis-aligned rois, f32: one work-item per output element (roi, channel, bin) averages, or takes
// the max of, its bin's grid of bilinear samples, in host_ref/roi.cpp's order and arithmetic. -DINDEX_T: int|long
// batch indices. A batch index outside the data, or a bin too large to sample adaptively, stores 1 in *status (the
// inference then fails naming the node). docs/kernels.md, "roi".

// The map at (y, x): zero beyond one pixel outside it, else bilinear with the position clamped in.
float roi_sample(__global const float* plane, int h, int w, float y, float x) {
    if (!(y >= -1.0f && y <= (float)h && x >= -1.0f && x <= (float)w))
        return 0.0f;  // NaN too
    y = min(max(y, 0.0f), (float)(h - 1));
    x = min(max(x, 0.0f), (float)(w - 1));
    const int y0 = (int)y, x0 = (int)x, y1 = min(y0 + 1, h - 1), x1 = min(x0 + 1, w - 1);
    const float ly = y - (float)y0, lx = x - (float)x0, hy = 1.0f - ly, hx = 1.0f - lx;
    return hy * hx * plane[y0 * w + x0] + hy * lx * plane[y0 * w + x1] + ly * hx * plane[y1 * w + x0] +
           ly * lx * plane[y1 * w + x1];
}

// src_off, dst_off: the aligned mode's shifts of a roi corner before and after the scale (asymmetric: 0, 0;
// half_pixel_for_nn: 0, -0.5; half_pixel: 0.5, -0.5).
__kernel void roi_align(__global const float* data, __global const float* rois, __global const INDEX_T* batch,
                        __global float* dst, __global int* status, int channels, int h, int w, int batches,
                        int pooled_h, int pooled_w, int sampling_ratio, float spatial_scale, float src_off,
                        float dst_off, int asymmetric, int is_max, int total) {
    const int g = get_global_id(0);
    if (g >= total)
        return;
    const int pw = g % pooled_w, ph = g / pooled_w % pooled_h, c = g / (pooled_w * pooled_h) % channels;
    const int r = g / (pooled_w * pooled_h * channels);
    const long b = batch[r];
    if (b < 0 || b >= batches) {
        *status = 1;
        return;
    }
    __global const float* roi = rois + 4 * r;
    const float x0 = (roi[0] + src_off) * spatial_scale + dst_off, y0 = (roi[1] + src_off) * spatial_scale + dst_off;
    float rw = (roi[2] + src_off) * spatial_scale + dst_off - x0, rh = (roi[3] + src_off) * spatial_scale + dst_off - y0;
    if (asymmetric) {
        rw = max(rw, 1.0f);
        rh = max(rh, 1.0f);
    }
    const float bin_h = rh / (float)pooled_h, bin_w = rw / (float)pooled_w;
    int grid_h = sampling_ratio, grid_w = sampling_ratio;
    if (sampling_ratio <= 0) {
        if (!(fabs(bin_h) <= 65536.0f) || !(fabs(bin_w) <= 65536.0f)) {
            *status = 1;
            return;
        }
        grid_h = (int)ceil(bin_h);
        grid_w = (int)ceil(bin_w);
    }
    __global const float* plane = data + ((int)b * channels + c) * h * w;
    const float step_h = bin_h / (float)grid_h, step_w = bin_w / (float)grid_w;
    float acc = 0.0f;  // OpenVINO CPU: max mode too starts at 0
    for (int iy = 0; iy < grid_h; ++iy) {
        const float y = y0 + (float)ph * bin_h + ((float)iy + 0.5f) * step_h;
        for (int ix = 0; ix < grid_w; ++ix) {
            const float s = roi_sample(plane, h, w, y, x0 + (float)pw * bin_w + ((float)ix + 0.5f) * step_w);
            acc = is_max ? max(acc, s) : acc + s;
        }
    }
    const int count = grid_h * grid_w;
    dst[g] = count == 0 ? 0.0f : is_max ? acc : acc / (float)count;
}
