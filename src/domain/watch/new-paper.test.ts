import { describe, expect, test } from 'vitest';
import { judgeNewPaper } from './new-paper.ts';

describe('judgeNewPaper', () => {
  test('a non-final rejection mailed this week: announced, three months to reply, six to the bar', () => {
    // 2026-11-20 + 3 months = 2027-02-20, a Saturday: rolled to Monday 2027-02-22 (35 U.S.C. 21(b)).
    expect(judgeNewPaper('non_final', '2026-11-20', '2026-11-27')).toEqual({
      deadlines: { response_deadline: '2027-02-22', critical_deadline_date: '2027-05-20' },
      announce: true,
    });
  });

  test('a paper whose last day to reply has passed is recorded quietly', () => {
    expect(judgeNewPaper('non_final', '2022-01-03', '2026-11-27').announce).toBe(false);
    expect(judgeNewPaper('notice_of_allowance', '2023-01-03', '2026-11-27')).toMatchObject({ announce: false, deadlines: { response_deadline: '2023-04-03' } });
  });

  test('the last day itself still counts', () => {
    const { deadlines } = judgeNewPaper('final', '2026-01-05', '2026-01-05');
    expect(judgeNewPaper('final', '2026-01-05', deadlines!.critical_deadline_date).announce).toBe(true);
  });

  test('an advisory action: announced for six months from its mailing, with no deadlines of its own', () => {
    expect(judgeNewPaper('advisory', '2026-09-01', '2026-11-27')).toEqual({ deadlines: null, announce: true });
    expect(judgeNewPaper('advisory', '2026-03-01', '2026-11-27').announce).toBe(false);
  });

  test('a paper dated after the pass day, or an unreadable date, is not announced', () => {
    expect(judgeNewPaper('non_final', '2026-11-28', '2026-11-27').announce).toBe(false);
    expect(judgeNewPaper('non_final', '2026-13-01', '2026-11-27').announce).toBe(false);
  });
});
