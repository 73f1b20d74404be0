import { Alert, Spin } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { configMessages } from '@planning/shared';
import type { DraftCheck } from '../hooks/useConfigDraft';

const phaseWords = { resolving: 'Resolving links…', validating: 'Validating…', ready: '' } as const;

/**
 * The validation result (spec 03 §2): 'Config is valid' with a mark, or 'Config is invalid' (or
 * why a link failed) with each problem's path and message. Announced as it changes.
 */
export function ValidationPanel({
  check,
  lastCheck,
  onShowProblem,
}: {
  check: DraftCheck | null;
  lastCheck: DraftCheck | null;
  onShowProblem?: (path: string) => void;
}) {
  const shown = check ?? lastCheck;
  return (
    <section className="config-validation" aria-labelledby="config-validation-heading">
      <h2 id="config-validation-heading" className="config-editor__side-heading">
        Validation
      </h2>
      <div aria-live="polite">
        {(!check || check.phase !== 'ready') && (
          <p className="config-validation__phase" role="status">
            <Spin size="small" /> {phaseWords[check?.phase ?? 'validating']}
          </p>
        )}
        {shown &&
          (shown.validation.valid ? (
            <p className="config-validation__valid">
              <CheckCircleFilled aria-hidden /> {configMessages.valid}
            </p>
          ) : (
            <Alert
              type="error"
              showIcon
              title={shown.validation.message}
              description={
                shown.validation.issues.length > 0 && (
                  <ul className="config-validation__issues">
                    {shown.validation.issues.map((issue, index) => (
                      <li key={`${issue.path}-${index}`}>
                        {issue.path !== '' &&
                          (onShowProblem ? (
                            <button
                              type="button"
                              className="config-validation__path"
                              aria-label={`${issue.path} (show in the JSON)`}
                              onClick={() => onShowProblem(issue.path)}
                            >
                              {issue.path}
                            </button>
                          ) : (
                            <code className="config-validation__path">{issue.path}</code>
                          ))}
                        {issue.message}
                      </li>
                    ))}
                  </ul>
                )
              }
            />
          ))}
      </div>
    </section>
  );
}
