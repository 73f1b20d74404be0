import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Input, Modal, Select, Space, Tooltip, Typography } from 'antd';
import { CheckOutlined, CloseCircleFilled, CloseOutlined, EditOutlined } from '@ant-design/icons';
import {
  EMPTY_VALUE,
  isComputedSiteField,
  parseSiteDate,
  rangeError,
  siteMessages,
  type EditValue,
  type FeatureCell,
  type SiteRecord,
} from '@planning/shared';
import { ApiError } from '../../../api/client';
import { siteDetailsMessages } from './api';

export type SaveField = (change: { cell: FeatureCell; value: EditValue; reason?: string }) => Promise<void>;
/** Back to the value the council calculated (issue 11 point 2). */
export type RevertField = (cell: FeatureCell) => Promise<void>;

type Props = {
  cell: FeatureCell;
  site: SiteRecord;
  /** The data dictionary's options for a select without its own. */
  options: string[] | null;
  canEdit: boolean;
  onSave: SaveField;
  onRevert: RevertField;
  /** A table cell shows no label of its own (its row and column say what it is). */
  hideLabel?: boolean;
};

function display(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.join(', ') : EMPTY_VALUE;
  return String(value);
}

/**
 * Spec 01 §4 inline edit: a field shown as its value, edited in place. The edit is checked here
 * as the server will check it ('Not in range {min} - {max}', dates), confirmed with a typed SAVE
 * where the config asks, and a failure leaves an error icon with the reason beside the value.
 */
