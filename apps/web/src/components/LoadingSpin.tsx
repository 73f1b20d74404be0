import { Spin, type SpinProps } from 'antd';

type LoadingSpinProps = Omit<SpinProps, 'aria-label'> & {
  /** What is loading, read out by screen readers ("Loading users"). */
  label: string;
};

/**
 * A spinner in its place that says what is loading: a status region holding the words. antd's own
 * box has no role, so a label on it is one axe refuses (aria-prohibited-attr).
 */
export function LoadingSpin({ label, ...spin }: LoadingSpinProps) {
  return (
    <div role="status" className="loading-spin">
      <Spin {...spin} />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
