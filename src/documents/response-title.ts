/**
 * The title of a reply, by the paper it answers: 37 CFR 1.111 after a non-final action, 1.116
 * after a final rejection, a reply to a restriction requirement (37 CFR 1.143), to a requirement
 * for information (1.105), to an Ex parte Quayle action (MPEP 714.14), or an amendment after
 * allowance (1.312). "AMENDMENT AND" heads only a paper that amends or cancels claims.
 */
import type { PaperKind } from './types.ts';

export function responseTitle(kind: PaperKind, amends: boolean): string {
  const prefix = amends ? 'AMENDMENT AND ' : '';
  switch (kind) {
    case 'non_final':
      return `${prefix}RESPONSE UNDER 37 C.F.R. § 1.111`;
    case 'final':
      return `${prefix}RESPONSE UNDER 37 C.F.R. § 1.116`;
    case 'restriction':
      return 'RESPONSE TO RESTRICTION REQUIREMENT';
    case 'requirement_for_information':
      return 'RESPONSE TO REQUIREMENT FOR INFORMATION UNDER 37 C.F.R. § 1.105';
    case 'quayle':
      return `${prefix}RESPONSE TO EX PARTE QUAYLE ACTION`;
    case 'notice_of_allowance':
      return amends ? 'AMENDMENT AFTER ALLOWANCE UNDER 37 C.F.R. § 1.312' : 'RESPONSE TO NOTICE OF ALLOWANCE';
    default:
      return `${prefix}RESPONSE TO OFFICE ACTION`;
  }
}

/** How the introduction names the paper replied to. */
export function actionDescription(kind: PaperKind): string {
  switch (kind) {
    case 'non_final':
      return 'non-final Office Action';
    case 'final':
      return 'final Office Action';
    case 'restriction':
      return 'Office Action setting a restriction requirement';
    case 'requirement_for_information':
      return 'requirement for information';
    case 'quayle':
      return 'Ex parte Quayle Office Action';
    case 'notice_of_allowance':
      return 'Notice of Allowance';
    default:
      return 'Office Action';
  }
}
