#pragma once

#include <array>
#include <atomic>
#include <chrono>

#include "exec/streams.hpp"
#include "ovcl/op_registry.hpp"
#include "ovcl/plugin/isync_infer_request.hpp"
#include "plugin/compiled_model.hpp"
#include "plugin/variable_state.hpp"

namespace ovcl {
namespace gpu {

class OclHostTensor;

/// One inference at a time on the device. Its stages (the seeds' names), which the async request
/// (async_infer_request.hpp) runs on separate executors and infer() runs inline: infer_preprocess (batches,
/// checks, the plan for the input shapes); enqueue = upload (input writes, ROI inputs packed first) +
/// start_pipeline (every step, host steps waiting for their inputs, then the output reads: one wait covers the
/// inference), under the stream's enqueue lock, as the stream's requests share its arenas; wait_pipeline;
/// infer_postprocess (strided and constant outputs into the bound tensors). docs/async_pipeline.md, "GPU pipeline".
class InferRequest : public ISyncInferRequest {
public:
    explicit InferRequest(const std::shared_ptr<const CompiledModel>& compiled_model);
    ~InferRequest() override;

    void infer() override;
    std::vector<ProfilingInfo> get_profiling_info() const override;
    std::vector<std::shared_ptr<IVariableState>> query_state() const override;
    void cancel() override { m_cancel = true; }
    /// Also refuses a remote tensor of another OpenCL context or device (naming the port and the request).
    void set_tensor(const Output<Node>& port, const Tensor& tensor) override;

    /// Bytes the last inference moved between host and device memory: input writes, output reads
    /// and host steps' traffic. Remote and host-visible tensors add nothing.
    struct TransferBytes {
        uint64_t to_device = 0;
        uint64_t to_host = 0;
    };
    TransferBytes transfer_bytes() const { return m_bytes; }

    void infer_preprocess();
    void enqueue();
    void wait_pipeline();
    void infer_postprocess();

    /// The marker after this inference's last command (null before the first run).
    cl::Event completion_event() const { return m_done; }
    const Stream& stream() const { return m_stream; }

private:
    void upload();
    void start_pipeline();
    void prepare(const std::shared_ptr<const DevicePlan>& plan);
    cl::Buffer buffer_of(const Value& v) const;
    void run_host_step(const Step& step);
    /// ShapeOf on the host: the shape of its input, whose bytes it never reads (a KV cache left on the device).
    Tensor shape_of_input(const Step& step) const;
    /// A host step's outputs from host_ref, its inputs read back from the device where they are there; `t0` is
    /// moved to when they have arrived (the step's time starts there).
    TensorVector run_on_host(const Step& step, std::chrono::steady_clock::time_point& t0);
    /// A host step's outputs from kernels configured for this run's shapes (Step::kernels_at_run_time), those that
    /// stay on the device in m_device_values; false when the device does not run the node at these shapes, or it
    /// would upload inputs for an op that is not compute-bound.
    bool run_kernels_at_run_time(const Step& step, TensorVector& outputs);
    /// Which values only run-time kernel steps read (m_keep_on_device), for the plan being prepared.
    void mark_values_kept_on_device();
    /// Input `i` (Value `v`, which only host steps read) as a dense host tensor.
    Tensor host_input(size_t i, const Value& v);
    void run_variable_step(size_t s);
    /// A ReadValue or Assign with a shape only the run knows (a KV cache of a plan that serves every length).
    void run_variable_at_run_time(const Step& step);
    /// Enqueues the output reads (part of start_pipeline).
    void download();
    /// An output whose shape this run decided (Value HOST) into the user's tensor or its device buffer.
    void write_host_value(const Tensor& value, Tensor& dst, bool device_buffer, size_t output);
    /// Marks the end of what this request enqueued so far (m_done).
    void fence();
    /// Waits for a previous run's commands (only pending after a failure or a cancel).
    /// After a failed enqueue: a fence, then wait for it (errors ignored: the first one is reported).
    void settle_after_failure() noexcept;
    void drain();
    cl::Event* event_slot(std::vector<cl::Event>& events);
    void trace_device_commands() const;

