/** Issue 16: council settings (migration 0029). */
export type CouncilSettingsTables = Record<never, never>;
