import {
  fieldKind,
  parseSiteDate,
  rangeError,
  SITE_RECORD_LIMITS,
  siteMessages,
  type EditValue,
  type SiteFieldType,
} from '@planning/shared';
import { badRequest } from '../../lib/errors';
import { INTEGER_COLUMNS, SITE_COLUMNS } from '../search/search.compile';

/** A data dictionary entry with what an edit is checked against. */
export type EditableField = {
  name: string;
  label: string;
  fieldType: SiteFieldType;
  storage: 'column' | 'attribute';
  min: number | null;
  max: number | null;
  options: string[] | null;
};

/** A stored value: what goes into the column, or into `attributes` as JSON. */
export type StoredValue = string | number | boolean | string[] | null;

// Kinds of field an inline edit cannot change: tags have their own calls, the rest are documents.
const NOT_EDITABLE = new Set<SiteFieldType>(['tags', 'json', 'geojson', 'layer']);
// Columns that identify a site row rather than describe it.
const IDENTITY_COLUMNS = new Set(['id_unique', 'scenario_name']);

/** The field a dictionary names, if an inline edit may change it; otherwise a 400 saying why. */
export function editableField(dictionary: ReadonlyMap<string, EditableField>, name: string): EditableField {
  const field = dictionary.get(name);
  if (!field) throw badRequest(siteMessages.fieldUnknown);
  if (NOT_EDITABLE.has(field.fieldType) || IDENTITY_COLUMNS.has(name))
    throw badRequest(siteMessages.fieldNotEditable);
  if (field.storage === 'column' && !SITE_COLUMNS.has(name)) throw badRequest(siteMessages.fieldNotEditable);
  return field;
}

const invalid = (field: EditableField, message: string) =>
  badRequest(message, [{ path: field.name, message }]);

/**
 * An edited value checked against its field and put in the form it is stored in: numbers within
 * the field's limits (spec 01 §5 'Not in range {min} - {max}'), dates in any of the six formats as
 * yyyy-MM-dd, options from the field's list; an empty value clears the field.
 */
export function normaliseEditValue(field: EditableField, value: EditValue): StoredValue {
  if (value === null || value === '') return null;
  const kind = fieldKind(field.fieldType);
  switch (kind) {
    case 'number': {
      const number =
        typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
      if (!Number.isFinite(number)) throw invalid(field, siteMessages.notANumber);
      const whole = field.storage === 'column' && INTEGER_COLUMNS.has(field.name);
      if (whole && !Number.isInteger(number)) throw invalid(field, siteMessages.wholeNumber);
      const outside = rangeError(number, field.min, field.max);
      if (outside) throw invalid(field, outside);
      return number;
    }
    case 'boolean':
      if (typeof value !== 'boolean') throw invalid(field, siteMessages.notABoolean);
      return value;
    case 'date': {
      const date = typeof value === 'string' ? parseSiteDate(value) : null;
      if (!date) throw invalid(field, siteMessages.notADate);
      return date;
    }
    case 'array': {
      const items = Array.isArray(value) ? value : typeof value === 'string' ? [value] : null;
      if (!items) throw invalid(field, siteMessages.notAnOption);
      if (field.options && items.some((item) => !field.options!.includes(item))) {
        throw invalid(field, siteMessages.notAnOption);
      }
      return [...new Set(items)];
    }
    default: {
      const text =
        typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : null;
      if (text === null) throw invalid(field, siteMessages.notAnOption);
      if (text.length > SITE_RECORD_LIMITS.textMax) throw invalid(field, siteMessages.textTooLong);
      if (field.options && !field.options.includes(text)) throw invalid(field, siteMessages.notAnOption);
      return text === '' ? null : text;
    }
  }
}

/** A value as read from the database (numeric columns arrive as text) in the form an edit stores. */
export function readValue(field: EditableField, raw: unknown): StoredValue {
  if (raw === null || raw === undefined) return null;
  if (fieldKind(field.fieldType) === 'number') {
    const number = Number(raw);
    return Number.isFinite(number) ? number : null;
  }
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw === 'boolean' || typeof raw === 'number') return raw;
  return String(raw);
}
