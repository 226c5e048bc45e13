// The exported create function of libovcl_gpu_plugin.so.
#include "plugin/plugin.hpp"

OVCL_DEFINE_PLUGIN_CREATE_FUNCTION(ovcl::gpu::Plugin, (ovcl::Version{OVCL_VERSION, "ovcl OpenCL plugin"}))
