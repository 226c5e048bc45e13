#pragma once

#include "config.hpp"
#include "model_evaluator.hpp"
#include "ovcl/plugin/icompiled_model.hpp"

namespace ovcl {
namespace ref {

class Plugin;

class CompiledModel : public ICompiledModel {
public:
    CompiledModel(const std::shared_ptr<const Model>& model, const std::shared_ptr<const Plugin>& plugin,
                  const Config& config);

    std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const override;
    void export_model(std::ostream& model) const override;
    std::shared_ptr<const Model> get_runtime_model() const override;
    void set_property(const AnyMap& properties) override;
    Any get_property(const std::string& name) const override;

    const ModelEvaluator& evaluator() const { return *m_evaluator; }
    const Config& config() const { return m_config; }
    /// Set by import_model when Core's model cache (CACHE_DIR) supplied the blob.
    void set_loaded_from_cache(bool v) { m_loaded_from_cache = v; }

private:
    /// The model's own RO keys; SUPPORTED_PROPERTIES is these, then Config::table() as RO.
    static const PropertyTable<CompiledModel>& table();

    std::shared_ptr<Model> m_model;  ///< the compiled copy
    std::shared_ptr<ModelEvaluator> m_evaluator;
    Config m_config;
    bool m_loaded_from_cache = false;
};

}  // namespace ref
}  // namespace ovcl
