import { describe, expect, it } from 'vitest';
import {
  defaultRetentionRules,
  retentionRecordTypes,
  retentionRuleInfo,
  retentionRuleText,
  retentionRulesSchema,
  rulesWithDefaults,
} from './retention';

describe('retention rules', () => {
  it('has defaults inside their own bounds', () => {
    expect(retentionRulesSchema.safeParse(defaultRetentionRules).success).toBe(true);
    for (const type of retentionRecordTypes) {
      const { min, max } = retentionRuleInfo[type];
      expect(retentionRulesSchema.safeParse({ ...defaultRetentionRules, [type]: min }).success, type).toBe(
        true,
      );
      expect(retentionRulesSchema.safeParse({ ...defaultRetentionRules, [type]: max }).success, type).toBe(
        true,
      );
    }
  });

  it.each([
    ['representations', 0, 'Enter a whole number of years from 1 to 20.'],
    ['representations', 21, 'Enter a whole number of years from 1 to 20.'],
    ['exports', 2.5, 'Enter a whole number of days from 1 to 365.'],
    ['quarantinedFiles', null, 'Enter a whole number of days from 1 to 365.'],
    ['auditLog', '6', 'Enter a whole number of years from 1 to 20.'],
  ])('refuses %s = %s with one message', (type, value, message) => {
    const parsed = retentionRulesSchema.safeParse({ ...defaultRetentionRules, [type]: value });
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [type, message],
    ]);
  });

  it('reads stored rules over the defaults, a value missing or out of bounds being the default', () => {
    expect(rulesWithDefaults(null)).toEqual(defaultRetentionRules);
    expect(rulesWithDefaults({ auditLog: 2, exports: 0, scheduled: false, unknown: 3 })).toEqual({
      ...defaultRetentionRules,
      auditLog: 2,
      scheduled: false,
    });
  });

  it.each([
    ['representations', 1, '1 year after the plan’s adoption'],
    ['representations', 5, '5 years after the plan’s adoption'],
    ['quarantinedFiles', 1, '1 day after the scan'],
    ['unattachedUploads', 7, '7 days after the upload or the deletion'],
  ] as const)('says %s = %s as “%s”', (type, value, text) => {
    expect(retentionRuleText(type, value)).toBe(text);
  });
});
