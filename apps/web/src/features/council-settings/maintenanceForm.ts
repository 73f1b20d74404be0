import type { CouncilMaintenance } from '@planning/shared';

/** The pages people most often take down, offered as the route box is typed in. */
export const suggestedRoutes = [
  { value: '/map', label: '/map: site search map' },
  { value: '/table', label: '/table: sites table' },
  { value: '/data-export', label: '/data-export: data export' },
  { value: '/site', label: '/site: site details' },
  { value: '/list', label: '/list: site lists' },
  { value: '/documents', label: '/documents: Doc Builder' },
  { value: '/consultations/representations', label: '/consultations/representations: Rep Manager' },
  { value: '/document/response-analysis', label: '/document/response-analysis: Analysis' },
  { value: '/p/document', label: '/p/document: public documents' },
  { value: '/notifications', label: '/notifications: notifications' },
  { value: '/events', label: '/events: events' },
];

export type MaintenanceValues = {
  global: { active: boolean; until: string; message: string };
  pages: { route: string; active: boolean; until: string }[];
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local box shows it: the browser's own time zone, to the minute. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (local time) as an ISO instant; empty is "until switched off". */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

export function toMaintenanceValues(maintenance: CouncilMaintenance): MaintenanceValues {
  return {
    global: {
      active: maintenance.global.active,
      until: toLocalInput(maintenance.global.until),
      message: maintenance.global.message ?? '',
    },
    pages: maintenance.pages.map((page) => ({ ...page, until: toLocalInput(page.until) })),
  };
}

export function fromMaintenanceValues(values: MaintenanceValues): CouncilMaintenance {
  return {
    global: {
      active: values.global.active,
      until: fromLocalInput(values.global.until),
      message: values.global.message.trim() || null,
    },
    pages: (values.pages ?? []).map((page) => ({
      route: page.route.trim(),
      active: page.active,
      until: fromLocalInput(page.until),
    })),
  };
}
