import { Input, Table } from 'antd';
import type { LayerTreeTooltipsConfig } from '@planning/shared';
import { LayerConfigScreen } from './LayerConfigScreen';
import { layerLabel } from './lists';
import { useLayerConfigEditor } from './useLayerConfigEditor';

const TOOLTIP_MAX = 1000;

/** A tooltip left empty is no tooltip. */
const prepare = (draft: LayerTreeTooltipsConfig): LayerTreeTooltipsConfig => ({
  tooltips: draft.tooltips.filter((entry) => entry.tooltip.trim() !== ''),
});

/**
 * /admin/placemaker/layer-tree-tooltips and /admin/consultations/layer-tree-tooltips (spec 03 §2,
 * §3.2 Layer tree tooltips): the tooltip beside each layer's name in every map's layer tree. Both
 * apps' routes edit the council's one document.
 */
export function LayerTooltipsPage() {
  const editor = useLayerConfigEditor('layer-tree-tooltips', prepare);
  const layers = editor.layers.data ?? [];
  const draft = editor.draft ?? { tooltips: [] };
  const tooltipOf = (id: string) => draft.tooltips.find((entry) => entry.id === id)?.tooltip ?? '';
  const setTooltip = (id: string, tooltip: string) => {
    const rest = draft.tooltips.filter((entry) => entry.id !== id);
    editor.change({ tooltips: tooltip === '' ? rest : [...rest, { id, tooltip }] });
  };
  // The problems are found on the saved shape, whose entries are in draft order.
  const saved = prepare(draft).tooltips;
  const problemOf = (id: string) => {
    const at = saved.findIndex((entry) => entry.id === id);
    return at >= 0 ? editor.problems.get(`tooltips.${at}.tooltip`) : undefined;
  };

  return (
    <LayerConfigScreen
      type="layer-tree-tooltips"
      title="Layer tree tooltips"
      intro={
        <p>
          A tooltip shows beside a layer’s name in the layer tree of every map, behind an information icon.
          Leave it empty for no tooltip.
        </p>
      }
      editor={editor}
    >
      <Table
        size="small"
        className="layer-config__table"
        pagination={false}
        rowKey="id"
        dataSource={layers}
        columns={[
          { title: 'Layer', width: '35%', render: (_, layer) => layerLabel(layer) },
          {
            title: 'Tooltip',
            render: (_, layer) => {
              const problem = problemOf(layer.id);
              return (
                <>
                  <Input.TextArea
                    aria-label={`Tooltip for ${layer.title}`}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `tooltip-problem-${layer.id}` : undefined}
                    status={problem ? 'error' : undefined}
                    autoSize={{ minRows: 1, maxRows: 4 }}
                    maxLength={TOOLTIP_MAX}
                    value={tooltipOf(layer.id)}
                    onChange={(event) => setTooltip(layer.id, event.target.value)}
                  />
                  {problem && (
                    <p id={`tooltip-problem-${layer.id}`} className="layer-config__problem">
                      {problem}
                    </p>
                  )}
                </>
              );
            },
          },
        ]}
      />
    </LayerConfigScreen>
  );
}
