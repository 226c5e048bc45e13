#pragma once

#include <chrono>
#include <exception>
#include <functional>
#include <string>
#include <vector>

#include "ovcl/node.hpp"
#include "ovcl/plugin/iasync_infer_request.hpp"
#include "ovcl/profiling_info.hpp"
#include "ovcl/so_ptr.hpp"
#include "ovcl/tensor.hpp"
#include "ovcl/variable_state.hpp"

namespace ovcl {

class CompiledModel;

/// One inference at a time on a compiled model, as ov::InferRequest.
class InferRequest {
public:
    InferRequest() = default;
    explicit InferRequest(SoPtr<IAsyncInferRequest> impl) : m_impl(std::move(impl)) {}

    void infer();
    void start_async();
    void wait();
    bool wait_for(std::chrono::milliseconds timeout);
    void cancel();
    void set_callback(std::function<void(std::exception_ptr)> callback);

    Tensor get_tensor(const std::string& tensor_name) const;
    Tensor get_tensor(const Output<Node>& port) const;
    Tensor get_tensor(const Output<const Node>& port) const;
    void set_tensor(const std::string& tensor_name, const Tensor& tensor);
    void set_tensor(const Output<Node>& port, const Tensor& tensor);
    void set_tensor(const Output<const Node>& port, const Tensor& tensor);
    void set_tensors(const std::string& tensor_name, const std::vector<Tensor>& tensors);
    void set_tensors(const Output<Node>& port, const std::vector<Tensor>& tensors);
    void set_tensors(const Output<const Node>& port, const std::vector<Tensor>& tensors);
    Tensor get_input_tensor(size_t idx) const;
    Tensor get_input_tensor() const;  ///< the only input; throws when there are several
    Tensor get_output_tensor(size_t idx) const;
    Tensor get_output_tensor() const;
    void set_input_tensor(size_t idx, const Tensor& tensor);
    void set_input_tensor(const Tensor& tensor);
    void set_output_tensor(size_t idx, const Tensor& tensor);
    void set_output_tensor(const Tensor& tensor);

    std::vector<ProfilingInfo> get_profiling_info() const;
    std::vector<VariableState> query_state() const;
    void reset_state();
    CompiledModel get_compiled_model() const;
    explicit operator bool() const { return static_cast<bool>(m_impl); }

private:
    Output<Node> port_by_name(const std::string& name) const;
    Output<Node> only_port(const OutputVector& ports, const char* what) const;
    SoPtr<IAsyncInferRequest> m_impl;
};

}  // namespace ovcl
