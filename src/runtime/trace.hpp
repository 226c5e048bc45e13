// The timeline: with OVCL_TRACE=<file.json> set (or trace::set_output called), requests and
// executors record one slice per pipeline stage and the GPU plugin one slice per device
// command (from OpenCL event timestamps). The file is Chrome trace JSON (Perfetto,
// chrome://tracing), written at exit or by flush(): one track per request, per executor
// and per device queue.
#pragma once

#include <chrono>
#include <string>

namespace ovcl {
namespace trace {

using Clock = std::chrono::steady_clock;

/// Whether slices are recorded (cheap: an atomic flag).
bool enabled();
/// Starts recording into `path` (written by flush() and at exit); "" stops recording.
void set_output(const std::string& path);
/// Writes everything recorded so far to the output file (replacing it).
void flush();

enum class Group { REQUESTS, EXECUTORS, DEVICE };
/// A new track (a "thread" of the trace) named `name` in `group`.
int new_track(Group group, const std::string& name);
/// The track of an executor, made on first use from its name.
int executor_track(const std::string& executor_name);
/// One complete slice on `track`; `detail` goes into the slice's args.
void slice(int track, const std::string& name, Clock::time_point begin, Clock::time_point end,
           const std::string& detail = "");

}  // namespace trace
}  // namespace ovcl
