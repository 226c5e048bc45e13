// Runs Relu(x) on REF through an installed ovcl; prints "ok" when the values are right.
#include <ovcl/ovcl.hpp>

#include <iostream>

int main() {
    ovcl::Core core;
    auto x = ovcl::op::parameter(ovcl::element::f32, ovcl::Shape{4}, "x");
    auto model = std::make_shared<ovcl::Model>(ovcl::OutputVector{ovcl::op::make_output("Relu", {x})},
                                               ovcl::NodeVector{x}, "consumer");
    auto request = core.compile_model(model, "REF").create_infer_request();
    float in[4] = {-1.f, 2.f, -3.f, 4.f};
    request.set_input_tensor(ovcl::Tensor(ovcl::element::f32, {4}, in));
    request.infer();
    const float* out = request.get_output_tensor().data<float>();
    const bool ok = out[0] == 0.f && out[1] == 2.f && out[2] == 0.f && out[3] == 4.f;
    std::cout << (ok ? "ok" : "wrong values") << std::endl;
    return ok ? 0 : 1;
}
