#include "onednn_baseline.hpp"

#include <dnnl.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace ovcl {
namespace bench {

namespace {

using dnnl::memory;
using tag = memory::format_tag;
using dt = memory::data_type;

dnnl::engine& cpu_engine() {
    static dnnl::engine e(dnnl::engine::kind::cpu, 0);
    return e;
}

}  // namespace

std::function<void()> onednn_sgemm(size_t n) {
    struct Buffers {
        std::vector<float> a, b, c;
    };
    auto buf = std::make_shared<Buffers>();
    buf->a.resize(n * n);
    buf->b.resize(n * n);
    buf->c.resize(n * n);
    for (size_t i = 0; i < n * n; ++i) {
        buf->a[i] = 0.01f * static_cast<float>(static_cast<int>(i % 17) - 8);
        buf->b[i] = 0.02f * static_cast<float>(static_cast<int>(i % 17) - 8);
    }
    const auto d = static_cast<dnnl_dim_t>(n);
    return [buf, d] {
        const dnnl_status_t s = dnnl_sgemm('N', 'N', d, d, d, 1.0f, buf->a.data(), d, buf->b.data(), d, 0.0f,
                                           buf->c.data(), d);
        if (s != dnnl_success)
            throw std::runtime_error("dnnl_sgemm failed with status " + std::to_string(static_cast<int>(s)));
    };
}

namespace {

// A forward-inference convolution with layouts of oneDNN's choice (plain data reordered in once): src filled
// with 0.5, weights 0.01; checks the output at the centre against `want` and returns a call that runs it and waits.
std::function<void()> conv_runner(const memory::dims& src, const memory::dims& wei, tag wei_plain,
                                  const memory::dims& dst, memory::dim stride, memory::dim pad, float want,
                                  std::string* impl) {
    auto& eng = cpu_engine();
    const dnnl::convolution_forward::desc desc(
        dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct, memory::desc(src, dt::f32, tag::any),
        memory::desc(wei, dt::f32, tag::any), memory::desc(dst, dt::f32, tag::any), {stride, stride}, {pad, pad},
        {pad, pad});
    const dnnl::convolution_forward::primitive_desc pd(desc, eng);
    if (impl)
        *impl = pd.impl_info_str();

    struct State {
        dnnl::stream stream;
        dnnl::convolution_forward conv;
        memory src, wei, dst;
    };
    auto st = std::make_shared<State>(
        State{dnnl::stream(eng), dnnl::convolution_forward(pd), memory(pd.src_desc(), eng),
              memory(pd.weights_desc(), eng), memory(pd.dst_desc(), eng)});

    // Plain NCHW / OIHW (GOIHW) data reordered once into the layouts the primitive chose.
    auto fill = [&](const memory::dims& dims, tag plain, float value, memory& into) {
        memory user({dims, dt::f32, plain}, eng);
        float* p = static_cast<float*>(user.get_data_handle());
        std::fill_n(p, user.get_desc().get_size() / sizeof(float), value);
        dnnl::reorder(user, into).execute(st->stream, user, into);
    };
    fill(src, tag::nchw, 0.5f, st->src);
    fill(wei, wei_plain, 0.01f, st->wei);
    auto run = [st] {
        st->conv.execute(st->stream, {{DNNL_ARG_SRC, st->src}, {DNNL_ARG_WEIGHTS, st->wei}, {DNNL_ARG_DST, st->dst}});
        st->stream.wait();
    };
    run();
    memory plain({dst, dt::f32, tag::nchw}, eng);
    dnnl::reorder(st->dst, plain).execute(st->stream, st->dst, plain);
    st->stream.wait();
    const memory::dim ohw = dst[3];
    const float got = static_cast<const float*>(plain.get_data_handle())[(ohw / 2) * ohw + ohw / 2];
    if (std::fabs(got - want) > 1e-3f * want)
        throw std::runtime_error("oneDNN convolution gave " + std::to_string(got) + ", expected " +
                                 std::to_string(want));
    return run;
}

}  // namespace

std::function<void()> onednn_conv(size_t c, size_t k_out, size_t k, size_t hw, std::string* impl) {
    const auto C = static_cast<memory::dim>(c), K = static_cast<memory::dim>(k_out);
    const auto R = static_cast<memory::dim>(k), HW = static_cast<memory::dim>(hw), P = R / 2;
    return conv_runner({1, C, HW, HW}, {K, C, R, R}, tag::oihw, {1, K, HW, HW}, 1, P,
                       0.5f * 0.01f * static_cast<float>(c * k * k), impl);
}

std::function<void()> onednn_depthwise(size_t c, size_t k, size_t hw, size_t stride, std::string* impl) {
    const auto C = static_cast<memory::dim>(c), R = static_cast<memory::dim>(k), HW = static_cast<memory::dim>(hw);
    const auto S = static_cast<memory::dim>(stride), P = R / 2, OHW = (HW + 2 * P - R) / S + 1;
    return conv_runner({1, C, HW, HW}, {C, 1, 1, R, R}, tag::goihw, {1, C, OHW, OHW}, S, P,
                       0.5f * 0.01f * static_cast<float>(k * k), impl);
}

}  // namespace bench
}  // namespace ovcl
