import { BarChartOutlined, CompassOutlined, TableOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, theme as antdTheme } from 'antd';
import { mixHex, readableTextOn } from '../../components/color';
import { isHex } from './colourFields';

type Props = {
  rawName: string;
  logo: string | null;
  mainColor: string;
  headerColor: string;
  mode: 'light' | 'dark';
};

/**
 * The header and side bar as they will look with these colours, before saving: the header in its
 * colour (the main colour when none is set), the current menu entry tinted, a primary button.
 */
export function BrandPreview({ rawName, logo, mainColor, headerColor, mode }: Props) {
  const main = isHex(mainColor) ? mainColor : '#1d4f91';
  const header = isHex(headerColor) ? headerColor : main;
  const selectedBg = mode === 'dark' ? main : mixHex(main, '#ffffff', 0.88);
  const selectedText = mode === 'dark' ? readableTextOn(main) : main;
  return (
    <figure className={`brand-preview${mode === 'dark' ? ' brand-preview--dark' : ''}`} aria-label="Preview">
      <div
        className="brand-preview__header"
        data-testid="brand-preview-header"
        style={{ background: header, color: readableTextOn(header) }}
      >
        {logo && <img src={logo} alt="" />}
        <span>{rawName || 'Council name'}</span>
      </div>
      <div className="brand-preview__body">
        <div className="brand-preview__side" aria-hidden>
          <div className="brand-preview__item">
            <TableOutlined /> Table
          </div>
          <div className="brand-preview__item" style={{ background: selectedBg, color: selectedText }}>
            <CompassOutlined /> Map
          </div>
          <div className="brand-preview__item">
            <BarChartOutlined /> Analysis
          </div>
        </div>
        <div className="brand-preview__content">
          <ConfigProvider
            theme={{
              algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
              token: { colorPrimary: main },
            }}
          >
            <Button type="primary" tabIndex={-1} aria-hidden>
              Save
            </Button>{' '}
            <Button tabIndex={-1} aria-hidden>
              Cancel
            </Button>
          </ConfigProvider>
        </div>
      </div>
      <figcaption className="visually-hidden">
        Preview of the header and side bar with the chosen colours
      </figcaption>
    </figure>
  );
}
