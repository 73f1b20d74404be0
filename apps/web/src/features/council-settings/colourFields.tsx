import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { ColorPicker, Input } from 'antd';
import {
  BRAND_TEXT_COLOUR,
  brandColourIssue,
  contrastRatio,
  formatContrastRatio,
  hexColorSchema,
  WCAG_AA_NORMAL_TEXT,
  type BrandColour,
} from '@planning/shared';

export const isHex = (value: string | undefined): value is string =>
  value !== undefined && hexColorSchema.safeParse(value).success;

type ColourInputProps = {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  label: string;
  /** Shown in the swatch and the box when empty (the header falls back to the main colour). */
  placeholder?: string;
  allowClear?: boolean;
  describedBy?: string;
};

/** A hex box to type in and a swatch that opens antd's picker; both edit the same value. */
export function ColourInput({
  id,
  value,
  onChange,
  label,
  placeholder,
  allowClear,
  describedBy,
}: ColourInputProps) {
  return (
    <div className="council-settings__colour-row">
      <ColorPicker
        value={isHex(value) ? value : (placeholder ?? null)}
        format="hex"
        disabledAlpha
        allowClear={allowClear}
        onChangeComplete={(colour) => onChange?.(colour.toHexString())}
        onClear={() => onChange?.('')}
      >
        <button
          type="button"
          className="council-settings__swatch"
          aria-label={`Pick the ${label.toLowerCase()}`}
        >
          <span style={{ background: isHex(value) ? value : (placeholder ?? 'transparent') }} />
        </button>
      </ColorPicker>
      <Input
        id={id}
        className="council-settings__hex"
        value={value}
        placeholder={placeholder}
        aria-describedby={describedBy}
        maxLength={7}
        onChange={(event) => onChange?.(event.target.value.trim())}
      />
    </div>
  );
}

/** The live contrast of white text on a colour, with AA's pass or fail, read out as it changes. */
export function ContrastStatus({ which, colour, id }: { which: BrandColour; colour: string; id: string }) {
  if (!isHex(colour)) return null;
  const ratio = contrastRatio(BRAND_TEXT_COLOUR, colour);
  const issue = brandColourIssue(which, colour);
  return (
    <div id={id} className="council-settings__contrast" role="status" aria-live="polite">
      <span
        className="council-settings__contrast-sample"
        style={{ background: colour, color: BRAND_TEXT_COLOUR, padding: '2px 8px', borderRadius: 4 }}
      >
        Aa
      </span>
      {issue ? (
        <>
          <CloseCircleFilled style={{ color: '#c5221f' }} aria-hidden />
          <span>
            Contrast {formatContrastRatio(ratio)}: <strong>fails AA</strong> (needs {WCAG_AA_NORMAL_TEXT}:1
            for white text)
          </span>
        </>
      ) : (
        <>
          <CheckCircleFilled style={{ color: '#00703c' }} aria-hidden />
          <span>
            Contrast {formatContrastRatio(ratio)}: <strong>passes AA</strong>
          </span>
        </>
      )}
    </div>
  );
}
