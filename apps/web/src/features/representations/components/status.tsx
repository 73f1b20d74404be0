import { Tag } from 'antd';
import {
  representationStatuses,
  type ConsultationSettings,
  type RepresentationStatus,
} from '@planning/shared';
import { statusColour } from '../format';

/** A status in its colour (spec 02 §4), solid so its white text keeps its contrast. */
export function StatusTag({
  status,
  settings,
}: {
  status: RepresentationStatus;
  settings: ConsultationSettings | undefined;
}) {
  return (
    <Tag color={statusColour(status, settings)} variant="solid" className="rep-status">
      {status}
    </Tag>
  );
}

/** Spec 02 §4: the eight statuses in order, each with its colour. */
export function statusOptions(settings: ConsultationSettings | undefined) {
  const names = settings?.statuses.map((entry) => entry.name) ?? representationStatuses;
  return names.map((name) => ({
    value: name,
    label: (
      <span className="rep-status-option">
        <span
          className="rep-status-option__swatch"
          style={{ background: statusColour(name, settings) }}
          aria-hidden
        />
        {name}
      </span>
    ),
    title: name,
  }));
}

export const editorPath = (id: string) =>
  `/consultations/representations/editor?representationId=${encodeURIComponent(id)}`;
