// docs/preprocess.md, "Example": a camera's u8 NHWC BGR 640x480 frames to a model's f32 NCHW RGB
// 224x224 input (color, type, mean, scale, resize folded into the model), and an f16 output. main()
// builds a model that averages each channel of its input, feeds it a frame whose channels are constant
// (B 10, G 100, R 200: a constant image stays constant through the resize) and checks the three means,
// on REF and, when there is one, on GPU.
// [doc:preprocess]
#include <ovcl/preprocess/pre_post_process.hpp>
using namespace ovcl::preprocess;

std::shared_ptr<ovcl::Model> with_preprocessing(std::shared_ptr<ovcl::Model> model) {
    PrePostProcessor ppp(model);                       // model: f32 [1,3,224,224] NCHW RGB
    ppp.input().tensor()
        .set_element_type(ovcl::element::u8)
        .set_layout("NHWC")
        .set_spatial_static_shape(480, 640)            // frames are 640x480
        .set_color_format(ColorFormat::BGR);
    ppp.input().model().set_layout("NCHW");
    ppp.input().preprocess()
        .convert_color(ColorFormat::RGB)
        .convert_element_type(ovcl::element::f32)
        .mean({123.675f, 116.28f, 103.53f})
        .scale({58.395f, 57.12f, 57.375f})
        .resize(ResizeAlgorithm::RESIZE_LINEAR);       // to the model's 224x224
    ppp.output().tensor().set_element_type(ovcl::element::f16);
    model = ppp.build();                               // input: u8 [1,480,640,3]; output: f16
    return model;
}
// [/doc:preprocess]

#include <algorithm>
#include <cmath>
#include <iostream>
#include <vector>

#include <ovcl/core.hpp>
#include <ovcl/ops.hpp>

namespace {

// image f32 [1,3,224,224] -> the mean of each channel, f32 [1,3] "means".
std::shared_ptr<ovcl::Model> channel_means_model() {
    auto image = ovcl::op::parameter(ovcl::element::f32, ovcl::Shape{1, 3, 224, 224}, "image");
    auto axes = ovcl::op::constant<int64_t>(ovcl::element::i64, ovcl::Shape{2}, {2, 3});
    auto mean = ovcl::op::make("ReduceMean", {image, axes}, {{"keep_dims", "false"}});
    mean->output_names(0).insert("means");
    return std::make_shared<ovcl::Model>(ovcl::NodeVector{ovcl::op::result(mean, "means")},
                                         ovcl::NodeVector{image}, "channel_means");
}

bool run_and_check(ovcl::Core& core, const std::shared_ptr<ovcl::Model>& model, const std::string& device) {
    const float bgr[3] = {10, 100, 200};
    std::vector<uint8_t> frame(480 * 640 * 3);
    for (size_t i = 0; i < frame.size(); ++i)
        frame[i] = static_cast<uint8_t>(bgr[i % 3]);
    auto request = core.compile_model(model, device).create_infer_request();
    request.set_input_tensor(ovcl::Tensor(ovcl::element::u8, {1, 480, 640, 3}, frame.data()));
    request.infer();
    const ovcl::Tensor means = request.get_output_tensor();
    if (means.get_element_type() != ovcl::element::f16 || means.get_shape() != ovcl::Shape{1, 3}) {
        std::cerr << "preprocess: " << device << ": output " << means.get_element_type() << " "
                  << means.get_shape() << ", expected f16 [1,3]\n";
        return false;
    }
    // RGB order after convert_color; (value - mean) / scale per channel.
    const float expected[3] = {(bgr[2] - 123.675f) / 58.395f, (bgr[1] - 116.28f) / 57.12f,
                               (bgr[0] - 103.53f) / 57.375f};
    bool ok = true;
    for (size_t c = 0; c < 3; ++c) {
        const float got = means.data<const ovcl::float16>()[c];
        if (std::fabs(got - expected[c]) > 2e-3f) {  // f16 keeps 11 significant bits
            std::cerr << "preprocess: " << device << ": channel " << c << " = " << got << ", expected "
                      << expected[c] << "\n";
            ok = false;
        }
    }
    if (ok)
        std::cout << "preprocess: " << device << " ok\n";
    return ok;
}

}  // namespace

int main() {
    try {
        auto model = with_preprocessing(channel_means_model());
        if (model->input(0).get_element_type() != ovcl::element::u8 ||
            model->input(0).get_partial_shape() != ovcl::PartialShape({1, 480, 640, 3})) {
            std::cerr << "preprocess: the new input is " << model->input(0).get_element_type() << " "
                      << model->input(0).get_partial_shape() << ", expected u8 [1,480,640,3]\n";
            return 1;
        }
        ovcl::Core core;
        bool ok = run_and_check(core, model, "REF");
        const auto devices = core.get_available_devices();
        if (std::find(devices.begin(), devices.end(), "GPU.0") == devices.end())
            std::cout << "preprocess: GPU skipped: no GPU device (no OpenCL device found)\n";
        else
            ok = run_and_check(core, model, "GPU") && ok;
        return ok ? 0 : 1;
    } catch (const std::exception& e) {
        std::cerr << "preprocess: " << e.what() << "\n";
        return 1;
    }
}
