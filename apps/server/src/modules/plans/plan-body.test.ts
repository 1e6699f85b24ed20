import { planBody } from '@wop/shared/plans';
import { issueMessage, validationText } from '@wop/shared/validation';
import { describe, expect, it } from 'vitest';

const valid = {
  title: 'Kylservice',
  worktype_id: 3,
  priority: 20,
  targets: { store_ids: [1, 2, 2] },
  rule: { freq: 'monthly', interval: 3, month_day: -1 },
  starts_on: '2027-01-31',
};

/** The first issue of a body: its field path and its text in the three languages. */
function firstIssue(body: unknown) {
  const result = planBody.safeParse(body);
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) return null;
  const key = issueMessage(issue);
  return {
    path: issue.path.join('.'),
    en: validationText(key, 'en'),
    sv: validationText(key, 'sv'),
    fi: validationText(key, 'fi'),
  };
}

describe('a plan body', () => {
  it('takes the defaults the contract leaves open, and one id once', () => {
    expect(planBody.parse(valid)).toEqual({
      ...valid,
      description: null,
      targets: { store_ids: [1, 2] },
      rule: { freq: 'monthly', interval: 3, weekdays: [], month_day: -1, month: null },
      ends_on: null,
      lead_days: 7,
      if_previous_open: 'create',
      active: true,
    });
    expect(
      planBody.parse({ ...valid, rule: { freq: 'weekly', interval: 1, weekdays: [5, 1, 5] } }).rule.weekdays,
    ).toEqual([1, 5]);
  });

  it.each([
    // change, field, English message
    [{ rule: { freq: 'daily', interval: 1 } }, 'rule.freq', 'is invalid'],
    [{ rule: { freq: 'weekly', interval: 0 } }, 'rule.interval', 'must be at least 1'],
    [{ rule: { freq: 'weekly', interval: 53 } }, 'rule.interval', 'may not be greater than 52'],
    [{ rule: { freq: 'weekly', interval: 1, weekdays: [8] } }, 'rule.weekdays.0', 'may not be greater than 7'],
    [{ rule: { freq: 'weekly', interval: 1, month_day: 3 } }, 'rule.month_day', 'does not apply to this frequency'],
    [{ rule: { freq: 'monthly', interval: 1, weekdays: [1] } }, 'rule.weekdays', 'does not apply to this frequency'],
    [{ rule: { freq: 'monthly', interval: 1, month: 4 } }, 'rule.month', 'does not apply to this frequency'],
    [{ rule: { freq: 'monthly', interval: 1, month_day: 0 } }, 'rule.month_day', 'is invalid'],
    [{ rule: { freq: 'monthly', interval: 1, month_day: 32 } }, 'rule.month_day', 'may not be greater than 31'],
    [{ rule: { freq: 'yearly', interval: 1, month: 13 } }, 'rule.month', 'may not be greater than 12'],
    [{ targets: {} }, 'targets', 'must be stores or assets, not both and not neither'],
    [{ targets: { store_ids: [1], asset_ids: [2] } }, 'targets', 'must be stores or assets, not both and not neither'],
    [{ ends_on: '2027-01-30' }, 'ends_on', 'may not be before the start date'],
    [{ starts_on: '2027-02-30' }, 'starts_on', 'must be a real date between the years 2000 and 2100'],
    [{ lead_days: 91 }, 'lead_days', 'may not be greater than 90'],
    [{ lead_days: 1.5 }, 'lead_days', 'must be a whole number'],
    [{ if_previous_open: 'wait' }, 'if_previous_open', 'is invalid'],
  ])('%o: 422 on %s, "%s"', (change, path, en) => {
    const issue = firstIssue({ ...valid, ...change });
    expect(issue).toMatchObject({ path, en });
    // Swedish and Finnish have their own text for each
    expect(issue?.sv).not.toBe(en);
    expect(issue?.fi).not.toBe(en);
  });

  it('the new messages in Swedish and Finnish', () => {
    expect(firstIssue({ ...valid, ends_on: '2027-01-01' })).toMatchObject({
      sv: 'får inte vara före startdatumet',
      fi: 'ei voi olla ennen aloituspäivää',
    });
    expect(firstIssue({ ...valid, targets: {} })).toMatchObject({
      sv: 'ska vara antingen butiker eller utrustning',
      fi: 'valitse joko myymälät tai laitteet',
    });
  });
});
