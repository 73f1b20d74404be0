import { useEffect, useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Input, Popconfirm, Space } from 'antd';
import {
  REPRESENTATION_LIMITS as L,
  representationMessages as m,
  responseInputSchema,
  type ConsultationResponse,
} from '@planning/shared';
import { ApiError } from '../../../api/client';
import { Permitted } from '../../../platform/access/Permitted';
import { useAccess } from '../../../platform/session/hooks';
import { deleteResponse, responseQueryKeys, saveResponse, type ResponseTarget } from '../api';
import { errorText } from '../format';
import { ResponseTextEditor } from './ResponseTextEditor';
import { TemplatePicker } from './TemplatePicker';

export const WRITE = [{ unit: 'consultations', action: 'write' }] as const;
export const DELETE = [{ unit: 'consultations', action: 'delete' }] as const;

type Field = 'description' | 'text';
type Errors = Partial<Record<Field, string>>;

type ResponseFormProps = {
  target: ResponseTarget;
  /** The response to edit, or null to create a new one. */
  response: ConsultationResponse | null;
  onSaved?: (response: ConsultationResponse) => void;
  onDeleted?: () => void;
  /** Told whenever the form starts or stops holding unsaved input. */
  onDirtyChange?: (dirty: boolean) => void;
};

const live = (field: Field, value: string): string | undefined => {
  if (field === 'description')
    return value.trim().length > L.responseTitleMax ? m.responseTitleTooLong : undefined;
  const result = responseInputSchema.shape.text.safeParse(value);
  const tooLong = !result.success && result.error.issues.some((issue) => issue.message === m.responseTooLong);
  return tooLong ? m.responseTooLong : undefined;
};

/** Field issues of a refused save ('body.responses.0.text'), and the server's content messages. */
function serverErrors(error: unknown): Errors {
  if (!(error instanceof ApiError)) return {};
  const errors: Errors = {};
  for (const issue of error.issues) {
    if (issue.path.endsWith('.description')) errors.description ??= issue.message;
    if (issue.path.endsWith('.text')) errors.text ??= issue.message;
  }
  if (error.message === m.responseTooLong || error.message === m.responseRequired)
    errors.text ??= error.message;
  return errors;
}

/**
 * Spec 02 §4 Flows "Response: select a response (or create new), then create": the one response
 * form of the response manager and its drawer. A title (2000 at most), the text (8000 plain
 * characters at most, counted as typed), 'Use template', 'Save as template', Save, and Delete for a
 * response already saved.
 */
export function ResponseForm({ target, response, onSaved, onDeleted, onDirtyChange }: ResponseFormProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const titleId = useId();
  const { permitted: canWrite } = useAccess(WRITE);
  const [description, setDescription] = useState(response?.description ?? '');
  const [text, setText] = useState(response?.text ?? '');
  const [useAsTemplate, setUseAsTemplate] = useState(response?.useAsTemplate ?? false);
  // Errors found when saving; each goes once its field is changed.
  const [sent, setSent] = useState<Errors>({});

  const dirty =
    description !== (response?.description ?? '') ||
    text !== (response?.text ?? '') ||
    useAsTemplate !== (response?.useAsTemplate ?? false);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: responseQueryKeys.all });
  const save = useMutation({
    mutationFn: () =>
      saveResponse(target, { ...(response ? { id: response.id } : {}), description, text, useAsTemplate }),
    onSuccess: (saved) => {
      void message.success(m.succeeded('response saved'));
      void refresh();
      onSaved?.(saved);
    },
    onError: (error) => setSent(serverErrors(error)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteResponse(id),
    onSuccess: () => {
      void message.success(m.succeeded('response deleted'));
      void refresh();
      onDeleted?.();
    },
  });

  const errors: Errors = {
    description: sent.description ?? live('description', description),
    text: sent.text ?? live('text', text),
  };
  const change = (field: Field) => {
    save.reset();
    setSent((current) => ({ ...current, [field]: undefined }));
  };

  const handleSave = () => {
    const result = responseInputSchema.safeParse({ description, text, useAsTemplate });
    if (!result.success) {
      const found: Errors = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0];
        if (field === 'description' || field === 'text') found[field] ??= issue.message;
      }
      setSent(found);
      return;
    }
    save.mutate();
  };

  const generalError = save.isError && Object.keys(serverErrors(save.error)).length === 0 ? save.error : null;

  return (
    <form
      className="response-form"
      aria-label={response ? `Edit response ${response.description}` : 'New response'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        handleSave();
      }}
    >
      <div className="response-form__top">
        <Permitted needs={WRITE}>
          <TemplatePicker
            disabled={!canWrite}
            onPick={(template) => {
              setDescription(template.description);
              setText(template.text);
              setSent({});
              save.reset();
            }}
          />
        </Permitted>
      </div>

      <div className="response-form__field">
        <label htmlFor={titleId} className="response-form__label">
          Title
        </label>
        <Input
          id={titleId}
          value={description}
          readOnly={!canWrite}
          count={{ show: true, max: L.responseTitleMax }}
          status={errors.description ? 'error' : undefined}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${titleId}-error` : undefined}
          onChange={(event) => {
            setDescription(event.target.value);
            change('description');
          }}
        />
        {errors.description && (
          <div id={`${titleId}-error`} role="alert" className="response-text__error">
            {errors.description}
          </div>
        )}
      </div>

      <ResponseTextEditor
        label="Response"
        value={text}
        readOnly={!canWrite}
        error={errors.text ?? null}
        onChange={(html) => {
          setText(html);
          change('text');
        }}
      />

      <Checkbox
        checked={useAsTemplate}
        disabled={!canWrite}
        onChange={(event) => setUseAsTemplate(event.target.checked)}
      >
        Save as template
      </Checkbox>

      {generalError !== null && (
        <Alert
          className="response-form__alert"
          type="error"
          role="alert"
          title={errorText(generalError, 'Failed to save the response')}
        />
      )}
      {remove.isError && (
        <Alert
          className="response-form__alert"
          type="error"
          role="alert"
          title={errorText(remove.error, 'Failed to delete the response')}
        />
      )}

      <Space className="response-form__actions">
        <Permitted needs={WRITE}>
          <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!canWrite}>
            Save
          </Button>
        </Permitted>
        {response && (
          <Permitted needs={DELETE}>
            <Popconfirm
              title="Delete this response?"
              description="It can be restored from the deleted responses."
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutate(response.id)}
            >
              <Button danger loading={remove.isPending}>
                Delete
              </Button>
            </Popconfirm>
          </Permitted>
        )}
      </Space>
    </form>
  );
}
