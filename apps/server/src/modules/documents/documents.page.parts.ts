import { contrastRatio } from '@planning/shared';

/**
 * The server-drawn document page's fixed parts (documents.page.ts): the icons the app draws with
 * @ant-design/icons, as it renders them, and the styles antd would otherwise inject at run time.
 */
const icon = (name: string, path: string) =>
  `<span role="img" aria-label="${name}" aria-hidden="true" class="anticon anticon-${name}"><svg viewBox="64 64 896 896" focusable="false" data-icon="${name}" width="1em" height="1em" fill="currentColor" aria-hidden="true"><path d="${path}"></path></svg></span>`;

export const ICONS = {
  download: icon(
    'download',
    'M505.7 661a8 8 0 0012.6 0l112-141.7c4.1-5.2.4-12.9-6.3-12.9h-74.1V168c0-4.4-3.6-8-8-8h-60c-4.4 0-8 3.6-8 8v338.3H400c-6.7 0-10.4 7.7-6.3 12.9l112 141.8zM878 626h-60c-4.4 0-8 3.6-8 8v154H214V634c0-4.4-3.6-8-8-8h-60c-4.4 0-8 3.6-8 8v198c0 17.7 14.3 32 32 32h684c17.7 0 32-14.3 32-32V634c0-4.4-3.6-8-8-8z',
  ),
  down: icon(
    'down',
    'M884 256h-75c-5.1 0-9.9 2.5-12.9 6.6L512 654.2 227.9 262.6c-3-4.1-7.8-6.6-12.9-6.6h-75c-6.5 0-10.3 7.4-6.5 12.7l352.6 486.1c12.8 17.6 39 17.6 51.7 0l352.6-486.1c3.9-5.3.1-12.7-6.4-12.7z',
  ),
  share: icon(
    'share-alt',
    'M752 664c-28.5 0-54.8 10-75.4 26.7L469.4 540.8a160.68 160.68 0 000-57.6l207.2-149.9C697.2 350 723.5 360 752 360c66.2 0 120-53.8 120-120s-53.8-120-120-120-120 53.8-120 120c0 11.6 1.6 22.7 4.7 33.3L439.9 415.8C410.7 377.1 364.3 352 312 352c-88.4 0-160 71.6-160 160s71.6 160 160 160c52.3 0 98.7-25.1 127.9-63.8l196.8 142.5c-3.1 10.6-4.7 21.8-4.7 33.3 0 66.2 53.8 120 120 120s120-53.8 120-120-53.8-120-120-120zm0-476c28.7 0 52 23.3 52 52s-23.3 52-52 52-52-23.3-52-52 23.3-52 52-52zM312 600c-48.5 0-88-39.5-88-88s39.5-88 88-88 88 39.5 88 88-39.5 88-88 88zm440 236c-28.7 0-52-23.3-52-52s23.3-52 52-52 52 23.3 52 52-23.3 52-52 52z',
  ),
  link: icon(
    'link',
    'M574 665.4a8.03 8.03 0 00-11.3 0L446.5 781.6c-53.8 53.8-144.6 59.5-204 0-59.5-59.5-53.8-150.2 0-204l116.2-116.2c3.1-3.1 3.1-8.2 0-11.3l-39.8-39.8a8.03 8.03 0 00-11.3 0L191.4 526.5c-84.6 84.6-84.6 221.5 0 306s221.5 84.6 306 0l116.2-116.2c3.1-3.1 3.1-8.2 0-11.3L574 665.4zm258.6-474c-84.6-84.6-221.5-84.6-306 0L410.3 307.6a8.03 8.03 0 000 11.3l39.7 39.7c3.1 3.1 8.2 3.1 11.3 0l116.2-116.2c53.8-53.8 144.6-59.5 204 0 59.5 59.5 53.8 150.2 0 204L665.3 562.6a8.03 8.03 0 000 11.3l39.8 39.8c3.1 3.1 8.2 3.1 11.3 0l116.2-116.2c84.5-84.6 84.5-221.5 0-306.1zM610.1 372.3a8.03 8.03 0 00-11.3 0L372.3 598.7a8.03 8.03 0 000 11.3l39.6 39.6c3.1 3.1 8.2 3.1 11.3 0l226.4-226.4c3.1-3.1 3.1-8.2 0-11.3l-39.5-39.6z',
  ),
};

/**
 * What antd's App and icons inject at run time (light theme), and which contents form shows: the
 * app picks the folded one below 1080 px (NARROW_LAYOUT) with script, this page with CSS.
 */
export const SERVER_PAGE_CSS =
  ".ant-app{color:rgba(0,0,0,0.88);font-size:14px;line-height:1.5714285714285714;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif,'Apple Color Emoji','Segoe UI Emoji','Segoe UI Symbol','Noto Color Emoji'}" +
  '.anticon{display:inline-flex;align-items:center;color:inherit;font-style:normal;line-height:0;text-align:center;text-transform:none;vertical-align:-0.125em;text-rendering:optimizeLegibility;-webkit-font-smoothing:antialiased;-moz-osx-font-smoothing:grayscale}.anticon>*{line-height:1}.anticon svg{display:inline-block}' +
  // antd's link style, which the app puts under its App (text-decoration none; its colour below).
  ':where(#server-page) a{text-decoration:none;background-color:transparent;cursor:pointer}' +
  '.server-page__wide{display:contents}' +
  '@media (max-width:1079.98px){.server-page__wide{display:none}}' +
  '@media (min-width:1080px){.server-page__narrow{display:none}}';

const HEX = /^#[0-9a-f]{3,8}$/i;
/** A stored colour as CSS: only a hex colour goes into the page's style. */
const hex = (colour: string | undefined, fallback: string) =>
  colour && HEX.test(colour) ? colour : fallback;

/** antd's link colour as the app's theme sets it: the council's colour where it reads on white. */
export function linkColor(mainColor: string, mode: 'light' | 'dark'): string {
  const main = hex(mainColor, '#1677ff');
  return mode === 'light' && contrastRatio(main, '#ffffff') >= 4.5 ? main : '#1677ff';
}

/** As the web's headerColors: the header's own colour when set, else the main one, readable text. */
export function headerColors(mainColor: string, headerColor: string | undefined) {
  const background = hex(headerColor ?? mainColor, '#1677ff');
  return { background, color: contrastRatio('#ffffff', background) >= 4.5 ? '#ffffff' : '#141414' };
}
