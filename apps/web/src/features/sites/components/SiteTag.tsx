import { Tag } from 'antd';
import { tagChipColours, tagColour } from '../tagColour';

/** A site's tag, in its own colour (or the palette's for its name), readable whatever the colour. */
export function SiteTag({ name, color }: { name: string; color?: string | null }) {
  return <Tag style={tagChipColours(color ?? tagColour(name))}>{name}</Tag>;
}
