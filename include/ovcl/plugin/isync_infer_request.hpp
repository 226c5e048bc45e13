// The synchronous infer request (OpenVINO's ov::ISyncInferRequest): owns the tensors bound
// to each port, checks what the user binds, and runs one inference with infer(). Plugins
// split infer() into stages (preprocess, upload, start, wait, download) that the async
// request schedules on executors.
#pragma once

#include <map>
#include <memory>
#include <vector>

#include "ovcl/plugin/icompiled_model.hpp"
#include "ovcl/plugin/ivariable_state.hpp"
#include "ovcl/profiling_info.hpp"
#include "ovcl/tensor.hpp"

namespace ovcl {

class ISyncInferRequest {
public:
    explicit ISyncInferRequest(const std::shared_ptr<const ICompiledModel>& compiled_model);
    virtual ~ISyncInferRequest() = default;

    virtual void infer() = 0;
    virtual std::vector<ProfilingInfo> get_profiling_info() const = 0;
    virtual std::vector<std::shared_ptr<IVariableState>> query_state() const = 0;
    /// Asks a running inference to stop early; the default does nothing.
    virtual void cancel() {}

    /// Port lookup accepts the compiled model's own ports and equivalent ports of the user's
    /// model (same tensor name or same Parameter/Result friendly name). Throws NotFound.
    virtual Tensor get_tensor(const Output<Node>& port) const;
    /// Checks type and shape against the port (InvalidArgument naming the port otherwise).
    virtual void set_tensor(const Output<Node>& port, const Tensor& tensor);
    virtual std::vector<Tensor> get_tensors(const Output<Node>& port) const;
    /// Binds N tensors of batch 1 to a batch-N input (axis 0); they are gathered at infer time.
    virtual void set_tensors(const Output<Node>& port, const std::vector<Tensor>& tensors);

    const OutputVector& get_inputs() const { return m_compiled_model->inputs(); }
    const OutputVector& get_outputs() const { return m_compiled_model->outputs(); }
    const std::shared_ptr<const ICompiledModel>& get_compiled_model() const { return m_compiled_model; }

protected:
    struct FoundPort {
        enum class Kind { NOT_FOUND, INPUT, OUTPUT } kind = Kind::NOT_FOUND;
        size_t idx = 0;
        bool found() const { return kind != Kind::NOT_FOUND; }
        bool is_input() const { return kind == Kind::INPUT; }
    };
    FoundPort find_port(const Output<Node>& port) const;
    /// Throws NotFound naming the port when it is not an input or output of the model.
    FoundPort find_port_or_throw(const Output<Node>& port) const;
    void check_tensor(const Output<Node>& port, const Tensor& tensor) const;
    /// Checks every bound tensor (before an inference).
    void check_tensors() const;
    /// Copies tensors bound with set_tensors into one batch tensor per port.
    void convert_batched_tensors();
    /// Shape of the tensor a port starts with: its static shape, or [0] when dynamic.
    static Shape initial_shape(const Output<Node>& port);

    std::vector<Tensor> m_input_tensors;
    std::vector<Tensor> m_output_tensors;
    std::map<size_t, std::vector<Tensor>> m_batched_tensors;  ///< input index -> tensors

private:
    std::shared_ptr<const ICompiledModel> m_compiled_model;
};

}  // namespace ovcl