export function FeatureCellEditor({ cell, site, options, canEdit, onSave, onRevert, hideLabel }: Props) {
  const value = site.properties[cell.dbPropertyName];
  const override = site.overrides.find((item) => item.field === cell.dbPropertyName);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<EditValue>(null);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const [saving, setSaving] = useState(false);
  const computed = isComputedSiteField(cell.dbPropertyName);
  const inputId = `cell-${cell.dbPropertyName}`;

  const start = () => {
    setDraft(
      cell.fieldType === 'number' && typeof value === 'number'
        ? String(value)
        : ((value as EditValue) ?? null),
    );
    setReason('');
    setFieldError(null);
    setEditing(true);
  };

  /** The draft as it will be sent, or the message that stops it. */
  const checked = (): { value: EditValue } | { error: string } => {
    if (cell.fieldType === 'number') {
      const text = typeof draft === 'string' ? draft.trim() : draft;
      if (text === '' || text === null) return { value: null };
      const number = Number(text);
      if (!Number.isFinite(number)) return { error: siteMessages.notANumber };
      const outside = rangeError(number, cell.min, cell.max);
      return outside ? { error: outside } : { value: number };
    }
    if (cell.fieldType === 'date') {
      const text = typeof draft === 'string' ? draft.trim() : '';
      if (text === '') return { value: null };
      const date = parseSiteDate(text);
      return date ? { value: date } : { error: siteMessages.notADate };
    }
    if (cell.validation?.required && (draft === null || draft === ''))
      return { error: 'This field is required' };
    return { value: draft };
  };

  const send = async (edit: EditValue) => {
    setSaving(true);
    setSaveError(null);
    try {
      await onSave({ cell, value: edit, ...(computed ? { reason: reason.trim() } : {}) });
      setEditing(false);
      setConfirming(false);
    } catch (error) {
      setSaveError(error instanceof ApiError ? error.message : siteDetailsMessages.saveFailed);
      setConfirming(false);
    } finally {
      setSaving(false);
    }
  };

  const finish = () => {
    const result = checked();
    if ('error' in result) {
      setFieldError(result.error);
      return;
    }
    if (computed && reason.trim() === '') {
      setFieldError(siteMessages.overrideReasonRequired);
      return;
    }
    setFieldError(null);
    if (cell.validation?.confirm) {
      setTyped('');
      setConfirming(true);
      return;
    }
    void send(result.value);
  };

  let control: ReactNode;
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && cell.fieldType !== 'textarea') finish();
    if (event.key === 'Escape') setEditing(false);
  };
  switch (cell.fieldType) {
    case 'select':
      control = (
        <Select
          id={inputId}
          autoFocus
          allowClear
          value={(draft as string | null) ?? undefined}
          onChange={(next) => setDraft(next ?? null)}
          options={(cell.options ?? options ?? []).map((option) => ({ label: option, value: option }))}
          style={{ minWidth: 200 }}
          aria-label={cell.label}
        />
      );
      break;
    case 'checkbox':
      control = (
        <Checkbox id={inputId} checked={draft === true} onChange={(event) => setDraft(event.target.checked)}>
          {cell.label}
        </Checkbox>
      );
      break;
    case 'textarea':
      control = (
        <Input.TextArea
          id={inputId}
          autoFocus
          value={(draft as string | null) ?? ''}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={cell.validation?.maxLength ?? 2000}
          autoSize={{ minRows: 2, maxRows: 6 }}
          aria-label={cell.label}
        />
      );
      break;
    default:
      control = (
        <Input
          id={inputId}
          autoFocus
          value={(draft as string | null) ?? ''}
          inputMode={cell.fieldType === 'number' ? 'decimal' : undefined}
          placeholder={cell.fieldType === 'date' ? 'e.g. 25 December 2026' : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={cell.validation?.maxLength ?? 2000}
          status={fieldError ? 'error' : undefined}
          aria-label={cell.label}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${inputId}-error` : undefined}
        />
      );
  }

  return (
    <div className="feature-cell" data-field={cell.dbPropertyName}>
      {!hideLabel && <span className="feature-cell__label">{cell.label}</span>}
      {editing ? (
        <div className="feature-cell__editor">
          <Space.Compact block>
            {control}
            <Button
              type="primary"
              icon={<CheckOutlined aria-hidden />}
              onClick={finish}
              loading={saving}
              aria-label={`Save ${cell.label}`}
            />
            <Button
              icon={<CloseOutlined aria-hidden />}
              onClick={() => setEditing(false)}
              aria-label="Cancel"
            />
          </Space.Compact>
          {computed && (
            <Input
              className="feature-cell__reason"
              placeholder="Reason for overriding the calculated value"
              aria-label="Reason for the override"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              onKeyDown={onKeyDown}
              maxLength={1000}
            />
          )}
          {fieldError && (
            <Typography.Text type="danger" id={`${inputId}-error`} role="alert">
              {fieldError}
            </Typography.Text>
          )}
        </div>
      ) : (
        <span className="feature-cell__value">
          <span>{display(value)}</span>
          {override && (
            <Tooltip
              title={`Calculated: ${display(override.computedValue)}. ${override.userName}: ${override.reason}`}
            >
              <span className="feature-cell__override">(overridden)</span>
            </Tooltip>
          )}
          {override && canEdit && (
            <Button
              type="link"
              size="small"
              loading={saving}
              aria-label={`Revert ${cell.label} to the calculated value`}
              onClick={() => {
                setSaving(true);
                setSaveError(null);
                onRevert(cell)
                  .catch((error: unknown) =>
                    setSaveError(error instanceof ApiError ? error.message : siteDetailsMessages.saveFailed),
                  )
                  .finally(() => setSaving(false));
              }}
            >
              Revert
            </Button>
          )}
          {saveError && (
            <Tooltip title={saveError}>
              <CloseCircleFilled
                className="feature-cell__error"
                aria-label={`Not saved: ${saveError}`}
                role="img"
              />
            </Tooltip>
          )}
          {saveError && (
            <span className="visually-hidden" role="alert">
              {saveError}
            </span>
          )}
          {canEdit && !cell.readOnly && (
            <Button
              type="text"
              size="small"
              icon={<EditOutlined aria-hidden />}
              onClick={start}
              aria-label={`Edit ${cell.label}`}
            />
          )}
        </span>
      )}
      <Modal
        open={confirming}
        title={`Save ${cell.label}?`}
        okText="Save"
        okButtonProps={{ disabled: typed !== siteMessages.typeSave, loading: saving }}
        onOk={() => {
          const result = checked();
          if ('value' in result) void send(result.value);
        }}
        onCancel={() => setConfirming(false)}
        destroyOnHidden
      >
        <p>
          Type <strong>{siteMessages.typeSave}</strong> to confirm the change.
        </p>
        <Input
          autoFocus
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          aria-label={`Type ${siteMessages.typeSave} to confirm`}
        />
      </Modal>
    </div>
  );
}
