// What `ovcl benchmark` writes besides the console summary, in benchmark_app's formats:
// the statistics report (benchmark_report.csv: "key;value" lines in three sections, or
// benchmark_report.json with -json_stats), the performance-counter reports
// (benchmark_{average,detailed}_counters_report.{csv,json}, benchmark_sorted_report.{csv,json})
// and the counter tables of -pc / -pcsort.
#pragma once

#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "ovcl/profiling_info.hpp"

namespace ovcl {
namespace cli {

using Counters = std::vector<ProfilingInfo>;  ///< one request's profiling info

/// benchmark_app's line prefixes on stdout: "[ INFO ] ", "[ WARNING ] ".
std::ostream& info();
std::ostream& warning();

/// "EXECUTED", "NOT_RUN", "OPTIMIZED_OUT".
std::string status_name(ProfilingInfo::Status status);

/// Whether a row is an op (or a transfer) rather than a request stage ("Preprocess", "Upload",
/// ...): stages span the ops' time, so totals add the other rows only.
bool counts_in_total(const ProfilingInfo& p);

class StatisticsReport {
public:
    enum class Section { COMMAND_LINE, CONFIGURATION, RESULTS };
    void add(Section section, std::string key, std::string value);
    /// Writes benchmark_report.csv (or .json) into `folder` (created; "" = the current folder).
    /// Returns the path; throws InvalidArgument naming it when it cannot be written.
    std::string write(const std::string& folder, bool json) const;

private:
    std::vector<std::pair<std::string, std::string>> m_sections[3];
};

/// The counters averaged over requests (matched by node name, in first-seen order).
Counters average_counters(const std::vector<Counters>& per_request);

/// -pcsort: "sort" (by real time, descending), "no_sort" (model order), "simple_sort" (sorted,
/// without the rows that did not run). Stage rows are left out: they are not ops.
Counters sort_counters(const Counters& counters, const std::string& mode);

/// The table of -pc: one line per row, then the totals.
void print_counters(std::ostream& os, const Counters& counters);
/// The table of -pcsort, with each op's share of the total real time.
void print_sorted_counters(std::ostream& os, const Counters& sorted);

/// benchmark_{average,detailed}_counters_report.{csv,json}; returns the path.
std::string write_counters_report(const std::string& folder, const std::string& report_type, bool json,
                                  const std::vector<Counters>& per_request);
/// benchmark_sorted_report.{csv,json}; returns the path.
std::string write_sorted_report(const std::string& folder, bool json, const Counters& sorted);

}  // namespace cli
}  // namespace ovcl
