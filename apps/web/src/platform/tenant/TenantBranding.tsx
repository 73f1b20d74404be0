import { useEffect, useMemo, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme, type ThemeConfig } from 'antd';
import type { CurrentTenant } from '@planning/shared';
import { NOTICE_PLACEMENT } from '../notices/errorNotice';
import { NotificationBridge } from '../notices/NotificationBridge';
import { useMediaQuery } from '../../components/useMediaQuery';
import { tenantThemeTokens } from './tenantTheme';

export const DEFAULT_DOCUMENT_TITLE = 'Planning';
const NO_WAVE = { disabled: true };

type TenantBrandingProps = {
  /** Absent until the council is known (the picker, the first load): antd's defaults then. */
  tenant: CurrentTenant['tenant'] | undefined;
  children: ReactNode;
};

/** The council's colours for every antd component, its name as the page title, its mark as favicon. */
export function TenantBranding({ tenant, children }: TenantBrandingProps) {
  const mainColor = tenant?.mainColor;
  const mode = tenant?.theme.mode ?? 'light';
  // Someone who asked their system for less motion gets dialogs, drawers and menus that appear
  // at once (WCAG 2.3.3), and no ripple fading for 2 s round a pressed button (antd's wave, which
  // its motion token does not turn off); the map's own camera moves follow the same setting.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const themeConfig = useMemo<ThemeConfig>(() => {
    const tokens: ThemeConfig = mainColor ? tenantThemeTokens({ mainColor, theme: { mode } }) : {};
    return {
      algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
      ...tokens,
      token: { ...tokens.token, motion: !reducedMotion },
    };
  }, [mainColor, mode, reducedMotion]);

  const rawName = tenant?.rawName;
  useEffect(() => {
    document.title = rawName ?? DEFAULT_DOCUMENT_TITLE;
  }, [rawName]);

  const smallLogo = tenant?.smallLogo ?? null;
  useEffect(() => {
    setFavicon(smallLogo);
  }, [smallLogo]);

  return (
    <ConfigProvider theme={themeConfig} wave={reducedMotion ? NO_WAVE : undefined}>
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
