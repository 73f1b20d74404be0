import { Spin } from 'antd';

type FullPageSpinProps = {
  /** What is loading, read out by screen readers ("Loading your council"). */
  label: string;
};

/** A centred spinner that fills the window while something the whole page needs is loading. */
export function FullPageSpin({ label }: FullPageSpinProps) {
  return (
    <div className="full-page-center" role="status" aria-label={label}>
      <Spin size="large" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
