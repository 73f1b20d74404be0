import { useEffect, useMemo, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme, type ThemeConfig } from 'antd';
import type { CurrentTenant } from '@planning/shared';
import { NOTICE_PLACEMENT } from '../notices/errorNotice';
import { NotificationBridge } from '../notices/NotificationBridge';
import { tenantThemeTokens } from './tenantTheme';

export const DEFAULT_DOCUMENT_TITLE = 'Planning';

type TenantBrandingProps = {
  /** Absent until the council is known (the picker, the first load): antd's defaults then. */
  tenant: CurrentTenant['tenant'] | undefined;
  children: ReactNode;
};

/** The council's colours for every antd component, its name as the page title, its mark as favicon. */
export function TenantBranding({ tenant, children }: TenantBrandingProps) {
  const mainColor = tenant?.mainColor;
  const mode = tenant?.theme.mode ?? 'light';
  const themeConfig = useMemo<ThemeConfig>(
    () => ({
      algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
      ...(mainColor ? tenantThemeTokens({ mainColor, theme: { mode } }) : {}),
    }),
    [mainColor, mode],
  );

  const rawName = tenant?.rawName;
  useEffect(() => {
    document.title = rawName ?? DEFAULT_DOCUMENT_TITLE;
  }, [rawName]);

  const smallLogo = tenant?.smallLogo ?? null;
  useEffect(() => {
    setFavicon(smallLogo);
  }, [smallLogo]);

  return (
    <ConfigProvider theme={themeConfig}>
      <AntApp className="app-root" notification={{ placement: NOTICE_PLACEMENT }}>
        <NotificationBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

function setFavicon(href: string | null) {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!href) {
    link?.remove();
    return;
  }
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  link.type = href.endsWith('.svg') ? 'image/svg+xml' : '';
  link.href = href;
}