    /// How a port's tensor reaches the kernels: host tensors are written / read; the buffer of a
    /// remote or host-visible tensor (remote/) replaces the value's slot ("direct"), or, when the
    /// slot cannot move (another port has it, an in-place Concat), is copied device<->device.
    struct PortBinding {
        enum class Kind { HOST, REMOTE, HOST_VISIBLE } kind = Kind::HOST;
        cl::Buffer buffer;
        bool direct = false;
        std::shared_ptr<OclHostTensor> host_visible;
    };
    /// Which slots a user's buffer may replace, and the kernel arguments of each (after prepare).
    void index_slots();
    /// Binds every port's tensor for this inference and points the kernels at the slots' buffers.
    void bind_ports();
    PortBinding::Kind kind_of(const Tensor& t, const std::string& port) const;
    /// Enqueues the map of every host-visible tensor this inference unmapped; false when none was.
    bool restore_host_visible();
    /// Records this inference's end marker on the remote tensors it used (copies wait for it).
    void mark_remote_use();
    std::string describe() const;
    /// Waits for the stream's queue, then drops the kernels and the slots before the arenas they are sub-buffers of.
    void release_buffers();

    struct ArgUse {
        size_t step, kernel;
        cl_uint arg;
    };
    std::vector<std::vector<ArgUse>> m_slot_uses;  ///< per slot: the kernel arguments set to it
    std::vector<bool> m_slot_pinned;               ///< per slot: part of an in-place Concat (not rebindable)
    std::vector<PortBinding> m_in_bind, m_out_bind;
    std::vector<std::shared_ptr<OclHostTensor>> m_unmapped;  ///< host-visible tensors the device holds now
    TransferBytes m_bytes;
    size_t m_id = 0;  ///< names the request in errors

    enum Stage { PREPROCESS, UPLOAD, START, WAIT, POSTPROCESS, NUM_STAGES };
    std::shared_ptr<const CompiledModel> m_model;
    const Stream& m_stream;
    cl::CommandQueue m_queue;  ///< the stream's in-order queue
    bool m_events_on = false;  ///< events on every command (PERF_COUNT or the timeline)
    std::shared_ptr<const DevicePlan> m_plan;
    /// The memory plan's arenas; m_slots and m_own_slots are sub-buffers of them, released first (declared after
    /// them, and by release_buffers()) so that no sub-buffer outlives its parent's last reference.
    std::vector<cl::Buffer> m_arenas;
    std::vector<cl::Buffer> m_slots;
    std::vector<cl::Buffer> m_own_slots;  ///< allocated by prepare(); m_slots may point at user buffers
    std::vector<std::vector<cl::Kernel>> m_kernels;  ///< per step
    /// The status word of each step whose kernels check their input values (KernelArg::status), with what nonzero
    /// means: the plan's steps first (prepare()), then those host steps ran as kernels this run (RuntimeKernels),
    /// dropped at the next upload(). download() reads them back into m_status_words, infer_postprocess() checks them.
    struct StatusWord {
        size_t step;
        cl::Buffer word;
        std::string error;
    };
    std::vector<StatusWord> m_status;
    size_t m_plan_status = 0;  ///< the plan's entries of m_status
    std::vector<cl_int> m_status_words;
    std::vector<std::vector<cl::Event>> m_events;    ///< per step, when events are on
    std::vector<cl::Event> m_write_events, m_read_events;
    std::vector<std::chrono::microseconds> m_host_times;  ///< per step
    std::vector<std::string> m_host_impl;  ///< per step: the kernels a host step ran as (RuntimeKernels), or empty
    std::vector<Tensor> m_host_values;  ///< per value: this run's HOST values, until the outputs are copied
    /// Per value: this run's HOST values that run-time kernels left on the device (read back when a host step needs
    /// them); m_keep_on_device: the values only run-time kernel steps read, so they stay there.
    std::vector<RuntimeKernels::Operand> m_device_values;
    std::vector<bool> m_keep_on_device;
    std::vector<Tensor> m_staging;      ///< dense copies of strided inputs, host steps' outputs: alive until written
    std::vector<std::pair<Tensor, Tensor>> m_staged_outputs;  ///< (staging, bound strided output)
    cl::Event m_done;
    cl::Event m_last_read;  ///< the last command download() enqueued (null when it enqueued none)
    std::shared_ptr<VariableStore> m_variables;            ///< variables of host steps (ReadValue forced to host)
    std::shared_ptr<DeviceVariables> m_device_variables;   ///< variables of READ_VALUE / ASSIGN steps
    std::vector<std::shared_ptr<IVariableState>> m_states;
    std::array<std::chrono::microseconds, NUM_STAGES> m_durations{};
    std::atomic<bool> m_cancel{false};
};

}  // namespace gpu
}  // namespace ovcl
