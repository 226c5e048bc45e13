// docs/remote.md, "Example": two models chained on the application's own in-order OpenCL queue. The
// first reads the application's cl_mem and writes its output into a device buffer, which the second
// reads: no host round trip between them. main() makes the cl_context, queue and frame buffer as an
// application does (on the device the plugin calls GPU.0), runs the chain and checks the device
// buffer (read back) and the second model's output against values computed here. Without a GPU it
// prints a skip line and exits 0.
// [doc:remote_tensors]
#include <ovcl/core.hpp>
#include <ovcl/ocl/ocl.hpp>

// normalize: "image" -> "scaled"; pool: "scaled" -> its output. frame_mem: the application's cl_mem.
void run_on_queue(ovcl::Core& core, cl_command_queue app_queue, cl_mem frame_mem,
                  const std::shared_ptr<ovcl::Model>& normalize, const std::shared_ptr<ovcl::Model>& pool,
                  ovcl::Tensor& host_scaled, ovcl::Tensor& pooled) {
    ovcl::ocl::ClContext ctx(core, app_queue);             // the application's cl_command_queue
    auto first = core.compile_model(normalize, ctx);
    auto second = core.compile_model(pool, ctx);

    auto frame = ctx.create_tensor(ovcl::element::f32, {1, 3, 72, 128}, frame_mem);  // not owned
    auto scaled = ctx.create_tensor(ovcl::element::f32, {1, 3, 72, 128});            // device buffer

    auto r1 = first.create_infer_request();
    r1.set_tensor("image", frame);
    r1.set_tensor("scaled", scaled);  // the output is written into the device buffer ...
    auto r2 = second.create_infer_request();
    r2.set_tensor("scaled", scaled);  // ... which the next model reads: no host round trip
    r1.start_async();                 // returns once enqueued on app_queue
    r2.start_async();
    r2.wait();

    r2.get_output_tensor().copy_to(pooled);  // a host tensor: the request has read it back
    scaled.copy_to(host_scaled);      // device -> host (blocking); host_scaled.copy_to(scaled) goes the other way
}
// [/doc:remote_tensors]

#include <algorithm>
#include <cmath>
#include <iostream>
#include <vector>

#include <ovcl/ops.hpp>

namespace {

const ovcl::Shape kShape{1, 3, 72, 128};

// "image" -> "scaled" = image * 0.5 + 1.
std::shared_ptr<ovcl::Model> normalize_model() {
    auto x = ovcl::op::parameter(ovcl::element::f32, kShape, "image");
    auto mul = ovcl::op::make("Multiply", {x, ovcl::op::constant<float>(ovcl::element::f32, ovcl::Shape{1}, {0.5f})});
    auto add = ovcl::op::make("Add", {mul, ovcl::op::constant<float>(ovcl::element::f32, ovcl::Shape{1}, {1.0f})});
    add->output_names(0).insert("scaled");
    return std::make_shared<ovcl::Model>(ovcl::NodeVector{ovcl::op::result(add, "scaled")}, ovcl::NodeVector{x},
                                         "normalize");
}

// "scaled" -> "means": the mean of each channel, [1, 3].
std::shared_ptr<ovcl::Model> pool_model() {
    auto x = ovcl::op::parameter(ovcl::element::f32, kShape, "scaled");
    auto axes = ovcl::op::constant<int64_t>(ovcl::element::i64, ovcl::Shape{2}, {2, 3});
    auto mean = ovcl::op::make("ReduceMean", {x, axes}, {{"keep_dims", "false"}});
    mean->output_names(0).insert("means");
    return std::make_shared<ovcl::Model>(ovcl::NodeVector{ovcl::op::result(mean, "means")}, ovcl::NodeVector{x},
                                         "pool");
}

bool nearly_equal(double got, double expected) {
    return std::fabs(got - expected) <= 1e-5 + 1e-5 * std::fabs(expected);
}

// What the application holds: a context and an in-order queue on one device, and the frame's buffer.
struct AppCl {
    cl_context context = nullptr;
    cl_command_queue queue = nullptr;
    cl_mem frame = nullptr;
    ~AppCl() {
        if (frame)
            clReleaseMemObject(frame);
        if (queue)
            clReleaseCommandQueue(queue);
        if (context)
            clReleaseContext(context);
    }
};

}  // namespace

int main() {
    try {
        ovcl::Core core;
        const auto devices = core.get_available_devices();
        if (std::find(devices.begin(), devices.end(), "GPU.0") == devices.end()) {
            std::cout << "remote_tensors: skipped: no GPU device (no OpenCL device found)\n";
            return 0;
        }
        // The application's OpenCL objects, on the device GPU.0 runs on.
        cl_device_id device = ovcl::ocl::ClContext(core.get_default_context("GPU.0")).get_device();
        AppCl app;
        cl_int err = CL_SUCCESS;
        app.context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
        if (err == CL_SUCCESS)
            app.queue = clCreateCommandQueue(app.context, device, 0, &err);
        std::vector<float> image(ovcl::shape_size(kShape));
        for (size_t i = 0; i < image.size(); ++i)
            image[i] = static_cast<float>(i % 251) * 0.25f - 20.0f;
        const size_t bytes = image.size() * sizeof(float);
        if (err == CL_SUCCESS)
            app.frame = clCreateBuffer(app.context, CL_MEM_READ_WRITE, bytes, nullptr, &err);
        if (err == CL_SUCCESS)  // the "decoder" writes the frame
            err = clEnqueueWriteBuffer(app.queue, app.frame, CL_TRUE, 0, bytes, image.data(), 0, nullptr, nullptr);
        if (err != CL_SUCCESS) {
            std::cerr << "remote_tensors: OpenCL error " << err << " making the application's objects\n";
            return 1;
        }

        ovcl::Tensor host_scaled(ovcl::element::f32, kShape);
        ovcl::Tensor means(ovcl::element::f32, {1, 3});
        run_on_queue(core, app.queue, app.frame, normalize_model(), pool_model(), host_scaled, means);

        bool ok = host_scaled.get_shape() == kShape && means.get_shape() == ovcl::Shape{1, 3};
        if (!ok)
            std::cerr << "remote_tensors: shapes " << host_scaled.get_shape() << " and " << means.get_shape()
                      << ", expected " << kShape << " and [1,3]\n";
        const size_t plane = kShape[2] * kShape[3];
        for (size_t c = 0; ok && c < 3; ++c) {
            double sum = 0;
            for (size_t i = c * plane; ok && i < (c + 1) * plane; ++i) {
                const double expected = image[i] * 0.5 + 1.0;
                sum += expected;
                if (!nearly_equal(host_scaled.data<const float>()[i], expected)) {
                    std::cerr << "remote_tensors: scaled[" << i << "] = " << host_scaled.data<const float>()[i]
                              << ", expected " << expected << "\n";
                    ok = false;
                }
            }
            if (ok && !nearly_equal(means.data<const float>()[c], sum / static_cast<double>(plane))) {
                std::cerr << "remote_tensors: means[" << c << "] = " << means.data<const float>()[c] << ", expected "
                          << sum / static_cast<double>(plane) << "\n";
                ok = false;
            }
        }
        if (ok)
            std::cout << "remote_tensors: ok\n";
        return ok ? 0 : 1;
    } catch (const std::exception& e) {
        std::cerr << "remote_tensors: " << e.what() << "\n";
        return 1;
    }
}
