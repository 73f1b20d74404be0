import type { LayerField } from '@planning/shared';

/** A layer's field as a choice names it: 'Zone (zone)', or the bare name where a label adds nothing. */
export const fieldChoiceLabel = (field: LayerField): string =>
  field.label && field.label !== field.name ? `${field.label} (${field.name})` : field.name;
