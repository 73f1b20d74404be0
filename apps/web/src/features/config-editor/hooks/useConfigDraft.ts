import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  CONFIG_LINK_TYPE,
  compareConfigs,
  configMessages,
  diffJson,
  resolveConfigLinks,
  validateConfig,
  type ConfigComparison,
  type ConfigStore,
  type ConfigValidation,
} from '@planning/shared';
import { configQueryKeys, fetchConfigsByIds, type ConfigDocumentDetail } from '../api';
import { formatConfig, locatePath, parseConfigText, type ParsedText } from '../configJson';
import type { JsonMark } from '../components/JsonEditor';

/** Spec 03 §4 config loading: after fetching, building (resolving links, then validating). */
export type BuildPhase = 'resolving' | 'validating' | 'ready';

export type DraftCheck = {
  /** The text this check was made on. */
  text: string;
  phase: BuildPhase;
  validation: ConfigValidation;
};

const linkKey = (table: ConfigStore, id: string) => [...configQueryKeys.all, 'link', table, id] as const;

/**
 * The document being edited: its JSON text (the one truth both editors change), the value it
 * parses to, whether it differs from the document opened, its check (links resolved, then the
 * type's shared schema) and the comparison of initial and current (spec 03 §4).
 */
export function useConfigDraft(document: ConfigDocumentDetail) {
  const queryClient = useQueryClient();
  const initialText = useMemo(() => formatConfig(document.config), [document.config]);
  const [edited, setEdited] = useState<string | null>(null);
  const text = edited ?? initialText;
  const parsed: ParsedText = useMemo(() => parseConfigText(text), [text]);
  const dirty = edited !== null && !(parsed.ok && diffJson(document.config, parsed.value).length === 0);

  const [asyncCheck, setCheck] = useState<DraftCheck | null>(null);
  // Text that is not JSON needs no fetching to be found wanting.
  const check: DraftCheck | null = parsed.ok
    ? asyncCheck
    : {
        text,
        phase: 'ready',
        validation: {
          valid: false,
          message: configMessages.invalid,
          issues: [{ path: '', message: parsed.message }],
        },
      };
  useEffect(() => {
    if (!parsed.ok) return;
    let current = true;
    // Typing settles before the (possibly fetching) check runs again.
    const timer = window.setTimeout(
      () => {
        void (async () => {
          let resolved: unknown = parsed.value;
          if (text.includes(CONFIG_LINK_TYPE)) {
            setCheck((before) => ({
              text,
              phase: 'resolving',
              validation: before?.validation ?? { valid: false, message: configMessages.invalid, issues: [] },
            }));
            const links = await resolveConfigLinks(
              parsed.value,
              ({ id, table }) =>
                queryClient.fetchQuery({
                  queryKey: linkKey(table, id),
                  queryFn: async ({ signal }) =>
                    (await fetchConfigsByIds([id], table, signal)).find((found) => found.id === id)?.config ??
                    null,
                  staleTime: 30_000,
                }),
              { rootId: document.id },
            ).catch((error: unknown) => ({
              ok: false as const,
              message: error instanceof Error ? error.message : configMessages.failedToGet,
              path: '',
            }));
            if (!current) return;
            if (!links.ok) {
              setCheck({
                text,
                phase: 'ready',
                // 'Config is invalid', and why: the cycle or the missing config, where the link is.
                validation: {
                  valid: false,
                  message: configMessages.invalid,
                  issues: [{ path: links.path, message: links.message }],
                },
              });
              return;
            }
            resolved = links.document;
          }
          if (!current) return;
          setCheck({
            text,
            phase: 'ready',
            validation: validateConfig(document.type, resolved),
          });
        })();
      },
      edited === null ? 0 : 250,
    );
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [text, parsed, document.id, document.type, edited, queryClient]);

  const marks: JsonMark[] = useMemo(() => {
    if (!parsed.ok) return [{ from: parsed.offset, to: parsed.offset + 1, message: parsed.message }];
    if (!asyncCheck || asyncCheck.text !== text) return [];
    return asyncCheck.validation.issues.map((issue) => ({
      ...locatePath(text, issue.path),
      message: issue.path ? `${issue.path}: ${issue.message}` : issue.message,
    }));
  }, [asyncCheck, text, parsed]);

  const comparison: ConfigComparison = useMemo(() => {
    if (!parsed.ok) return { status: 'invalid', message: configMessages.editorInvalid, changes: [] };
    const valid = asyncCheck?.text === text ? asyncCheck.validation.valid : undefined;
    return compareConfigs(document.config, parsed.value, valid === false ? { valid } : {});
  }, [document.config, parsed, asyncCheck, text]);

  return {
    text,
    parsed,
    dirty,
    /** The check of the text shown (null until the first one ends). */
    check: check?.text === text ? check : null,
    /** The document opened is still being built (spec 03 §4): no check of it has ended yet. */
    building:
      asyncCheck === null ||
      (edited === null && asyncCheck.text === initialText && asyncCheck.phase !== 'ready'),
    /** The last check made, kept on screen while the next one runs. */
    lastCheck: check,
    marks,
    comparison,
    setText: (next: string) => setEdited(next === initialText ? null : next),
    setValue: (value: unknown) => {
      const next = formatConfig(value);
      setEdited(next === initialText ? null : next);
    },
    reset: () => setEdited(null),
  };
}

export type ConfigDraft = ReturnType<typeof useConfigDraft>;
