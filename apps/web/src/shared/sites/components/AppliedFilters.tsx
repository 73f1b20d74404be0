import { Button, Tag } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { describeFilterValues, type FilterValues, type SiteSearchConfig } from '@planning/shared';

type AppliedFiltersProps = {
  config: SiteSearchConfig;
  values: FilterValues;
  hasArea: boolean;
  onRemove: (dbPropertyName: string) => void;
  onRemoveArea: () => void;
  onChange: () => void;
};

/**
 * Which filters the results follow (the map's search, kept per council), each removable, and the
 * way to change them: /table has no filter panel of its own.
 */
export function AppliedFilters({
  config,
  values,
  hasArea,
  onRemove,
  onRemoveArea,
  onChange,
}: AppliedFiltersProps) {
  const applied = describeFilterValues(config, values);
  return (
    <section className="applied-filters" aria-label="Filters applied">
      {applied.length === 0 && !hasArea ? (
        <span className="applied-filters__none">No filters: every site</span>
      ) : (
        <ul className="applied-filters__list">
          {applied.map((filter) => (
            <li key={filter.dbPropertyName}>
              <Tag
                closable
                closeIcon={<span aria-label={`Remove the ${filter.label} filter`}>×</span>}
                onClose={(event) => {
                  event.preventDefault();
                  onRemove(filter.dbPropertyName);
                }}
              >
                {filter.label}: {filter.text}
              </Tag>
            </li>
          ))}
          {hasArea && (
            <li>
              <Tag
                closable
                closeIcon={<span aria-label="Remove the drawn area">×</span>}
                onClose={(event) => {
                  event.preventDefault();
                  onRemoveArea();
                }}
              >
                In the drawn area
              </Tag>
            </li>
          )}
        </ul>
      )}
      <Button size="small" icon={<FilterOutlined aria-hidden />} onClick={onChange}>
        Change filters
      </Button>
    </section>
  );
}
