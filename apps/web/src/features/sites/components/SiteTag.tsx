import { Tag } from 'antd';
import { tagChipColours, tagColour } from '../tagColour';

/** A site's tag, in its own colour (or the palette's for its name), readable whatever the colour. */
export function SiteTag({
  name,
  color,
  onRemove,
}: {
  name: string;
  color?: string | null;
  onRemove?: () => void;
}) {
  return (
    <Tag
      style={tagChipColours(color ?? tagColour(name))}
      closable={Boolean(onRemove)}
      onClose={(event) => {
        event.preventDefault();
        onRemove?.();
      }}
      closeIcon={onRemove ? <span aria-label={`Remove tag ${name}`}>×</span> : undefined}
    >
      {name}
    </Tag>
  );
}
