import { Collapse, Tabs } from 'antd';
import type { FeatureCell, FeatureContent, SiteFeaturesConfig, SiteRecord } from '@planning/shared';
import { FeatureCellEditor, type RevertField, type SaveField } from './FeatureCellEditor';

type Props = {
  config: SiteFeaturesConfig;
  site: SiteRecord;
  /** The data dictionary's options by field, for selects without their own. */
  options: Record<string, string[] | null>;
  canEdit: boolean;
  onSave: SaveField;
  onRevert: RevertField;
};

/** Spec 03 §3.2 Site features: the council's tabs, each of FIELD, CONTAINER and TABLE items. */
export function SiteFeaturesPanel({ config, site, options, canEdit, onSave, onRevert }: Props) {
  const cell = (item: FeatureCell, hideLabel = false) => (
    <FeatureCellEditor
      key={item.dbPropertyName}
      cell={item}
      site={site}
      options={options[item.dbPropertyName] ?? null}
      canEdit={canEdit}
      onSave={onSave}
      onRevert={onRevert}
      hideLabel={hideLabel}
    />
  );
  const content = (item: FeatureContent, index: number) => {
    switch (item.type) {
      case 'FIELD':
        return <div key={index}>{cell(item.cell)}</div>;
      case 'CONTAINER':
        return item.display === 'accordion' ? (
          <Collapse
            key={index}
            size="small"
            defaultActiveKey={['content']}
            items={[{ key: 'content', label: item.title, children: item.cells.map((one) => cell(one)) }]}
          />
        ) : (
          <fieldset key={index} className="feature-group">
            <legend>{item.title}</legend>
            {item.cells.map((one) => cell(one))}
          </fieldset>
        );
      case 'TABLE': {
        const header = item.signedBy !== 'firstColumn';
        const firstColumn = item.signedBy !== 'header';
        return (
          <table key={index} className="feature-table">
            {item.title && <caption>{item.title}</caption>}
            {header && (
              <thead>
                <tr>
                  {item.columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
            )}
            <tbody>
              {item.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {firstColumn && <th scope="row">{row.label}</th>}
                  {row.cells.map((one) => (
                    <td key={one.dbPropertyName}>{cell(one, true)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        );
      }
    }
  };
  return (
    <Tabs
      className="site-features"
      items={config.tabs
        .filter((tab) => tab.visible)
        .map((tab) => ({
          key: tab.id,
          label: tab.tabTitle,
          children: <div className="site-features__tab">{tab.content.map(content)}</div>,
        }))}
    />
  );
}
